"""The one setup path: config -> game -> word lists -> feedback matrix -> a problem per group.

Every command that works on a config (build, strategy, rank, play, simulate) opens a
:class:`Session` and asks it for the problems of the groups it needs.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from playbook import words
from playbook.config import Config, WordsConfig
from playbook.core.matrix import cached_matrix, size_refusal
from playbook.core.problem import Problem
from playbook.errors import ConfigError, PlaybookFileError
from playbook.games import Game, find_game
from playbook.kinds import AnswerModel
from playbook.model import ListSettings, Playbook, Words, group_key
from playbook.pipeline import choices
from playbook.spelling import Spelling

MIN_ZIPF = WordsConfig.min_zipf
"""The common model's threshold where a playbook does not say (the config's default)."""
MIN_CHANCE = WordsConfig.min_chance
"""The picks model's threshold where a playbook does not say (the config's default)."""


@dataclasses.dataclass(frozen=True)
class Lists:
    """The guesses and answers of a game, and which list a playbook's checksum names."""

    guesses: words.WordList
    answers: words.WordList
    plays: frozenset[str] | None = None
    """The words a plan may play of its own choice (``words.play_chance``: words a person
    knows, and the answers); None: every guess."""

    @property
    def main(self) -> words.WordList:
        """The list recorded as ``words.list`` (the answers where guesses are generated)."""
        return self.answers if self.guesses.name == "generated" else self.guesses


def _generated(ws: tuple[str, ...]) -> words.WordList:
    return words.WordList("generated", ws, words.words_sha256(ws))


def load_lists(info: ListSettings, base: Path | None = None, game: Game | None = None) -> Lists:
    """Guesses and answers as a config's or a playbook's ``words`` section describes them; a
    game that generates its codes (Mastermind) needs no list, hangman generates only its
    guesses. A list that cannot be had is a :class:`~playbook.words.WordListError` naming
    its key (``list``, ``answers``, ``answer_model``, ``play_chance``)."""
    if game is not None and (codes := game.generated_words()) is not None:
        return _fitting(game, Lists(_generated(codes), _generated(codes)))
    opts = {
        k: getattr(info, k)
        for k in ("length", "ij_to_y", "ij_letter", "lowercase", "accents", "max_length")
        if getattr(info, k) is not None
    }
    if "length" not in opts and game is not None and game.word_length:
        opts["length"] = game.word_length
    with _key("list"):
        listed = words.load(str(info.list), base=base, **opts)
    if game is not None and (letters := game.generated_guesses()) is not None:
        return _fitting(game, Lists(_generated(letters), listed))
    answers = listed
    if info.answers:
        with _key("answers"):
            answers = words.load(str(info.answers), base=base, **opts)
    elif info.answer_model == AnswerModel.COMMON:
        with _key("answer_model"):
            answers = _common(info, listed)
    elif info.answer_model == AnswerModel.PICKS:
        with _key("answer_model"):
            answers = _picks(info, listed)
    plays = None
    if info.play_chance is not None:
        least = float(info.play_chance)
        with _key("play_chance"):
            chance = words.chance_of(listed.words, _language(info, listed))
        known = (w for w, c in zip(listed.words, chance, strict=True) if c >= least)
        plays = frozenset(known) | frozenset(answers.words)
    return _fitting(game, Lists(listed, answers, plays))


@contextlib.contextmanager
def _key(key: str) -> Iterator[None]:
    """A word list error raised inside, named with the ``words`` key it comes from."""
    try:
        yield
    except words.WordListError as exc:
        if exc.key is None:
            exc.key = key
        raise


def model_zipf(info: ListSettings, wl: words.WordList) -> list[float]:
    """Each word's Zipf frequency in the language of the list ``info`` describes (a config's
    or a playbook's ``words``); a one-line error where no frequencies are known for it."""
    language = words.list_language(info)
    if language is None:
        raise words.WordListError(
            f"answer_model {str(info.answer_model)!r}: no word frequencies for {wl.name} "
            "(they are bundled for Dutch and English lists: a bundled list, or a list with "
            "ij_letter); use answer_model: all, or words.answers: FILE"
        )
    return words.zipf_of(wl.words, language, wl.spelled)


