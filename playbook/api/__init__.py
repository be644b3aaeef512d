"""The library's face: a call per command (``playbook build``, ``verify``, ``render``,
``site``, ``strategy``, ``rank``, ``play``, ``simulate``, ``endgame``), as documented calls that
return result values. The command line only parses, calls one of these and prints; scripts
and tests call them the same way. A module per family of commands: :mod:`.building` (build),
:mod:`.sheets` (verify, render, site), :mod:`.solving` (strategy, rank), :mod:`.playing`
(play, simulate), :mod:`.endgames` (endgame); each is loaded when one of its names is first
read, so a command loads only its own.

Each call checks what can be checked before the work starts (one-line
:class:`~playbook.errors.PlaybookError`), does the work, and returns the outcome with its
verdict sentences and exit code (0: verified; 1: words not found in time or problems in the
file).

Examples:
    A build of the smallest bundled game (Mastermind, three pegs and two colours), the YAML
    only, in a folder of its own; the Dutch TV build is the same two calls on
    ``lingo-nl-5-tv.yaml`` (a minute or more):

    >>> import tempfile
    >>> from importlib import resources
    >>> from pathlib import Path
    >>> from playbook import api
    >>> cfg = api.load_config(
    ...     resources.files("playbook.configs") / "mastermind-3x2.yaml", {"render.formats": "yaml"}
    ... )
    >>> job = api.prepare_build(cfg, Path(tempfile.mkdtemp()))
    >>> outcome = api.run_build(job)
    >>> print(outcome.verdict, outcome.exit_code)
    verified: every word found within 5 turns 0
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # what the names below are, for the type checker (loaded lazily at run time)
    from playbook.api.building import *  # noqa: F403
    from playbook.api.endgames import *  # noqa: F403
    from playbook.api.playing import *  # noqa: F403
    from playbook.api.sheets import *  # noqa: F403
    from playbook.api.solving import *  # noqa: F403

FAMILIES: dict[str, tuple[str, ...]] = {
    "building": (
        "AfterBuild",
        "BuildJob",
        "BuildOutcome",
        "BuildResult",
        "Likely",
        "Progress",
        "Session",
        "Written",
        "after_build",
        "load_config",
        "prepare_build",
        "run_build",
    ),
    "sheets": (
        "RenderOutcome",
        "SitePlan",
        "VerifyOutcome",
        "format_suffix",
        "output_file",
        "render_playbook",
        "render_target",
        "site_plan",
        "verify_playbook",
        "write_site",
    ),
    "solving": ("OptimalPlay", "StrategyResult", "optimal", "play_rule", "rank"),
    "playing": (
        "Assistant",
        "Board",
        "COMPILING",
        "NEW",
        "OPTIMAL_BUDGET",
        "PlayedGame",
        "Simulation",
        "Translator",
        "open_board",
        "optimal_plan",
        "plural",
        "said",
        "screen_colours",
    ),
    "endgames": ("EndGameFigures", "EndGameRun", "Rules", "check_endgame", "end_game", "percent"),
}
"""The api's modules, a family of commands each, and the names each gives the package (their
``__all__``, less what another family gives first: ``tests/api/test_api.py`` holds the two
equal)."""

_HOME = {name: family for family, names in FAMILIES.items() for name in names}

__all__ = sorted(_HOME)


def __getattr__(name: str) -> Any:
    if name.startswith("__"):
        raise AttributeError(name)
    family = _HOME.get(name)
    if family is None:
        raise AttributeError(f"module 'playbook.api' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"playbook.api.{family}"), name)
    globals()[name] = value
    return value
