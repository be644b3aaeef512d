"""The play-along page's rules as Python has them: samples that the page's script
(``playbook/render/templates/page-rules.js``) must reproduce, made at test time from the
Python rules it
repeats (``tests/render/test_page_rules.py`` runs the script on them in Node).

A :class:`Case` is a playbook with its lists and the session that play would open for it;
:func:`samples` gives, for every answer of every group (every path of the playbook), each
history along the path with the next move or the stop reason as :func:`playbook.lookup.walk`
gives them, and histories that leave the path (another word played, feedback of a word of
another group, feedback no word gives); feedback (the game's ``feedback`` and ``format``);
words as written (:class:`playbook.spelling.Spelling`'s tiles, text and typed forms); and
which typed words each group accepts as a guess (``typed in problem.row_of``, as play
decides). The small playbooks that build in about a second live here too, for this test and
for the browser tests of ``tests/render/test_page.py``.
"""

from __future__ import annotations

import dataclasses
import json
import math
import random
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from playbook import config, lookup, memory, model, words
from playbook.games import Game, decode
from playbook.io import shipped
from playbook.model import GroupPlan, Move, Playbook, Table, group_key
from playbook.pipeline import build, outputs
from playbook.pipeline.build import BuildResult
from playbook.pipeline.session import Session
from playbook.play import RulePlayer
from playbook.render.layout import sort_table
from playbook.render.page import page_data, render_page
from playbook.search.chance import best_chance
from playbook.spelling import IJ
from playbook.words import WordList

ROOT = Path(__file__).resolve().parent.parent
PAPER = ROOT / "config" / "lingo-1994-paper.yaml"
RULES_JS = ROOT / "playbook" / "render" / "templates" / "page-rules.js"
CHECK_JS = Path(__file__).resolve().parent / "page_rules_check.js"

Played = tuple[str, int]
Feedback = Callable[[str, str], int]
SALET = ("salet", "soare")
"""Wordle guesses that are no answers (the page once refused them)."""
MOST_MOVES = 40
"""The longest history a sample follows (a walk that never ends is a bug either way)."""


# ---------------------------------------------------------------------- small playbooks


def build_default() -> BuildResult:
    """The default config (paper rules: any word may be guessed; IJ a letter of its own)
    built for a few quick letters (x: no openings, a table keyed by no feedback; y: words
    with a Y; IJ: its own letter, ĳ inside)."""
    default = config.load(ROOT / "config" / "lingo-nl-5.yaml")
    assert "page" in default.render.formats.split(",")
    # the page in English, as the tests read it (the Dutch page has a test of its own)
    settings = {"render.formats": "yaml,page", "render.language": "en"}
    cfg = config.override(default, n_jobs=1, **settings)
    result = build.build(cfg, letters=("q", "u", "x", "y", IJ))
    assert result.report.ok
    return result


def build_tv() -> BuildResult:
    """The TV config (every guess starts with the revealed letter) built for e and j: the
    rule of early tries, and e's exception rows before its last openings (keyed by one or two
    blocks)."""
    tv = config.load(ROOT / "config" / "lingo-nl-5-tv-all.yaml")
    settings = {"render.formats": "yaml,page", "search.restarts": 20, "render.language": "en"}
    cfg = config.override(tv, n_jobs=1, **settings)
    result = build.build(cfg, letters=("e", "j"))
    assert result.report.ok and result.playbook.try_when_fit
    e = result.playbook.group("e")
    assert any(len(r.feedback.split()) < len(e.openings) for r in e.table or ())
    return result


def build_common() -> BuildResult:
    """The TV config for the words a show plays (the likely picks are the answers, every
    word of the list a guess) built for j and u."""
    common = config.load(ROOT / "config" / "lingo-nl-5-tv.yaml")
    settings = {"render.formats": "yaml,page", "search.restarts": 20, "render.language": "en"}
    result = build.build(config.override(common, n_jobs=1, **settings), letters=("j", "u"))
    assert result.report.ok and result.playbook.words.answer_model == "picks"
    return result


