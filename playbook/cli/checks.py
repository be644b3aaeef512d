"""The command line's value checks: each flag's text to its value, or argparse's one-line
refusal naming what is allowed."""

from __future__ import annotations

import argparse

from playbook.arguments import MAX_JOBS


def jobs(text: str) -> int:
    """--jobs: a number of workers up to :data:`MAX_JOBS`, or -1 for one per core."""
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n == 0 or n < -1 or n > MAX_JOBS:
        raise argparse.ArgumentTypeError(
            f"expected a number of workers from 1 to {MAX_JOBS}, or -1, got {text!r}"
        )
    return n


def at_least(text: str, least: int) -> int:
    """A whole number of at least ``least``, or the one-line refusal."""
    try:
        n = int(text)
    except ValueError:
        n = least - 1
    if n < least:
        raise argparse.ArgumentTypeError(
            f"expected a whole number of at least {least}, got {text!r}"
        )
    return n


MAX_GAMES = 10_000_000
"""The most games ``simulate --host random`` plays."""


def positive(text: str) -> int:
    """A count of games from one to :data:`MAX_GAMES` (``simulate --games``)."""
    n = at_least(text, 1)
    if n > MAX_GAMES:
        raise argparse.ArgumentTypeError(f"expected at most {MAX_GAMES:,} games, got {text!r}")
    return n


MAX_SEED = 2**63 - 1


MAX_SECONDS = 30 * 86400
"""The longest ``--budget``: thirty days (a clock beyond the platform's time_t otherwise)."""


def seconds(text: str) -> float:
    """A time budget: seconds above 0, at most :data:`MAX_SECONDS` (``value``, ``mistakes``,
    ``strategy``)."""
    try:
        x = float(text)
    except ValueError:
        x = 0.0
    if not 0 < x <= MAX_SECONDS:
        raise argparse.ArgumentTypeError(
            f"expected seconds, a number above 0 and at most {MAX_SECONDS} (30 days), got {text!r}"
        )
    return x


def budget(parser: argparse.ArgumentParser) -> None:
    """``--budget``: the seconds a search may take before it exits 1 undecided."""
    parser.add_argument(
        "--budget", type=seconds, default=60.0, help="seconds in all (default 60); exit 1 after"
    )


def sample(text: str) -> int:
    """A sample size: 2 words or more (``value --sample``)."""
    return at_least(text, 2)


def seed(text: str) -> int:
    """A seed: a whole number from 0 to 2**63 - 1 (``--seed``)."""
    try:
        n = int(text)
    except ValueError:
        n = -1
    if not 0 <= n <= MAX_SEED:
        raise argparse.ArgumentTypeError(
            f"expected a whole number from 0 to {MAX_SEED}, got {text!r}"
        )
    return n