def _language(info: ListSettings, wl: words.WordList) -> str:
    """The language of the list ``info`` describes, or a one-line error where it has no
    bundled model (a list from a file without ij_letter)."""
    language = words.list_language(info)
    if language is None:
        raise words.WordListError(
            f"answer_model {str(info.answer_model)!r}: no answer model for {wl.name} "
            "(bundled for Dutch and English lists: a bundled list, or a list with "
            "ij_letter); use answer_model: all, or words.answers: FILE"
        )
    return language


def model_weights(info: ListSettings, wl: words.WordList) -> list[float]:
    """How likely each word of ``wl`` is to be the show's word under the playbook's model:
    its chance under ``picks``, its frequency (10 to the Zipf value, the rarest measured for
    a word of none) under the others."""
    if info.answer_model == AnswerModel.PICKS:
        return words.chance_of(wl.words, _language(info, wl))
    zipf = model_zipf(info, wl)
    table = words.frequencies(_language(info, wl))
    floor = min(table.values(), default=0.0)
    return [10.0 ** max(z, floor) for z in zipf]


def _picks(info: ListSettings, listed: words.WordList) -> words.WordList:
    """The picks model's answers: the words of ``listed`` whose chance of being a show's pick
    is at least ``min_chance``."""
    least = float(info.min_chance if info.min_chance is not None else MIN_CHANCE)
    chance = words.chance_of(listed.words, _language(info, listed))
    kept = tuple(w for w, c in zip(listed.words, chance, strict=True) if c >= least and c > 0)
    if not kept:
        raise words.WordListError(
            f"answer_model 'picks': no word of {listed.name} has a chance of {least:g} or "
            "more; lower min_chance"
        )
    name = f"{listed.name} (chance >= {least:g})"
    return words.WordList(name, kept, words.words_sha256(kept), spelled=listed.spelled)


def _common(info: ListSettings, listed: words.WordList) -> words.WordList:
    """The common model's answers: the words of ``listed`` used at least ``min_zipf``
    (or the ``most_common`` of each length)."""
    most = info.most_common
    least = info.min_zipf if info.min_zipf is not None else MIN_ZIPF
    kept = words.common_words(
        listed.words,
        model_zipf(info, listed),
        min_zipf=float(least) if least is not None else None,
        most_common=int(most) if most is not None else None,
    )
    if not kept:
        raise words.WordListError(
            f"answer_model 'common': no word of {listed.name} is that common; lower min_zipf"
        )
    which = f"{most} most common" if most is not None else f"Zipf >= {least}"
    return words.WordList(
        f"{listed.name} ({which})", kept, words.words_sha256(kept), spelled=listed.spelled
    )


def _fitting(game: Game | None, lists: Lists) -> Lists:
    """``lists``, where the game they make is not too big to take on (a one-line error
    before the feedback matrix or a replay of every word starts otherwise)."""
    if game is not None:
        why = size_refusal(game, len(lists.guesses.words), len(lists.answers.words))
        if why is not None:
            raise ConfigError(why)
    return lists


@functools.lru_cache(maxsize=8)
def _chances(ws: tuple[str, ...], language: str) -> np.ndarray:
    """:func:`playbook.words.chance_of` as an array, read-only and kept: a player made for
    each word that leaves a tree asks for the same list's again."""
    out = np.asarray(words.chance_of(ws, language), dtype=np.float64)
    out.setflags(write=False)
    return out


def _list_ref(cfg: Config, name: str) -> str:
    """A bundled list's name, or a user file's absolute path (so the playbook finds it)."""
    if name in words.bundled_names():
        return name
    path = Path(name)
    return str(path if path.is_absolute() else (cfg.base_dir / path).resolve())