def build_wordle(folder: Path) -> BuildResult:
    """Wordle on small lists written to ``folder``: 60 of its answers, and a guess list of
    those, 200 other allowed words, salet and soare (guesses that are no answers)."""
    rng = random.Random(2022)
    answers = sorted(rng.sample(words.load("wordle-answers", length=5).words, 60))
    allowed = words.load("wordle-allowed", length=5).words
    guesses = sorted({*answers, *rng.sample(allowed, 200), "salet", "soare"})
    (folder / "answers.txt").write_text("\n".join(answers) + "\n")
    (folder / "guesses.txt").write_text("\n".join(guesses) + "\n")
    (folder / "wordle.yaml").write_text(
        "name: wordle-small\ngame: wordle\n"
        "words:\n  list: guesses.txt\n  answers: answers.txt\n  length: 5\n"
        "rules:\n  turns: 6\n  revealed: none\n  hard: false\n"
        "render:\n  formats: yaml,page\n  tiles: wordle\n"
    )
    result = build.build(config.override(config.load(folder / "wordle.yaml"), n_jobs=1))
    assert result.report.ok
    return result


def paper() -> tuple[Playbook, WordList]:
    """The 1994 paper's playbook (try: all, ``*`` rows, the exception move gazon for k) and
    today's list as it records it."""
    pb = model.load(str(PAPER))
    return pb, outputs.answer_list(pb, str(PAPER))


def paper_session() -> Session:
    """Today's list as the paper's playbook records it: IJ written as y (the paper's
    convention, kept as a setting to reproduce its tables)."""
    default = config.load(ROOT / "config" / "lingo-nl-5.yaml")
    settings = {"words.ij_letter": False, "words.ij_to_y": True}
    return Session.open(config.override(default, **settings))


# ---------------------------------------------------------------------- cases


@dataclasses.dataclass(frozen=True)
class Case:
    """A playbook with its page's lists, and the session play opens for it (the game, the
    guess pool of each group, how words are written)."""

    name: str
    pb: Playbook
    answers: WordList
    guesses: WordList | None
    session: Session

    @classmethod
    def built(cls, name: str, result: BuildResult) -> Case:
        lists = result.session.lists
        return cls(name, result.playbook, lists.answers, lists.guesses, result.session)

    @classmethod
    def shipped(cls, name: str) -> Case:
        """A shipped plan (``playbook/data/plans/``) with the lists it was built on."""
        path = str(shipped.path_of(shipped.index()[name]))
        pb = model.load(path)
        session = Session.from_playbook(pb, path)
        return cls(name, pb, session.lists.answers, session.lists.guesses, session)

    @classmethod
    def paper(cls) -> Case:
        """The paper's playbook, with the session of today's list as it records it (its
        words written as the list writes them, as on the page)."""
        pb, answers = paper()
        return cls("paper", pb, answers, None, paper_session())

    @property
    def game(self) -> Game:
        return self.session.game

    def page_json(self) -> str:
        """The data the page embeds, as it embeds it (checked to be :func:`page_data`)."""
        html = render_page(self.pb, self.answers, guesses=self.guesses)
        found = re.search(r'<script type="application/json" id="playbook-data">(.*?)<', html)
        assert found is not None, "the page has no data element"
        assert json.loads(found.group(1)) == page_data(self.pb, self.answers, self.guesses)
        return found.group(1)


# ---------------------------------------------------------------------- the walk


REASONS = {lookup.OFF_BOOK: "off", lookup.SOLVED: "solved", lookup.NOT_TRIED: "not-tried"}
"""The walk's stop reasons as the page names them (and ``no row for feedback ...``:
``no-row``)."""


def _reason(value: str) -> str:
    if value.startswith("no row for feedback"):
        return "no-row"
    return REASONS[value]


