"""The page on a phone and to a screen reader (issue 56, items 4 and 5): at 320, 375 and
1366 px, light and dark, in every tab and in the states a game reaches (a lost game, a
practice game's review, the drill), no element leaves the page or its container and no text
spills out of its box; the keyboard help is not shown on a touch screen; a screen reader
hears one short line per move (the board itself is not live), and the tabs say which is
selected."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers import run_cli

from playbook import model, words
from playbook.games import Wordle
from playbook.io import shipped

pytestmark = pytest.mark.browser

WIDTHS = (320, 375, 1366)
SCHEMES = ("light", "dark")

OVERFLOW = """() => {
  const out = [];
  const W = document.documentElement.clientWidth;
  const name = (e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') +
    (typeof e.className === 'string' && e.className ? '.' + e.className.trim() : '');
  for (const e of document.querySelectorAll('body *')) {
    if (e.closest('.sr') || e.closest('[hidden]')) continue;
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const cs = getComputedStyle(e);
    if (r.right > W + 0.5 || r.left < -0.5) out.push(`${name(e)} leaves the page`);
    if (cs.overflowX === 'visible' && cs.display !== 'inline' && e.clientWidth > 0 &&
        e.scrollWidth > e.clientWidth + 1) out.push(`${name(e)} spills its text`);
    const p = e.parentElement;
    if (p && getComputedStyle(p).overflowX === 'visible' && cs.position !== 'absolute' &&
        r.right > p.getBoundingClientRect().right + 1) out.push(`${name(e)} leaves ${name(p)}`);
  }
  return out;
}"""


@pytest.fixture(scope="module")
def dutch_page(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, str]:
    """The shipped Dutch TV plan's page, and a word its card loses (letter, word)."""
    folder = tmp_path_factory.mktemp("phone")
    done = run_cli("render", "lingo-nl-5-tv", "--format", "page", "-o", "nl.html", cwd=folder)
    assert done.returncode == 0, done.stderr
    from playbook.pipeline.likely import every_turn
    from playbook.pipeline.session import Session

    plan = str(shipped.path_of(shipped.index()["lingo-nl-5-tv"]))
    pb = model.load(plan)
    session = Session.from_playbook(pb, plan)
    letter = next(g.group for g in pb.groups if g.unguaranteed)
    words = [w for w in session.lists.guesses.words if session.game.group_of(w) == letter]
    turns = every_turn(pb, session, only=words)
    lost = sorted(w for w in words if turns.get(w) is None or turns[w] > session.game.limit)
    return folder / "nl.html", letter, lost[0]


def _open(browser: Any, path: Path, width: int, scheme: str, touch: bool = False) -> Any:
    context = browser.new_context(
        viewport={"width": width, "height": 800},
        color_scheme=scheme,
        has_touch=touch,
        is_mobile=touch,
    )
    page = context.new_page()
    page.set_default_timeout(180_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(path.as_uri())
    page.errors = errors
    return page


def _lose(page: Any, letter: str, word: str) -> list[str]:
    """Play the card against ``word`` (one it loses) until the game ends; the screen
    reader's line after each move."""
    page.click(f"button.letter[data-group='{letter}']")
    said = []
    for _ in range(12):
        if page.is_hidden("#entry"):
            break
        said.append(page.inner_text("#say"))
        move = page.get_attribute("#entry", "data-word")
        fb = page.evaluate(
            "([m, w]) => window.playbookPage.fmt(window.playbookPage.feedback(m, w))", [move, word]
        )
        page.fill("#fb", fb)
        page.press("#fb", "Enter")
    return said


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("width", WIDTHS)
def test_nothing_is_cut_off_in_any_tab_or_state(
    browser: Any, dutch_page: tuple[Path, str, str], width: int, scheme: str
) -> None:
    path, letter, word = dutch_page
    page = _open(browser, path, width, scheme)
    assert page.evaluate(OVERFLOW) == [], "the start"
    _lose(page, letter, word)
    assert "Verloren" in page.inner_text("#msg")
    assert page.evaluate(OVERFLOW) == [], "a lost game"
    page.goto(f"{path.as_uri()}#practice/{letter}/3")
    words = page.evaluate(
        f"() => window.playbookPage.groups.find((g) => g.name === '{letter}').words.slice(0, 9)"
    )
    for w in words:
        if page.is_hidden("#pr-entry"):
            break
        page.fill("#pr-word", w)
        page.press("#pr-word", "Enter")
    assert page.is_visible("#pr-table")
    assert page.evaluate(OVERFLOW) == [], "a practice game's review"
    page.goto(f"{path.as_uri()}#drill")
    assert page.evaluate(OVERFLOW) == [], "the drill"
    assert page.errors == []
    page.context.close()


def test_a_touch_screen_shows_no_keyboard_help(
    browser: Any, dutch_page: tuple[Path, str, str]
) -> None:
    path, letter, _word = dutch_page
    page = _open(browser, path, 375, "light", touch=True)
    page.click(f"button.letter[data-group='{letter}']")
    assert page.is_hidden("#keys")
    desk = _open(browser, path, 1366, "light")
    desk.click(f"button.letter[data-group='{letter}']")
    assert desk.is_visible("#keys") and not desk.eval_on_selector("#keys", "e => e.open")
    page.context.close()
    desk.context.close()


def test_a_screen_reader_hears_one_line_per_move(
    browser: Any, dutch_page: tuple[Path, str, str]
) -> None:
    path, letter, word = dutch_page
    page = _open(browser, path, 375, "light")
    live = page.eval_on_selector_all(
        "[aria-live], [role=status]", "els => els.map(e => e.id + ':' + e.childElementCount)"
    )
    assert all(item.endswith(":0") for item in live), live  # no live region holds the board
    assert page.get_attribute("#game", "aria-live") is None
    said = _lose(page, letter, word)
    pb = model.load(str(shipped.path_of(shipped.index()["lingo-nl-5-tv"])))
    first = pb.group(letter).openings[0]
    assert said[0] == f"Beurt 1: speel {first}"
    assert all(line.startswith(f"Beurt {i}: speel ") for i, line in enumerate(said, 1))
    assert page.inner_text("#say") == ""  # the end is #msg's (a status of its own)
    # the tabs say which is selected
    modes = page.eval_on_selector_all(
        "nav.modes a.mode[id]", "els => els.map(e => e.getAttribute('aria-current'))"
    )
    assert modes == ["page", "false", "false"]
    page.goto(f"{path.as_uri()}#drill")
    assert page.get_attribute("#mode-drill", "aria-current") == "page"
    page.context.close()


@pytest.fixture(scope="module")
def wordle_tree(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Any]:
    """The shipped Wordle tree's page, rendered once, and ``play wordle``'s moves for a word:
    the tree while one of its answers fits, then the best move for the words of the list
    still possible (:class:`playbook.play.OffTreePlayer`: the most-parts rule, and on the
    last turn the likeliest word that may be the answer), the list's feedback computed once."""
    from playbook import play
    from playbook.pipeline.session import Session

    folder = tmp_path_factory.mktemp("wordle-page")
    done = run_cli("render", "wordle", "--format", "page", "-o", "w.html", cwd=folder)
    assert done.returncode == 0, done.stderr
    path = str(shipped.path_of(shipped.index()["wordle"]))
    pb = model.load(path)
    session = Session.from_playbook(pb, path)
    plan = pb.groups[0]
    problem, rare, game = session.problem(plan.group), session.rare(plan.group), session.game
    assert rare is not None

    def moves(word: str) -> list[str]:
        player: Any = play.make_player(problem, plan, "most-parts")
        history: list[tuple[str, int]] = []
        out = []
        for _ in range(game.limit):
            move = player.next_move(history)
            out.append(move)
            history.append((move, game.feedback(move, word)))
            if move == word:
                break
            if not len(problem.possible(history)) and not isinstance(player, play.OffTreePlayer):
                player = play.OffTreePlayer.of(rare, session.chances)
        return out

    return folder / "w.html", moves


@pytest.mark.parametrize("word", ["gofer", "mommy", "biome", "gives"])
def test_the_wordle_page_leaves_the_tree_as_play_does(
    browser: Any, wordle_tree: tuple[Path, Any], word: str
) -> None:
    """Issue 57: a word of the guess list that no answer of the tree is (the NYT's later
    picks) is followed past the tree: the page works out the same move as ``play``, never
    refusing the feedback; on the last turn the likeliest word that may be the answer
    (gives: the most-parts rule played a word that tells the last three apart and lost it;
    gofer: the first in list order was fouer)."""
    path, tree_moves = wordle_tree
    page = _open(browser, path, 1366, "light")
    played = []
    for _ in range(6):
        if page.is_hidden("#entry"):
            break
        move = page.get_attribute("#entry", "data-word")
        played.append(move)
        if word == "gofer" and len(played) == 6:
            # its chance among the three left, by the answer model's chances, as it was chosen
            left = ["fouer", "gofer", "gomer"]
            c = dict(zip(left, words.chance_of(left, "en"), strict=True))
            pct = round(100 * c["gofer"] / sum(c.values()))
            note = page.inner_text("#current .chance")
            assert f"3 words still possible: gofer is the word with a chance of {pct}%" in note
        fb = page.evaluate(
            "([m, w]) => window.playbookPage.fmt(window.playbookPage.feedback(m, w))", [move, word]
        )
        page.fill("#fb", fb)
        page.press("#fb", "Enter")
    assert played == tree_moves(word)
    if len(played) == 6:  # the last turn plays a word that may be the answer (was a splitter)
        game = Wordle()
        assert game.fits(played[-1], [(m, game.feedback(m, word)) for m in played[:-1]])
    assert page.is_hidden("#entry")  # the game ended: found (gofer on the sixth turn, the
    # likeliest of gofer, gomer and fouer; it was lost behind fouer, first in list order)
    assert played[-1] == word
    assert "No word of the list gives" not in page.inner_text("#msg")
    assert page.errors == []
    page.context.close()
