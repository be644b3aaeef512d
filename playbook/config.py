"""The build configuration: one frozen object, loaded strictly from YAML, at the bottom of
the house (it imports no room above it).

Unknown keys (with a "did you mean"), wrong types and impossible values are errors that name
the file, the line and the key, and say what is allowed; a closed set's value is read as its
member (:mod:`playbook.kinds`). The choices that belong to a registry (a game and its rules,
a ranking, tiles, a language, output formats, a backend) are checked by
:mod:`playbook.pipeline.choices` when a session opens, naming the same (:meth:`Config.refuse`).
"""

from __future__ import annotations

import dataclasses
import difflib
import os
from pathlib import Path
from typing import Any

import yaml

from playbook import kinds, values
from playbook.errors import ConfigError
from playbook.io import safe_yaml


@dataclasses.dataclass(frozen=True)
class WordsConfig:
    """Which word list, and how to normalise it."""

    list: str = "opentaal-nl"
    """A bundled list name (see ``playbook lists``) or a path to a file, one word a line."""
    answers: str | None = None
    """Optional separate answer list (bundled name or path); default: the word list itself."""
    answer_model: kinds.AnswerModel = kinds.AnswerModel.ALL
    """Which words the plan must find (guesses stay the whole list): ``all`` words,
    the ``common`` ones (Zipf frequency at least ``min_zipf``, or the ``most_common`` of each
    length; frequencies from wordfreq, bundled), the likely ``picks`` (each word's chance of
    being the word a show picks at least ``min_chance``: a model fitted on words editors
    really picked, bundled), or every word ``weighted`` by frequency
    (every word guaranteed as under ``all``, the most used tried first wherever that keeps
    the guarantee, and the build's figures weighted by how often each word is used)."""
    min_zipf: float = 2.5
    """The common model's threshold: words used at least this often (Zipf: log10 of uses
    per billion words; 2.5 is about once in three million words)."""
    most_common: int | None = None
    """The common model's other choice: the N most frequent words of each length (instead
    of the threshold)."""
    min_chance: float = 0.05
    """The picks model's threshold: the words whose chance of being a show's pick is at
    least this (0 to 1; the chances are bundled with the lists, ``playbook lists``)."""
    play_chance: float | None = None
    """The words the plan plays of its own choice (openings, exception moves) are words a
    person knows: those whose chance of being a show's pick is at least this, and the answers
    (a bundled list's language); unset: every word of the list may be played. The words
    tried as the answer are always the answers themselves."""
    length: int = 5
    """Letters per word; entries of other lengths are dropped."""
    max_length: int | None = None
    """Keep lengths from ``length`` up to this (hangman: one group per length)."""
    ij_to_y: bool = False
    """Replace every "ij" with "y" before measuring length (the 1994 paper's convention:
    partij and party become one word)."""
    ij_letter: bool = False
    """Count IJ as the letter of its own it is on the TV board, distinct from Y (written
    ``ĳ`` inside): partij and party stay two words, IJ and Y two groups."""
    lowercase: bool = False
    """Lowercase entries first (else entries with capitals, e.g. proper nouns, are dropped)."""
    accents: kinds.Accents = kinds.Accents.DROP
    """Entries with letters outside a-z: ``drop`` them, ``map`` them (u-umlaut -> ue,
    e-acute -> e) or ``reject`` the list."""


@dataclasses.dataclass(frozen=True)
class RulesConfig:
    """The game's rules."""

    turns: int = 5
    """Guesses allowed to find the word."""
    revealed: kinds.Revealed = kinds.Revealed.FIRST
    """What the host reveals first: ``first`` letter, or ``none``."""
    guess_pool: kinds.GuessPool = kinds.GuessPool.ALL
    """``all`` words of the length may be guessed (the paper), or only those that start
    with the ``revealed`` letter (the TV rules)."""
    hard: bool = False
    """The strict hard mode: every guess must fit all the feedback so far (it could still be
    the answer); stricter than the hard mode Wordle enforces (letters revealed used again),
    which the exact search of ``playbook.studies.hard_mode`` plays
    (:data:`playbook.games.base.HARD_MODES` names both)."""
    keep_revealed: bool = False
    """Wordle's own hard mode: every guess keeps what the feedback before it revealed (a
    letter in the right place stays there, a letter found is used again); Wordle only."""
    misses: int = 6
    """Hangman: the game is lost at this many misses."""


