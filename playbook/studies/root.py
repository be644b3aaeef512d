"""The root proof of a game of one group (Wordle): the workers' side.

A proof that no first guess opens a tree below a cut-off (the best known total) comes in two
stages, each a map over first guesses that a script shares among workers (local processes
or a Dask cluster) and writes a JSON line per guess, so that a run stopped on the way goes on
from the lines written:

1. :func:`bound_rows`: every first guess's opening bound
   (:func:`~playbook.studies.root_proof.opening_bound`), which rules out most;
2. :func:`refute_rows`: the others searched part by part below the cut-off
   (:func:`~playbook.studies.root_proof.refute_opening`), each line the proof's parts.

Each worker keeps one search per config and mode (:func:`root_search`; ``hard``: every guess
keeps what the feedback before it revealed, :mod:`playbook.studies.hard_mode`): its memo
serves every first guess it is given after the first (on Wordle, crate took 0.6 s after
trace where it took 54 s alone), up to :data:`MEMO_CAP` sets.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from playbook import config
from playbook.pipeline.session import Session
from playbook.search.optimal import GroupSearch
from playbook.studies.hard_mode import HardSearch
from playbook.studies.root_proof import (
    OpeningProof,
    PartBound,
    opening_bound,
    refute_opening,
)

MEMO_CAP = 8_000_000
"""Sets a worker's memo holds before it is emptied (about 0.5 GB)."""

_SEARCHES: dict[tuple[str, bool], tuple[GroupSearch | HardSearch, tuple[str, ...]]] = {}


def root_search(
    path: str | Path, hard: bool = False
) -> tuple[GroupSearch | HardSearch, tuple[str, ...]]:
    """The search of the one group of the config at ``path`` (no clock; ``hard``: under
    hard mode) and its guesses, made once per process."""
    key = (str(path), hard)
    if key not in _SEARCHES:
        cfg = config.load(Path(path))
        session = Session.open(cfg)
        problems = session.problems(None)
        if len(problems) != 1:
            raise ValueError(f"{path}: {len(problems)} groups; a root proof needs one")
        (problem,) = problems.values()
        limit = session.game.limit
        search = HardSearch(problem, limit) if hard else GroupSearch(problem, limit, float("inf"))
        _SEARCHES[key] = (search, tuple(problem.guesses))
    search, guesses = _SEARCHES[key]
    if len(search.memo) > MEMO_CAP:
        search.forget()
    return search, guesses


def bound_rows(
    path: str | Path, rows: list[int], cutoff: int, hard: bool = False
) -> list[dict[str, Any]]:
    """Stage 1: a line per first guess of ``rows``: its counting bound, its opening bound
    (summed until it reaches ``cutoff``) and whether every part was scanned."""
    search, guesses = root_search(path, hard)
    out = []
    for g in rows:
        t0 = time.perf_counter()
        counting, _ = opening_bound(search, g, cutoff=0)
        bound, whole = opening_bound(search, g, cutoff=cutoff)
        out.append(
            {
                "guess": guesses[g],
                "row": g,
                "counting": counting,
                "bound": bound,
                "whole": whole,
                "seconds": round(time.perf_counter() - t0, 4),
            }
        )
    return out


def refute_rows(
    path: str | Path, rows: list[int], cutoff: int, hard: bool = False
) -> list[dict[str, Any]]:
    """Stage 2: a line per first guess of ``rows``: the proof that it costs at least
    ``cutoff``, or its exact optimum below it (:func:`proof_line`)."""
    search, guesses = root_search(path, hard)
    out = []
    for g in rows:
        t0 = time.perf_counter()
        nodes = search.nodes
        proof = refute_opening(search, g, cutoff)
        out.append(proof_line(proof, guesses, time.perf_counter() - t0, search.nodes - nodes))
    return out


def proof_line(
    proof: OpeningProof, guesses: tuple[str, ...], seconds: float, nodes: int
) -> dict[str, Any]:
    """A proof as a JSON line: the guess, its bound, whether it is the exact optimum, the
    answers' weight and each part as [feedback code, answers, figure, 1 if exact else 0]."""
    return {
        "guess": guesses[proof.guess],
        "row": proof.guess,
        "bound": proof.bound,
        "exact": proof.exact,
        "weight": proof.weight,
        "parts": [[p.code, p.size, p.bound, int(p.exact)] for p in proof.parts],
        "nodes": nodes,
        "seconds": round(seconds, 3),
    }


def proof_of(line: dict[str, Any]) -> OpeningProof:
    """The proof a JSON line of :func:`proof_line` states."""
    parts = tuple(PartBound(int(c), int(n), int(b), bool(e)) for c, n, b, e in line["parts"])
    return OpeningProof(int(line["row"]), int(line["weight"]), parts)
