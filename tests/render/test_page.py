"""The play-along page (format ``page``) in a real browser: Playwright for Python driving
Debian's Chromium (``apt-get install chromium``; never ``playwright install``).

The games are played through the page as a person would (typing the feedback, or tapping
the tiles) and must match :class:`playbook.play.BookPlayer` move for move: on the 1994 paper's
playbook (``try: all``, ``*`` rows, the exception move gazon) at phone width, and on a small
built playbook at desktop width. The browser is started once for the module; when it cannot
start, the tests fail (they never skip). The page's rules themselves (every word's path,
feedback, IJ, the guess pool) are compared with the Python rules in Node, without a browser:
``tests/render/test_page_rules.py``.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

import page_fixture
import pytest
from helpers import sample
from page_fixture import mulberry32

from playbook import config, model, play, render, words
from playbook.core.problem import Problem
from playbook.errors import PlaybookError
from playbook.games import Game, Wordle, from_rules
from playbook.pipeline import build, choices, outputs
from playbook.pipeline.build import BuildResult
from playbook.pipeline.session import Session, load_lists
from playbook.render import page as page_module
from playbook.render.page import SCRIPTS
from playbook.spelling import IJ
from playbook.words import WordList

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
PAPER = ROOT / "config" / "lingo-1994-paper.yaml"
PHONE = {"width": 375, "height": 740}
DESKTOP = {"width": 1366, "height": 860}
BROWSER_WAIT_MS = 180_000
"""How long an action may wait for the page (Playwright's 30 s default is no promise on a
machine as busy as CI's can be; a page that never answers still fails)."""


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[BuildResult, Path]:
    """The default config built for a few quick letters (:func:`page_fixture.build_default`),
    written with its page."""
    result = page_fixture.build_default()
    out = tmp_path_factory.mktemp("built")
    outputs.write_build(result, out, None)
    return result, out / "playbook-quxyIJ-play.html"


@pytest.fixture(scope="module")
def paper(tmp_path_factory: pytest.TempPathFactory) -> tuple[model.Playbook, WordList, Path]:
    pb, answers = page_fixture.paper()
    path = tmp_path_factory.mktemp("paper") / "paper-play.html"
    path.write_bytes(render.render(pb, "page", answers=answers, tiles="wordle")[0])
    return pb, answers, path


def open_page(browser: Any, path: Path, viewport: dict[str, int]) -> Any:
    page = browser.new_page(viewport=viewport)
    page.set_default_timeout(BROWSER_WAIT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    # nothing is fetched but the page itself (with a plan picked: ?plan=NAME)
    page.on(
        "request",
        lambda r: errors.append(f"request {r.url}") if r.url.split("?")[0] != path.as_uri() else 0,
    )
    page.goto(path.as_uri())
    page.errors = errors
    return page


def book_moves(
    session: Session, plan: model.GroupPlan, answer: str, early: bool = False
) -> list[str]:
    """The moves of play's BookPlayer against ``answer``, to the answer (``early``: the
    playbook says ``try_when_fit``)."""
    problem = session.problem(plan.group)
    game = problem.game
    player = play.make_player(problem, plan, "scm", early=early)
    history: list[tuple[str, int]] = []
    while not history or history[-1][1] != game.solved:
        move = player.next_move(history)
        assert isinstance(player, play.BookPlayer) and not player.off_book, (answer, history)
        history.append((move, game.feedback(move, answer)))
        assert len(history) <= 40, (answer, history)
    return [w for w, _ in history]


MARKS = {".": 0, "x": 1, "o": 2}
STATE = "[document.getElementById('entry').hidden, document.getElementById('entry').dataset.word]"
CENTRES = """(selector) => {
  const found = [...document.querySelectorAll(selector)];
  found[0].scrollIntoView({block: "center"});
  return found.map(e => {
    const r = e.getBoundingClientRect();
    return [r.x + r.width / 2, r.y + r.height / 2];
  });
}"""


def tap(page: Any, selector: str) -> list[tuple[float, float]]:
    """Tap (a mouse click at its centre, as a person does) the first element ``selector``
    finds; the centres of all it finds (for tapping more)."""
    centres = page.evaluate(CENTRES, selector)
    page.mouse.click(*centres[0])
    return [tuple(c) for c in centres]


def page_moves(page: Any, game: Game, letter: str | None, answer: str, entry: str) -> list[str]:
    """Play ``answer`` on the page as a person does: the feedback typed as ``marks`` (o x .)
    or ``digits`` (2 1 0, spaced) and Enter, or by tapping the tiles (``tap``) and the Enter
    button. Returns the moves the page shows."""
    if letter is not None:
        tap(page, f"button.letter[data-group='{letter}']")
    page.focus("#fb")
    for _ in range(40):
        hidden, word = page.evaluate(STATE)
        if hidden:
            break
        text = game.format(game.feedback(word, answer))
        if entry == "tap":
            # a tile starts at the mark the page knows (the revealed letter, letters found in
            # place): tap each until it shows the mark the board gives
            shown = page.eval_on_selector_all(
                "#current .t", "els => els.map(e => Number(e.className.match(/m(\\d)/)[1]))"
            )
            centres = page.evaluate(CENTRES, "#current .t")
            for (x, y), ch, now in zip(centres, text, shown, strict=True):
                for _ in range((MARKS[ch] - now) % 3):
                    page.mouse.click(x, y)
            tap(page, "#ok")
            continue
        if entry == "digits":
            text = " ".join(str(MARKS[ch]) for ch in text)
        page.keyboard.insert_text(text)
        page.keyboard.press("Enter")
    # found, or lost when the turns ran out (issue 44: a lost game is never shown as found)
    said = page.inner_text("#msg")
    assert said.startswith(("Solved:", "Lost:")), (answer, said)
    return page.eval_on_selector_all("#moves li", "els => els.map(e => e.dataset.word)")


def no_horizontal_scroll(page: Any) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


def small_targets(page: Any) -> list[str]:
    """Visible buttons and inputs of the game smaller than 40 px either way."""
    return page.evaluate(
        """() => [...document.querySelectorAll(
               '#letters button, #entry button, #entry input, .controls button, #left button')]
             .filter(e => e.offsetParent !== null)
             .map(e => [e.textContent || e.id, e.getBoundingClientRect()])
             .filter(([, r]) => r.width < 40 || r.height < 40)
             .map(([t, r]) => `${t} ${r.width}x${r.height}`)"""
    )


@pytest.fixture(scope="module")
def paper_session() -> Session:
    return page_fixture.paper_session()


def test_paper_games_on_a_phone_match_play(
    browser: Any, paper_session: Session, paper: tuple[Any, WordList, Path], tmp_path: Path
) -> None:
    """Every letter of the paper's playbook (try: all, * rows, the exception move gazon for
    kogen), at 375 px: the page plays what BookPlayer plays, to the answer."""
    session = paper_session
    pb, answers, path = paper
    assert session.answers == answers.words  # the same list, the same rules
    page = open_page(browser, path, PHONE)
    game = session.game
    entries = ("marks", "digits", "marks", "digits", "marks", "tap")
    for n, plan in enumerate(pb.groups):
        words = [w for w in answers.words if w[0] == plan.group]
        answer = "kogen" if plan.group == "k" else sample(words, 1, n)[0]
        want = book_moves(session, plan, answer)
        got = page_moves(page, game, plan.group, answer, entries[n % 6])
        # the paper's tables find a few words past the turns: the page stops there, lost
        assert got == want[: game.limit], answer
        lost = page.inner_text("#msg").startswith("Lost: the word was not found in 5 turns")
        assert lost == (len(want) > game.limit), answer
        if answer == "kogen":
            tags = page.eval_on_selector_all("#moves .tag", "els => els.map(e => e.textContent)")
            assert tags == ["exception move"] and want[3] == "gazon"
        assert no_horizontal_scroll(page), plan.group
    page.screenshot(path=str(tmp_path / "paper-375.png"), full_page=True)
    assert small_targets(page) == []
    assert page.errors == []
    page.close()


def test_built_games_on_a_desktop_match_play(
    browser: Any, built: tuple[BuildResult, Path], tmp_path: Path
) -> None:
    """Two words of every letter of a built playbook, at 1366 px, found within the turns."""
    result, path = built
    page = open_page(browser, path, DESKTOP)
    game = result.session.game
    for n, plan in enumerate(result.playbook.groups):
        words = [result.session.answers[j] for j in result.session.groups()[plan.group]]
        for k, answer in enumerate(sample(words, min(2, len(words)), n)):
            want = book_moves(result.session, plan, answer, result.playbook.try_when_fit)
            got = page_moves(page, game, plan.group, answer, ("tap", "digits")[(n + k) % 2])
            assert got == want and len(got) <= game.limit, answer
    tap(page, f"button.letter[data-group='{IJ}']")
    assert page.inner_text("#g-title") == "Letter IJ"  # the letter, not the ligature's "ij"
    assert no_horizontal_scroll(page)
    page.screenshot(path=str(tmp_path / "built-1366.png"), full_page=True)
    assert page.errors == []
    page.close()


def test_undo_restart_search_and_words_as_written(
    browser: Any, paper: tuple[Any, WordList, Path], tmp_path: Path
) -> None:
    pb, answers, _ = paper
    y = pb.group("y")
    marked = dataclasses.replace(pb, groups=(dataclasses.replace(y, unguaranteed=("ysbad",)),))
    path = tmp_path / "y-play.html"
    path.write_bytes(render.render(marked, "page", answers=answers)[0])
    page = open_page(browser, path, PHONE)
    # one group: picked at once; IJ words as written, the declared one marked
    assert page.inner_text("#g-title") == "Letter IJ/Y"  # as the terminal labels it
    left = page.eval_on_selector_all("#left .w", "els => els.map(e => e.textContent)")
    assert "ijdele" in left and "ydele" not in left and "ijsbad†" in left
    assert "not guaranteed" in page.inner_text("#left-note")
    assert "Paper rules" in page.inner_text("#pool")
    # feedback that no word gives is refused; undo and restart
    page.fill("#fb", "ooooo")
    page.press("#fb", "Enter")
    assert "No word of the list gives ooooo to steek" in page.inner_text("#msg")
    page.fill("#fb", ".....")
    page.press("#fb", "Enter")
    assert page.eval_on_selector_all("#moves li", "els => els.length") == 1
    page.click("#undo")
    assert page.eval_on_selector_all("#moves li", "els => els.length") == 0
    page.fill("#fb", ".....")
    page.press("#fb", "Enter")
    page.click("#restart")
    assert page.eval_on_selector_all("#moves li", "els => els.length") == 0
    # a word typed with ij is played as one tile
    page.click("#other summary")
    page.fill("#other-word", "IJsbal")
    page.press("#other-word", "Enter")
    assert page.get_attribute("#entry", "data-word") == "ysbal"
    assert page.eval_on_selector_all("#current .t", "els => els.map(e => e.textContent)") == [
        "\u0133", "s", "b", "a", "l",
    ]  # fmt: skip
    assert "off the playbook" in page.inner_text("#kind")
    page.screenshot(path=str(tmp_path / "y-375.png"), full_page=True)
    assert no_horizontal_scroll(page) and page.errors == []
    page.close()


def test_search_finds_rows_of_the_table(
    browser: Any, built: tuple[BuildResult, Path], tmp_path: Path
) -> None:
    result, path = built
    page = open_page(browser, path, PHONE)
    page.click("button.letter[data-group='u']")
    table = result.playbook.group("u").table or ()
    page.fill("#find-input", "x.")
    want = [r for r in table if r.feedback.replace(" ", "").startswith("x.")]
    assert page.inner_text("#find-count") == f"{len(want)} of {len(table)} rows match"
    page.fill("#find-input", "1 0 ? 0")
    want = [r for r in table if re.match(r"x\.[ox.]\.", r.feedback.replace(" ", ""))]
    assert page.inner_text("#find-count") == f"{len(want)} of {len(table)} rows match"
    shown = page.eval_on_selector_all("#find-results > .row", "els => els.length")
    assert shown == min(40, len(want)) > 0
    page.screenshot(path=str(tmp_path / "search-375.png"), full_page=True)
    assert no_horizontal_scroll(page) and page.errors == []
    page.close()


def test_the_page_stays_under_250_kb(paper: tuple[Any, WordList, Path]) -> None:
    """Issue 44, item 7: the page of a whole five-letter plan (the paper's 26 letters over
    the 5,778 words) stays one file under 250 kB."""
    _, _, path = paper
    assert path.stat().st_size < 250_000


def test_the_page_is_one_file_that_fetches_nothing(paper: tuple[Any, WordList, Path]) -> None:
    html = paper[2].read_text()
    assert "Content-Security-Policy" in html and "default-src 'none'" in html
    assert not re.search(r"(src|href)=\"(?!#)|https?://|@import|url\((?!\"?data:)", html)
    assert 'name="viewport"' in html


def test_page_refuses_what_it_cannot_play(paper: tuple[Any, WordList, Path]) -> None:
    pb, answers, _ = paper
    with pytest.raises(PlaybookError, match="needs the playbook's word list"):
        render.render(pb, "page")
    other = WordList("other", answers.words[1:], "0" * 64)
    built_on = dataclasses.replace(pb, words=dataclasses.replace(pb.words, sha256="f" * 64))
    with pytest.raises(PlaybookError, match="is not the playbook's"):
        render.render(built_on, "page", answers=other)
    mm = dataclasses.replace(pb, game={"name": "mastermind", "pegs": 4, "colours": 6})
    with pytest.raises(PlaybookError, match="game 'mastermind' has no feedback rule") as exc:
        render.render(mm, "page", answers=answers)
    assert "\n" not in str(exc.value)


def test_render_command_writes_the_page(tmp_path: Path) -> None:
    from playbook.cli import main

    target = tmp_path / "paper.yaml"
    target.write_text(PAPER.read_text())
    assert main(["render", str(target), "--format", "page"]) == 0
    assert (tmp_path / "paper-play.html").read_text().startswith("<!DOCTYPE html>")
    mm = tmp_path / "mm.yaml"
    mm.write_text(
        "playbook: 1\nname: mm\ngame: {name: mastermind, pegs: 4, colours: 6}\n"
        "words: {list: generated}\ngroups: {'*': {openings: ['1122']}}\n"
    )
    assert main(["render", str(mm), "--format", "page"]) == 2


def test_render_command_puts_plans_beside_on_one_page(tmp_path: Path, capsys: Any) -> None:
    """``render --format page --with OTHER``: one page, a tab per plan, each plan's data
    beside the first's; two plans of one name, or --with on the Markdown, are refused."""
    from playbook.cli import main

    text = PAPER.read_text()
    first, second = tmp_path / "a.yaml", tmp_path / "b.yaml"
    first.write_text(text)
    second.write_text(text.replace("name: lingo-1994-paper", "name: paper-again", 1))
    out = tmp_path / "both.html"
    assert (
        main(["render", str(first), "--format", "page", "--with", str(second), "-o", str(out)]) == 0
    )
    html = out.read_text()
    assert html.count('class="playbook-plan" data-plan="paper-again"') == 1
    assert html.count('href="?plan=') == 2 and html.count("<script>") == len(SCRIPTS)
    capsys.readouterr()
    assert (
        main(["render", str(first), "--format", "page", "--with", str(first), "-o", str(out)]) == 2
    )
    assert "the page's plans need names of their own" in capsys.readouterr().err
    assert main(["render", str(first), "--format", "md", "--with", str(second)]) == 0  # a card's


def test_default_formats_have_the_page_where_the_browser_can_play() -> None:
    assert "page" in choices.formats_of(config.parse("name: x\n", "c.yaml"))
    hangman = choices.check(config.parse("name: x\ngame: hangman\n", "c.yaml"))
    assert choices.formats_of(hangman) == ["yaml", "html", "pdf", "card"]
    with pytest.raises(PlaybookError, match="'page' needs a game whose feedback the browser"):
        choices.check(
            config.parse("name: x\ngame: mastermind\nrender:\n  formats: yaml,page\n", "c.yaml")
        )


def test_wordle_page_plays_its_answer_list(browser: Any, tmp_path: Path) -> None:
    """Wordle: a separate answer list, nothing revealed (one group, no letter to pick), and
    a group without a table (every word still possible, in list order)."""
    rules = {"name": "wordle", "length": 5, "turns": 6, "revealed": "none", "hard": False}
    words = model.Words("wordle-allowed", answers="wordle-answers", length=5)
    lists = load_lists(words, None, Wordle())
    words = dataclasses.replace(words, count=len(lists.guesses), sha256=lists.guesses.sha256)
    source = tmp_path / "wordle.yaml"
    plan = model.GroupPlan("*", ("roate", "lunis"), None)
    source.write_text(model.dumps(model.Playbook("w", rules, words, (plan,))))
    pb = model.load(str(source))
    lists = outputs.play_lists(pb, str(source))
    answers = lists.answers
    path = tmp_path / "wordle-play.html"
    page_bytes = render.render(pb, "page", answers=answers, guesses=lists.guesses, tiles="wordle")
    path.write_bytes(page_bytes[0])
    game = Wordle()
    problem = Problem.of(game, answers.words, answers.words)
    player = play.BookPlayer(problem, pb.group("*"), play.RulePlayer(problem))
    page = open_page(browser, path, PHONE)
    assert page.is_hidden("#letters") and "Any word" in page.inner_text("#pool")
    # the one group is named, not called a letter (the page said "Letter ALL WORDS": it read
    # the group's name as the data's field g, which the decoded group has not; tsc found it)
    assert page.inner_text("#g-title") == "All words"
    # counts grouped by threes, as the card and the terminal write them (the page wrote 2315)
    assert page.inner_text("#g-facts").startswith("2,315 words")
    assert page.inner_text("#left-title").startswith("2,315 words still possible")
    for answer in ("camel", "zesty"):
        history: list[tuple[str, int]] = []
        while not history or history[-1][1] != game.solved:
            move = player.next_move(history)
            history.append((move, game.feedback(move, answer)))
        assert page_moves(page, game, None, answer, "digits") == [w for w, _ in history]
        page.click("#restart")
    # every word of the guess list is a guess, as in play (salet and soare are no answers)
    assert {"salet", "soare"} <= set(lists.guesses.words) - set(answers.words)
    page.click("#other summary")
    for word in ("salet", "soare"):
        page.fill("#other-word", word)
        page.press("#other-word", "Enter")
        assert page.get_attribute("#entry", "data-word") == word, page.inner_text("#msg")
    page.fill("#other-word", "zzzzz")
    page.press("#other-word", "Enter")
    assert "zzzzz is not a word of the list." in page.inner_text("#msg")
    assert page.input_value("#other-word") == ""
    assert page.errors == []
    page.close()


def test_data_of_another_version_is_refused_on_the_page(browser: Any, tmp_path: Path) -> None:
    """Issue 59, item 3: a page whose data is of another layout than its scripts read says
    so where its modes would be, and runs nothing else (no script error)."""
    pb, answers = page_fixture.paper()
    html = render.render(pb, "page", answers=answers)[0].decode("utf-8")
    mine = f'"v":{page_module.DATA_VERSION},'
    assert html.count(mine) == 1
    path = tmp_path / "old-play.html"
    path.write_text(html.replace(mine, '"v":1,'), encoding="utf-8")
    page = open_page(browser, path, PHONE)
    said = page.inner_text("#refused")
    assert said.startswith("This page cannot show the plan: its data is of version 1")
    assert page.get_attribute("#refused", "role") == "alert"
    assert page.is_hidden("#follow-main") and page.is_hidden("#letters")
    assert page.evaluate("() => window.playbookPage") is None
    assert page.errors == []
    page.close()


def test_words_named_like_javascript_builtins(browser: Any, tmp_path: Path) -> None:
    """A word spelled like a property every JavaScript object has (``constructor``) is
    looked up as a word: the page plays it like any other."""
    ws = ["constructor", "constructed", "contracting", "controllers", "conversions"]
    (tmp_path / "w.txt").write_text("\n".join(ws) + "\n")
    (tmp_path / "c.yaml").write_text(
        "name: js\nwords:\n  list: w.txt\n  length: 11\nrender:\n  formats: yaml,page\n"
    )
    result = build.build(config.override(config.load(tmp_path / "c.yaml"), n_jobs=1))
    assert result.report.ok
    outputs.write_build(result, tmp_path / "out", None)
    page = open_page(browser, tmp_path / "out" / "playbook-play.html", PHONE)
    game = result.session.game
    for answer in ("constructor", "contracting"):
        moves = page_moves(page, game, "c", answer, "marks")
        assert moves[-1] == answer
        page.click("#restart")
    # practice (issue 45, item 4): the letter's button, and every word a guess it takes
    page.goto(f"{(tmp_path / 'out' / 'playbook-play.html').as_uri()}#practice/c/1")
    assert page.is_visible("#pr-game")
    for word in ws:
        page.fill("#pr-word", word)
        page.click("#pr-ok")
        if page.inner_text("#pr-msg").startswith("Found"):
            break
    assert page.inner_text("#pr-msg").startswith("Found"), page.inner_text("#pr-msg")
    assert page.errors == []
    page.close()


@pytest.fixture(scope="module")
def tv_page(tmp_path_factory: pytest.TempPathFactory) -> tuple[BuildResult, Path]:
    """A small TV-rules build (:func:`page_fixture.build_tv`: letters e and j), with its page."""
    result = page_fixture.build_tv()
    out = tmp_path_factory.mktemp("tv")
    outputs.write_build(result, out, None)
    return result, next(out.glob("*-play.html"))


def test_desktop_keys_and_marks_known_before_a_tap(
    browser: Any,
    paper: tuple[model.Playbook, WordList, Path],
    tv_page: tuple[BuildResult, Path],
) -> None:
    """Issue 28, item 3: a letter key picks the revealed letter; the revealed letter's tile
    starts at right place where the move starts with it (always, under the TV rules) and a
    letter found in place starts there in the next row; Backspace in the empty feedback
    field takes the last move back."""
    marks = "els => els.map(e => Number(e.className.match(/m(\\d)/)[1]))"
    # the paper's rules: k opens with lorum, whose first letter is not known to be in place
    page = open_page(browser, paper[2], DESKTOP)
    page.locator("body").press("k")
    assert page.get_attribute("button.letter[data-group='k']", "aria-pressed") == "true"
    assert page.evaluate(STATE)[1] == "lorum"
    assert page.eval_on_selector_all("#current .t", marks) == [0, 0, 0, 0, 0]
    # the TV rules: every move starts with the revealed letter
    page = open_page(browser, tv_page[1], DESKTOP)
    page.locator("body").press("j")
    assert page.get_attribute("button.letter[data-group='j']", "aria-pressed") == "true"
    first = page.evaluate(STATE)[1]
    shown = page.eval_on_selector_all("#current .t", marks)
    assert first.startswith("j") and shown == [2, 0, 0, 0, 0], (first, shown)
    page.keyboard.insert_text("o.o..")  # the first and the third letter in place
    page.keyboard.press("Enter")
    second = page.evaluate(STATE)[1]
    shown = page.eval_on_selector_all("#current .t", marks)
    assert shown[0] == 2 and shown[2] == (2 if second[2] == first[2] else 0), (second, shown)
    assert page.eval_on_selector_all("#moves li", "els => els.length") == 1
    page.keyboard.press("Backspace")  # the field is empty: the move is taken back
    assert page.eval_on_selector_all("#moves li", "els => els.length") == 0
    assert page.evaluate(STATE)[1] == first
    page.keyboard.press("Escape")
    page.locator("body").press("e")
    assert page.get_attribute("button.letter[data-group='e']", "aria-pressed") == "true"
    assert page.errors == []


# ---------------------------------------------------------------------- issue 28: practice


def hidden_word(words: list[str], seed: int) -> str:
    return words[int(mulberry32(seed, 1)[0] * len(words))]


def marks_of(page: Any, selector: str) -> list[list[int]]:
    """The marks of every row of tiles under ``selector``."""
    return page.eval_on_selector_all(
        selector,
        "rows => rows.map(r => [...r.querySelectorAll('.t')]"
        ".map(e => Number(e.className.match(/m(\\d)/)[1])))",
    )


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["375", "1366"])
def test_practice_against_a_hidden_word(
    browser: Any, tv_page: tuple[BuildResult, Path], viewport: dict[str, int]
) -> None:
    """Issue 28, item 1: the address's seed draws the hidden word (the same draw in Python);
    the TV rules refuse a word that is not the list's or not of the letter in one line; the
    page marks each guess as the game does; afterwards the plan's moves stand beside yours,
    and the score is kept on the device (it survives a reload)."""
    result, path = tv_page
    session, pb = result.session, result.playbook
    game = session.game
    plan = pb.group("e")
    words = [session.answers[j] for j in session.groups()["e"]]
    seed = 4242
    answer = hidden_word(words, seed)
    page = open_page(browser, path, viewport)
    page.goto(f"{path.as_uri()}#practice/e/{seed}")
    assert page.is_visible("#practice-main") and not page.is_visible("#follow-main")
    other = next(w for w in session.answers if not w.startswith("e"))
    for typed, said in [
        ("zzzzz", "zzzzz is not a word of the list."),
        (other, f"{other} does not start with E, the revealed letter: every guess must."),
        ("eik", "eik: type a word of 5 letters."),
    ]:
        page.fill("#pr-word", typed)
        page.press("#pr-word", "Enter")
        assert page.inner_text("#pr-msg") == said
        assert page.input_value("#pr-word") == ""  # the refused text cleared
    assert page.eval_on_selector_all("#pr-rows li:not(.next)", "els => els.length") == 0
    # play a word of the group that is not the answer, then the plan's moves from there
    first = next(w for w in words if w != answer)
    mine = [first]
    history = [(first, game.feedback(first, answer))]
    player = play.make_player(session.problem("e"), plan, "scm", early=pb.try_when_fit)
    while history[-1][1] != game.solved and len(history) < game.limit:
        move = player.next_move(history)
        mine.append(move)
        history.append((move, game.feedback(move, answer)))
    for w in mine:
        page.fill("#pr-word", w.upper())
        page.click("#pr-ok")
    shown = marks_of(page, "#pr-rows li:not(.next) .tiles")
    assert shown == [[int(d) for d in game.tile_pattern(game.format(c), w)] for w, c in history]
    found = history[-1][1] == game.solved
    assert page.inner_text("#pr-msg").startswith("Found:" if found else "Not found")
    # the review: yours beside the plan's (BookPlayer's game on the same word)
    want = book_moves(session, plan, answer, pb.try_when_fit)
    planned = page.eval_on_selector_all("#pr-table td.plan", "els => els.map(e => e.dataset.word)")
    assert [w for w in planned if w] == want
    verdict = page.inner_text("#pr-verdict")
    assert f"the plan: {len(want)} turn" in verdict
    assert f"you: {len(mine)} turn" in verdict if found else "you: not found" in verdict
    # each guess reviewed as WordleBot does: words left after yours, after the plan's move
    problem = session.problem("e")
    left = page.eval_on_selector_all("#pr-table td.left", "els => els.map(e => e.dataset.left)")
    for i in range(len(history)):
        before = history[:i]
        card = player.next_move(before)  # the card's move, or off it the rule's, as the page
        after = len(problem.possible([*before, (card, game.feedback(card, answer))]))
        assert left[i] == f"{len(problem.possible(history[: i + 1]))} / {after}", i
    page.reload()
    page.wait_for_selector("#pr-score")
    assert page.inner_text("#pr-score").startswith(
        "1 game · " + ("1 found" if found else "0 found")
    )
    # the same address, the same word: the first guess gets the same marks
    page.fill("#pr-word", first)
    page.press("#pr-word", "Enter")
    assert marks_of(page, "#pr-rows li:not(.next) .tiles")[0] == shown[0]
    assert no_horizontal_scroll(page)
    assert page.errors == []
    page.close()


def test_practice_address_takes_ij_as_typed(browser: Any, built: tuple[BuildResult, Path]) -> None:
    """A practice address names IJ as the page's links do (the ligature) or as typed: ij in
    any case, as the rest of the tool takes it; the address then reads as the page's own.
    Other letters in capitals too; a name of no letter is still refused."""
    result, path = built
    words = [result.session.answers[j] for j in result.session.groups()[IJ]]
    page = open_page(browser, path, PHONE)
    for seed, typed in enumerate(["ij", "IJ", "Ij", "%C4%B3"], start=4242):
        page.goto(f"{path.as_uri()}#practice/{typed}/{seed}")
        assert page.inner_text("#pr-title") == "Letter IJ", typed
        assert page.evaluate("decodeURIComponent(location.hash)") == f"#practice/{IJ}/{seed}"
        page.fill("#pr-word", hidden_word(words, seed))  # the seed's word of IJ: found
        page.press("#pr-word", "Enter")
        assert page.inner_text("#pr-msg").startswith("Found:"), typed
    page.goto(f"{path.as_uri()}#practice/Y/7")
    assert page.inner_text("#pr-title") == "Letter Y"
    page.goto(f"{path.as_uri()}#practice/yj/7")
    assert page.inner_text("#pr-msg") == "This address names no game of this page; pick a letter."
    assert page.errors == []
    page.close()


NEW = 20
"""New cards a day where the person has set nothing."""


def drill_cards(pb: model.Playbook) -> int:
    """The cards the drill makes of the card's items: each letter's openings; every exception
    move at every depth; every try list out of list order or holding a word not guaranteed;
    every exception row (fewer blocks than openings) that tries the words left."""
    n = 0
    for g in pb.groups:
        n += bool(g.openings)
        for visit in model.walk_rows(g.table):
            row, node = visit.row, visit.row.node
            if row.feedback == "*":
                continue
            stop = visit.depth == 0 and row.stops(len(g.openings))
            tried = () if isinstance(node, model.Move) else node.words or ()
            ordered = list(tried) != sorted(tried)
            lost = bool(set(tried) & set(g.unguaranteed))
            n += 1 if isinstance(node, model.Move) or ordered or lost else stop
    return n


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["375", "1366"])
def test_drill_teaches_every_item_of_the_card(
    browser: Any, tv_page: tuple[BuildResult, Path], viewport: dict[str, int]
) -> None:
    """Issue 44, item 3: a card for every item of the card (more than the openings and the
    top-level moves); a new card is shown first, then asked; FSRS schedules it (a card known
    is not due again today, a missed one comes back at the end of the session, not next);
    progress in numbers and shapes survives a reload; a reset asks to confirm and can be
    undone."""
    from playbook.render.card import card_context

    result, path = tv_page
    pb = result.playbook
    total = drill_cards(pb)
    ctx = card_context(pb, answers=result.session.answers)
    items = sum(1 for _, cells in ctx["rows"] for c in cells if c for _ in c.items)
    assert total >= items + sum(1 for g in pb.groups if g.openings)
    page = open_page(browser, path, viewport)
    page.goto(f"{path.as_uri()}#drill")
    assert (
        page.inner_text("#dr-due")
        == f"{min(total, NEW)} due now · 0 of {total} cards learnt (a week or more)"
    )
    # the first card, new: shown in context, then asked
    assert page.inner_text("#dr-ask").startswith("Letter E: the 3 opening words")
    assert page.inner_text("#dr-msg").startswith("New card: the card says ")
    assert page.is_hidden("#dr-answer") and page.is_visible("#dr-learnt")
    page.click("#dr-learnt")
    page.fill("#dr-answer", " ".join(pb.group("e").openings).upper())
    page.click("#dr-check")
    assert page.inner_text("#dr-msg").startswith("Right:")
    assert page.inner_text("#dr-due").startswith(f"{min(total, NEW) - 1} due now")
    page.click("#dr-next")
    # the next card answered wrong: it does not come straight back
    page.click("#dr-learnt")
    missed = page.inner_text("#dr-ask") + page.inner_text("#dr-trigger")
    page.fill("#dr-answer", "eeeee")
    page.click("#dr-check")
    assert page.inner_text("#dr-msg").startswith("Not quite: the plan plays")
    page.click("#dr-next")
    assert page.inner_text("#dr-ask") + page.inner_text("#dr-trigger") != missed
    page.reload()
    page.wait_for_selector("#dr-due")
    kept = page.evaluate(
        "() => JSON.parse(localStorage.getItem(Object.keys(localStorage)"
        ".find(k => k.endsWith(':drill'))))"
    )
    assert len(kept) == 2 and kept["o:e"]["s"] > 3 and kept["o:e"]["ms"] >= 0
    assert [v["lapses"] for k, v in kept.items() if k != "o:e"] == [1]
    chips = page.eval_on_selector_all("#dr-boxes .bx", "els => els.map(e => e.textContent)")
    assert all(re.fullmatch(r"[○◔◑●] \S+ \d+/\d+", c) for c in chips) and chips[0].startswith("◔ e")
    # FSRS: recall is 90% after S days; a card known grows its stability, one missed shrinks
    fsrs = page.evaluate(
        """() => { const F = window.playbookFsrs; const a = F.fsrs(null, 3, 0);
        const good = F.fsrs(a, 3, a.s); const again = F.fsrs(good, 1, good.s);
        return [a.s, F.recall(a.s, a.s), good.s, again.s, good.d, again.d]; }"""
    )
    s0, r, good, again, d_good, d_again = fsrs
    assert s0 == 3.7145 and abs(r - 0.9) < 1e-12 and good > s0 and again < good and d_again > d_good
    # a reset asks first, and can be undone
    page.click("#dr-reset")
    assert page.inner_text("#dr-reset") == "Tap again to erase it" and page.is_hidden("#dr-undo")
    today = "Today: 2 asked, 1 known, 2 of 20 new cards started · 1 day in a row"
    assert page.inner_text("#dr-today") == today
    page.click("#dr-reset")
    assert page.inner_text("#dr-due").startswith(f"{min(total, NEW)} due now")
    page.click("#dr-undo")  # both cards back: the known one and the missed one not due now
    assert page.inner_text("#dr-due").startswith(f"{min(total - 2, NEW - 2)} due now")
    assert page.inner_text("#dr-today") == today
    assert no_horizontal_scroll(page)
    assert page.errors == []
    page.close()