@dataclasses.dataclass(frozen=True)
class MastermindConfig:
    """Mastermind's code space."""

    pegs: int = 4
    colours: int = 6


@dataclasses.dataclass(frozen=True)
class SearchConfig:
    """How the openings are searched."""

    max_openings: int = 3
    """Most fixed opening words to try (0 to 3)."""
    ranking: str = "scm"
    """Order of candidate moves: ``scm`` (the paper's), ``expected-size`` or ``entropy``."""
    restarts: int = 200
    """Hill-climbing restarts per letter for three openings."""
    seed: int = 1994
    """Seed of the hill-climbing starts."""
    budget: int = 60
    """Seconds per group for exact searches (hangman's minimax, the optimal strategy)."""
    nodes: int = 5_000_000
    """Search nodes per group for the exact searches that shape a card (the exception rows
    that find more words in time, an opening swapped for a better one, the fewest words any
    strategy must leave): counted, not timed, so a config gives the same plan on any machine
    and under any load (``--jobs`` changes the time, never the plan)."""
    device: kinds.Device = kinds.Device.CPU
    """Where the exhaustive triple search runs: ``cpu``, ``gpu`` (a CUDA GPU through
    numba.cuda; an error where there is none) or ``auto`` (the GPU where there is one)."""
    try_order: kinds.TryOrder = kinds.TryOrder.LIST
    """The order of the words tried after the openings: ``list`` order wherever that finds
    every word in time (the least to learn), or ``likely``: the most used words first
    wherever that finds every word in time (fewer turns for the words a show plays; each
    such list is one more thing to learn). Where no order finds every word, the order that
    loses the least likely words (``likely``) or the most words in time (``list``)."""
    first: str | None = None
    """The ``optimal`` profile's first guess (salet): the optimum among the trees that open
    with it in every group; unset: the optimum over every first guess."""
    card_words: int | None = None
    """The most words the card may print (every distinct word a contestant learns from it:
    openings, exceptions, try lists, words not guaranteed): where the plan's card prints
    more, the exceptions that find the fewest answers per word printed are dropped until it
    fits, their answers then left to the card's rule (declared not guaranteed where they are
    not found in time). Unset: every exception the guarantee needs."""
    nesting: int | None = None
    """How deep the exception moves of the simple profile's tables may nest on the card:
    0 (a trigger's move is followed by try lists only), 1 (one more trigger inside it), ...;
    unset: as deep as the turns allow. Where the cap costs a word, the plan declares it."""
    trade_turns: int = 0
    """The ``optimal`` profile on a list with more words than answers (Wordle's guesses):
    turns a subtree may cost its answers more where it then loses fewer words of the list
    (followed as ``play`` follows the tree: the tree, then the most-parts rule), by more
    words than turns. 0 keeps the proven total: among the tree's equals, the one that loses
    the fewest."""
    exhaustive_depth: int = 3
    """Up to how many opening words the search is exhaustive: 3 (the default) decides for
    every group that needs three openings whether a triple meets the target and takes the
    best; 2 leaves triples to hill-climbing (the paper's method)."""


@dataclasses.dataclass(frozen=True)
class FastConfig:
    """The ``fast`` profile: fewer fixed words, a next move for every feedback row."""

    openings: int = 1
    """Fixed opening words (1 or 2)."""
    breadth: int = 8
    """Moves examined by the lookahead at a row (halved at each deeper level)."""
    candidates: int = 6
    """Opening words (best by expected size) whose whole tables are compared."""


