"""How a plan fares on the words a show plays: figures weighted by how likely each word is.

A show picks common words. Beside the plain figures of a playbook (every answer alike),
:func:`measure` gives them weighted by the playbook's model of the show's word: each word's
chance of being a show's pick under ``picks`` (the model calibrated on real picks), its
frequency under the other models (wordfreq's, bundled: a word used ten times as often counts
ten times as much). It gives the chance of losing the show's word among the answers, and,
where the plan promises only a part of the list, what happens to a rarer word of the list all
the same: the plan is followed while it has a move, then the words still possible are tried in
list order (the card's fallback, :func:`playbook.replay.word_turns`), the share found in time
is counted, and the chance of losing the show's word drawn from the whole list.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from playbook import play, words
from playbook.model import Playbook
from playbook.pipeline.session import Session, model_weights
from playbook.replay import word_turns
from playbook.search.greedy import OFF_THE_TREE


@dataclasses.dataclass(frozen=True)
class Likely:
    """A playbook's figures on the words a show plays."""

    answers: int
    """Words the plan promises."""
    average: float
    """Average turns over the answers found in time, every answer alike."""
    weighted_average: float
    """The same, each answer weighted by the model (its chance, or its frequency)."""
    lost_chance: float
    """The chance that the show's word, drawn by the model among the answers, is not found
    in time."""
    rare: int
    """Words of the list that are not answers (0 where the plan promises every word)."""
    rare_found: int
    """Of those, the ones found in time by the plan and then the card's fallback."""
    list_average: float = 0.0
    """Average turns over every word of the list found in time (answers and rarer words),
    each weighted by the model."""
    list_lost_chance: float = 0.0
    """The chance that the show's word, drawn by the model among every word of the list, is
    not found in time by the plan and the card's fallback."""

    def as_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


def _weighted(turns: list[tuple[int | None, float]]) -> tuple[float, float]:
    """The weighted average turns of the words found, and the weight share not found."""
    total = sum(wt for _, wt in turns)
    found = [(t, wt) for t, wt in turns if t is not None]
    mass = sum(wt for _, wt in found)
    average = sum(t * wt for t, wt in found) / mass if mass else 0.0
    return average, (1.0 - mass / total if total else 0.0)


def measure(pb: Playbook, session: Session) -> Likely:
    """The figures of ``pb`` on its session's lists (a playbook's own: its answers and the
    whole list it was made from)."""
    info, lists = session.words_info, session.lists
    game = session.game
    planned = {g.group for g in pb.groups}  # a partial playbook: its groups only
    answers = tuple(w for w in lists.answers.words if game.group_of(w) in planned)
    mine = set(answers)
    generated = lists.guesses.name == "generated"
    every = () if generated else lists.guesses.words
    rare = [w for w in every if w not in mine and game.group_of(w) in planned]
    turns = word_turns(pb, game, answers, rare)
    spelled = lists.answers.spelled
    weight = model_weights(info, words.WordList("answers", answers, "", spelled=spelled))
    others = model_weights(info, words.WordList("rare", tuple(rare), "", spelled=spelled))
    found = [t for w in answers if (t := turns[w]) is not None]
    weighted_average, lost = _weighted(
        [(turns[w], wt) for w, wt in zip(answers, weight, strict=True)]
    )
    everything = [
        (turns[w], wt) for w, wt in zip([*answers, *rare], [*weight, *others], strict=True)
    ]
    list_average, list_lost = _weighted(everything)
    return Likely(
        answers=len(answers),
        average=sum(found) / len(found) if found else 0.0,
        weighted_average=weighted_average,
        lost_chance=lost,
        rare=len(rare),
        rare_found=sum(1 for w in rare if turns[w] is not None),
        list_average=list_average,
        list_lost_chance=list_lost,
    )


