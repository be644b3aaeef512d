"""The registries' names, light to import (nothing but the standard library's nothing).

The command line lists its choices from here before it loads what a command needs, so that
``playbook --help`` does not import numba, scipy or the renderers (issue 48: a command pays
only for what it uses). Each registry takes its names from here, or, where it keys richer
values by them (the render formats), a test checks that it agrees.
"""

from __future__ import annotations

DEFAULT_CONFIG = "lingo-nl-5"
"""The config ``build`` uses when none is named."""

FIRST_CONSISTENT = "first-consistent"
"""The rule that plays the first word still possible, in list order (no ranking)."""

RULES = ("minimax", "most-parts", "expected-size", "entropy", "scm", FIRST_CONSISTENT)
"""Greedy rules of the strategies and of play: a ranking that prefers possible words on
ties, or ``first-consistent``."""

BACKENDS = ("loky", "dask")
"""Where work runs: local processes, or a Dask cluster."""

FORMATS = ("pdf", "html", "md", "card", "page")
"""The render formats, by name (``playbook.render.FORMATS`` keys its specs by these)."""

TILE_STYLES = ("lingo", "wordle")
"""The colour schemes of tiles: Lingo's (red and yellow) and Wordle's (green and yellow)."""

LANGUAGES = ("en", "nl")
"""The languages the sheets are written in: English (the message ids) and those with a
catalog."""

AUTO = "auto"
"""The language of the playbook's word list where it has one of :data:`LANGUAGES`, else
English (``render.language``'s default)."""

LANGUAGE_CHOICES = (AUTO, *LANGUAGES)
"""What ``render.language`` and ``render --language`` take."""

HOSTS = ("all", "random", "adversarial")
"""Who picks the word in self-play: every answer once, random answers, or a cheating host."""

GUESSERS = {
    "most": "the letter held by the most words still possible, ties broken at random",
    "proportional": "a letter drawn in proportion to how many words still possible hold it",
    "smallest": "the letter whose largest family of words still possible is smallest (this "
    "project's greedy rule), ties broken at random",
}
"""Hangman's randomised guessers (``mistakes --strategy``), by name."""

SHELLS = ("bash", "zsh", "tcsh", "fish", "powershell")
"""The shells ``playbook completion`` writes a script for (shtab's)."""
