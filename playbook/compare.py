"""Compare a playbook with a reference one (e.g. the 1994 paper's) on the same word list."""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Sequence

from playbook.games import Game
from playbook.model import Playbook
from playbook.verify import verify


@dataclasses.dataclass(frozen=True)
class GroupComparison:
    """One group: our openings against the reference's, on today's list."""

    group: str
    ours: tuple[str, ...]
    ours_largest: int
    ref: tuple[str, ...]
    ref_largest: int
    ref_failures: int
    """Words the reference strategy does not find within the turns on this list."""
    ref_unknown: tuple[str, ...]
    """Reference openings that are not words of this list."""

    @property
    def at_least_as_good(self) -> bool:
        """Ours meets the paper's own criterion at least as well: after our openings every
        word can be tried in time with no more fixed words, or with as many fixed words and no
        larger subset left."""
        k, kr = len(self.ours), len(self.ref)
        return self.ours_largest <= self.ref_largest or (
            k < kr and self.ours_largest + k <= self.ref_largest + kr
        )


def largest_subset(game: Game, moves: Sequence[str], words: Sequence[str]) -> int:
    """Largest set of words that the moves' feedback leaves together (plain rules)."""
    sizes = Counter(tuple(game.feedback(m, w) for m in moves) for w in words if w not in moves)
    return max(sizes.values(), default=0)


def compare(
    ours: Playbook, ref: Playbook, game: Game, guesses: Sequence[str], answers: Sequence[str]
) -> list[GroupComparison]:
    """Per group present in both playbooks."""
    mine = {g.group for g in ours.groups}
    answers = [a for a in answers if game.group_of(a) in mine]
    report = verify(ref, game, guesses, answers, check_claims=False)
    fails = Counter(f.group for f in report.failures)
    by_group: dict[str, list[str]] = {}
    for a in answers:
        by_group.setdefault(game.group_of(a), []).append(a)
    known = set(guesses)
    out = []
    for g in ours.groups:
        try:
            r = ref.group(g.group)
        except KeyError:
            continue
        words = by_group.get(g.group, [])
        out.append(
            GroupComparison(
                group=g.group,
                ours=g.openings,
                ours_largest=g.largest,
                ref=r.openings,
                ref_largest=largest_subset(game, r.openings, words),
                ref_failures=fails[g.group],
                ref_unknown=tuple(w for w in r.openings if w not in known),
            )
        )
    return out