def words_info(cfg: Config, lists: Lists) -> Words:
    """The word-list record of a playbook built from ``cfg`` on ``lists``: the settings that
    say something for these lists, and what was measured of them."""
    main = lists.main
    if main.name == "generated":
        return Words("generated", count=len(main), sha256=main.sha256)
    w = cfg.words
    spelled = {**lists.guesses.spelled, **lists.answers.spelled}
    apart = sorted(words.ij_apart() & set(main.words)) if w.ij_letter else []
    model = w.answer_model if w.answers is None else AnswerModel.ALL
    common = model == AnswerModel.COMMON
    separate = lists.answers is not lists.guesses
    return Words(
        _list_ref(cfg, w.list),
        length=w.length,
        ij_to_y=w.ij_to_y,
        lowercase=w.lowercase,
        accents=w.accents,
        count=len(main),
        sha256=main.sha256,
        ij_letter=w.ij_letter,  # recorded where set: playbooks before it stay as they were
        max_length=w.max_length,
        spelled=dict(sorted(spelled.items())),
        ij_apart=tuple(apart),  # two letters though the list counts IJ as one (bi-jou)
        answers=_list_ref(cfg, w.answers) if w.answers is not None else None,
        answer_model=model,
        most_common=w.most_common if common else None,
        min_zipf=w.min_zipf if common and w.most_common is None else None,
        min_chance=w.min_chance if model == AnswerModel.PICKS else None,
        play_chance=w.play_chance,
        answers_count=len(lists.answers) if separate else None,
        answers_sha256=lists.answers.sha256 if separate else None,
    )


def _shown(value: Any) -> str:
    """A rule's value as YAML writes it (true, not True)."""
    if isinstance(value, bool):
        return str(value).lower()
    return repr(str(value)) if isinstance(value, str) else repr(value)


def _load_config_lists(cfg: Config, game: Game) -> Lists:
    try:
        return load_lists(cfg.words, cfg.base_dir, game)
    except ConfigError as exc:  # too big (:func:`_fitting`)
        raise ConfigError(f"{cfg.source}: {exc}") from None
    except words.WordListError as exc:
        key = f"words.{exc.key or 'list'}"
        raise words.WordListError(f"{cfg.source}: key '{key}': {exc}") from None


def game_of(pb: Playbook, path: str) -> Game:
    """The game a playbook's rules describe (checked when the file was read:
    :func:`playbook.model.loads`)."""
    return pb.game


