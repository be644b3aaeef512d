"""``playbook endgame``: the End Game of English Lingo (three words against the clock) for
built plans, at the show's speed and faster pairs, with and without the time lost around each
word and line, and its page of the card."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from playbook import model, verify
from playbook.arguments import PLAYBOOK
from playbook.arguments import need as _need
from playbook.endgame import chances, page
from playbook.endgame import figures as replayed
from playbook.endgame.chances import EndGameFigures, Rules
from playbook.endgame.page import percent
from playbook.errors import PlaybookError
from playbook.io import files

__all__ = ["EndGameFigures", "EndGameRun", "Rules", "check_endgame", "end_game", "percent"]

SPEEDS = replayed.SPEEDS


@dataclasses.dataclass(frozen=True)
class EndGameRun:
    """The End Game of some plans: the figures at each speed (seconds a line, the slowest
    first) under the rules as given (``runs``) and with the time lost around each word and
    line (``clocked``), and the speed the pair plays at."""

    names: tuple[str, ...]
    line: int
    runs: Mapping[int, EndGameFigures]
    clocked: Mapping[int, EndGameFigures]

    @property
    def here(self) -> EndGameFigures:
        """The figures at the pair's own speed, without overhead."""
        return self.runs[self.line]

    def write_card(self, path: Path, language: str = "en") -> None:
        """The End Game's page of the card (a ``.pdf``, else its HTML), written whole."""
        data = (
            page.endgame_pdf(self.runs, self.line, language, self.clocked)
            if path.suffix == ".pdf"
            else page.render_endgame(self.runs, self.line, language, self.clocked).encode()
        )
        files.atomic_write(path, data)


def check_endgame(plans: int, rules: Rules) -> None:
    """Refuse in one line, before any plan is read, an End Game of ``plans`` plans whose
    search would take many minutes, or of a count the show does not play."""
    if not 1 <= plans <= 6:
        raise PlaybookError(
            f"PLAYBOOK: {plans} plans given; the End Game takes one to six, in order"
        )
    steps = chances.cost(plans, rules) * 2 * len(SPEEDS)
    if steps > chances.MOST_STEPS:
        raise PlaybookError(
            f"--seconds {rules.seconds} with {plans} plans: about {steps:.1e} steps "
            f"of the fixed rules' search (over {chances.MOST_STEPS:.0e}, many minutes); use "
            "fewer plans or a shorter clock"
        )


def end_game(
    plans: Sequence[tuple[model.Playbook, str]],
    rules: Rules,
    slow: Rules,
    *,
    progress: Callable[[str], None] = lambda line: None,
) -> EndGameRun:
    """The End Game of ``plans`` (each playbook with its path, in the order played) under
    ``rules`` at its speed (``rules.line``) and every faster one of the show's table, and
    again under ``slow`` (the same with the time lost around words and lines); ``progress``
    hears a line as each speed is computed and an empty one at the end.

    Examples:
        >>> from playbook import api
        >>> api.end_game([], api.Rules(), api.Rules())
        Traceback (most recent call last):
            ...
        playbook.errors.PlaybookError: PLAYBOOK: 0 plans given; the End Game takes one to six, ...
    """
    check_endgame(len(plans), rules)
    for pb, path in plans:  # a plan for some letters only would count the others' words lost
        _need("plans", pb, model.Playbook, PLAYBOOK)
        if verify.partial(pb):
            raise PlaybookError(
                f"{path}: a plan for some letters only "
                f"({', '.join(g.group for g in pb.groups)}); the End Game draws a word of any "
                "letter: build the plan for every letter"
            )
    names = tuple(pb.name for pb, _ in plans)
    paths = [replayed.plan_paths(pb, p) for pb, p in plans]
    speeds = sorted({rules.line, *(s for s in SPEEDS if s <= 10)}, reverse=True)
    runs: dict[int, EndGameFigures] = {}
    clocked: dict[int, EndGameFigures] = {}
    for into, kind in ((runs, rules), (clocked, slow)):
        for s in speeds:
            progress(f"End Game: {len(runs) + len(clocked)} of {2 * len(speeds)} speeds computed")
            into[s] = replayed.figures(names, paths, dataclasses.replace(kind, line=s))
    progress("")
    return EndGameRun(names, rules.line, runs, clocked)
