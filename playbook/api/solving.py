"""``playbook strategy`` and ``rank``: whole strategies for a config (a greedy rule's tree,
the exact optimum) and the best first guesses by a rule."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from playbook.arguments import CONFIG
from playbook.arguments import flag as _flag
from playbook.arguments import jobs as _jobs
from playbook.arguments import need as _need
from playbook.arguments import seconds as _seconds
from playbook.arguments import words as _words
from playbook.config import Config
from playbook.pipeline import strategies
from playbook.pipeline.strategies import OptimalPlay, StrategyResult

__all__ = ["OptimalPlay", "StrategyResult", "optimal", "play_rule", "rank"]


# ------------------------------------------------------------------ optimal


def optimal(
    cfg: Config,
    *,
    letters: Sequence[str] | None = None,
    budget: float = 60.0,
    first: str | None = None,
    n_jobs: int = 1,
    checkpoints: Path | None = None,
    weighted: bool = False,
    until: float | None = None,
) -> strategies.OptimalPlay:
    """Per group, the tree with the fewest total turns that finds every word in time (or the
    fewest words left unfound), within ``budget`` seconds a group, on ``n_jobs`` workers; with
    ``checkpoints``, finished groups are kept there and a run stopped part-way resumes;
    ``until``: a wall-clock end for the whole call (:func:`playbook.pipeline.strategies.
    play_optimal`).

    Examples:
        Mastermind with three pegs and two colours: 18 guesses over its 8 codes, proven.

        >>> from importlib import resources
        >>> from playbook import api, config
        >>> cfg = config.load(resources.files("playbook.configs") / "mastermind-3x2.yaml")
        >>> best = api.optimal(cfg)
        >>> best.summary()["total"], best.summary()["lower_bound"], best.summary()["optimal"]
        (18, 18, True)
        >>> best.summary()["first_guess"]
        '112'
    """
    _need("cfg", cfg, Config, CONFIG)
    _words("letters", letters)
    _seconds("budget", budget)
    if first is not None:
        _need("first", first, str, "a guess, as text, or None")
    _jobs("n_jobs", n_jobs)
    if checkpoints is not None:
        _need("checkpoints", checkpoints, Path, "a folder (a pathlib.Path) or None")
    _flag("weighted", weighted)
    if until is not None:
        _need("until", until, (int, float), "a time.time() value or None")
        if not until < float("inf"):
            raise ValueError(f"until: expected a time, got {until!r}")
    return strategies.play_optimal(
        cfg,
        letters=letters,
        budget=budget,
        first=first,
        n_jobs=n_jobs,
        checkpoints=checkpoints,
        weighted=weighted,
        until=until,
    )


def play_rule(
    cfg: Config, rule: str, *, letters: Sequence[str] | None = None, first: str | None = None
) -> StrategyResult:
    """Per group, the whole tree of the greedy ``rule`` (opening with ``first`` where it is
    given), verified.

    Examples:
        >>> from importlib import resources
        >>> from playbook import api
        >>> cfg = api.load_config(resources.files("playbook.configs") / "mastermind-3x2.yaml")
        >>> api.play_rule(cfg, "minimax").summary()["total"]  # the optimum is 18
        21
    """
    _need("cfg", cfg, Config, CONFIG)
    _need("rule", rule, str, "a rule's name, as text")
    _words("letters", letters)
    if first is not None:
        _need("first", first, str, "a guess, as text, or None")
    return strategies.play_rule(cfg, rule, letters=letters, first=first)


def rank(
    cfg: Config, rule: str, *, top: int = 10, letters: Sequence[str] | None = None
) -> list[dict[str, object]]:
    """The ``top`` first guesses of each group under ``rule``, with their scores (one guess
    per class of guesses a game's symmetry maps onto one another).

    Examples:
        >>> from importlib import resources
        >>> from playbook import api
        >>> cfg = api.load_config(resources.files("playbook.configs") / "mastermind-3x2.yaml")
        >>> [row["guess"] for row in api.rank(cfg, "minimax", top=2)]
        ['111', '112']
    """
    _need("cfg", cfg, Config, CONFIG)
    _need("rule", rule, str, "a rule's name, as text")
    _need("top", top, int, "a whole number of guesses")
    _words("letters", letters)
    return strategies.rank(cfg, rule, top=top, letters=letters)