def test_drill_limits_new_cards_asks_the_few_word_letters_and_keeps_a_streak(
    browser: Any, built: tuple[BuildResult, Path]
) -> None:
    """Issue 56, item 8: at most so many new cards a day (20, or what the person sets, kept
    on the device), the letters of few words asked as the card lists them, today's counts
    and the days in a row."""
    result, path = built
    page = open_page(browser, path, PHONE)
    page.goto(f"{path.as_uri()}#drill")
    cards = page.evaluate("() => window.playbookDrill.cards()")
    x = [w for w in result.session.answers if result.session.game.group_of(w) == "x"]
    assert ["f:x", "few", x] in cards and not result.playbook.group("x").openings
    assert page.input_value("#dr-limit") == "20"
    page.fill("#dr-limit", "1")
    page.dispatch_event("#dr-limit", "change")
    assert page.inner_text("#dr-due").startswith("1 due now")
    page.click("#dr-learnt")
    page.click("#dr-show")
    page.click("#dr-knew")
    page.click("#dr-next")
    waiting = sum(1 for c in cards) - 1
    assert page.inner_text("#dr-ask") == (
        f"Today's new cards are done; {waiting} new cards wait for tomorrow "
        "(or raise the number of new cards a day)."
    )
    assert page.inner_text("#dr-today") == (
        "Today: 1 asked, 1 known, 1 of 1 new cards started · 1 day in a row"
    )
    # the days before, kept on the device: the streak counts them
    page.evaluate(
        """() => { const k = Object.keys(localStorage).find(k => k.endsWith(':drill-days'));
        const days = JSON.parse(localStorage.getItem(k)); const d = new Date();
        d.setHours(12); const day = (t) => t.getFullYear() + '-' +
          String(t.getMonth() + 1).padStart(2, '0') + '-' + String(t.getDate()).padStart(2, '0');
        for (let i = 1; i <= 2; i++) { d.setDate(d.getDate() - 1);
          days[day(d)] = { asked: 3, known: 2, fresh: 1 }; }
        localStorage.setItem(k, JSON.stringify(days)); }"""
    )
    page.reload()
    page.wait_for_selector("#dr-today")
    assert page.inner_text("#dr-today").endswith("· 3 days in a row")
    assert page.input_value("#dr-limit") == "1"  # the setting is kept
    page.fill("#dr-limit", "25")
    page.dispatch_event("#dr-limit", "change")
    assert page.inner_text("#dr-due").startswith(f"{min(waiting, 24)} due now")
    assert page.is_visible("#dr-learnt")  # the next new card is shown
    page.fill("#dr-limit", "-3")
    page.dispatch_event("#dr-limit", "change")
    assert page.get_attribute("#dr-limit", "aria-invalid") == "true"
    assert page.errors == []
    page.close()


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["375", "1366"])
def test_off_the_plan_the_rules_move_and_taking_over(
    browser: Any, tv_page: tuple[BuildResult, Path], viewport: dict[str, int]
) -> None:
    """Issue 28, item 3: after a word the playbook does not play, the page suggests what
    ``play`` does (the scm rule's move); taking over the board with a letter revealed and the
    turns left gives best_chance's move with its chance."""
    from playbook.search.chance import best_chance

    result, path = tv_page
    session = result.session
    game = session.game
    problem = session.problem("e")
    words = list(problem.answers)
    answer, stray = words[len(words) // 2], words[-1]
    page = open_page(browser, path, viewport)
    tap(page, "button.letter[data-group='e']")
    page.click("#other summary")
    page.fill("#other-word", stray)
    page.click("#other-ok")
    page.fill("#fb", game.format(game.feedback(stray, answer)))
    page.press("#fb", "Enter")
    history = [(stray, game.feedback(stray, answer))]
    rule = play.RulePlayer(problem, "scm").next_move(history)
    plan = result.playbook.group("e")
    book = play.make_player(problem, plan, "scm", early=result.playbook.try_when_fit)
    assert book.next_move(history) == rule and book.off_book  # type: ignore[attr-defined]
    assert page.get_attribute("#entry", "data-word") == rule
    assert page.get_attribute("#entry", "data-kind") == "rule"
    assert "A good move off the plan (it splits the words still possible best)" in page.inner_text(
        "#kind"
    )
    # take over with the answer's third letter revealed and two turns left
    page.click("#takeover summary")
    known = ".." + answer[2] + ".."
    page.fill("#tk-known", known)
    page.fill("#tk-turns", "2")
    page.click("#tk-go")
    cols = problem.possible(history)
    cols = cols[[problem.answers[c][2] == answer[2] for c in cols]]
    best = best_chance(problem, cols, 2)
    assert best is not None
    said = page.inner_text("#tk-out")
    word = problem.guesses[best.row]
    assert said.startswith(f"Play {word.upper()}: with 2 turns left it finds the word for ")
    assert f"for {best.found} of the {best.total} words still possible" in said
    assert page.get_attribute("#entry", "data-word") == word
    assert page.get_attribute("#entry", "data-kind") == "chance"
    assert page.inner_text("#left-title").startswith(f"{best.total} word")
    assert no_horizontal_scroll(page)
    assert page.errors == []
    page.close()


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["375", "1366"])
def test_the_dutch_page(
    browser: Any, tv_page: tuple[BuildResult, Path], tmp_path: Path, viewport: dict[str, int]
) -> None:
    """Issue 28, items 4 and 7: the page in Dutch (the catalog's texts in the page and in its
    scripts, the decimal comma) follows, practises and drills as the English one does, with
    none of the English texts of the catalog left on screen."""
    result, _ = tv_page
    session = result.session
    path = tmp_path / "nl-play.html"
    path.write_text(
        render.render_page(result.playbook, session.lists.answers, language="nl"), "utf-8"
    )
    page = open_page(browser, path, viewport)
    assert page.get_attribute("html", "lang") == "nl"
    assert page.inner_text("#letters-h") == "Gegeven letter"
    assert [page.inner_text(f"#mode-{m}") for m in ("follow", "practice", "drill")] == [
        "Volgen",
        "Oefenen",
        "Overhoren",
    ]
    game = session.game
    plan = result.playbook.group("j")
    answer = [session.answers[j] for j in session.groups()["j"]][3]
    tap(page, "button.letter[data-group='j']")
    assert "gemiddeld " in page.inner_text("#g-facts") and "," in page.inner_text("#g-facts")
    for word in book_moves(session, plan, answer, result.playbook.try_when_fit):
        assert page.evaluate(STATE)[1] == word
        page.fill("#fb", game.format(game.feedback(word, answer)))
        page.press("#fb", "Enter")
    assert page.inner_text("#msg").startswith(f"Geraden: {answer}")
    shown = page.inner_text("body")
    page.goto(f"{path.as_uri()}#practice/j/7")
    page.fill("#pr-word", "zzzzz")
    page.press("#pr-word", "Enter")
    assert page.inner_text("#pr-msg") == "zzzzz is geen woord van de lijst."
    shown += page.inner_text("body")
    page.goto(f"{path.as_uri()}#drill")
    assert page.inner_text("#dr-ask").startswith("Letter E: de 3 openingswoorden")
    shown += page.inner_text("body")
    english = [
        "Revealed letter", "still possible", "Take over a board", "How to use it",
        "Practise against a hidden word", "Your score", "At a glance", "cards learnt", "Solved",
    ]  # fmt: skip
    assert [e for e in english if e in shown] == []
    assert no_horizontal_scroll(page)
    assert page.errors == []
    page.close()


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["375", "1366"])
def test_a_game_past_its_turns_is_lost_and_the_word_passes(
    browser: Any, tmp_path: Path, viewport: dict[str, int]
) -> None:
    """Issue 44, item 1: every word the plan does not find in five turns ends the game at the
    fifth turn as lost, in red, with the word passing to the other team (the take-over opened
    with one turn, which plays on as turn six); at the last turn with words left, the chance
    of the word played. A plan of no openings that tries the words in list order, each guess
    ruling out itself alone: the sixth word on is not guaranteed."""
    ws = [f"k{c}zen" for c in "abcdefgh"]
    (tmp_path / "w.txt").write_text("\n".join(ws) + "\n")
    game = from_rules({"name": "lingo", "length": 5, "turns": 5, "revealed": "first"})
    listed = words.load(str(tmp_path / "w.txt"), length=5)
    lost_words = tuple(ws[5:])
    plan = model.GroupPlan("k", (), None, unguaranteed=lost_words)
    info = {"list": "w.txt", "length": 5, "count": len(ws), "sha256": listed.sha256}
    pb = model.Playbook("k8", game.record(), info, (plan,))
    path = tmp_path / "k-play.html"
    path.write_text(render.render_page(pb, listed), "utf-8")
    page = open_page(browser, path, viewport)
    for answer in lost_words:
        page.click("#restart")
        for turn in range(1, 6):
            word = page.get_attribute("#entry", "data-word")
            left = page.inner_text("#left-title")
            if turn == 5 and not left.startswith("1 word"):
                assert "Last turn," in page.inner_text("#current")
                said = page.inner_text("#current")
                assert f"4 words still possible: {word} is the word with a chance of 25%." in said
            page.fill("#fb", game.format(game.feedback(word, answer)))
            page.press("#fb", "Enter")
        msg = page.inner_text("#msg")
        assert msg.startswith("Lost: the word was not found in 5 turns. It passes to the other")
        assert "bad" in (page.get_attribute("#msg", "class") or "")
        assert page.is_hidden("#entry") and page.get_attribute("#takeover", "open") is not None
        assert page.input_value("#tk-turns") == "1"
        # the other team: a letter more revealed, one turn
        page.fill("#tk-known", ".." + answer[2] + "..")
        page.click("#tk-go")
        assert page.get_attribute("#entry", "data-kind") == "chance"
        assert "Turn 6" in page.inner_text("#kind") and "passed to you" in page.inner_text("#kind")
        word = page.get_attribute("#entry", "data-word")
        page.fill("#fb", game.format(game.feedback(word, answer)))
        page.press("#fb", "Enter")
        msg = page.inner_text("#msg")
        assert msg.startswith(f"Solved: {answer} in 6 turns") or msg.startswith("Lost:"), msg
    assert no_horizontal_scroll(page) and page.errors == []
    page.close()


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["375", "1366"])
def test_a_rarer_word_falls_back_to_the_words_that_fit(
    browser: Any, tmp_path: Path, viewport: dict[str, int]
) -> None:
    """A plan for the common words (issue 43): a word of the list rarer than its answers is
    played on the page as ``play`` plays it, the plan first, then the words of the list that
    fit in list order (said so when the feedback leaves no answer), in the turns
    :func:`playbook.replay.word_turns` measures."""
    from playbook.replay import word_turns

    result = page_fixture.build_common()
    outputs.write_build(result, tmp_path, None)
    path = next(tmp_path.glob("*-play.html"))
    session, pb = result.session, result.playbook
    game = session.game
    answers = [a for a in session.answers if a[0] == "u"]
    rare = [w for w in session.guesses if w[0] == "u" and w not in set(answers)]
    turns = word_turns(pb, game, answers, rare)
    page = open_page(browser, path, viewport)
    tap(page, "button.letter[data-group='u']")
    said_rarer = 0
    for word in [w for w in rare if turns[w] is not None][:6]:
        page.click("#restart")
        for _ in range(5):
            move = page.get_attribute("#entry", "data-word")
            page.fill("#fb", game.format(game.feedback(move, word)))
            page.press("#fb", "Enter")
            msg = page.inner_text("#msg")
            said_rarer += "the word is a rarer one" in msg
            if msg.startswith("Solved:"):
                break
        assert page.inner_text("#msg").startswith(f"Solved: {word} in {turns[word]} turn"), word
    assert said_rarer >= 1 and page.errors == []
    page.close()


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["375", "1366"])
def test_practice_can_follow_the_card(
    browser: Any, tv_page: tuple[BuildResult, Path], viewport: dict[str, int]
) -> None:
    """Issue 44, item 3: with "follow the card" on, a guess other than the card's move is
    stopped with the card's move shown; the card's moves are taken."""
    result, path = tv_page
    pb, session = result.playbook, result.session
    words = [session.answers[j] for j in session.groups()["e"]]
    answer = hidden_word(words, 99)
    page = open_page(browser, path, viewport)
    page.goto(f"{path.as_uri()}#practice/e/99")
    page.check("#pr-follow")
    plan = pb.group("e")
    stray = next(w for w in words if w != plan.openings[0])
    page.fill("#pr-word", stray)
    page.press("#pr-word", "Enter")
    said = page.inner_text("#pr-msg")
    assert said == f"The card plays {plan.openings[0].upper()} here, not {stray.upper()}."
    assert page.eval_on_selector_all("#pr-rows li:not(.next)", "els => els.length") == 0
    for w in book_moves(session, plan, answer, pb.try_when_fit):
        page.fill("#pr-word", w)
        page.press("#pr-word", "Enter")
    assert page.inner_text("#pr-msg").startswith("Found:")
    assert page.errors == []
    page.close()


