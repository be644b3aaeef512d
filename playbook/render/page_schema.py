"""The play-along page's data, described once and versioned: what
:func:`playbook.render.page.page_data` returns, and what
:func:`~playbook.render.page.render_page` embeds (adding, on a page in another language, its
words and decimal sign, and on a page of several plans, each plan's head), as TypedDicts.

The page's scripts read the same data as the JSDoc typedef ``PageData`` of
``render/templates/page-schema.js``, key for key (``tests/render/test_page_schema.py`` holds the two
the same, and ``page_data`` of real plans to these keys). :data:`DATA_VERSION` names the
layout; ``page-rules.js`` reads only its own (its ``DATA_VERSION``, held equal to this one)
and the page says so where the data is of another. A key added, gone or read otherwise is a
new layout: bump both.

No ``from __future__ import annotations`` here: a TypedDict tells its optional keys
(``__optional_keys__``, ``NotRequired``) from annotations it can evaluate.
"""

from typing import Any, NotRequired, TypedDict

DATA_VERSION = 3
"""The layout of the page's data (``v``; ``page-rules.js`` reads this one only)."""

RowData = list[Any]
"""A row of a table: ``[key, node]``. The key: each block's feedback code in base 36,
``keyWidth`` digits each (``*``: any other feedback; ``!`` and the feedback: a row the walk
never matches). The node: word indexes to try, ``"all"`` (every word still possible), or a
move and its own table (:class:`MoveData`)."""


class MoveData(TypedDict):
    """A row's move: play word ``m``, then look its feedback up in its own table ``t``."""

    m: int
    t: list[RowData] | None


class GroupData(TypedDict):
    """One group's plan."""

    g: str
    """The group (``*``: every word)."""
    label: str
    """Its name as the terminal writes it."""
    w: list[list[int]]
    """Its words: ``[start, end)`` ranges of indexes into the words, in list order."""
    o: list[int]
    """The openings."""
    t: list[RowData] | None
    """The table."""
    u: list[int]
    """The words not guaranteed."""
    avg: float | None
    """The average turns (None: not measured)."""
    worst: int | None
    """The most turns (None: not measured)."""
    fail: int
    """Words not found in time."""


class GuessList(TypedDict, total=False):
    """A guess list besides the answers, where the plan has one: the other words only
    (``guessesExtra``) where both lists are in sorted order and every answer is a guess, else
    the whole list in its order (``guesses``)."""

    guesses: str
    guessesExtra: str


class PageHead(TypedDict):
    """A plan's words above the game, on a page of several plans (the script shows the
    picked plan's)."""

    title: str
    description: str
    rules: str
    pool: str
    tab: str


class PageData(TypedDict):
    """The data of one plan's page, as its script reads it (words as indexes into
    ``words``)."""

    v: int
    """The layout: :data:`DATA_VERSION`."""
    name: str
    rule: str
    """The game's feedback rule in the browser (``marks``)."""
    length: int
    turns: int
    early: bool
    """The rule of early tries: the openings stop where the words still possible fit."""
    limitName: str
    solved: int
    """The feedback code of the word found."""
    keyWidth: int
    """Base-36 digits of each block's code in a row's key."""
    typed: dict[str, int]
    """The marks a person may type, by character."""
    skip: str
    """The characters typed feedback leaves out."""
    shown: list[str]
    """The symbol of each mark: absent, wrong place, right place."""
    pool: str
    """Which guesses a group allows: ``all``, or ``revealed`` (those with its letter first)."""
    hard: bool
    revealed: str
    """Which letter is revealed: ``first`` or ``none``."""
    ij: str
    """IJ's character in the list's words (empty where none)."""
    apart: list[str]
    """Words whose i and j are two letters."""
    words: str
    """The answers in list order, then every other word the plans play, spaced."""
    answers: int
    """How many of the words are answers."""
    spelled: dict[str, str]
    """Words as written, where the list writes them otherwise."""
    weight: list[float] | None
    """log10 of each word's weight (None: no model for the list's language)."""
    rare: bool
    """A plan for a part of the list: a rarer word falls back to the words that fit."""
    offTree: bool
    """A whole tree: off it, the best move for the words still possible."""
    likely: list[int] | None
    """The chance of each word of the guess list that is no answer, in the list's order, of
    being the pick (hundred-thousandths): off a whole tree, the last turn plays the likeliest
    word still possible (None: no tree, or no model for the list's language)."""
    groups: list[GroupData]
    small: int
    """A letter of at most this many words and no openings: the card prints its words."""
    guesses: NotRequired[str]
    """The guess list in its order, spaced (where it is not the answers and more in order)."""
    guessesExtra: NotRequired[str]
    """The guesses that are no answers, spaced (the script merges them with the answers)."""
    messages: NotRequired[dict[str, str | list[str]]]
    """The page's words in its language (none on an English page)."""
    decimal: NotRequired[str]
    """The language's decimal sign (none on an English page)."""
    group: NotRequired[str]
    """The language's sign between groups of three digits (none on an English page)."""
    head: NotRequired[PageHead]
    """The plan's words above the game (a page of several plans)."""
