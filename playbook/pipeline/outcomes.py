"""What the library's calls return (:mod:`playbook.api`): a build written, a playbook file
replayed, a file rendered, each with its verdict sentences and exit code (0: verified; 1:
words not found in time or problems in the file)."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from playbook import model
from playbook.games import Game
from playbook.pipeline import outputs
from playbook.pipeline.build import BuildResult
from playbook.play.players import plural
from playbook.verify import Report, partial

__all__ = ["BuildOutcome", "RenderOutcome", "VerifyOutcome"]


def _declared(rep: Report) -> str:
    n = len(rep.declared)
    return f"{n} word{'s' if n != 1 else ''} the playbook declares not guaranteed"


@dataclasses.dataclass(frozen=True)
class BuildOutcome:
    """A build written to its folder: the verified playbook, the files, and the verdict."""

    result: BuildResult
    written: outputs.Written
    finished: tuple[str, ...]
    """Outputs a build stopped while moving in place, finished before this one started."""

    @property
    def playbook(self) -> model.Playbook:
        return self.result.playbook

    @property
    def report(self) -> Report:
        return self.result.report

    @property
    def verdict(self) -> str:
        """One line: every word found within the limit, or how many were not."""
        pb, rep, game = self.result.playbook, self.result.report, self.result.session.game
        within = f"every word found within {plural(game.limit, game.limit_name)}"
        if partial(pb):
            within = f"every word of {', '.join(g.group for g in pb.groups)} found within " + (
                f"{plural(game.limit, game.limit_name)} (a partial playbook: those groups only)"
            )
        if rep.ok:
            return f"verified: {within}" + (f" but {_declared(rep)}" if rep.declared else "")
        return (
            f"verification: {len(rep.undeclared)} words not found in time, "
            f"{len(rep.problems)} problems"
        )

    @property
    def exit_code(self) -> int:
        return 0 if self.result.report.ok else 1


@dataclasses.dataclass(frozen=True)
class VerifyOutcome:
    """A playbook file replayed word by word (and its proofs re-decided where asked)."""

    playbook: model.Playbook
    report: Report
    game: Game
    proofs: bool
    seconds: float

    def lines(self) -> list[str]:
        """What went wrong, then what was and was not checked, and the verdict last."""
        pb, rep = self.playbook, self.report
        out = [
            f"FAIL {f.group} {f.word}: {f.reason}; path: {' '.join(f.path) or '-'}"
            for f in rep.undeclared
        ]
        by_group: dict[str, list[str]] = {}
        for f in rep.declared:
            by_group.setdefault(f.group, []).append(f.word)
        out += [f"NOT GUARANTEED {g} (declared): {', '.join(ws)}" for g, ws in by_group.items()]
        out += [f"PROBLEM {p}" for p in rep.problems]
        claimed = [p.group for p in pb.groups if p.claims_proof]
        if rep.unproven:
            out.append(
                f"not checked: the proofs claimed for groups {', '.join(rep.unproven)} (best "
                "openings, how few words any strategy must leave); 'playbook verify --proofs' "
                "re-decides them"
            )
        elif self.proofs and claimed:
            out.append(
                f"proofs: re-decided by exhaustive search for groups {', '.join(claimed)} "
                f"in {self.seconds:.1f} s"
            )
        if partial(pb):
            groups = ", ".join(g.group for g in pb.groups)
            out.append(f"a partial playbook (build --letters): groups {groups} only")
        return [*out, self.verdict]

    def summary(self) -> dict[str, Any]:
        """The outcome as plain data (``verify --json``): the verdict and exit code, the
        figures over all words and per group, each word not found with its reason and path,
        the problems of the file and the proofs not checked."""
        rep = self.report
        return {
            "playbook": self.playbook.name,
            "verdict": self.verdict,
            "exit_code": self.exit_code,
            "ok": rep.ok,
            "limit": self.game.limit,
            "limit_name": self.game.limit_name,
            "overall": rep.overall.to_dict(),
            "groups": {name: st.to_dict() for name, st in rep.groups.items()},
            "not_found": [
                {
                    "group": f.group,
                    "word": f.word,
                    "reason": f.reason,
                    "path": list(f.path),
                    "declared": f.declared,
                }
                for f in rep.failures
            ],
            "problems": list(rep.problems),
            "unproven": list(rep.unproven),
            "proofs": self.proofs,
            "seconds": round(self.seconds, 3),
        }

    @property
    def verdict(self) -> str:
        rep, game = self.report, self.game
        within = f"within {plural(game.limit, game.limit_name)}"
        if rep.ok and not rep.declared:
            return f"OK: all {rep.overall.words} words found {within}"
        if rep.ok:
            found = rep.overall.words - len(rep.declared)
            return f"OK: {found} of {rep.overall.words} words found {within}; {_declared(rep)}"
        return (
            f"FAILED: {plural(len(rep.undeclared), 'words')} not found in time, "
            f"{plural(len(rep.problems), 'problems')} in the file"
        )

    @property
    def exit_code(self) -> int:
        return 0 if self.report.ok else 1


@dataclasses.dataclass(frozen=True)
class RenderOutcome:
    """A rendered file written."""

    path: Path
    pages: dict[str, int]
    """Pages each group appears on (PDF only)."""