@dataclasses.dataclass(frozen=True)
class Session:
    """A game (its rules, guess pool included), its word lists, the feedback matrix and the
    problem of each group: opened from a config (:meth:`open`) or from a playbook file
    (:meth:`from_playbook`), the one way every command gets them."""

    game: Game
    lists: Lists
    words_info: Words
    """What the playbook records about its word lists."""
    config: Config | None = None
    """The config, where the session was opened from one."""
    use_cache: bool = True
    """Whether the feedback matrix may come from (and go to) the cache."""

    @classmethod
    def open(cls, cfg: Config, *, use_cache: bool = True, matrix: bool = True) -> Session:
        """The config's game and lists, and the feedback matrix (computed, or read from the
        cache; with ``matrix`` false, where it is first used: a caller that may still refuse
        the session checks first)."""
        choices.check(cfg)
        game = find_game(cfg.game).configure(cfg.game_settings())
        lists = _load_config_lists(cfg, game)
        guesses, answers = lists.guesses.words, lists.answers.words
        missing = sorted(set(answers) - set(guesses))
        if missing and game.generated_guesses() is None:
            raise ConfigError(
                f"{cfg.source}: key 'words.answers': {len(missing)} answers are not in the "
                f"guess list (first: {missing[0]!r}); every answer must be allowed as a guess"
            )
        session = cls(game, lists, words_info(cfg, lists), cfg, use_cache)
        if matrix:
            session.matrix  # noqa: B018 - computed (or read) now, as every command needs it
        return session

    @classmethod
    def from_playbook(cls, pb: Playbook, path: str, words_file: str | None = None) -> Session:
        """The game a playbook's rules describe (every key known and of its type) and the
        lists its ``words`` section names, relative to its folder and checked by checksum,
        or ``words_file`` instead of its list (no checksum then); a one-line
        :class:`PlaybookFileError` naming ``path`` where they cannot be had."""
        game = game_of(pb, path)
        info = pb.words
        if words_file:
            info = dataclasses.replace(info, list=words_file, answers=None)
        elif not info.list and game.generated_words() is None:
            raise PlaybookFileError(
                f"{path}: words.list: missing; name the word list or pass --words FILE"
            )
        try:
            lists = load_lists(info, Path(path).parent, game)
        except words.WordListError as exc:
            raise PlaybookFileError(f"{path}: words: {exc}") from None
        except ConfigError as exc:  # too big to take on
            raise PlaybookFileError(f"{path}: {exc}") from None
        n = game.word_length
        if n and (odd := next((w for w in lists.answers.words if len(w) != n), None)) is not None:
            raise PlaybookFileError(
                f"{path}: game.length: {n}, but the list's words have {len(odd)} letters "
                f"({odd!r}); the rules and the list do not belong together"
            )
        if not words_file:
            for key, wl in (("sha256", lists.main), ("answers_sha256", lists.answers)):
                want = getattr(pb.words, key)
                if want is not None and want != wl.sha256:
                    raise PlaybookFileError(
                        f"{path}: words.{key}: the playbook was built for another version of "
                        f"{wl.name} (checksum {str(want)[:12]}…, list has {wl.sha256[:12]}…)"
                    )
        # computed when needed (verify --proofs) without the cache: reading a file writes nothing
        return cls(game, lists, info, use_cache=False)

    @functools.cached_property
    def _matrix(self) -> tuple[np.ndarray, bool]:
        return cached_matrix(self.game, self.guesses, self.answers, use_cache=self.use_cache)

    @property
    def matrix(self) -> np.ndarray:
        """Feedback codes, guesses x answers."""
        return self._matrix[0]

    @property
    def rules_info(self) -> dict[str, Any]:
        """The rules section of a playbook built on this session (``game:``)."""
        return self.game.record()

    def differs_from(self, game: Mapping[str, Any], listed: Words) -> str | None:
        """Where a playbook's rules (``game``) and word list (``listed``, its ``words``)
        differ from this session's, in one line naming the first difference; None where the
        playbook was made for these rules and this list. A playbook that leaves a rule out
        (written before it was recorded) is taken to follow this session's, but for the
        guess pool: ``all`` then."""
        for key, ours in self.rules_info.items():
            if key == "notation" or (key not in game and key != "guess_pool"):
                continue
            theirs = game.get(key, "all")
            if theirs != ours:
                return (
                    f"game.{key}: the playbook's is {_shown(theirs)}, the config's {_shown(ours)}"
                )
        info = self.words_info
        lists = (("sha256", "list", "word list"), ("answers_sha256", "answers", "answer list"))
        for key, named, what in lists:
            theirs, ours = getattr(listed, key), getattr(info, key)
            if (theirs or ours) and theirs != ours:
                name, mine = getattr(listed, named), getattr(info, named)
                return (
                    f"words.{key}: the playbook's {what} ({name}, {str(theirs)[:12]}…) is not "
                    f"the config's ({mine}, {str(ours)[:12]}…)"
                )
        return None

    @property
    def guesses(self) -> tuple[str, ...]:
        return self.lists.guesses.words

    @property
    def answers(self) -> tuple[str, ...]:
        return self.lists.answers.words

    @functools.cached_property
    def language(self) -> str | None:
        """The language of the lists (:func:`playbook.words.list_language`), resolved once."""
        return words.list_language(self.words_info)

    def chances(self, ws: Sequence[str]) -> np.ndarray | None:
        """Each of the words ``ws``' chance of being the word picked, as the answer model of
        the list's language gives it (fitted on words editors really picked:
        :func:`playbook.words.chance_of`; 0.0 for a word it does not hold); None where the
        list has no language with a model (Mastermind, most lists read from a file)."""
        language = self.language
        if language is None or not words.has_answer_model(language):
            return None
        return _chances(tuple(ws), language)

    @property
    def spelling(self) -> Spelling:
        """How the words are written for people (Dutch IJ)."""
        return Spelling.of(self.words_info)

    @property
    def dropped(self) -> tuple[tuple[str, int, str], ...]:
        """What normalising the word list dropped: (reason, count, first example)."""
        return self.lists.guesses.dropped

    def groups(self) -> dict[str, np.ndarray]:
        """Answer indices per group, in list order; groups ordered by name (shorter first)."""
        return dict(self._groups)

    @functools.cached_property
    def _groups(self) -> dict[str, np.ndarray]:
        out: dict[str, list[int]] = {}
        for j, a in enumerate(self.answers):
            out.setdefault(self.game.group_of(a), []).append(j)
        return {
            k: np.asarray(v, dtype=np.int64)
            for k, v in sorted(out.items(), key=lambda kv: group_key(kv[0]))
        }

    def select(self, names: Sequence[str] | None) -> list[str]:
        """The groups named (all when None), sorted; an unknown name is a one-line error."""
        groups = list(self.groups())
        if names is None:
            return groups
        if not names:
            raise ConfigError(
                "--letters: no group named; give groups such as 'abc' or 'a,b,c' "
                f"(groups: {', '.join(groups)})"
            )
        unknown = sorted(set(names) - set(groups))
        if unknown:
            raise ConfigError(
                f"--letters: no group {unknown[0]!r} in this list; groups: {', '.join(groups)} "
                "(separate names longer than one character with commas)"
            )
        return sorted(set(names))

    def problem(self, name: str) -> Problem:
        """The problem of one group: its answers, and the guess pool the rules allow; made
        once per session (its feedback table is a copy cut from the session's: Wordle's, 30
        MB, was cut again for each game ``play`` opened)."""
        return self._once("problem", name, self._problem)

    @functools.cached_property
    def _made(self) -> dict[tuple[str, str], Problem]:
        """The problems this session made, by kind and group (:meth:`problem`, :meth:`rare`)."""
        return {}

    def _once(self, kind: str, name: str, make: Callable[[str], Problem]) -> Problem:
        if (kind, name) not in self._made:
            self._made[kind, name] = make(name)
        return self._made[kind, name]

    def _problem(self, name: str) -> Problem:
        game = self.game
        cols = self.groups()[name]
        rows = game.pool_rows(self.guesses, name)
        if (plays := self.lists.plays) is not None:
            rows = rows[np.fromiter((self.guesses[i] in plays for i in rows), bool, len(rows))]
        F = np.ascontiguousarray(self.matrix[rows][:, cols])
        guesses = tuple(self.guesses[i] for i in rows)
        answers = tuple(self.answers[j] for j in cols)
        return Problem.from_matrix(game, guesses, answers, F, name=name)

    def rare(self, name: str) -> Problem | None:
        """The group over every word of the list that may be guessed in it, where the
        answers are only some of them (the common words): the problem of the card's
        fallback for a rarer word; None where every word is an answer. Its feedback table
        is kept in the matrix cache as the answers' is (Wordle's, every guess against every
        word of the list: 3.7 CPU-seconds to compute, a file of 168 MB to read again), and
        by the session once made: a playbook's session, which keeps nothing on disk, judged
        on several lists of picks computed it once for each."""
        if self.lists.guesses is self.lists.answers or self.lists.guesses.name == "generated":
            return None
        return self._once("rare", name, self._rare)

    def _rare(self, name: str) -> Problem:
        game = self.game
        rows = game.pool_rows(self.guesses, name)
        guesses = tuple(self.guesses[i] for i in rows)
        words = tuple(w for w in self.guesses if game.group_of(w) == name)
        F, _ = cached_matrix(game, guesses, words, use_cache=self.use_cache)
        return Problem.from_matrix(game, guesses, words, F, name=name)

    def problems(self, names: Sequence[str] | None = None) -> dict[str, Problem]:
        """The problems of the groups named (all when None), by name."""
        return {n: self.problem(n) for n in self.select(names)}