CONTRAST = """() => {
  // WCAG 2 contrast of every visible text on the page: its colour against the first
  // background behind it (a tile's own colours are checked from the palette instead)
  const lin = (c) => {
    c /= 255;
    return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
  };
  const lum = ([r, g, b]) => 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  const rgba = (s) => (s.match(/[\\d.]+/g) || []).map(Number);
  const bgOf = (e) => {
    for (; e; e = e.parentElement) {
      const c = rgba(getComputedStyle(e).backgroundColor);
      if (c.length === 3 || (c.length === 4 && c[3] > 0.5)) return c.slice(0, 3);
    }
    return [255, 255, 255];
  };
  const bad = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const e = n.parentElement;
    if (!n.textContent.trim() || !e || e.closest(".tiles, .t, noscript, script, style")) continue;
    const r = e.getBoundingClientRect();
    const st = getComputedStyle(e);
    if (!r.width || !r.height || st.visibility === "hidden" || e.closest("[hidden]")) continue;
    const fg = rgba(st.color).slice(0, 3), bg = bgOf(e);
    const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
    const ratio = (a + 0.05) / (b + 0.05);
    const size = parseFloat(st.fontSize), bold = Number(st.fontWeight) >= 700;
    const large = size >= 24 || (bold && size >= 18.66);
    const what = `${n.textContent.trim().slice(0, 30)}: ${ratio.toFixed(2)}`;
    if (ratio < (large ? 3 : 4.5)) bad.push(what);
  }
  return bad;
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["375", "1366"])
def test_every_text_meets_wcag_aa_contrast(
    browser: Any, tv_page: tuple[BuildResult, Path], scheme: str, viewport: dict[str, int]
) -> None:
    """Issue 44, item 5: every text of every view, in the light and the dark theme, at
    least 4.5:1 against what is behind it (3:1 for large text); the tiles' letters too."""
    from playbook.render.tiles import PALETTES

    _, path = tv_page
    page = browser.new_page(viewport=viewport, color_scheme=scheme)
    page.goto(path.as_uri())
    tap(page, "button.letter[data-group='e']")
    page.keyboard.insert_text("o....")
    page.keyboard.press("Enter")
    bad = page.evaluate(CONTRAST)
    for mode in ("practice/e/3", "drill"):
        page.goto(f"{path.as_uri()}#{mode}")
        bad += page.evaluate(CONTRAST)
    assert bad == [], bad
    # the tiles: white letters on red and blue, dark on the yellow ball
    screen = PALETTES["lingo"]["screen"]

    def lum(hexcolour: str) -> float:
        cs = [int(hexcolour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in cs]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    for fg, bg in (("#ffffff", screen["2"]), ("#ffffff", screen["0"]), ("#222222", screen["1"])):
        hi, lo = sorted((lum(fg), lum(bg)), reverse=True)
        assert (hi + 0.05) / (lo + 0.05) >= 4.5, (fg, bg)
    page.close()


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["375", "1366"])
def test_a_screen_reader_hears_every_mark(
    browser: Any, tv_page: tuple[BuildResult, Path], viewport: dict[str, int]
) -> None:
    """Issue 44, item 5: a played row, a practice row, a row of the table and a drill
    trigger each read as the word and every letter with its mark (Playwright's
    accessibility snapshot); the tiles to tap are buttons named with their marks."""
    result, path = tv_page
    game = result.session.game
    plan = result.playbook.group("e")
    page = open_page(browser, path, viewport)
    tap(page, "button.letter[data-group='e']")
    first = plan.openings[0]
    snap = page.locator("#current").aria_snapshot()
    assert f'button "{first[0]}: right place, the revealed letter" [disabled]' in snap
    page.keyboard.insert_text("o" + "." * (len(first) - 1))
    page.keyboard.press("Enter")
    marks = ", ".join(
        f"{ch.upper()} {'right place' if i == 0 else 'absent'}" for i, ch in enumerate(first)
    )
    assert f'img "{first}: {marks}"' in page.locator("#moves").aria_snapshot()
    page.fill("#find-input", "o")  # the table's rows, as the search shows them
    assert re.search(
        r'img "\w+: [A-Z] (right place|wrong place|absent)',
        page.locator("#find-results").aria_snapshot(),
    )
    page.goto(f"{path.as_uri()}#practice/e/5")
    page.fill("#pr-word", first)
    page.press("#pr-word", "Enter")
    assert re.search(
        rf'img "{first}: [A-Z] (right place|wrong place|absent)',
        page.locator("#pr-rows").aria_snapshot(),
    )
    page.goto(f"{path.as_uri()}#drill")
    page.click("#dr-learnt")
    page.click("#dr-show")
    page.click("#dr-knew")
    page.click("#dr-next")
    if page.locator("#dr-trigger .tiles").count():
        assert re.search(
            r'img "\w+: [A-Z] (right place|wrong place|absent)',
            page.locator("#dr-trigger").aria_snapshot(),
        )
    assert page.errors == [] and game.solved is not None
    page.close()


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["375", "1366"])
def test_taking_over_a_board_in_one_screen(
    browser: Any, tv_page: tuple[BuildResult, Path], viewport: dict[str, int]
) -> None:
    """Issue 44, item 4: the rows of a board joined late are typed in the take-over itself
    (word and marks, one screen for all), a wrong one refused with why; then the best
    chance. The take-over fits one screen of a phone."""
    from playbook.search.chance import best_chance

    result, path = tv_page
    game = result.session.game
    problem = result.session.problem("e")
    words = list(problem.answers)
    answer, rows = words[len(words) // 3], [words[0], words[-1]]
    page = open_page(browser, path, viewport)
    tap(page, "button.letter[data-group='e']")
    page.click("#takeover summary")
    box = page.eval_on_selector("#takeover", "e => e.getBoundingClientRect().height")
    assert box < viewport["height"]
    other = next(w for w in result.session.answers if not w.startswith("e"))
    page.fill("#tk-word", other)
    page.click("#tk-add")
    said = page.inner_text("#tk-out")
    assert said == f"{other} does not start with E, the revealed letter: every guess must."
    history = []
    for w in rows:
        history.append((w, game.feedback(w, answer)))
        page.fill("#tk-word", w)
        page.fill("#tk-marks", game.format(history[-1][1]))
        page.press("#tk-marks", "Enter")
    assert page.inner_text("#tk-out") == "2 rows on the board."
    assert page.eval_on_selector_all("#moves li", "els => els.map(e => e.dataset.word)") == rows
    page.fill("#tk-turns", "2")
    page.click("#tk-go")
    best = best_chance(problem, problem.possible(history), 2)
    assert best is not None
    assert page.get_attribute("#entry", "data-word") == problem.guesses[best.row]
    assert page.errors == []
    page.close()


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["375", "1366"])
def test_stored_progress_of_the_wrong_shape_is_set_aside(
    browser: Any, tv_page: tuple[BuildResult, Path], viewport: dict[str, int]
) -> None:
    """Issue 45, item 4: progress kept on the device that is not what the page wrote (a
    string, a number, wrong types, broken JSON) is set aside whole under a key of its own,
    with a one-line note, and the page starts afresh: no NaN, no script error; and any
    address falls back to the start screen."""
    _, path = tv_page
    page = open_page(browser, path, viewport)
    key = page.evaluate(
        "() => 'playbook:' + JSON.parse(document.getElementById('playbook-data').textContent).name"
    )
    for practice, drill in (
        ('"a string"', "5"),
        ('{"games": "x", "won": null}', "{bad json"),
        ("[1]", '{"o:e": 3}'),
    ):
        page.evaluate(
            "([k, p, d]) => { localStorage.clear(); localStorage.setItem(k + ':practice', p);"
            " localStorage.setItem(k + ':drill', d); }",
            [key, practice, drill],
        )
        page.goto(f"{path.as_uri()}#practice/e/1")
        assert "NaN" not in page.inner_text("#pr-score")
        assert page.inner_text("#pr-aside").startswith(
            "Progress kept on this device could not be read"
        )
        page.goto(f"{path.as_uri()}#drill")
        page.reload()
        assert "NaN" not in page.inner_text("#dr-due")
        kept = page.evaluate(
            "() => Object.keys(localStorage).filter(k => k.includes(':set-aside:'))"
        )
        assert len(kept) == 2, kept
        assert sorted(
            page.evaluate("(ks) => ks.map(k => localStorage.getItem(k))", kept)
        ) == sorted([practice, drill])
    for address in ("#%", "#%E0%A4%A", "#practice/%zz/1", "#drill/../../etc", "#constructor"):
        page.goto(path.as_uri() + address)
        assert (
            page.is_visible("#letters")
            or page.is_visible("#practice-main")
            or page.is_visible("#drill-main")
        )
    assert page.errors == []
    page.close()