@dataclasses.dataclass(frozen=True)
class RenderConfig:
    """How the printed playbook looks."""

    tiles: str = "lingo"
    """Feedback tiles: ``lingo`` (red square, yellow circle) or ``wordle`` (green, yellow,
    grey); every tile also carries a symbol for black-and-white prints."""
    formats: str = "yaml,html,pdf,card,page"
    """Files that ``build`` writes, comma-separated from yaml and the formats of the
    renderers: html, pdf, md, card, page (the play-along page: by default only for games
    whose feedback the browser computes)."""
    language: str = "auto"
    """Language of the book and the card: ``en``, ``nl``, or ``auto`` (the language of the
    word list: Dutch for the OpenTaal lists and for a list that counts IJ as one letter,
    English for the others and for Mastermind)."""
    frontier: bool = False
    """The book (html, pdf, md) with the memorisation frontier as an appendix, where
    ``scripts/frontier.py`` measured one for this list and these rules (research: left out
    unless asked)."""

    @property
    def asked(self) -> tuple[str, ...]:
        """``formats`` as the names it lists, read once here (the choices are checked when
        a session opens: :mod:`playbook.pipeline.choices`)."""
        return tuple(f.strip() for f in self.formats.split(","))


@dataclasses.dataclass(frozen=True)
class Config:
    """A whole build configuration."""

    name: str
    """Name of the playbook; output goes to ``<out>/<name>/``."""
    source: str = "<defaults>"
    """The file it was read from (for messages)."""
    game: str = "lingo"
    """A game of the registry."""
    description: str = ""
    words: WordsConfig = WordsConfig()
    rules: RulesConfig = RulesConfig()
    search: SearchConfig = SearchConfig()
    profile: kinds.Profile = kinds.Profile.SIMPLE
    """``simple`` (the paper's kind: fixed openings, then tables), ``fast`` (fewer turns,
    bigger table) or ``optimal`` (per group the whole decision tree of the fewest guesses,
    proven by exact search within ``search.budget``: the best play, not a card to learn)."""
    fast: FastConfig = FastConfig()
    render: RenderConfig = RenderConfig()
    mastermind: MastermindConfig = MastermindConfig()
    n_jobs: int = 1
    """Worker processes (-1: one per core)."""
    backend: str = "loky"
    """Where the work runs: ``loky`` (local processes) or ``dask`` (a Dask cluster)."""
    scheduler: str | None = None
    """Address of a running Dask scheduler (``tcp://host:port``); without it ``dask`` starts
    a local cluster with ``n_jobs`` workers."""
    compare: str | None = None
    """A reference playbook (e.g. the 1994 paper's) to compare with in the summary."""
    lines: tuple[tuple[str, int], ...] = dataclasses.field(default=(), compare=False, repr=False)
    """The line of each key in its file (dotted keys; 0 for a key set on the command
    line), for messages; not a setting."""

    def line_of(self, key: str) -> int | None:
        """The line of ``key`` in the file it was read from (None: not written there)."""
        return dict(self.lines).get(key)

    def written(self, key: str) -> bool:
        """Whether the file sets ``key`` (rather than the default)."""
        return self.line_of(key) is not None

    def refuse(self, key: str, why: str) -> ConfigError:
        """The one-line error of a key: the file, its line and the key, and why."""
        line = self.line_of(key)
        return ConfigError(f"{self.source}{f':{line}' if line else ''}: key '{key}': {why}")

    def game_settings(self) -> dict[str, Any]:
        """Every rule a game may take from the config, by the name of its field (each game
        takes the ones it has: :meth:`playbook.games.Game.configure`)."""
        return {
            "length": self.words.length,
            "turns": self.rules.turns,
            "revealed": self.rules.revealed,
            "hard": self.rules.hard,
            "keep_revealed": self.rules.keep_revealed,
            "pegs": self.mastermind.pegs,
            "colours": self.mastermind.colours,
            "misses": self.rules.misses,
            "max_length": self.words.max_length or self.words.length,
            "guess_pool": self.rules.guess_pool,
        }

    @property
    def base_dir(self) -> Path:
        """Folder that relative paths in the config are relative to."""
        return Path(self.source).parent if self.source != "<defaults>" else Path(".")


_SECTIONS: dict[str, type] = {
    "words": WordsConfig,
    "rules": RulesConfig,
    "search": SearchConfig,
    "fast": FastConfig,
    "render": RenderConfig,
    "mastermind": MastermindConfig,
}


def _choices(key: str) -> tuple[str, ...] | None:
    """The values a key allows where the schema owns them (None: any value of its type, or
    a registry's choice, checked when a session opens)."""
    kind = kinds.BY_KEY.get(key)
    return kinds.values_of(kind) if kind is not None else None


MAX_NAME = 100
"""The longest playbook name (it names the output folder and its files)."""

