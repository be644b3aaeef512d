"""The feedback kernel against the plain-Python rule, and the rule against known examples."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playbook.core.matrix import cached_matrix
from playbook.games import Hangman, Mark, Mastermind, WordGame, Wordle, decode, encode, marks

LETTERS = "abcde"  # few letters: many repeats, the hard cases


def words_of(length: int) -> st.SearchStrategy[str]:
    return st.text(alphabet=LETTERS, min_size=length, max_size=length)


@given(
    # every length the game allows: 11 and 12 letters have more codes than 16 bits hold
    st.integers(1, WordGame.ranges["length"][1]).flatmap(
        lambda n: st.tuples(
            st.lists(words_of(n), min_size=1, max_size=12),
            st.lists(words_of(n), min_size=1, max_size=12),
            st.just(n),
        )
    )
)
@settings(max_examples=300, deadline=None)
def test_kernel_equals_reference(case: tuple[list[str], list[str], int]) -> None:
    guesses, answers, n = case
    for game in (WordGame(length=n, turns=5), Wordle(length=n)):
        fast = game.matrix(guesses, answers)
        slow = game.reference_matrix(guesses, answers)
        assert fast.dtype == game.code_dtype and np.iinfo(fast.dtype).max >= game.n_codes - 1
        assert np.array_equal(fast, slow)


@given(words_of(5), words_of(5))
def test_marks_invariants(guess: str, answer: str) -> None:
    ms = marks(guess, answer)
    # exact marks exactly where letters agree
    assert all((m is Mark.EXACT) == (g == a) for m, g, a in zip(ms, guess, answer, strict=True))
    # a letter is never marked more often than it occurs in the answer
    for ch in set(guess):
        marked = sum(1 for m, g in zip(ms, guess, strict=True) if g == ch and m is not Mark.ABSENT)
        assert marked == min(guess.count(ch), answer.count(ch))
    assert decode(encode(ms), 5) == ms


def test_known_examples() -> None:
    game = WordGame(length=5, turns=6)
    assert "".join(str(int(m)) for m in marks("lamer", "camel")) == "12220"
    # the paper's figure 1: a.... -> agent (only a right) ... abuis -> affix
    assert game.format(game.feedback("agent", "affix")) == "o...."
    assert game.format(game.feedback("alibi", "affix")) == "o.x.."
    assert game.format(game.feedback("abuis", "affix")) == "o..o."
    # repeated letters: only as many marks as unmatched copies in the answer
    assert game.format(game.feedback("speed", "abide")) == "..x.x"
    assert game.format(game.feedback("eerie", "elder")) == "oxx.."


def test_parse_round_trip() -> None:
    game = WordGame(length=5, turns=5)
    for code in range(game.n_codes):
        assert game.parse(game.format(code)) == code
    assert game.parse("21000") == game.parse("ox...")


@pytest.mark.parametrize(
    "typed",
    [
        "ox..x",
        "o x . . x",  # spaces between marks
        "21001",
        "2 1 0 0 1",
        "gy..y",  # Wordle's green, yellow, grey
        "GY-bY",
        "g y _ b y",
        "\U0001f7e9\U0001f7e8\u2b1b\u2b1b\U0001f7e8",  # the squares Wordle shares
        "\U0001f7e9\U0001f7e8\u2b1b\ufe0f\u2b1c\ufe0f\U0001f7e8",  # variation selectors
        "\U0001f7e7\U0001f7e6\u2b1c\u2b1c\U0001f7e6",  # high contrast: orange, blue
    ],
)
def test_feedback_typed_as_marks_digits_letters_or_squares(typed: str) -> None:
    for game in (Wordle(), WordGame()):
        assert game.format(game.parse(typed)) == "ox..x"


@pytest.mark.parametrize(
    ("typed", "message"),
    [("ox..", "has 4 marks; expected 5"), ("gyz..", "unknown mark 'z'; use o x ., 2 1 0 or g y .")],
)
def test_bad_feedback_is_one_line(typed: str, message: str) -> None:
    with pytest.raises(ValueError, match=message) as exc:
        Wordle().parse(typed)
    assert "\n" not in str(exc.value)


def test_cache_round_trip(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("PLAYBOOK_CACHE", str(tmp_path))
    game = WordGame(length=5, turns=5)
    ws = ["lamer", "camel", "abide", "speed"]
    m1, hit1 = cached_matrix(game, ws, ws)
    m2, hit2 = cached_matrix(game, ws, ws)
    assert (hit1, hit2) == (False, True)
    assert np.array_equal(m1, m2)
    # a different list is a different key
    m3, hit3 = cached_matrix(game, ws[:3], ws)
    assert not hit3 and m3.shape == (3, 4)
    # a corrupt cache file is recomputed, not trusted
    for f in tmp_path.glob("feedback-*.npy"):
        f.write_bytes(b"garbage")
    m4, hit4 = cached_matrix(game, ws, ws)
    assert not hit4 and np.array_equal(m4, m1)


def test_feedback_ids_key_the_cache_as_before() -> None:
    # the matrix cache (and checkpoints) of earlier versions stay valid
    assert WordGame(length=5).feedback_id == "WordGame:5"
    assert Wordle().feedback_id == "Wordle:5"
    assert Mastermind(pegs=4, colours=6).feedback_id == "mastermind:4:6"
    assert Hangman(max_length=12).feedback_id == "hangman:12"