@pytest.fixture(scope="module")
def english_page(tmp_path_factory: pytest.TempPathFactory) -> tuple[BuildResult, Path]:
    """English Lingo (issue 46): lingo-en-5 built for q and z, its page in the language of
    its list (English)."""
    cfg = config.load(ROOT / "config" / "lingo-en-5.yaml")
    settings = {"render.formats": "yaml,page", "search.restarts": 20}
    result = build.build(config.override(cfg, n_jobs=1, **settings), letters=("q", "z"))
    assert result.report.ok
    out = tmp_path_factory.mktemp("en")
    outputs.write_build(result, out, None)
    return result, next(out.glob("*-play.html"))


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["375", "1366"])
def test_the_english_lingo_page(
    browser: Any, english_page: tuple[BuildResult, Path], viewport: dict[str, int]
) -> None:
    """Issue 46, item 4: the English Lingo page follows the plan for every answer of a
    letter, practises against a hidden word and drills the card, in English, with no
    horizontal scroll and no script error."""
    result, path = english_page
    session = result.session
    game = session.game
    page = open_page(browser, path, viewport)
    assert page.get_attribute("html", "lang") == "en"
    assert page.inner_text("#letters-h") == "Revealed letter"
    plan = result.playbook.group("q")
    for answer in [session.answers[j] for j in session.groups()["q"]]:
        tap(page, "button.letter[data-group='q']")
        for word in book_moves(session, plan, answer, result.playbook.try_when_fit):
            assert page.evaluate(STATE)[1] == word
            page.fill("#fb", game.format(game.feedback(word, answer)))
            page.press("#fb", "Enter")
        assert page.inner_text("#msg").startswith(f"Solved: {answer}"), answer
        page.click("#restart")
    assert no_horizontal_scroll(page)
    page.goto(f"{path.as_uri()}#practice/z/7")
    page.fill("#pr-word", "zzzzz")
    page.press("#pr-word", "Enter")
    assert page.inner_text("#pr-msg") == "zzzzz is not a word of the list."
    page.goto(f"{path.as_uri()}#drill")
    assert page.inner_text("#dr-ask").startswith("Letter Q")
    assert page.errors == []
    page.close()