class _Book:
    """One group's plan walked as verify walks it: the game's plain feedback, the group's
    words in list order."""

    def __init__(self, case: Case, plan: GroupPlan, feedback: Feedback) -> None:
        game = case.game
        self.plan, self.game, self.feedback = plan, game, feedback
        self.words = [w for w in case.answers.words if game.group_of(w) == plan.group]
        self.turns = game.limit if case.pb.try_when_fit else None
        self.left: dict[tuple[Played, ...], list[str]] = {(): self.words}

    def possible(self, history: Sequence[Played]) -> list[str]:
        key = tuple(history)
        if key not in self.left:
            g, c = key[-1]
            self.left[key] = [w for w in self.possible(key[:-1]) if self.feedback(g, w) == c]
        return self.left[key]

    def consistent(self, word: str, history: Sequence[Played]) -> bool:
        return all(self.feedback(g, word) == c for g, c in history)

    def follow(self, play: Callable[[list[Played], str], Played | None]) -> list[list[Any]]:
        """The samples of one path: ``play(history, move)`` is what is played when the book
        says ``move`` (None: the path ends there). Each sample is ``[group, history, the
        next move or {"stop": reason}]``."""
        moves = lookup.walk(
            self.plan,
            fmt=self.game.format,
            consistent=self.consistent,
            possible=self.possible,
            words=self.words,
            solved=self.game.solved,
            turns=self.turns,
        )
        history: list[Played] = []
        out: list[list[Any]] = []
        try:
            move = next(moves)
            while True:
                out.append([self.plan.group, list(history), move])
                played = play(history, move) if len(history) < MOST_MOVES else None
                if played is None:
                    return out
                history.append(played)
                move = moves.send(played)
        except StopIteration as stop:
            out.append([self.plan.group, list(history), {"stop": _reason(str(stop.value))}])
        return out


