"""The moments after a lost game (issue 56): the take-over considers the plan's answers and
then the rarer words of the list, as the card's fallback plays them; its chance is a number a
count by hand confirms; the review lists the moves as the game showed them."""

from __future__ import annotations

import functools
import math

import pytest

from playbook import model, play
from playbook.io import shipped
from playbook.pipeline.session import Session
from playbook.render import i18n


@functools.cache
def opened(name: str) -> tuple[model.Playbook, Session]:
    path = shipped.path_of(shipped.index()[name])
    pb = model.load(str(path))
    return pb, Session.from_playbook(pb, str(path))


def assistant(name: str, group: str, language: str = "en") -> play.Assistant:
    pb, session = opened(name)
    plan = next(g for g in pb.groups if g.group == group)
    problem = session.problem(group)
    player = play.make_player(problem, plan, "scm", early=pb.try_when_fit)
    return play.Assistant(
        problem,
        player,
        session.spelling,
        rare_of=functools.partial(session.rare, group),
        tx=i18n.translator(language),
    )


def lose(a: play.Assistant, word: str) -> bool:
    """Play ``word`` along the assistant's suggestions; whether it was lost."""
    game = a.game
    while not a.finished:
        move = a.suggestion()
        assert move is not None
        a.handle(f"{move} {game.format(game.feedback(move, word))}")
        assert not a.refused
    return a.lost


def lost_words(name: str, limit: int = 24) -> list[tuple[str, str]]:
    """Words of the list the shipped plan loses (its unguaranteed answers, then rarer words
    the card's fallback does not reach in time), with their groups."""
    from playbook.pipeline.likely import every_turn

    pb, session = opened(name)
    turns = every_turn(pb, session)
    lost = [w for w, t in turns.items() if t is None]
    step = max(1, len(lost) // limit)
    return [(session.game.group_of(w), w) for w in lost[::step][:limit]]


@pytest.mark.parametrize("name", ["lingo-nl-5-tv", "lingo-en-4"])
def test_a_lost_word_is_found_by_the_take_over_whatever_letter_is_shown(name: str) -> None:
    cases = lost_words(name)
    assert cases, f"{name} loses no word: pick a plan that does"
    _, session = opened(name)
    every = session.guesses
    taken = 0
    for group, word in cases:
        if not lose(assistant(name, group), word):  # play's rule found it off the card
            continue
        taken += 1
        shown = {i for i, _ in enumerate(word) if i == 0}  # the revealed first letter
        for place in range(len(word)):
            if place in shown:
                continue
            b = assistant(name, group)
            lose(b, word)
            said = b.handle(f"reveal {place + 1} {word[place]}")
            assert not b.refused, (word, place, said)
            assert said.startswith("take-over:")
            # by hand: every word of the list in the group that fits the board and the letter
            fits = [
                w
                for w in every
                if session.game.group_of(w) == group
                and w[place] == word[place]
                and b.game.fits(w, b.history)
            ]
            assert sorted(b.remaining()) == sorted(fits) and word in fits
            chance = b.chance()
            assert not b.refused, chance
            assert "nan" not in chance.lower(), chance
            if len(fits) == 1:
                assert chance.endswith(f"play {b.spell.text(word)}, the only word still possible")
            else:
                assert chance.endswith(f"({round(100 / len(fits))}%)"), chance
                assert f"1 of the {play.plural(len(fits), 'words')}" in chance
    assert taken, f"{name}: play finds every word the card loses: pick another plan"


def test_the_review_of_a_lost_rarer_word_shows_the_game_as_played() -> None:
    a = assistant("lingo-nl-5-tv", "z")
    counts = []
    game = a.game
    while not a.finished:
        move = a.suggestion()
        assert move is not None
        said = a.handle(f"{move} {game.format(game.feedback(move, 'zweef'))}")
        first = said.splitlines()[0]
        if first.endswith("possible") or "words possible" in first or "word possible" in first:
            counts.append(int(first.split()[0]))
    review = a.review()
    assert "in list order's" not in review
    lines = [ln for ln in review.splitlines() if ln.strip()[:2].rstrip(".").isdigit()]
    left = [int(ln.split(" left")[0].split()[-1]) for ln in lines if " left" in ln]
    assert left[: len(counts)] == counts  # the counts the game showed
    assert "still possible: zweef" in review


@pytest.mark.parametrize("n", [1, 2, 3, 7])
def test_a_last_turn_chance_is_a_share_of_the_words_left(n: int) -> None:
    """The page's and the card's chance of a word at a coin flip: its weight over the words
    left, never NaN nor over 100% (rarer words weigh the least any word weighs)."""
    from playbook.render.chances import with_chances
    from playbook.spelling import Spelling

    family = ["zweef", "zweel", "zweep", "zweer", "zweem", "zweeg", "zweet"][:n]
    shown = with_chances(family, Spelling(), "nl", picks=True)
    pcts = [int(s.rsplit("(", 1)[1].rstrip("%)")) for s in shown]
    assert all(0 <= p <= 100 for p in pcts) and not any(math.isnan(p) for p in pcts)
    assert abs(sum(pcts) - 100) <= n


def test_a_lost_dutch_game_is_told_in_dutch() -> None:
    # the card loses a rarer word: the loss, its review with the words still possible, the
    # take-over and its chance, every line in Dutch (play speaks the plan's language)
    group, word = lost_words("lingo-nl-5-tv")[0]
    a = assistant("lingo-nl-5-tv", group, "nl")
    said = []
    while not a.finished:
        move = a.suggestion()
        assert move is not None
        said.append(a.handle(f"{move} {a.game.format(a.game.feedback(move, word))}"))
    text = "\n".join(said)
    assert a.lost and "verloren: " in text and "overzicht: jouw zetten" in text, text
    assert "kan nog: " in text and word in text.rsplit("kan nog: ", 1)[1], text
    place = next(i for i in range(1, len(word)) if word[i] != word[0])
    taken = a.handle(f"onthul {place + 1} {word[place]}")
    assert taken.startswith("overnemen: het woord gaat over"), taken
    chance = a.handle("kans")
    assert chance.startswith("met 1 beurt over: speel "), chance
    for english in ("possible", "turns", "review", "lost", "play", "left", "words"):
        assert english not in text + taken + chance, english