MAX_OPENINGS = 3
"""Most fixed openings a search chooses (``search.max_openings``)."""

_RANGES: dict[str, tuple[int, int]] = {
    # the games' own limits (length, turns, misses, pegs, colours) are the games' ranges,
    # checked when a session opens
    "search.max_openings": (0, MAX_OPENINGS),
    "words.min_zipf": (0, 8),
    "words.min_chance": (0, 1),
    "words.play_chance": (0, 1),
    "words.most_common": (1, 10_000_000),
    "search.restarts": (1, 1_000_000),
    "search.seed": (0, 2**63 - 1),
    "search.budget": (1, 86400),
    "search.nodes": (1, 10**12),
    "search.exhaustive_depth": (1, 3),
    "search.trade_turns": (0, 3),
    "search.nesting": (0, 8),
    "search.card_words": (1, 100_000),
    "fast.openings": (1, 2),
    "fast.breadth": (1, 64),
    "fast.candidates": (1, 64),
    "n_jobs": (-1, 1024),
}


class _Lines:
    """Line numbers of keys in a YAML document, for error messages."""

    def __init__(self, text: str) -> None:
        self.lines: dict[str, int] = {}
        try:
            node = yaml.compose(text, Loader=yaml.SafeLoader)
        except yaml.YAMLError:
            return
        self._walk(node, "")

    def _walk(self, node: Any, prefix: str) -> None:
        if isinstance(node, yaml.MappingNode):
            for k, v in node.value:
                key = f"{prefix}{k.value}"
                self.lines[key] = k.start_mark.line + 1
                self._walk(v, key + ".")

    def at(self, key: str) -> str:
        line = self.lines.get(key)
        return f":{line}" if line else ""


def _check_value(
    path: str, lines: _Lines, key: str, value: Any, field: dataclasses.Field[Any]
) -> Any:
    where = f"{path}{lines.at(key)}: key {key!r}"
    ftype = field.type if isinstance(field.type, str) else field.type.__name__
    optional = "None" in ftype
    if value is None:
        if optional:
            return None
        raise ConfigError(f"{where}: needs a value")
    want: type = {"int": int, "bool": bool, "float": float}.get(ftype.split(" ")[0], str)
    if (why := values.refusal(value, want)) is not None:
        raise ConfigError(f"{where}: {why}")
    choices = _choices(key)
    if choices is not None and value not in choices:
        raise ConfigError(f"{where}: {value!r} is not allowed; allowed: {', '.join(choices)}")
    if key in _RANGES:
        lo, hi = _RANGES[key]
        if not lo <= value <= hi:
            raise ConfigError(f"{where}: {value} is out of range; allowed: {lo} to {hi}")
    if key == "n_jobs" and value == 0:
        raise ConfigError(f"{where}: 0 is not allowed; use a positive number or -1 (all cores)")
    if key == "name" and (not value or "/" in value or value.startswith(".") or os.sep in value):
        raise ConfigError(f"{where}: {value!r} must be a plain name (no slashes, not hidden)")
    if key == "name" and len(value) > MAX_NAME:
        raise ConfigError(
            f"{where}: a name of {len(value)} characters; at most {MAX_NAME} (it names the "
            "output folder)"
        )
    kind = kinds.BY_KEY.get(key)
    return kind(value) if kind is not None else value


def _unknown(path: str, lines: _Lines, key: str, allowed: list[str]) -> ConfigError:
    leaf = key.rsplit(".", 1)[-1]
    close = difflib.get_close_matches(leaf, allowed, n=1)
    hint = f" (did you mean '{close[0]}'?)" if close else ""
    return ConfigError(
        f"{path}{lines.at(key)}: unknown key {key!r}{hint}; allowed: {', '.join(allowed)}"
    )


def _build(cls: type, data: dict[str, Any], path: str, lines: _Lines, prefix: str) -> Any:
    fields = {f.name: f for f in dataclasses.fields(cls) if f.name != "source"}
    kwargs: dict[str, Any] = {}
    for k, v in data.items():
        key = f"{prefix}{k}"
        if not isinstance(k, str) or k not in fields:
            raise _unknown(path, lines, key, sorted(fields))
        if k in _SECTIONS:
            if v is None:
                v = {}
            if not isinstance(v, dict):
                raise ConfigError(
                    f"{path}{lines.at(key)}: key {key!r}: expected a mapping of settings, got {v!r}"
                )
            kwargs[k] = _build(_SECTIONS[k], v, path, lines, key + ".")
        else:
            kwargs[k] = _check_value(path, lines, key, v, fields[k])
    return cls(**kwargs)