def walks(case: Case, feedback: Feedback, rng: random.Random) -> list[Any]:
    """Every answer's path through its group's plan, and paths that leave it: another word
    played at some turn (the answer itself, a word of the group, any word of the list, and
    then the book again), every move answered as if a word of another group were the answer,
    and feedback that no word gives."""
    out: list[Any] = []
    everyone = case.answers.words
    game = case.game
    for plan in case.pb.groups:
        book = _Book(case, plan, feedback)
        for n, answer in enumerate(book.words):
            out += book.follow(lambda h, m, a=answer: (m, feedback(m, a)))
            if n % 3:
                continue
            turn = rng.randrange(4)
            other = (answer, rng.choice(book.words), rng.choice(everyone))[n // 3 % 3]

            def detour(h: list[Played], m: str, a: str = answer, t: int = turn, o: str = other):
                word = o if len(h) == t else m
                return word, feedback(word, a)

            out += book.follow(detour)
        strays = [w for w in everyone if game.group_of(w) != plan.group]
        for stray in rng.sample(strays, min(len(strays), max(3, len(book.words) // 10))):
            out += book.follow(lambda h, m, a=stray: (m, feedback(m, a)))
        for _ in range(3):
            noise = rng.randrange(game.n_codes)
            out += book.follow(lambda h, m, c=noise: (m, c) if len(h) < 6 else None)
    return out


# ---------------------------------------------------------------------- the other rules


def feedback_samples(case: Case, feedback: Feedback, rng: random.Random) -> list[Any]:
    """``[guess, answer, code, code as written]``: every answer against a word of its group
    and a word of the list, and words with a letter twice against each other."""
    game = case.game
    known = list(case.answers.words)
    by_group: dict[str, list[str]] = {}
    for w in known:
        by_group.setdefault(game.group_of(w), []).append(w)
    pairs = [(rng.choice(by_group[game.group_of(a)]), a) for a in known]
    pairs += [(rng.choice(known), a) for a in rng.sample(known, min(len(known), 2000))]
    twice = [w for w in known if len(set(w)) < len(w)]
    some = rng.sample(twice, min(len(twice), 40))
    pairs += [(g, a) for g in some for a in some]
    return [[g, a, (c := feedback(g, a)), game.format(c)] for g, a in pairs]


def marks_samples(case: Case, rng: random.Random) -> list[Any]:
    """``[typed feedback, its marks or None]``: every mark ``play`` takes (Python's
    ``Game.parse``, emoji squares included), mixed, spaced, capitalised and with the emoji
    variation selector, and some it refuses; the page's ``parseMarks`` must read each alike."""
    game = case.game
    table = game.typed_marks()
    if table is None:
        return []
    typed = table[0]
    n = game.word_length or 1
    symbols = sorted(typed)
    texts = [ch * n for ch in symbols]
    texts += ["".join(rng.choice(symbols) for _ in range(n)) for _ in range(200)]
    texts += [" ".join(t.upper()) for t in texts[:40]] + ["\ufe0f".join(t) for t in texts[:40]]
    texts += ["q" * n, "o" * (n - 1) + "?", "\U0001f7e5" * n]  # no marks: refused

    def read(text: str) -> list[int] | None:
        try:
            code = game.parse(text)
        except ValueError:
            return None
        return [int(m) for m in decode(code, n)]

    return [[t, read(t)] for t in texts]


def spelling_samples(case: Case, rng: random.Random) -> tuple[list[Any], list[Any]]:
    """``[word, its tiles, its text]`` for every word written otherwise and a few that are
    not; ``[typed, the word as the list has it]`` for those written as people type them
    (IJ as ij or the ligature, capitals, spaces)."""
    spell = case.session.spelling
    known = case.answers.words
    spelled = [w for w in known if spell.text(w) != w]
    plain = rng.sample([w for w in known if spell.text(w) == w], min(len(known) - len(spelled), 50))
    tiles = [[w, list(spell.tiles(w)), spell.text(w)] for w in spelled + plain]
    typed: list[str] = []
    for w in spelled + plain[:10]:
        text = spell.text(w)
        typed += [text, text.upper(), f" {text.capitalize()} ", spell.tiles(w)]
    return tiles, [[t, spell.typed(t)] for t in typed]


def guess_samples(case: Case, rng: random.Random) -> list[Any]:
    """``[typed, group, the word played or None]``: words of the group, of other groups and
    of the guess list besides, as typed, and words no list has."""
    spell = case.session.spelling
    game = case.game
    everyone = case.answers.words
    listed = set(everyone)
    extra = [w for w in case.session.guesses if w not in listed]
    length = len(everyone[0])
    out: list[Any] = []
    for plan in case.pb.groups:
        allowed = set(case.session.problem(plan.group).guesses)
        mine = [w for w in everyone if game.group_of(w) == plan.group]
        others = [w for w in everyone if game.group_of(w) != plan.group]
        some = [*rng.sample(mine, min(len(mine), 10)), *rng.sample(others, min(len(others), 10))]
        some += rng.sample(extra, min(len(extra), 20)) + [w for w in SALET if w in extra]
        texts = [spell.text(w) for w in some] + [f" {spell.text(w).upper()}" for w in some[:5]]
        texts += ["z" * length, "", mine[0][:-1], mine[0] + "s"]
        for text in texts:
            word = spell.typed(text)
            out.append([text, plan.group, word if word in allowed else None])
    return out


RULE_SAMPLES = 150
"""Histories on which the rule's move is compared (of the walks' histories, at random)."""
CHANCE_SAMPLES = 25
"""Boards taken over on which the best chance is compared."""


def _histories(walked: list[Any], rng: random.Random, count: int) -> list[tuple[str, list[Any]]]:
    """``count`` distinct histories of the walks, at random (the empty one of each group
    first)."""
    seen: dict[tuple[str, str], tuple[str, list[Any]]] = {}
    for g, history, _ in walked:
        seen.setdefault((g, json.dumps(history)), (g, history))
    every = list(seen.values())
    starts = [(g, h) for g, h in every if not h]
    rest = [(g, h) for g, h in every if h]
    return starts + rng.sample(rest, min(len(rest), max(0, count - len(starts))))


def rule_samples(case: Case, walked: list[Any], rng: random.Random) -> list[Any]:
    """``[group, history, the scm rule's move or None]``: what ``play`` suggests off the
    playbook (:class:`playbook.play.RulePlayer`), on histories of the walks."""
    hard = bool(case.pb.game.record().get("hard", False))
    out: list[Any] = []
    for g, history in _histories(walked, rng, RULE_SAMPLES):
        player = RulePlayer(case.session.problem(g), "scm", hard)
        played = [(w, c) for w, c in history]
        try:
            move: str | None = player.next_move(played)
        except ValueError:
            move = None
        out.append([g, history, move])
    return out


def chance_samples(case: Case, walked: list[Any], rng: random.Random) -> list[Any]:
    """``[group, history, turns, letters revealed besides, [move, found, total] or None]``:
    boards taken over (:func:`playbook.search.chance.best_chance`), with one to three turns
    left and at times a letter of a word still possible revealed."""
    hard = bool(case.pb.game.record().get("hard", False))
    out: list[Any] = []
    for g, history in _histories(walked, rng, CHANCE_SAMPLES * 3):
        problem = case.session.problem(g)
        played = [(w, c) for w, c in history]
        cols = problem.possible(played)
        if len(cols) > 60 or not len(cols):
            continue
        turns = rng.randint(1, 3)
        length = len(problem.answers[0])
        known: list[str | None] = [None] * length
        if rng.random() < 0.4:
            word = problem.answers[int(rng.choice(cols.tolist()))]
            at = rng.randrange(length)
            known[at] = word[at]
            cols = cols[[problem.answers[c][at] == word[at] for c in cols]]
        allowed = RulePlayer(problem, "scm", hard).allowed(played)
        found = best_chance(problem, cols, turns, allowed=allowed, hard=hard)
        want = None if found is None else [problem.guesses[found.row], found.found, found.total]
        out.append([g, history, turns, known, want])
        if len(out) == CHANCE_SAMPLES:
            break
    return out


def samples(case: Case, seed: int = 1994) -> dict[str, list[Any]]:
    """Every sample of ``case``, by kind (as ``tests/page_rules_check.js`` reads them)."""
    rng = random.Random(seed)
    cache: dict[tuple[str, str], int] = {}

    def feedback(guess: str, answer: str) -> int:
        key = (guess, answer)
        if key not in cache:
            cache[key] = case.game.feedback(guess, answer)
        return cache[key]

    tiles, typed = spelling_samples(case, rng)
    walked = walks(case, feedback, rng)
    game = case.game
    # the marks the tiles start with before each move the walk plays (issue 28, item 3)
    known = [
        [g, history, want, list(game.known_marks(want, g, [tuple(m) for m in history]))]  # type: ignore[attr-defined]
        for g, history, want in walked
        if isinstance(want, str)
    ]
    return {
        "walks": walked,
        "known": known,
        "rule": rule_samples(case, walked, rng),
        "chance": chance_samples(case, walked, rng),
        "feedback": feedback_samples(case, feedback, rng),
        "marks": marks_samples(case, rng),
        "tiles": tiles,
        "typed": typed,
        "guesses": guess_samples(case, rng),
        "cards": drill_cards(case.pb, case.answers),
        # the guesses the plan takes from the start, every answer alike: its group's average
        # (the groups that find every answer in time, whose stats count every word)
        "expected": [
            [g.group, [], round(g.stats.average, 9)]
            for g in case.pb.groups
            if g.stats is not None and g.stats.distribution and not g.stats.failures
        ],
    }


def write(case: Case, folder: Path) -> tuple[Path, int]:
    """The page's data and ``case``'s samples written to ``folder``: the fixture's path (the
    data file beside it) and how many samples it holds."""
    data = folder / f"{case.name}-data.json"
    data.write_text(case.page_json(), encoding="utf-8")
    found = samples(case)
    fixture = folder / f"{case.name}-samples.json"
    body = {"name": case.name, "data": data.name, **found}
    fixture.write_text(json.dumps(body, ensure_ascii=False), encoding="utf-8")
    return fixture, sum(len(v) for v in found.values())


# ------------------------------------------------------------ the drill's cards


def drill_cards(pb: Playbook, answers: WordList) -> list[list[Any]]:
    """``[id, kind, answer]`` of each card the page's drill makes of ``pb`` (whose page lists
    ``answers``), in its order: Python's twin of the page's ``PlaybookRules.cards``
    (``page-train-rules.js``). Every item of the card, each once (by id), group by group in
    the page's order: the openings (``o:``; a group of at most ``memory.SMALL_GROUP`` words
    and no openings: its words, ``f:``); then each row of the table and of every move's own
    table in the page's order (:func:`sort_table`), but the ``*`` row and rows no feedback
    matches: a move (``x:``), a try list out of list order (``t:``, ``tries``) or holding a
    word not guaranteed (``t:``, ``family``), else an exception row that stops the openings
    (``s:``, answered ``stop``). An id names the group, the words whose feedback keys the row
    (the openings played, or the moves down to it) and the codes of that feedback."""
    game = pb.game
    cls = type(game)
    out: list[list[Any]] = []
    seen: set[str] = set()

    def add(ident: str, kind: str, answer: Sequence[str]) -> None:
        if ident not in seen:
            seen.add(ident)
            out.append([ident, kind, list(answer)])

    def codes(feedback: str) -> list[int] | None:
        """The row's feedback codes, a block each; None for the ``*`` row and a feedback
        that is not as the game writes it (the walk never matches it)."""
        if feedback == "*":
            return None
        try:
            found = [game.parse(b) for b in feedback.split(" ")] if feedback else []
        except ValueError:
            return None
        return found if " ".join(game.format(c) for c in found) == feedback else None

    def rows(g: GroupPlan, table: Table, movers: list[str], before: list[int], top: bool) -> None:
        for row in sort_table(table, cls):
            found = codes(row.feedback)
            if found is None:
                continue
            c = before + found
            m = list(g.openings[: len(c)]) if top else movers
            ident = f"{g.group}:{','.join(m)}:{','.join(map(str, c))}"
            stop = top and len(c) < len(g.openings)
            node = row.node
            if isinstance(node, Move):
                add(f"x:{ident}", "move", [node.word])
                if node.table is not None:
                    rows(g, node.table, [*m, node.word], c, False)
            elif node.words is not None and (
                set(node.words) & set(g.unguaranteed) or list(node.words) != sorted(node.words)
            ):
                family = bool(set(node.words) & set(g.unguaranteed))
                add(f"t:{ident}", "family" if family else "tries", node.words)
            elif stop:
                add(f"s:{ident}", "stop", ["stop"])

    members: dict[str, list[str]] = {}
    for w in answers.words:
        members.setdefault(game.group_of(w), []).append(w)
    for g in sorted(pb.groups, key=lambda g: group_key(g.group)):
        mine = members.get(g.group, [])
        if g.openings:
            add(f"o:{g.group}", "openings", g.openings)
        elif mine and len(mine) <= memory.SMALL_GROUP:
            add(f"f:{g.group}", "few", mine)
        if g.table is not None:
            rows(g, g.table, [], [], True)
    return out


# ------------------------------------------------------------ the drill's schedule, the draw

FSRS_W = (0.4872, 1.4003, 3.7145, 13.8206, 5.1618, 1.2298, 0.8975, 0.031, 1.6474, 0.1367,
          1.0461, 2.1072, 0.0793, 0.3246, 1.587, 0.2272, 2.8755)  # fmt: skip
"""FSRS-4.5's default weights, as the open-spaced-repetition project publishes them."""


def recall(days: float, s: float) -> float:
    """FSRS's recall ``days`` after a review of a card of stability ``s``: 90% at ``s``."""
    return (1 + 19 / 81 * days / s) ** -0.5


def fsrs(state: dict[str, float] | None, g: int, days: float) -> dict[str, float]:
    """A card's memory after a review of grade ``g`` (1 again, 3 good) ``days`` after the
    last: Python's twin of the page's (FSRS-4.5 from the published formulas)."""
    w = FSRS_W

    def clamp(d: float) -> float:
        return min(10.0, max(1.0, d))

    def initial(g: int) -> float:
        return clamp(w[4] - (g - 3) * w[5])

    if state is None or not state["s"] > 0:
        return {"s": w[g - 1], "d": initial(g), "reps": 1, "lapses": 1 if g == 1 else 0}
    r = recall(max(0.0, days), state["s"])
    d = clamp(w[7] * initial(3) + (1 - w[7]) * (state["d"] - w[6] * (g - 3)))
    s, old = state["s"], state["d"]
    if g == 1:
        s = w[11] * old ** -w[12] * ((s + 1) ** w[13] - 1) * math.exp(w[14] * (1 - r))
    else:
        s = s * (1 + math.exp(w[8]) * (11 - old) * s ** -w[9] * (math.exp(w[10] * (1 - r)) - 1))
    lapses = state["lapses"] + (1 if g == 1 else 0)
    return {"s": max(0.01, s), "d": d, "reps": state["reps"] + 1, "lapses": lapses}


def mulberry32(seed: int, n: int) -> list[float]:
    """The first ``n`` numbers of the page's seeded draw for ``seed`` (Python's twin)."""
    m, a, out = 0xFFFFFFFF, seed & 0xFFFFFFFF, []
    for _ in range(n):
        a = (a + 0x6D2B79F5) & m
        t = a
        t = ((t ^ (t >> 15)) * (t | 1)) & m
        t ^= (t + (((t ^ (t >> 7)) * (t | 61)) & m)) & m
        out.append(((t ^ (t >> 14)) & m) / 4294967296)
    return out