def test_one_page_for_the_lengths_of_one_show(browser: Any, tmp_path: Path) -> None:
    """Issue 46, item 4: the four-, five- and six-letter plans of English Lingo on one page,
    a tab each (``?plan=NAME``): each tab shows its own title and rules and follows its own
    plan, the scripts once; the page of the whole plans stays under 400 kB (measured on the
    built plans: 376 kB)."""
    results = {}
    for n in (4, 5, 6):
        cfg = config.load(ROOT / "config" / f"lingo-en-{n}.yaml")
        settings = {"render.formats": "yaml", "search.restarts": 20}
        results[n] = build.build(config.override(cfg, n_jobs=1, **settings), letters=("q", "z"))
    lists = {n: r.session.lists for n, r in results.items()}
    html = render.render_page(
        results[4].playbook,
        lists[4].answers,
        guesses=lists[4].guesses,
        more=[(results[n].playbook, lists[n].answers, lists[n].guesses) for n in (5, 6)],
    )
    assert html.count("<script>") == len(SCRIPTS)  # each of the page's scripts once
    path = tmp_path / "show-play.html"
    path.write_text(html, "utf-8")
    page = open_page(browser, path, PHONE)
    assert [page.inner_text(f"a.plan >> nth={i}") for i in range(3)] == [
        "4 letters", "5 letters", "6 letters",
    ]  # fmt: skip
    for n in (4, 5, 6):
        page.goto(f"{path.as_uri()}?plan=lingo-en-{n}")
        assert page.inner_text("h1").startswith(f"Lingo, {n} letters")
        assert page.get_attribute(f"a.plan[data-plan='lingo-en-{n}']", "aria-current") == "page"
        session = results[n].session
        answer = session.answers[int(session.groups()["z"][-1])]
        tap(page, "button.letter[data-group='z']")
        plan = results[n].playbook.group("z")
        for word in book_moves(session, plan, answer, results[n].playbook.try_when_fit):
            assert page.evaluate(STATE)[1] == word and len(word) == n
            page.fill("#fb", session.game.format(session.game.feedback(word, answer)))
            page.press("#fb", "Enter")
        assert page.inner_text("#msg").startswith(f"Solved: {answer}")
        assert no_horizontal_scroll(page)
    assert page.errors == []
    page.close()


def test_the_guess_list_travels_as_the_guesses_that_are_no_answers(monkeypatch: Any) -> None:
    """A sorted guess list holding every answer travels as its other words only (the page
    merges them back, in order: tests/render/test_page_rules.py runs that in Node); any other
    guess list travels whole, in its order."""
    import playbook.render.page as page_module

    # the lists as given (their checksums against the playbook's are tested elsewhere)
    monkeypatch.setattr(page_module, "_own", lambda pb, lst, key, what: lst)
    pb = model.Playbook(
        name="w", game={"name": "wordle"}, words={"list": "g", "answers": "a"}, groups=()
    )
    answers = ("cigar", "rebut")

    def wl(ws: tuple[str, ...]) -> WordList:
        return WordList(name="g", words=ws, sha256="")

    guess_list = page_module._guess_list
    assert guess_list(pb, wl(("cigar", "rebut", "salet")), answers) == {"guessesExtra": "salet"}
    assert guess_list(pb, wl(("salet", "cigar", "rebut")), answers) == {
        "guesses": "salet cigar rebut"
    }
    assert guess_list(pb, wl(("cigar", "salet")), answers) == {"guesses": "cigar salet"}
