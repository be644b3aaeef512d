"""Errors that the command line reports as one clear line (never a traceback)."""

from __future__ import annotations


class PlaybookError(Exception):
    """A problem with user input: a word list, a config, a playbook file or a command.

    The message is one line that names the file (and line or key where known) and says what is
    allowed. The CLI prints it and exits with :attr:`exit_code`.
    """

    exit_code = 2


class WordListError(PlaybookError):
    """A word list cannot be read or does not satisfy the rules. ``key``: the ``words`` key
    of the list it comes from (``list``, ``answers``...), where the loader knows it."""

    key: str | None = None


class ConfigError(PlaybookError):
    """A config file is malformed, has unknown keys, wrong types or impossible values."""


class PlaybookFileError(PlaybookError):
    """A playbook file is malformed or does not belong to the word list or rules."""