def parse(text: str, path: str) -> Config:
    """Build a :class:`Config` from YAML text; ``path`` names it in errors."""
    data = safe_yaml.load_yaml(text, path, ConfigError)
    if not isinstance(data, dict):
        raise ConfigError(f"{path}: expected a mapping of settings at the top level")
    lines = _Lines(text)
    if "playbook" in data and "groups" in data:
        raise ConfigError(
            f"{path}: this is a playbook, not a config; give it as --playbook {path} "
            "(after a config such as lingo-nl-5)"
        )
    if "name" not in data:
        raise ConfigError(f"{path}: missing key 'name' (the playbook's name)")
    cfg: Config = _build(Config, data, path, lines, "")
    cfg = dataclasses.replace(cfg, source=path, lines=tuple(lines.lines.items()))
    _check_consistency(cfg)
    return cfg


def _check_consistency(cfg: Config) -> None:
    """Keys that do not fit the others (the schema's own rules; the registries' follow when
    a session opens)."""
    refuse = cfg.refuse
    if cfg.scheduler and cfg.backend != "dask":
        raise refuse(
            "scheduler",
            f"a Dask scheduler is used by backend: dask, but backend is {cfg.backend!r}; set "
            "backend: dask or leave the scheduler out",
        )
    words = cfg.words
    if words.max_length is not None and words.max_length < words.length:
        raise refuse(
            "words.max_length",
            f"{words.max_length} is below words.length ({words.length}); the lengths run from "
            "words.length up to max_length",
        )
    if words.ij_to_y and words.ij_letter:
        raise refuse(
            "words.ij_letter",
            "IJ is either a letter of its own (ij_letter) or written as y (ij_to_y, the 1994 "
            "paper's); set one",
        )
    if words.answer_model != kinds.AnswerModel.ALL and words.answers is not None:
        raise refuse(
            "words.answer_model",
            f"{str(words.answer_model)!r} picks the answers from the word list, and words.answers "
            "names a list of its own; set one",
        )
    if words.answer_model != "common" and words.most_common is not None:
        raise refuse(
            "words.most_common",
            f"belongs to answer_model: common, but the model is {str(words.answer_model)!r}",
        )
    if cfg.profile == kinds.Profile.FAST and cfg.fast.openings >= cfg.rules.turns:
        raise refuse(
            "fast.openings",
            f"{cfg.fast.openings} fixed words leave no turn to find the word within "
            f"{cfg.rules.turns} turns",
        )


def load(path: str | os.PathLike[str]) -> Config:
    """Read and check a config file."""
    p = Path(path)
    raw = safe_yaml.read_user_file(p, 1 << 20, "config", ConfigError)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ConfigError(f"{p}: not UTF-8 text; expected a YAML config") from None
    return parse(text, str(p))


def override(cfg: Config, **changes: Any) -> Config:
    """A copy with dotted keys changed (command-line flags), checked like the file."""
    lines = _Lines("")
    out = cfg
    set_here = {key for key, value in changes.items() if value is not None}
    # a key the command line sets is written, on no line of the file
    kept = tuple((k, n) for k, n in cfg.lines if k not in set_here) + tuple(
        (k, 0) for k in set_here
    )
    for key, value in changes.items():
        if value is None:
            continue
        section, _, leaf = key.rpartition(".")
        if section:
            sub = getattr(out, section)
            field = next(f for f in dataclasses.fields(sub) if f.name == leaf)
            _check_value("command line", lines, key, value, field)
            out = dataclasses.replace(out, **{section: dataclasses.replace(sub, **{leaf: value})})
        else:
            field = next(f for f in dataclasses.fields(out) if f.name == leaf)
            _check_value("command line", lines, key, value, field)
            out = dataclasses.replace(out, **{leaf: value})
    out = dataclasses.replace(out, lines=kept)
    _check_consistency(out)
    return out