@dataclasses.dataclass(frozen=True)
class OnList:
    """How a plan fares on a list of words a show (or a game's editor) really picked."""

    words: int
    """Words of the list of the plan's length (IJ one letter where the plan counts it so)."""
    in_list: tuple[str, ...]
    """Of those, the words of the plan's word list."""
    answers: int
    """Of those, the plan's answers (the words it guarantees)."""
    found: int
    """Words found within the turn limit by the plan and then the card's fallback."""
    average: float
    """Average turns over the words found."""
    worst: int
    """The most turns a word found took."""
    lost: tuple[str, ...]
    """Words of the plan's list not found within the limit."""
    missing: tuple[str, ...]
    """Words the plan's list does not hold (never found)."""

    def as_dict(self) -> dict[str, Any]:
        return {
            "words": self.words,
            "in_list": len(self.in_list),
            "answers": self.answers,
            "found": self.found,
            "found_share": round(self.found / self.words, 6) if self.words else 0.0,
            "average": round(self.average, 4),
            "worst": self.worst,
            "lost": list(self.lost),
            "missing": list(self.missing),
        }


def every_turn(
    pb: Playbook, session: Session, only: Collection[str] | None = None
) -> dict[str, int | None]:
    """What each word of the plan's list costs following ``pb`` and then the card's fallback
    (:func:`playbook.replay.word_turns` over every answer and every rarer word); ``only``:
    the words whose turns are wanted. A whole tree (the ``optimal`` profile, ``play
    wordle``) is followed as ``play`` follows it: off the tree, the best move for the words
    still possible worked out on the spot (:func:`tree_turns`)."""
    if pb.whole_trees:
        return tree_turns(pb, session, only)
    game, lists = session.game, session.lists
    planned = {g.group for g in pb.groups}
    answers = [w for w in lists.answers.words if game.group_of(w) in planned]
    mine = set(answers)
    generated = lists.guesses.name == "generated"
    every = () if generated else lists.guesses.words
    rare = [w for w in every if w not in mine and game.group_of(w) in planned]
    return word_turns(pb, game, answers, rare, only=only)


def tree_turns(
    pb: Playbook, session: Session, only: Collection[str] | None = None
) -> dict[str, int | None]:
    """What each word costs following the whole tree ``pb`` as ``play`` does: the tree
    while the feedback fits one of its answers, then the best move for the words of the list
    still possible (:class:`playbook.play.OffTreePlayer`, :func:`playbook.play.follow`)."""
    game = session.game
    off_tree = functools.partial(play.OffTreePlayer.of, chances=session.chances)
    out: dict[str, int | None] = {}
    for plan in pb.groups:
        problem = session.problem(plan.group)
        rare = session.rare(plan.group)
        words = [w for w in session.guesses if game.group_of(w) == plan.group]
        for w in words if only is None else [w for w in words if w in only]:
            player = play.make_player(problem, plan, OFF_THE_TREE)
            out[w] = play.follow(problem, player, w, rare, off_tree)
    return out


def on_list(
    pb: Playbook,
    session: Session,
    real: Sequence[str],
    turns: Mapping[str, int | None] | None = None,
) -> OnList:
    """The figures of ``pb`` on ``real`` (words as a board of a-z spells them: krijg, zeeen),
    each judged at the plan's length: a Dutch list that counts IJ as one letter takes
    kozijn as a five-letter word and krijg as a four-letter one. ``turns``: what
    :func:`every_turn` gives (computed here where not given)."""
    game, lists = session.game, session.lists
    spell = session.spelling
    n = game.word_length
    judged = []
    for raw in dict.fromkeys(w.strip().lower() for w in real if w.strip()):
        w = spell.typed(raw)
        if n is None or len(w) == n:
            judged.append(w)
    if turns is None:
        turns = every_turn(pb, session, set(judged))
    listed = set(lists.guesses.words)
    answers = set(lists.answers.words)
    inside = [w for w in judged if w in listed and w in turns]
    found = [t for w in inside if (t := turns[w]) is not None]
    return OnList(
        words=len(judged),
        in_list=tuple(spell.text(w) for w in inside),
        answers=sum(1 for w in inside if w in answers),
        found=len(found),
        average=sum(found) / len(found) if found else 0.0,
        worst=max(found, default=0),
        lost=tuple(spell.text(w) for w in inside if turns[w] is None),
        missing=tuple(spell.text(w) for w in judged if w not in listed),
    )
