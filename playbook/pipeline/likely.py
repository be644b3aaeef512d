"""How a plan fares on the words a show plays: figures weighted by how often words are used.

A show picks common words. Beside the plain figures of a playbook (every answer alike),
:func:`measure` gives them weighted by each answer's frequency (wordfreq's, bundled: a word
used ten times as often counts ten times as much), the chance of losing the show's word
(the weighted share of answers not found in time), and, where the plan promises only the
common words, what happens to a rare word of the list all the same: the plan is followed
while it has a move, then the words still possible are tried in list order (the card's
fallback, :func:`playbook.verify.word_turns`), and the share found in time is counted.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from playbook import words
from playbook.model import Playbook
from playbook.pipeline.session import Session, model_zipf
from playbook.verify import word_turns


@dataclasses.dataclass(frozen=True)
class Likely:
    """A playbook's figures on the words a show plays."""

    answers: int
    """Words the plan promises."""
    average: float
    """Average turns over the answers found in time, every answer alike."""
    weighted_average: float
    """The same, each answer weighted by its frequency."""
    lost_chance: float
    """The chance that the show's word, drawn by frequency among the answers, is not found
    in time."""
    rare: int
    """Words of the list that are not answers (0 where the plan promises every word)."""
    rare_found: int
    """Of those, the ones found in time by the plan and then the card's fallback."""

    def as_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


def frequency_weights(zipf: Sequence[float], floor: float) -> list[float]:
    """Each word's weight: its frequency (10 to the power of its Zipf value), where a word
    with none measurable counts as used as rarely as the rarest measured (``floor``)."""
    return [10.0 ** max(z, floor) for z in zipf]


def floor_of(info: Mapping[str, Any]) -> float:
    """The lowest Zipf value the bundled frequencies of the list's language hold."""
    language = words.list_language(info)
    table = words.frequencies(language) if language else {}
    return min(table.values(), default=0.0)


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
    own = words.WordList("answers", answers, "", spelled=lists.answers.spelled)
    weight = frequency_weights(model_zipf(info, own), floor_of(info))
    found: list[tuple[int, float]] = []
    for w, wt in zip(answers, weight, strict=True):
        t = turns[w]
        if t is not None:
            found.append((t, wt))
    total_w = sum(weight)
    found_w = sum(wt for _, wt in found)
    return Likely(
        answers=len(answers),
        average=sum(t for t, _ in found) / len(found) if found else 0.0,
        weighted_average=sum(t * wt for t, wt in found) / found_w if found_w else 0.0,
        lost_chance=1.0 - found_w / total_w if total_w else 0.0,
        rare=len(rare),
        rare_found=sum(1 for w in rare if turns[w] is not None),
    )
