"""A generated corpus of hostile input: playbooks, configs, word lists, paths and command lines.

Each :class:`Case` writes its files into a folder of its own (``setup``), runs one command line
(``argv``, with ``{dir}`` standing for that folder) and expects one exit code: 0 success, 1 a
playbook whose claims or words do not hold, 2 malformed input or a bad command line (one line
``error: ...`` on stderr, no traceback). Nothing here is stored as data: the cases are made from
a small real build (:func:`build_base`) by walking its playbook and config key by key.

``python tests/hostile.py OUTDIR`` writes every case's files under ``OUTDIR/<id>/`` and
``OUTDIR/cases.txt`` (id, expected exit code, command) to replay them by hand.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import hashlib
import json
import os
import re
import shlex
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import yaml

KINDS = ("pb", "cfg", "list", "path", "cmd", "fs", "term", "claim", "size")
"""Case id prefixes: playbooks, configs, word lists, paths, command lines, the bookkeeping of
output folders, text that could drive a terminal, proof claims, sizes nobody asked for
(the last four in :mod:`hostile_kinds`)."""

BIG = 64 * 1024 * 1024 + 1
"""A size over the limit of a playbook or a word list (written sparse)."""

CONFIG_TEXT = (
    "name: small\n"
    "words:\n  list: words.txt\n  length: 5\n"
    "search:\n  restarts: 20\n"
    "render:\n  formats: yaml\n"
)
"""The small valid config the cases start from (its list beside it as words.txt)."""


@dataclasses.dataclass(frozen=True)
class Base:
    """What the cases are made from: a small real build."""

    playbook: str
    """A valid playbook's YAML text; its ``words.list`` is ``words.txt`` beside it."""
    words: str
    """The word list's text."""
    config: str
    """A small valid config's text (``words.list: words.txt``)."""
    data: dict[str, Any]
    """The playbook, parsed (copy before changing it)."""
    group: str
    """The group the walk edits: most openings, a table with a try row of 2 words or more."""
    row: int
    """Index of that try row in the group's table."""

    @property
    def word_list(self) -> list[str]:
        return self.words.split()


@dataclasses.dataclass(frozen=True)
class Case:
    id: str
    argv: list[str]
    code: int
    setup: Callable[[Path, Base], None]
    says: str = ""
    """A pattern the output (stdout and stderr) must hold: the message, not only the code."""
    still: bool = False
    """The command must leave its folder as it was (a command that only reads)."""

    @property
    def kind(self) -> str:
        return self.id.split("-", 1)[0]

    def args(self, folder: Path) -> list[str]:
        return [a.replace("{dir}", str(folder)) for a in self.argv]


# ---------------------------------------------------------------- what no case may touch

VICTIM = "victim"
"""A folder beside each case's folder, with a file a crafted input would aim at."""


def plant_victim(root: Path) -> Path:
    v = root / VICTIM
    v.mkdir(exist_ok=True)
    (v / "victim.txt").write_text("precious\n")
    return v


def snapshot(root: Path, skip: Path | None = None) -> dict[str, tuple[str, bytes, int]]:
    """Every entry under ``root`` (but ``skip``), without following links: its kind, a
    file's bytes (or a link's target) and its modification time."""
    out: dict[str, tuple[str, bytes, int]] = {}
    for dirpath, dirnames, filenames in os.walk(root):
        if skip is not None and Path(dirpath) == skip.parent:
            dirnames[:] = [d for d in dirnames if Path(dirpath, d) != skip]
        for name in dirnames + filenames:
            p = Path(dirpath, name)
            st = p.lstat()
            if p.is_symlink():
                data = os.readlink(p).encode()
            elif p.is_file():
                data = p.read_bytes()
            else:
                data = b""
            out[str(p.relative_to(root))] = (oct(st.st_mode), data, st.st_mtime_ns)
    return out


# ---------------------------------------------------------------- the base build


def build_base(folder: Path) -> Base:
    """Build the small playbook of tests/test_verify.py (letters q, u, x, y and 150 more words
    of the Dutch list) in ``folder``; a second of work."""
    from helpers import sample

    from playbook import config, model, words
    from playbook.pipeline import build

    dutch5 = words.load("opentaal-nl", length=5, ij_to_y=True).words
    ws = sorted(set([w for w in dutch5 if w[0] in "quxy"] + sample(dutch5, 150, 3)))
    folder.mkdir(parents=True, exist_ok=True)
    words_text = "\n".join(ws) + "\n"
    (folder / "words.txt").write_text(words_text)
    (folder / "small.yaml").write_text(CONFIG_TEXT)
    result = build.build(config.load(folder / "small.yaml"), n_jobs=1)
    assert result.report.ok
    pb = result.playbook
    pb = dataclasses.replace(pb, words=dataclasses.replace(pb.words, list="words.txt"))
    text = model.dumps(pb)
    data = yaml.safe_load(text)

    def score(name: str) -> tuple[int, int]:
        g = data["groups"][name]
        return (len(g["openings"]), g["words"])

    for name in sorted(data["groups"], key=score, reverse=True):
        rows = data["groups"][name].get("table") or []
        found = [
            i for i, r in enumerate(rows) if isinstance(r.get("try"), list) and len(r["try"]) > 1
        ]
        if found and data["groups"][name]["openings"]:
            return Base(text, words_text, CONFIG_TEXT, data, name, found[0])
    raise AssertionError("no group with openings and a try row of two words")


# ---------------------------------------------------------------- writing YAML as we please


class Pairs(list):  # type: ignore[type-arg]
    """A mapping written as these (key, value) pairs: a key may repeat."""


def _items(m: Any) -> Iterable[tuple[Any, Any]]:
    return list(m) if isinstance(m, Pairs) else list(m.items())


def _is_map(v: Any) -> bool:
    return isinstance(v, dict | Pairs)


def flow(v: Any) -> str:
    """``v`` in YAML flow style (strings double-quoted, non-ASCII escaped)."""
    if _is_map(v):
        return "{" + ", ".join(f"{flow(k)}: {flow(x)}" for k, x in _items(v)) + "}"
    if isinstance(v, list | tuple):
        return "[" + ", ".join(flow(x) for x in v) + "]"
    if isinstance(v, float):
        return yaml.safe_dump(v).split("\n")[0]  # 1.0e+308: YAML 1.1 floats need the dot
    return json.dumps(v)


@functools.cache
def _plain(k: str) -> bool:
    """Whether ``k`` reads back as itself written plain."""
    return bool(re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", k)) and yaml.safe_load(k) == k


def _key(k: Any) -> str:
    return k if isinstance(k, str) and _plain(k) else flow(k)


def _block(m: Any, indent: int) -> list[str]:
    pad = " " * indent
    out: list[str] = []
    for k, v in _items(m):
        if _is_map(v) and _items(v):
            out.append(f"{pad}{_key(k)}:")
            out += _block(v, indent + 2)
        elif isinstance(v, list) and v and all(_is_map(x) for x in v):
            out.append(f"{pad}{_key(k)}:")
            for row in v:
                sub = _block(row, indent + 4)
                out += [f"{pad}  - " + sub[0].lstrip(), *sub[1:]] if sub else [f"{pad}  - {{}}"]
        else:
            out.append(f"{pad}{_key(k)}: {flow(v)}")
    return out


def emit(tree: Any) -> str:
    """A YAML document of ``tree``: nested mappings in block style, lists of mappings (tables)
    as block sequences, everything else in flow style; :class:`Pairs` keep repeated keys."""
    if not _is_map(tree):
        return flow(tree) + "\n"
    return "\n".join(_block(tree, 0)) + "\n"


# ---------------------------------------------------------------- addressing the playbook

Path_ = tuple[Any, ...]
GROUP, ROW = "$G", "$R"
"""Placeholders in a path: the base's group and row (known only once it is built)."""


def _resolve(path: Path_, base: Base) -> list[Any]:
    return [base.group if p == GROUP else base.row if p == ROW else p for p in path]


def _get(tree: Any, keys: list[Any]) -> Any:
    for k in keys:
        tree = tree[k]
    return tree


def _replace(tree: Any, keys: list[Any], value: Any) -> Any:
    """``tree`` with the node at ``keys`` replaced (the root when ``keys`` is empty)."""
    if not keys:
        return value
    _get(tree, keys[:-1])[keys[-1]] = value
    return tree


def op_delete(path: Path_) -> Callable[[Any, Base], Any]:
    def f(tree: Any, base: Base) -> Any:
        keys = _resolve(path, base)
        del _get(tree, keys[:-1])[keys[-1]]
        return tree

    return f


def op_set(path: Path_, value: Any) -> Callable[[Any, Base], Any]:
    def f(tree: Any, base: Base) -> Any:
        return _replace(tree, _resolve(path, base), copy.deepcopy(value))

    return f


def op_edit(path: Path_, change: Callable[[Any, Base], Any]) -> Callable[[Any, Base], Any]:
    def f(tree: Any, base: Base) -> Any:
        keys = _resolve(path, base)
        return _replace(tree, keys, change(_get(tree, keys), base))

    return f


def op_dup(path: Path_, value: Any = None, first: bool = False) -> Callable[[Any, Base], Any]:
    """The key at ``path`` written twice in its mapping (the copy after it, or ``first``:
    before it), the copy with ``value`` (default: the same value)."""

    def f(tree: Any, base: Base) -> Any:
        keys = _resolve(path, base)
        parent = _get(tree, keys[:-1])
        pairs = Pairs()
        for k, v in parent.items():
            copy_ = (k, v if value is None else copy.deepcopy(value))
            if k == keys[-1] and first:
                pairs.append(copy_)
            pairs.append((k, v))
            if k == keys[-1] and not first:
                pairs.append(copy_)
        return _replace(tree, keys[:-1], pairs)

    return f


# ---------------------------------------------------------------- setups


def _write_base_list(folder: Path, base: Base) -> None:
    (folder / "words.txt").write_text(base.words)


def pb_setup(
    mutate: Callable[[Any, Base], Any] | None = None,
    text: Callable[[str, Base], str | bytes] | None = None,
    extra: Callable[[Path, Base], None] | None = None,
) -> Callable[[Path, Base], None]:
    """Write ``words.txt``, ``c.yaml`` (the config) and ``pb.yaml``: the base playbook changed by
    ``mutate`` (on the parsed data, written by :func:`emit`) or by ``text`` (on its text)."""

    def setup(folder: Path, base: Base) -> None:
        _write_base_list(folder, base)
        (folder / "c.yaml").write_text(base.config)
        if mutate is not None:
            out: str | bytes = emit(mutate(copy.deepcopy(base.data), base))
        elif text is not None:
            out = text(base.playbook, base)
        else:
            out = base.playbook
        p = folder / "pb.yaml"
        p.write_bytes(out.encode() if isinstance(out, str) else out)
        if extra is not None:
            extra(folder, base)

    return setup


def cfg_setup(
    mutate: Callable[[Any, Base], Any] | None = None,
    text: Callable[[str, Base], str | bytes] | None = None,
    words: Callable[[Base], str | bytes] | None = None,
    extra: Callable[[Path, Base], None] | None = None,
) -> Callable[[Path, Base], None]:
    """Write ``c.yaml`` (the base config changed), ``words.txt`` (the base list or ``words``) and
    ``pb.yaml`` (the base playbook)."""

    def setup(folder: Path, base: Base) -> None:
        w = words(base) if words is not None else base.words
        (folder / "words.txt").write_bytes(w.encode() if isinstance(w, str) else w)
        (folder / "pb.yaml").write_text(base.playbook)
        if mutate is not None:
            out: str | bytes = emit(mutate(yaml.safe_load(base.config), base))
        elif text is not None:
            out = text(base.config, base)
        else:
            out = base.config
        (folder / "c.yaml").write_bytes(out.encode() if isinstance(out, str) else out)
        if extra is not None:
            extra(folder, base)

    return setup


def fifo(name: str) -> Callable[[Path, Base], None]:
    return lambda folder, base: os.mkfifo(folder / name)


def sparse(name: str, size: int) -> Callable[[Path, Base], None]:
    def f(folder: Path, base: Base) -> None:
        (folder / name).write_bytes(b"")
        os.truncate(folder / name, size)

    return f


def both(*fs: Callable[[Path, Base], None]) -> Callable[[Path, Base], None]:
    def f(folder: Path, base: Base) -> None:
        for g in fs:
            g(folder, base)

    return f


VERIFY = ["verify", "{dir}/pb.yaml"]
BUILD = ["build", "{dir}/c.yaml", "--out", "{dir}/out", "--letters", "q", "--formats", "yaml"]
"""A build of one small group: the config's errors come before the search."""


# ---------------------------------------------------------------- playbook cases

INT, FLOAT, STR, BOOL, MAP, WORDS, TABLE, DIST, VERSION = (
    "int", "float", "str", "bool", "map", "words", "table", "dist", "version",
)  # fmt: skip


def wrong_types(kind: str) -> list[tuple[str, Callable[[Any, Base], Any]]]:
    """Values of the wrong type for a field of ``kind``, each named for the case id, made from
    the field's own value."""
    same: Callable[[Any], Callable[[Any, Base], Any]] = lambda v: lambda old, base: v  # noqa: E731
    table: dict[str, list[tuple[str, Callable[[Any, Base], Any]]]] = {
        INT: [
            ("str", lambda old, base: str(old)),
            ("float", lambda old, base: float(old) + 0.5),
            ("list", lambda old, base: [old]),
            ("bool", same(True)),
        ],
        FLOAT: [
            ("str", lambda old, base: str(old)),
            ("list", lambda old, base: [old]),
            ("bool", same(True)),
        ],
        STR: [("int", same(5)), ("list", lambda old, base: [old]), ("bool", same(True))],
        BOOL: [
            ("str", lambda old, base: "yes" if old else "no"),
            ("int", lambda old, base: int(bool(old))),
            ("list", lambda old, base: [old]),
        ],
        MAP: [("str", same("text")), ("list", same([1, 2])), ("int", same(7))],
        WORDS: [
            ("str", lambda old, base: " ".join(old) if old else "kilte"),
            ("int", same(5)),
            ("map", same({"a": 1})),
            ("ints", same([1, 2])),
        ],
        TABLE: [
            ("str", same("all")),
            ("map", same({"a": 1})),
            ("ints", same([1])),
            ("int", same(5)),
        ],
        DIST: [
            ("str", same("x")),
            ("list", same([1, 2])),
            ("strkeys", lambda old, base: {str(k): v for k, v in old.items()}),
            ("strcounts", lambda old, base: {k: str(v) for k, v in old.items()}),
            ("boolcounts", lambda old, base: dict.fromkeys(old, True)),
        ],
        VERSION: [
            ("strTrue", same("True")),
            ("true", same(True)),
            ("str1", same("1")),
            ("float", same(1.0)),
            ("list", same([1])),
            ("two", same(2)),
            ("null", same(None)),
        ],
    }
    return table[kind]


STATS_FIELDS = [
    ("words", INT, 0),
    ("average", FLOAT, 0),
    ("worst", INT, 0),
    ("distribution", DIST, 2),
    ("failures", INT, 0),
]
"""A stats block's fields: (key, kind, exit code once the key is deleted). A figure left out is
no claim (0); a block without its distribution cannot be read (2)."""

FIELDS: list[tuple[str, Path_, list[tuple[str, str, int]]]] = [
    # (id prefix, path of the mapping, [(key, kind, exit code when the key is deleted)])
    (
        "top",
        (),
        [
            ("playbook", VERSION, 2),
            ("name", STR, 2),
            ("description", STR, 0),  # optional: defaults to ''
            ("profile", STR, 0),  # optional: defaults to simple
            ("game", MAP, 2),
            ("words", MAP, 2),
            ("meta", MAP, 0),  # informative only
            ("summary", MAP, 0),  # no summary: no claim to check
            ("groups", MAP, 2),
        ],
    ),
    (
        "game",
        ("game",),
        [
            ("name", STR, 2),
            ("length", INT, 2),
            ("turns", INT, 2),
            ("revealed", STR, 2),
            ("guess_pool", STR, 2),
            ("notation", STR, 0),  # informative, not in the rules checksum
            ("rules_sha256", STR, 2),
        ],
    ),
    (
        "words",
        ("words",),
        [
            ("list", STR, 2),
            ("length", INT, 0),  # the game's length
            ("ij_to_y", BOOL, 0),  # default false: the same list
            ("lowercase", BOOL, 0),
            ("accents", STR, 0),  # default drop: the same list
            ("count", INT, 2),  # required (the contract is silent; the code says so)
            ("sha256", STR, 2),
        ],
    ),
    ("summary", ("summary",), STATS_FIELDS),
    (
        "group",
        ("groups", GROUP),
        [
            ("words", INT, 0),
            ("openings", WORDS, 1),  # no openings: the rows' feedback no longer fits
            ("method", STR, 1),  # no method, yet proven: true: claims that disagree
            ("proven", BOOL, 0),  # follows from the method
            ("largest", INT, 0),
            ("stats", MAP, 0),
            ("unguaranteed", WORDS, 0),
            ("table", TABLE, 0),  # no table: try every word left, found in time here
        ],
    ),
    ("stats", ("groups", GROUP, "stats"), STATS_FIELDS),
    (
        "row",
        ("groups", GROUP, "table", ROW),
        [("feedback", STR, 2), ("words", INT, 0), ("try", WORDS, 2)],
    ),
]
"""The playbook's mappings the walk visits, and their fields."""

GAME_ANY_CHANGE = 2
"""Any change to the rules breaks their checksum."""


def _walk_cases() -> list[Case]:
    out = []
    for prefix, where, fields in FIELDS:
        for key, kind, deleted in fields:
            path = (*where, key)
            name = f"pb-{prefix}.{key}"
            out.append(Case(f"{name}-deleted", VERIFY, deleted, pb_setup(op_delete(path))))
            for label, make in wrong_types(kind):
                code = 2
                out.append(
                    Case(f"{name}-type-{label}", VERIFY, code, pb_setup(op_edit(path, make)))
                )
            out.append(Case(f"{name}-twice", VERIFY, 2, pb_setup(op_dup(path))))
        sibling = op_edit(where, lambda m, base: {**m, "bogus_key": 1})
        out.append(Case(f"pb-{prefix}-unknown-key", VERIFY, 2, pb_setup(sibling)))
    return out


def _plus(n: float) -> Callable[[Any, Base], Any]:
    return lambda old, base: old + n


def _dist_plus(old: Any, base: Base) -> Any:
    k = min(old)
    return {**old, k: old[k] + 1}


def _tamper_cases() -> list[Case]:
    """Well-formed figures that are false: exit 1."""
    out = []
    for prefix, where in (("summary", ("summary",)), ("stats", ("groups", GROUP, "stats"))):
        for key, change in (
            ("words", _plus(1)),
            ("average", _plus(0.5)),
            ("worst", _plus(1)),
            ("distribution", _dist_plus),
            ("failures", _plus(1)),
        ):
            out.append(
                Case(
                    f"pb-{prefix}.{key}-false", VERIFY, 1, pb_setup(op_edit((*where, key), change))
                )
            )
    for name, path in (
        ("group.words", ("groups", GROUP, "words")),
        ("group.largest", ("groups", GROUP, "largest")),
        ("row.words", ("groups", GROUP, "table", ROW, "words")),
        ("words.count", ("words", "count")),
    ):
        out.append(Case(f"pb-{name}-false", VERIFY, 1, pb_setup(op_edit(path, _plus(1)))))
    return out


def _first_try_word(base: Base) -> str:
    return str(base.data["groups"][base.group]["table"][base.row]["try"][0])


def _bad_words(base: Base) -> dict[str, str]:
    """Words that cannot be words of the game, made from a real one."""
    w = _first_try_word(base)
    return {
        "short": w[:3],
        "long": w + w[0],
        "empty": "",
        "upper": w.upper(),
        "zwsp": w[:2] + "\u200b" + w[2:],
        "combining": w[:1] + "\u0301" + w[1:],
        "digit": w[:4] + "7",
        "space": w[:2] + " " + w[3:],
    }


BAD_WORD_FORMS = ("short", "long", "empty", "upper", "zwsp", "combining", "digit", "space")


def _put_word(place: str, word: Callable[[Base], str]) -> Callable[[Any, Base], Any]:
    """The group's playbook with ``word`` as its first opening, first word of the try row, the
    try row turned into a move, or the one unguaranteed word."""

    def f(tree: Any, base: Base) -> Any:
        g = tree["groups"][base.group]
        w = word(base)
        if place == "opening":
            g["openings"][0] = w
        elif place == "try":
            g["table"][base.row]["try"][0] = w
        elif place == "move":
            row = g["table"][base.row]
            del row["try"]
            row["move"] = w
        else:
            g["unguaranteed"] = [w]
        return tree

    return f


def _word_cases() -> list[Case]:
    out = []
    for place in ("opening", "try", "move", "unguaranteed"):
        for form in BAD_WORD_FORMS:
            bad = _put_word(place, lambda base, form=form: _bad_words(base)[form])  # type: ignore[misc]
            out.append(Case(f"pb-{place}-word-{form}", VERIFY, 2, pb_setup(bad)))
        # a well-formed word that is not in the list: a false playbook, not a malformed one
        out.append(
            Case(
                f"pb-{place}-word-not-in-list",
                VERIFY,
                1,
                pb_setup(_put_word(place, lambda b: "zzzzz")),
            )
        )
    return out


def _rules(edit: Callable[[dict[str, Any]], None], rehash: bool) -> Callable[[Any, Base], Any]:
    def f(tree: Any, base: Base) -> Any:
        edit(tree["game"])
        if rehash:
            data = {k: v for k, v in tree["game"].items() if k not in ("rules_sha256", "notation")}
            tree["game"]["rules_sha256"] = hashlib.sha256(
                json.dumps(data, sort_keys=True).encode()
            ).hexdigest()
        return tree

    return f


def _laughs(levels: int = 9, width: int = 10) -> str:
    """A billion-laughs sequence in flow style: ``width**levels`` leaves from
    ``width * (levels - 1)`` aliases (under the limit of 100)."""
    parts = ["&l0 [" + ", ".join(["lol"] * width) + "]"]
    for i in range(1, levels):
        parts.append(f"&l{i} [" + ", ".join([f"*l{i - 1}"] * width) + "]")
    return "[" + ", ".join(parts) + "]"


def _replace_line(pattern: str, new: Callable[[str, Base], str]) -> Callable[[str, Base], str]:
    """The playbook text with the first line matching ``pattern`` replaced."""

    def f(text: str, base: Base) -> str:
        lines = text.splitlines(keepends=True)
        for i, line in enumerate(lines):
            if re.match(pattern, line):
                lines[i] = new(line, base)
                return "".join(lines)
        raise AssertionError(f"no line matches {pattern!r}")

    return f


def _chain(depth: int) -> Callable[[Any, Base], Any]:
    """The try row replaced by ``depth`` moves in a row, each under a ``*`` row."""

    def f(tree: Any, base: Base) -> Any:
        row = tree["groups"][base.group]["table"][base.row]
        w = base.word_list[0]
        node: dict[str, Any] = {"feedback": "*", "try": row.pop("try")}
        for _ in range(depth - 1):
            node = {"feedback": "*", "move": w, "table": [node]}
        row["move"], row["table"] = w, [node]
        return tree

    return f


def _deep_chain_text(depth: int) -> Callable[[str, Base], str]:
    """A chain of ``depth`` ``*`` move rows under the group's try row, in flow style."""

    def f(text: str, base: Base) -> str:
        w = base.word_list[0]
        tree = copy.deepcopy(base.data)
        row = tree["groups"][base.group]["table"][base.row]
        del row["try"]
        row["move"], row["table"] = w, "@CHAIN@"
        chain = (f'[{{feedback: "*", move: {w}, table: ' * depth) + "[{feedback: '*', try: all}]"
        chain += "}]" * depth
        return emit(tree).replace('"@CHAIN@"', chain)

    return f


def _nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def _list_file(text: Callable[[Base], str | bytes]) -> Callable[[Path, Base], None]:
    def f(folder: Path, base: Base) -> None:
        t = text(base)
        (folder / "words.txt").write_bytes(t.encode() if isinstance(t, str) else t)

    return f


def _hand_pb_cases() -> list[Case]:
    g, r = GROUP, ROW
    c: list[tuple[str, int, Callable[[Path, Base], None]]] = [
        ("ok", 0, pb_setup()),
        ("ok-emitted", 0, pb_setup(lambda t, b: t)),
        ("ok-crlf", 0, pb_setup(text=lambda t, b: t.replace("\n", "\r\n"))),
        ("ok-bom", 0, pb_setup(text=lambda t, b: "\ufeff" + t)),
        ("ok-flow", 0, pb_setup(text=lambda t, b: flow(b.data) + "\n")),
        (
            "ok-json",
            0,
            pb_setup(text=lambda t, b: re.sub(r'"(\d+)": ', r"\1: ", json.dumps(b.data, indent=1))),
        ),
        # not YAML
        ("yaml-open-bracket", 2, pb_setup(text=lambda t, b: t.replace("groups:", "groups: [", 1))),
        ("yaml-tab-indent", 2, pb_setup(text=lambda t, b: t.replace("\n  name:", "\n\tname:", 1))),
        (
            "yaml-open-quote",
            2,
            pb_setup(text=lambda t, b: t.replace("name: small", "name: 'small", 1)),
        ),
        (
            "yaml-bad-indent",
            2,
            pb_setup(text=lambda t, b: t.replace("\n  turns:", "\n     turns:", 1)),
        ),
        ("yaml-two-documents", 2, pb_setup(text=lambda t, b: t + "---\n" + t)),
        (
            "yaml-unknown-tag",
            2,
            pb_setup(
                text=lambda t, b: t.replace("name: small", "name: !!python/name:os.system small", 1)
            ),
        ),
        (
            "yaml-binary-tag",
            2,
            pb_setup(text=lambda t, b: t.replace("name: small", "name: !!binary aGVsbG8=", 1)),
        ),
        (
            "yaml-control-char",
            2,
            pb_setup(text=lambda t, b: t.replace("name: small", "name: sm\x07all", 1)),
        ),
        # not UTF-8
        (
            "not-utf8",
            2,
            pb_setup(text=lambda t, b: t.encode().replace(b"name: small", b"name: sm\xffall", 1)),
        ),
        (
            "latin1",
            2,
            pb_setup(
                text=lambda t, b: t.replace("description: ''", "description: caf\u00e9", 1).encode(
                    "latin-1"
                )
            ),
        ),
        ("utf16", 2, pb_setup(text=lambda t, b: t.encode("utf-16"))),
        ("nul-byte", 2, pb_setup(text=lambda t, b: t.replace("name: small", "name: sm\x00all", 1))),
        # not a mapping
        ("empty-file", 2, pb_setup(text=lambda t, b: "")),
        ("only-comments", 2, pb_setup(text=lambda t, b: "# nothing\n# here\n")),
        ("a-list", 2, pb_setup(text=lambda t, b: "- playbook: 1\n- name: small\n")),
        ("a-scalar", 2, pb_setup(text=lambda t, b: "playbook\n")),
        ("null", 2, pb_setup(text=lambda t, b: "null\n")),
        ("a-number", 2, pb_setup(text=lambda t, b: "1\n")),
        # nesting, aliases
        (
            "deep-meta-66",
            2,
            pb_setup(
                text=lambda t, b: emit(
                    {**b.data, "meta": {**b.data["meta"], "deep": "@D@"}}
                ).replace('"@D@"', _nested(64))
            ),
        ),
        (
            "deep-notes-100",
            2,
            pb_setup(
                text=lambda t, b: emit(
                    op_set(("groups", GROUP, "notes"), {"x": "@D@"})(copy.deepcopy(b.data), b)
                ).replace('"@D@"', _nested(100))
            ),
        ),
        ("deep-flow-100000", 2, pb_setup(text=lambda t, b: t + "deep: " + _nested(100000) + "\n")),
        (
            "deep-block-200",
            2,
            pb_setup(
                text=lambda t, b: t + "deep:\n" + "".join("  " * i + "- \n" for i in range(200))
            ),
        ),
        (
            "aliases-101",
            2,
            pb_setup(
                text=lambda t, b: t.replace(
                    "meta:\n", "meta:\n  a: &x 1\n  b: [" + ", ".join(["*x"] * 101) + "]\n", 1
                )
            ),
        ),
        (
            "laughs-in-game",
            2,
            pb_setup(
                text=lambda t, b: t.replace(
                    "\ngame:\n", "\ngame:\n  laughs: " + _laughs() + "\n", 1
                )
            ),
        ),
        (
            "laughs-as-openings",
            2,
            pb_setup(
                text=_replace_line(
                    r"^    openings: \[", lambda line, b: "    openings: " + _laughs() + "\n"
                )
            ),
        ),
        (
            "laughs-as-words-list",
            2,
            pb_setup(text=lambda t, b: t.replace("  list: words.txt", "  list: " + _laughs(), 1)),
        ),
        # duplicate mapping keys
        (
            "group-twice-broken-first",
            2,
            pb_setup(op_dup(("groups", g), {"openings": "broken"}, first=True)),
        ),
        ("game-twice-turns-9", 2, pb_setup(op_dup(("game",), {"turns": 9}))),
        ("groups-twice-empty-last", 2, pb_setup(op_dup(("groups",), {}))),
        (
            "row-feedback-twice-in-table",
            2,
            pb_setup(
                op_edit(("groups", g, "table"), lambda rows, b: [*rows, copy.deepcopy(rows[b.row])])
            ),
        ),
        # rules
        ("game.turns-edited", 2, pb_setup(op_set(("game", "turns"), 6))),
        ("game.name-wordle", 2, pb_setup(op_set(("game", "name"), "wordle"))),
        ("game.rules_sha256-zeros", 2, pb_setup(op_set(("game", "rules_sha256"), "0" * 64))),
        ("game.turns-3-rehashed", 1, pb_setup(_rules(lambda gm: gm.update(turns=3), True))),
        ("game.name-chess-rehashed", 2, pb_setup(_rules(lambda gm: gm.update(name="chess"), True))),
        ("game.turns-0-rehashed", 2, pb_setup(_rules(lambda gm: gm.update(turns=0), True))),
        ("game.length-6-rehashed", 2, pb_setup(_rules(lambda gm: gm.update(length=6), True))),
        (
            "game.revealed-last-rehashed",
            2,
            pb_setup(_rules(lambda gm: gm.update(revealed="last"), True)),
        ),
        ("game.unknown-key-rehashed", 2, pb_setup(_rules(lambda gm: gm.update(bogus_key=1), True))),
        # the word list the playbook names
        ("words.sha256-zeros", 2, pb_setup(op_set(("words", "sha256"), "0" * 64))),
        ("words.list-one-more-word", 2, pb_setup(extra=_list_file(lambda b: b.words + "zzzzz\n"))),
        (
            "words.list-one-word-less",
            2,
            pb_setup(extra=_list_file(lambda b: "\n".join(b.word_list[1:]) + "\n")),
        ),
        ("words.list-crlf", 0, pb_setup(extra=_list_file(lambda b: b.words.replace("\n", "\r\n")))),
        ("words.list-bom", 0, pb_setup(extra=_list_file(lambda b: "\ufeff" + b.words))),
        (
            "words.list-dropped-entries",
            0,
            pb_setup(extra=_list_file(lambda b: "Abcde\nabc\n" + b.words + b.word_list[0] + "\n")),
        ),
        ("words.list-missing-file", 2, pb_setup(op_set(("words", "list"), "nowhere.txt"))),
        ("words.list-dev-zero", 2, pb_setup(op_set(("words", "list"), "/dev/zero"))),
        (
            "words.list-fifo",
            2,
            pb_setup(op_set(("words", "list"), "fifo.txt"), extra=fifo("fifo.txt")),
        ),
        (
            "words.list-folder",
            2,
            pb_setup(
                op_set(("words", "list"), "sub.txt"), extra=lambda f, b: (f / "sub.txt").mkdir()
            ),
        ),
        (
            "words.list-oversize",
            2,
            pb_setup(op_set(("words", "list"), "big.txt"), extra=sparse("big.txt", BIG)),
        ),
        ("words.list-empty-text", 2, pb_setup(op_set(("words", "list"), ""))),
        ("words.list-other-bundled", 2, pb_setup(op_set(("words", "list"), "opentaal-nl"))),
        ("words.list-unknown-bundled", 2, pb_setup(op_set(("words", "list"), "no-such-list"))),
        ("words.answers-missing-file", 2, pb_setup(op_set(("words", "answers"), "nowhere.txt"))),
        ("words.length-6", 2, pb_setup(op_set(("words", "length"), 6))),
        ("words.accents-bogus", 2, pb_setup(op_set(("words", "accents"), "bogus"))),
        ("words.ij_to_y-no", 2, pb_setup(op_set(("words", "ij_to_y"), "no"))),
        ("words.length-str", 2, pb_setup(op_set(("words", "length"), "5"))),
        # tables and claims
        (
            "row-removed",
            1,
            pb_setup(
                op_edit(("groups", g, "table"), lambda rows, b: rows[: b.row] + rows[b.row + 1 :])
            ),
        ),
        (
            "try-word-dropped",
            1,
            pb_setup(op_edit(("groups", g, "table", r, "try"), lambda ws, b: ws[:-1])),
        ),
        # the same turns in the other order: the figures still hold
        (
            "try-words-swapped",
            0,
            pb_setup(op_edit(("groups", g, "table", r, "try"), lambda ws, b: ws[::-1])),
        ),
        ("chain-20", 1, pb_setup(_chain(20))),
        ("chain-3000", 2, pb_setup(text=_deep_chain_text(3000))),
        (
            "row-try-and-move",
            2,
            pb_setup(
                op_edit(("groups", g, "table", r), lambda row, b: {**row, "move": row["try"][0]})
            ),
        ),
        (
            "row-table-under-try",
            2,
            pb_setup(op_edit(("groups", g, "table", r), lambda row, b: {**row, "table": []})),
        ),
        (
            "row-neither-try-nor-move",
            2,
            pb_setup(
                op_edit(("groups", g, "table", r), lambda row, b: {"feedback": row["feedback"]})
            ),
        ),
        ("row-words-negative", 2, pb_setup(op_set(("groups", g, "table", r, "words"), -1))),
        ("row-try-empty", 2, pb_setup(op_set(("groups", g, "table", r, "try"), []))),
        (
            "row-feedback-marks",
            1,
            pb_setup(op_edit(("groups", g, "table", r, "feedback"), lambda fb, b: fb[1:])),
        ),
        (
            "row-feedback-blocks",
            1,
            pb_setup(op_edit(("groups", g, "table", r, "feedback"), lambda fb, b: fb.split()[0])),
        ),
        (
            "row-feedback-cannot-occur",
            1,
            pb_setup(
                op_edit(
                    ("groups", g, "table", r, "feedback"),
                    lambda fb, b: " ".join(["ooooo"] * len(fb.split())),
                )
            ),
        ),
        (
            "unguaranteed-found-word",
            1,
            pb_setup(op_edit(("groups", g, "unguaranteed"), lambda u, b: [_first_try_word(b)])),
        ),
        (
            "unguaranteed-twice",
            1,
            pb_setup(op_edit(("groups", g, "unguaranteed"), lambda u, b: [_first_try_word(b)] * 2)),
        ),
        (
            "method-hill-climbing-proven-true",
            1,
            pb_setup(op_set(("groups", g, "method"), "hill-climbing")),
        ),
        ("proven-false-method-exhaustive", 1, pb_setup(op_set(("groups", g, "proven"), False))),
        ("method-exhaustive-proven-false", 1, pb_setup(_method_exhaustive_unproven)),
        ("group-removed", 1, pb_setup(op_delete(("groups", g)))),
        (
            "group-not-in-list",
            1,
            pb_setup(
                op_edit(
                    ("groups",),
                    lambda gs, b: {
                        **gs,
                        "zz": {
                            "words": 0,
                            "openings": [],
                            "method": "trivial",
                            "proven": True,
                            "largest": 0,
                            "unguaranteed": [],
                        },
                    },
                )
            ),
        ),
        ("groups-empty", 1, pb_setup(op_set(("groups",), {}))),
        ("group-null", 2, pb_setup(op_set(("groups", g), None))),
        ("group-openings-null", 2, pb_setup(op_set(("groups", g, "openings"), None))),
        ("summary-null", 2, pb_setup(op_set(("summary",), None))),
        (
            "summary.distribution-negative",
            2,
            pb_setup(op_edit(("summary", "distribution"), lambda d, b: {**d, max(d) + 1: -1})),
        ),
        (
            "summary.distribution-turn-0",
            1,
            pb_setup(op_edit(("summary", "distribution"), lambda d, b: {0: 0, **d})),
        ),
        ("summary.average-huge", 1, pb_setup(op_set(("summary", "average"), 1e308))),
        ("summary.words-huge", 1, pb_setup(op_set(("summary", "words"), 10**30))),
    ]
    return [Case(f"pb-{name}", VERIFY, code, setup) for name, code, setup in c]


def _method_exhaustive_unproven(tree: Any, base: Base) -> Any:
    """``method: hill-climbing`` changed to ``exhaustive`` while ``proven: false``."""
    g = tree["groups"][base.group]
    g["method"], g["proven"] = "exhaustive", False
    return tree


def playbook_cases() -> list[Case]:
    return _walk_cases() + _tamper_cases() + _word_cases() + _hand_pb_cases()


# ---------------------------------------------------------------- config cases

CFG_FIELDS: list[tuple[str, str, list[Any]]] = [
    # (dotted key, kind, values of the right type that are not allowed)
    ("name", STR, ["../x", ".hidden", "a/b", ""]),
    ("game", STR, ["chess"]),
    ("description", STR, []),
    ("profile", STR, ["slow"]),
    ("n_jobs", INT, [0, -2, 2000]),
    ("backend", STR, ["bogus"]),
    ("scheduler", STR, []),
    ("compare", STR, ["nowhere.yaml"]),
    ("words.list", STR, ["nowhere.txt"]),
    ("words.answers", STR, ["nowhere.txt"]),
    ("words.length", INT, [0, 13]),
    ("words.max_length", INT, [0, 13]),
    ("words.ij_to_y", BOOL, []),
    ("words.lowercase", BOOL, []),
    ("words.accents", STR, ["bogus"]),
    ("rules.turns", INT, [0, 31]),
    ("rules.revealed", STR, ["last"]),
    ("rules.guess_pool", STR, ["some"]),
    ("rules.hard", BOOL, []),
    ("rules.misses", INT, [0, 27]),
    ("search.max_openings", INT, [-1, 4]),
    ("search.ranking", STR, ["bogus"]),
    ("search.restarts", INT, [0, 10**7]),
    ("search.seed", INT, [-1, 2**63]),
    ("search.budget", INT, [0, 86401]),
    ("search.device", STR, ["tpu"]),
    ("search.exhaustive_depth", INT, [0, 4]),
    ("fast.openings", INT, [0, 3]),
    ("fast.breadth", INT, [0, 65]),
    ("fast.candidates", INT, [0, 65]),
    ("render.tiles", STR, ["bogus"]),
    ("render.formats", STR, ["pdf", "yaml,bogus", ""]),
    ("render.language", STR, ["fr", "NL", ""]),
    ("mastermind.pegs", INT, [0, 7]),
    ("mastermind.colours", INT, [1, 10]),
]
"""Every key of a config."""

CFG_WRONG = {INT: ("str", "5"), STR: ("list", ["x"]), BOOL: ("str", "yes")}
"""One value of the wrong type per kind (a quoted number, a list, a quoted yes)."""
CFG_WRONG2 = {INT: ("float", 5.5), STR: ("int", 5), BOOL: ("int", 1)}


def _cfg_set(key: str, value: Any) -> Callable[[Any, Base], Any]:
    def f(data: Any, base: Base) -> Any:
        *sections, leaf = key.split(".")
        d = data
        for s in sections:
            d = d.setdefault(s, {})
        d[leaf] = copy.deepcopy(value)
        return data

    return f


def _slug(v: Any) -> str:
    s = re.sub(r"[^A-Za-z0-9]+", "_", str(v)).strip("_")
    return s or "empty"


def config_cases() -> list[Case]:
    out = []
    for key, kind, bad in CFG_FIELDS:
        for label, value in (CFG_WRONG[kind], CFG_WRONG2[kind]):
            out.append(Case(f"cfg-{key}-type-{label}", BUILD, 2, cfg_setup(_cfg_set(key, value))))
        out.append(
            Case(
                f"cfg-{key}-null",
                BUILD,
                2 if key not in _OPTIONAL else 0,
                cfg_setup(_cfg_set(key, None)),
            )
        )
        for v in bad:
            out.append(Case(f"cfg-{key}-value-{_slug(v)}", BUILD, 2, cfg_setup(_cfg_set(key, v))))
    for section in ("words", "rules", "search", "fast", "render", "mastermind"):
        out.append(
            Case(f"cfg-{section}-not-a-mapping", BUILD, 2, cfg_setup(_cfg_set(section, "text")))
        )
        out.append(Case(f"cfg-{section}-a-list", BUILD, 2, cfg_setup(_cfg_set(section, [1]))))
        out.append(
            Case(
                f"cfg-{section}-unknown-key",
                BUILD,
                2,
                cfg_setup(_cfg_set(f"{section}.bogus_key", 1)),
            )
        )
    c: list[tuple[str, int, Callable[[Path, Base], None]]] = [
        ("ok", 0, cfg_setup()),
        ("ok-crlf", 0, cfg_setup(text=lambda t, b: t.replace("\n", "\r\n"))),
        ("ok-bom", 0, cfg_setup(text=lambda t, b: "\ufeff" + t)),
        (
            "ok-comments",
            0,
            cfg_setup(text=lambda t, b: "# a config\n\n" + t.replace("\n", "  # note\n")),
        ),
        ("ok-section-null", 0, cfg_setup(text=lambda t, b: t + "mastermind:\nfast: null\n")),
        (
            "ok-unicode-description",
            0,
            cfg_setup(_cfg_set("description", "caf\u00e9 \u2713")),
        ),
        (
            "description-zero-width-space",  # invisible in a terminal: refused like a control
            2,
            cfg_setup(_cfg_set("description", "caf\u00e9 \u2713 \u200b")),
        ),
        ("ok-flow", 0, cfg_setup(text=lambda t, b: flow(yaml.safe_load(t)) + "\n")),
        ("unknown-top-key-typo", 2, cfg_setup(_cfg_set("serch", {"restarts": 1}))),
        ("unknown-top-key-int", 2, cfg_setup(lambda d, b: {**d, 5: 1})),
        ("unknown-top-key-null", 2, cfg_setup(lambda d, b: {**d, None: 1})),
        ("name-twice", 2, cfg_setup(text=lambda t, b: t + "name: other\n")),
        (
            "words-twice",
            2,
            cfg_setup(text=lambda t, b: t + "words:\n  list: words.txt\n  lowercase: true\n"),
        ),
        (
            "restarts-twice",
            2,
            cfg_setup(
                text=lambda t, b: t.replace("  restarts: 20\n", "  restarts: 20\n  restarts: 30\n")
            ),
        ),
        ("name-missing", 2, cfg_setup(lambda d, b: {k: v for k, v in d.items() if k != "name"})),
        ("not-yaml", 2, cfg_setup(text=lambda t, b: t.replace("words:", "words: [", 1))),
        ("not-utf8", 2, cfg_setup(text=lambda t, b: t.encode().replace(b"small", b"sm\xe9ll", 1))),
        ("utf16", 2, cfg_setup(text=lambda t, b: t.encode("utf-16"))),
        ("empty", 2, cfg_setup(text=lambda t, b: "")),
        ("a-list", 2, cfg_setup(text=lambda t, b: "- name: small\n")),
        ("a-scalar", 2, cfg_setup(text=lambda t, b: "small\n")),
        ("deep", 2, cfg_setup(text=lambda t, b: t + "description: " + _nested(100) + "\n")),
        (
            "aliases-101",
            2,
            cfg_setup(text=lambda t, b: "x: &x 1\n" + t + "y: [" + ", ".join(["*x"] * 101) + "]\n"),
        ),
        ("laughs", 2, cfg_setup(text=lambda t, b: t + "description: " + _laughs() + "\n")),
        (
            "guess-pool-revealed-none",
            2,
            cfg_setup(lambda d, b: {**d, "rules": {"revealed": "none", "guess_pool": "revealed"}}),
        ),
        (
            "fast-openings-use-all-turns",
            2,
            cfg_setup(
                lambda d, b: {
                    **d,
                    "profile": "fast",
                    "rules": {"turns": 2},
                    "fast": {"openings": 2},
                }
            ),
        ),
        (
            "page-for-mastermind",
            2,
            cfg_setup(
                lambda d, b: {
                    "name": "mm",
                    "game": "mastermind",
                    "render": {"formats": "yaml,page"},
                }
            ),
        ),
        ("compare-a-config", 2, cfg_setup(_cfg_set("compare", "c.yaml"))),
        ("compare-fifo", 2, cfg_setup(_cfg_set("compare", "ref.yaml"), extra=fifo("ref.yaml"))),
        (
            "answers-not-guesses",
            2,
            cfg_setup(
                _cfg_set("words.answers", "answers.txt"),
                extra=lambda f, b: (f / "answers.txt").write_text("zzzzz\n" + b.words),
            ),
        ),
        (
            "answers-empty",
            2,
            cfg_setup(
                _cfg_set("words.answers", "answers.txt"),
                extra=lambda f, b: (f / "answers.txt").write_text(""),
            ),
        ),
        (
            "answers-fifo",
            2,
            cfg_setup(_cfg_set("words.answers", "answers.txt"), extra=fifo("answers.txt")),
        ),
        ("max-length-below-length", 2, cfg_setup(_cfg_set("words.max_length", 4))),
    ]
    out += [Case(f"cfg-{name}", BUILD, code, setup) for name, code, setup in c]
    return out


_OPTIONAL = {"scheduler", "compare", "words.answers", "words.max_length"}
"""Config keys that may be null (no value: the default)."""


# ---------------------------------------------------------------- word list cases


def _with(words: list[str], base: Base) -> str:
    return "\n".join(words + base.word_list) + "\n"


LIST_BUILD = BUILD
"""A list reaches a build through the config's ``words.list``."""


def word_list_cases() -> list[Case]:
    def cfg(text: Callable[[Base], str | bytes], **words_keys: Any) -> Callable[[Path, Base], None]:
        mutate = None
        if words_keys:
            mutate = lambda d, b: {**d, "words": {**d["words"], **words_keys}}  # noqa: E731
        return cfg_setup(mutate, words=text)

    c: list[tuple[str, int, Callable[[Path, Base], None]]] = [
        # unusable lists
        ("empty", 2, cfg(lambda b: "")),
        ("blank-lines", 2, cfg(lambda b: "\n \n\t\n\n")),
        ("only-comments", 2, cfg(lambda b: "# words\n# none\n")),
        ("nul-byte", 2, cfg(lambda b: b.words.encode() + b"\x00")),
        ("not-utf8-line-2", 2, cfg(lambda b: b"appel\n\xff\xfe\n" + b.words.encode())),
        ("latin1", 2, cfg(lambda b: ("caf\u00e9s\n" + b.words).encode("latin-1"))),
        ("utf16", 2, cfg(lambda b: b.words.encode("utf-16"))),
        ("png-header", 2, cfg(lambda b: b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")),
        ("only-wrong-length", 2, cfg(lambda b: "kiwi\nbananen\nab\n")),
        ("only-uppercase", 2, cfg(lambda b: "\n".join(w.upper() for w in b.word_list) + "\n")),
        ("only-digits", 2, cfg(lambda b: "12345\n00000\n")),
        ("accents-reject", 2, cfg(lambda b: _with(["cr\u00e8me"], b), accents="reject")),
        ("oversize", 2, both(cfg(lambda b: b.words), sparse("words.txt", BIG))),
        (
            "fifo",
            2,
            both(cfg(lambda b: ""), lambda f, b: os.remove(f / "words.txt"), fifo("words.txt")),
        ),
        ("dev-zero", 2, cfg_setup(_cfg_set("words.list", "/dev/zero"))),
        ("dev-null", 2, cfg_setup(_cfg_set("words.list", "/dev/null"))),
        (
            "folder",
            2,
            cfg_setup(
                _cfg_set("words.list", "sub.txt"), extra=lambda f, b: (f / "sub.txt").mkdir()
            ),
        ),
        ("missing", 2, cfg_setup(_cfg_set("words.list", "nowhere.txt"))),
        (
            "dangling-link",
            2,
            cfg_setup(
                _cfg_set("words.list", "link.txt"),
                extra=lambda f, b: os.symlink(f / "nowhere.txt", f / "link.txt"),
            ),
        ),
        (
            "link-loop",
            2,
            cfg_setup(
                _cfg_set("words.list", "loop.txt"),
                extra=lambda f, b: os.symlink("loop.txt", f / "loop.txt"),
            ),
        ),
        (
            "only-other-groups",
            2,
            cfg(lambda b: "\n".join(w for w in b.word_list if w[0] != "q") + "\n"),
        ),
        # usable lists with odd entries: the odd ones are dropped, with a report (exit 0)
        ("crlf", 0, cfg(lambda b: b.words.replace("\n", "\r\n"))),
        ("bom", 0, cfg(lambda b: "\ufeff" + b.words)),
        ("bom-crlf", 0, cfg(lambda b: "\ufeff" + b.words.replace("\n", "\r\n"))),
        ("cr-only", 0, cfg(lambda b: b.words.replace("\n", "\r"))),
        ("no-final-newline", 0, cfg(lambda b: b.words.rstrip("\n"))),
        ("duplicates", 0, cfg(lambda b: b.words + b.words)),
        (
            "mixed-lengths",
            0,
            cfg(lambda b: _with(["kiwi", "bananen", "a", "abcdefghijklmnopqrstuvwxyz"], b)),
        ),
        ("uppercase-entries", 0, cfg(lambda b: _with(["Appel", "QUOTA", "Quota"], b))),
        ("lowercase-true", 0, cfg(lambda b: _with(["Appel", "QUOTA"], b), lowercase=True)),
        ("accents-drop", 0, cfg(lambda b: _with(["cr\u00e8me", "\u00e9clat"], b))),
        ("accents-map", 0, cfg(lambda b: _with(["cr\u00e8me", "m\u00fcsli"], b), accents="map")),
        ("zero-width-space", 0, cfg(lambda b: _with(["ap\u200bpel", "\u200bquota"], b))),
        ("combining-accent", 0, cfg(lambda b: _with(["cre\u0300me"], b))),
        ("nbsp-and-tabs", 0, cfg(lambda b: "\n".join(f"\t{w} \u00a0" for w in b.word_list) + "\n")),
        ("comments-and-blanks", 0, cfg(lambda b: "# list\n\n" + b.words.replace("\n", "\n\n"))),
        ("long-line", 0, cfg(lambda b: "x" * 1_000_000 + "\n" + b.words)),
        ("punctuation", 0, cfg(lambda b: _with(["ap-el", "a'pel", "ap.el", "a b c"], b))),
        ("unicode-line-separators", 0, cfg(lambda b: b.words.replace("\n", "\u2028", 3))),
        (
            "link",
            0,
            cfg_setup(
                _cfg_set("words.list", "link.txt"),
                extra=lambda f, b: os.symlink(f / "words.txt", f / "link.txt"),
            ),
        ),
    ]
    out = [Case(f"list-{name}", LIST_BUILD, code, setup) for name, code, setup in c]

    # the same through verify --words and play --words
    def extra_list(text: Callable[[Base], str | bytes]) -> Callable[[Path, Base], None]:
        return pb_setup(extra=lambda f, b: _write_bytes(f / "other.txt", text(b)))

    verify_words = [*VERIFY, "--words", "{dir}/other.txt"]
    play_words = [
        "play",
        "{dir}/c.yaml",
        "--words",
        "{dir}/other.txt",
        "--letter",
        "q",
        "--moves",
        "{move}",
    ]
    v: list[tuple[str, int, list[str], Callable[[Path, Base], None]]] = [
        (
            "verify-words-crlf-bom",
            0,
            verify_words,
            extra_list(lambda b: "\ufeff" + b.words.replace("\n", "\r\n")),
        ),
        (
            "verify-words-odd-entries",
            0,
            verify_words,
            extra_list(lambda b: _with(["Appel", "kiwi", "cr\u00e8me", "12345"], b)),
        ),
        ("verify-words-one-more", 1, verify_words, extra_list(lambda b: _with(["qzzzz"], b))),
        ("verify-words-empty", 2, verify_words, extra_list(lambda b: "")),
        ("verify-words-binary", 2, verify_words, extra_list(lambda b: b"\x00\x01\x02")),
        ("verify-words-a-config", 2, [*VERIFY, "--words", "{dir}/c.yaml"], pb_setup()),
        ("verify-words-missing", 2, verify_words, pb_setup()),
        (
            "verify-words-folder",
            2,
            verify_words,
            pb_setup(extra=lambda f, b: (f / "other.txt").mkdir()),
        ),
        ("verify-words-fifo", 2, verify_words, pb_setup(extra=fifo("other.txt"))),
        ("verify-words-dev-zero", 2, [*VERIFY, "--words", "/dev/zero"], pb_setup()),
        ("verify-words-oversize", 2, verify_words, pb_setup(extra=sparse("other.txt", BIG))),
        (
            "play-words-crlf-bom",
            0,
            play_words,
            extra_list(lambda b: "\ufeff" + b.words.replace("\n", "\r\n")),
        ),
        ("play-words-empty", 2, play_words, extra_list(lambda b: "")),
        ("play-words-not-utf8", 2, play_words, extra_list(lambda b: b"\xff\xfe\xfd\n")),
        ("play-words-missing", 2, play_words, pb_setup()),
        (
            "play-words-folder",
            2,
            play_words,
            pb_setup(extra=lambda f, b: (f / "other.txt").mkdir()),
        ),
        ("play-words-fifo", 2, play_words, pb_setup(extra=fifo("other.txt"))),
        ("play-words-dev-zero", 2, [*play_words[:3], "/dev/zero", *play_words[4:]], pb_setup()),
        (
            "simulate-words-oversize",
            2,
            ["simulate", "{dir}/c.yaml", "--words", "{dir}/other.txt", "--letters", "q"],
            pb_setup(extra=sparse("other.txt", BIG)),
        ),
        (
            "simulate-words-only-other-group",
            2,
            ["simulate", "{dir}/c.yaml", "--words", "{dir}/other.txt", "--letters", "q"],
            extra_list(lambda b: "appel\nperen\n"),
        ),
    ]
    out += [Case(f"list-{name}", argv, code, setup) for name, code, argv, setup in v]
    return out


def _write_bytes(path: Path, data: str | bytes) -> None:
    path.write_bytes(data.encode() if isinstance(data, str) else data)


# ---------------------------------------------------------------- path cases


def path_cases() -> list[Case]:
    base = pb_setup()
    c: list[tuple[str, int, list[str], Callable[[Path, Base], None]]] = [
        ("verify-missing", 2, ["verify", "{dir}/nowhere.yaml"], base),
        ("verify-folder", 2, ["verify", "{dir}"], base),
        ("verify-fifo", 2, ["verify", "{dir}/fifo.yaml"], both(base, fifo("fifo.yaml"))),
        ("verify-dev-zero", 2, ["verify", "/dev/zero"], base),
        ("verify-dev-null", 2, ["verify", "/dev/null"], base),
        ("verify-proc-status", 2, ["verify", "/proc/self/status"], base),
        ("verify-proc-mem", 2, ["verify", "/proc/self/mem"], base),
        ("verify-oversize", 2, ["verify", "{dir}/big.yaml"], both(base, sparse("big.yaml", BIG))),
        (
            "verify-dangling-link",
            2,
            ["verify", "{dir}/link.yaml"],
            both(base, lambda f, b: os.symlink(f / "nowhere", f / "link.yaml")),
        ),
        (
            "verify-link-loop",
            2,
            ["verify", "{dir}/loop.yaml"],
            both(base, lambda f, b: os.symlink("loop.yaml", f / "loop.yaml")),
        ),
        (
            "verify-link",
            0,
            ["verify", "{dir}/link.yaml"],
            both(base, lambda f, b: os.symlink(f / "pb.yaml", f / "link.yaml")),
        ),
        ("verify-name-too-long", 2, ["verify", "{dir}/" + "a" * 300 + ".yaml"], base),
        ("verify-file-as-folder", 2, ["verify", "{dir}/pb.yaml/x.yaml"], base),
        ("verify-empty-path", 2, ["verify", ""], base),
        ("verify-newline-in-name", 2, ["verify", "{dir}/no\nsuch.yaml"], base),
        ("verify-a-config", 2, ["verify", "{dir}/c.yaml"], base),
        ("show-folder", 2, ["show", "{dir}"], base),
        ("show-fifo", 2, ["show", "{dir}/fifo.yaml"], both(base, fifo("fifo.yaml"))),
        ("show-a-config", 2, ["show", "{dir}/c.yaml"], base),
        ("render-dev-zero", 2, ["render", "/dev/zero", "--format", "md", "-o", "{dir}/x.md"], base),
        (
            "render-a-config",
            2,
            ["render", "{dir}/c.yaml", "--format", "md", "-o", "{dir}/x.md"],
            base,
        ),
        (
            "render-out-under-a-file",
            2,
            ["render", "{dir}/pb.yaml", "--format", "md", "-o", "/proc/version/sub/x.md"],
            base,
        ),
        (
            "render-out-under-dev-null",
            2,
            ["render", "{dir}/pb.yaml", "--format", "md", "-o", "/dev/null/x.md"],
            base,
        ),
        (
            "render-out-a-folder",
            2,
            ["render", "{dir}/pb.yaml", "--format", "md", "-o", "{dir}"],
            base,
        ),
        (
            "render-out-under-pb",
            2,
            ["render", "{dir}/pb.yaml", "--format", "md", "-o", "{dir}/pb.yaml/x.md"],
            base,
        ),
        (
            "render-with-missing",
            2,
            [
                "render",
                "{dir}/pb.yaml",
                "--format",
                "md",
                "-o",
                "{dir}/x.md",
                "--with",
                "{dir}/nowhere.yaml",
            ],
            base,
        ),
        (
            "render-with-fifo",
            2,
            [
                "render",
                "{dir}/pb.yaml",
                "--format",
                "md",
                "-o",
                "{dir}/x.md",
                "--with",
                "{dir}/fifo.yaml",
            ],
            both(base, fifo("fifo.yaml")),
        ),
        (
            "render-with-a-config",
            2,
            [
                "render",
                "{dir}/pb.yaml",
                "--format",
                "md",
                "-o",
                "{dir}/x.md",
                "--with",
                "{dir}/c.yaml",
            ],
            base,
        ),
        ("render-ok", 0, ["render", "{dir}/pb.yaml", "--format", "md", "-o", "{dir}/x.md"], base),
        ("build-config-missing", 2, ["build", "{dir}/nowhere.yaml", "--out", "{dir}/out"], base),
        ("build-config-unknown-name", 2, ["build", "no-such-config", "--out", "{dir}/out"], base),
        ("build-config-folder", 2, ["build", "{dir}", "--out", "{dir}/out"], base),
        (
            "build-config-fifo",
            2,
            ["build", "{dir}/fifo.yaml", "--out", "{dir}/out"],
            both(base, fifo("fifo.yaml")),
        ),
        ("build-config-dev-zero", 2, ["build", "/dev/zero", "--out", "{dir}/out"], base),
        (
            "build-config-oversize",
            2,
            ["build", "{dir}/big.yaml", "--out", "{dir}/out"],
            both(base, sparse("big.yaml", (1 << 20) + 1)),
        ),
        ("build-config-a-playbook", 2, ["build", "{dir}/pb.yaml", "--out", "{dir}/out"], base),
        ("build-out-a-file", 2, [*BUILD[:2], "--out", "{dir}/pb.yaml", *BUILD[4:]], base),
        (
            "build-out-under-proc-file",
            2,
            [*BUILD[:2], "--out", "/proc/version/sub", *BUILD[4:]],
            base,
        ),
        ("build-out-under-dev-null", 2, [*BUILD[:2], "--out", "/dev/null/x", *BUILD[4:]], base),
        (
            "strategy-out-under-dev-null",
            2,
            [
                "strategy",
                "{dir}/c.yaml",
                "--rule",
                "scm",
                "--letters",
                "q",
                "--out",
                "/dev/null/x.yaml",
            ],
            base,
        ),
        (
            "strategy-out-a-folder",
            2,
            ["strategy", "{dir}/c.yaml", "--rule", "scm", "--letters", "q", "--out", "{dir}"],
            base,
        ),
        (
            "strategy-out-under-proc-file",
            2,
            [
                "strategy",
                "{dir}/c.yaml",
                "--rule",
                "scm",
                "--letters",
                "q",
                "--out",
                "/proc/version/sub.yaml",
            ],
            base,
        ),
        (
            "play-a-playbook",
            2,
            ["play", "{dir}/pb.yaml", "--letter", "q", "--moves", "{move}"],
            base,
        ),
        (
            "play-playbook-missing",
            2,
            [
                "play",
                "{dir}/c.yaml",
                "--playbook",
                "{dir}/nowhere.yaml",
                "--letter",
                "q",
                "--moves",
                "{move}",
            ],
            base,
        ),
        (
            "play-playbook-a-config",
            2,
            [
                "play",
                "{dir}/c.yaml",
                "--playbook",
                "{dir}/c.yaml",
                "--letter",
                "q",
                "--moves",
                "{move}",
            ],
            base,
        ),
        (
            "play-playbook-fifo",
            2,
            [
                "play",
                "{dir}/c.yaml",
                "--playbook",
                "{dir}/fifo.yaml",
                "--letter",
                "q",
                "--moves",
                "{move}",
            ],
            both(base, fifo("fifo.yaml")),
        ),
        ("simulate-a-playbook", 2, ["simulate", "{dir}/pb.yaml", "--letters", "q"], base),
        (
            "simulate-playbook-folder",
            2,
            ["simulate", "{dir}/c.yaml", "--playbook", "{dir}", "--letters", "q"],
            base,
        ),
        ("rank-a-playbook", 2, ["rank", "{dir}/pb.yaml", "--rule", "scm"], base),
        ("value-a-playbook", 2, ["value", "{dir}/pb.yaml"], base),
        ("strategy-a-playbook", 2, ["strategy", "{dir}/pb.yaml", "--rule", "scm"], base),
    ]
    return [Case(f"path-{name}", argv, code, setup) for name, code, argv, setup in c]


# ---------------------------------------------------------------- command-line cases


def command_cases() -> list[Case]:
    base = pb_setup()
    pb, cf = "{dir}/pb.yaml", "{dir}/c.yaml"
    render = ["render", pb, "--format", "md", "-o", "{dir}/x.md"]
    play = ["play", cf, "--letter", "q"]
    sim = ["simulate", cf, "--letters", "q"]
    strat = ["strategy", cf, "--rule", "scm", "--letters", "q"]
    rank = ["rank", cf, "--rule", "scm", "--letters", "q"]
    c: list[tuple[str, int, list[str]]] = [
        ("no-arguments", 2, []),
        ("unknown-command", 2, ["bogus"]),
        ("unknown-global-option", 2, ["--bogus"]),
        ("command-typo", 2, ["verfy", pb]),
        ("version", 0, ["--version"]),
        ("help", 0, ["--help"]),
        ("verify-help", 0, ["verify", "--help"]),
        ("verify-ok", 0, ["verify", pb]),
        ("verify-quiet-ok", 0, ["verify", pb, "--quiet"]),
        ("verify-no-playbook", 2, ["verify"]),
        ("verify-two-playbooks", 2, ["verify", pb, pb]),
        ("verify-unknown-option", 2, ["verify", pb, "--bogus"]),
        ("verify-quiet-with-value", 2, ["verify", pb, "--quiet=1"]),
        ("verify-words-without-value", 2, ["verify", pb, "--words"]),
        ("show-ok", 0, ["show", pb]),
        ("show-letter-ok", 0, ["show", pb, "--letter", "q"]),
        ("show-letter-unknown", 2, ["show", pb, "--letter", "7"]),
        ("show-letter-capital-ok", 0, ["show", pb, "--letter", "Q"]),  # typed as play takes it
        ("show-letter-empty", 2, ["show", pb, "--letter", ""]),
        ("show-unknown-option", 2, ["show", pb, "--letters", "q"]),
        ("render-format-bogus", 2, [*render[:2], "--format", "bogus", *render[4:]]),
        ("render-tiles-bogus", 2, [*render, "--tiles", "bogus"]),
        ("render-language-bogus", 2, [*render, "--language", "fr"]),
        ("render-language-nl-ok", 0, [*render, "--language", "nl"]),
        ("render-jobs-0", 2, [*render, "--jobs", "0"]),
        ("render-jobs-minus-2", 2, [*render, "--jobs", "-2"]),
        ("render-jobs-text", 2, [*render, "--jobs", "many"]),
        ("render-letters-commas", 2, [*render, "--letters", ",,,"]),
        ("render-letters-unknown", 2, [*render, "--letters", "Z"]),
        ("render-letters-ok", 0, [*render, "--letters", "q"]),
        ("build-ok", 0, BUILD),
        ("build-letters-commas", 2, [*BUILD[:4], "--letters", ",,,", *BUILD[6:]]),
        ("build-letters-unknown", 2, [*BUILD[:4], "--letters", "Z", *BUILD[6:]]),
        ("build-letters-empty", 2, [*BUILD[:4], "--letters", "", *BUILD[6:]]),
        ("build-jobs-text", 2, [*BUILD, "--jobs", "two"]),
        ("build-jobs-0", 2, [*BUILD, "--jobs", "0"]),
        ("build-jobs-minus-5", 2, [*BUILD, "--jobs", "-5"]),
        ("build-jobs-huge", 2, [*BUILD, "--jobs", "100000"]),
        ("build-seed-text", 2, [*BUILD, "--seed", "x"]),
        ("build-seed-negative", 2, [*BUILD, "--seed", "-1"]),
        ("build-seed-float", 2, [*BUILD, "--seed", "1.5"]),
        ("build-restarts-0", 2, [*BUILD, "--restarts", "0"]),
        ("build-restarts-huge", 2, [*BUILD, "--restarts", "100000000"]),
        ("build-search-depth-4", 2, [*BUILD, "--search-depth", "4"]),
        ("build-device-bogus", 2, [*BUILD, "--device", "tpu"]),
        ("build-backend-bogus", 2, [*BUILD, "--backend", "bogus"]),
        ("build-formats-no-yaml", 2, [*BUILD[:6], "--formats", "pdf"]),
        ("build-formats-bogus", 2, [*BUILD[:6], "--formats", "yaml,bogus"]),
        ("build-formats-empty", 2, [*BUILD[:6], "--formats", ""]),
        ("build-out-without-value", 2, ["build", cf, "--out"]),
        ("build-scheduler-dead", 2, [*BUILD, "--scheduler", "tcp://127.0.0.1:9"]),
        ("build-two-configs", 2, [*BUILD, cf]),
        ("strategy-ok", 0, strat),
        ("strategy-no-rule", 2, ["strategy", cf]),
        ("strategy-rule-bogus", 2, ["strategy", cf, "--rule", "bogus"]),
        ("strategy-budget-text", 2, [*strat, "--budget", "soon"]),
        ("strategy-letters-commas", 2, [*strat[:4], "--letters", ",,,"]),
        ("strategy-letters-unknown", 2, [*strat[:4], "--letters", "Z"]),
        ("strategy-first-not-a-guess", 2, [*strat, "--first", "zzzzz"]),
        ("strategy-first-empty", 2, [*strat, "--first", ""]),
        ("strategy-first-invisible", 2, [*strat, "--first", "qu\u200bota"]),
        ("strategy-first-without-value", 2, [*strat, "--first"]),
        (
            "strategy-optimal-first-not-a-guess",
            2,
            [*strat[:3], "optimal", *strat[4:], "--first", "x"],
        ),
        ("rank-ok", 0, rank),
        ("rank-no-rule", 2, ["rank", cf]),
        ("rank-rule-optimal", 2, ["rank", cf, "--rule", "optimal"]),
        ("rank-top-text", 2, [*rank, "--top", "ten"]),
        ("rank-letters-commas", 2, [*rank[:4], "--letters", ",,,"]),
        ("value-ok", 0, ["value", cf, "--letters", "x"]),
        ("value-budget-spent", 1, ["value", cf, "--letters", "s", "--budget", "0.01"]),
        ("value-budget-zero", 2, ["value", cf, "--budget", "0"]),
        ("value-opening-not-a-guess", 2, ["value", cf, "--letters", "x", "--openings", "zzz"]),
        ("value-letters-commas", 2, ["value", cf, "--letters", ",,,"]),
        ("value-hangman-openings", 2, ["value", "hangman-en", "--letters", "4", "--openings", "e"]),
        ("value-hangman-sample-one", 2, ["value", "hangman-en", "--letters", "4", "--sample", "1"]),
        ("value-sample-not-hangman", 2, ["value", cf, "--letters", "x", "--sample", "5"]),
        ("mistakes-lingo", 2, ["mistakes", cf, "quota", "--strategy", "most"]),
        (
            "mistakes-budget-zero",
            2,
            ["mistakes", "hangman-en", "pays", "--strategy", "most", "--budget", "0"],
        ),
        ("mistakes-no-strategy", 2, ["mistakes", "hangman-en", "pays"]),
        ("simulate-ok", 0, sim),
        ("simulate-playbook-ok", 0, [*sim, "--playbook", pb]),
        ("simulate-games-minus-3", 2, [*sim, "--host", "random", "--games", "-3"]),
        ("simulate-games-0", 2, [*sim, "--host", "random", "--games", "0"]),
        ("simulate-games-text", 2, [*sim, "--host", "random", "--games", "many"]),
        ("simulate-seed-text", 2, [*sim, "--host", "random", "--seed", "x"]),
        ("simulate-host-bogus", 2, [*sim, "--host", "bogus"]),
        ("simulate-rule-bogus", 2, [*sim, "--rule", "bogus"]),
        ("simulate-letters-commas", 2, [*sim[:2], "--letters", ",,,"]),
        ("simulate-letters-unknown", 2, [*sim[:2], "--letters", "Z"]),
        ("play-ok", 0, [*play, "--moves", "{move}"]),
        ("play-playbook-ok", 0, [*play, "--playbook", pb, "--moves", "{move}"]),
        ("play-moves-empty", 2, [*play, "--moves", ""]),
        ("play-moves-unknown-word", 2, [*play, "--moves", "zzzzz ooooo"]),
        ("play-moves-no-feedback", 2, [*play, "--moves", "{word}"]),
        ("play-moves-bad-feedback", 2, [*play, "--moves", "{word} o?o?o"]),
        ("play-moves-semicolons", 2, [*play, "--moves", ";;;"]),
        ("play-letter-unknown", 2, ["play", cf, "--letter", "Z", "--moves", "{move}"]),
        ("play-rule-bogus", 2, [*play, "--rule", "bogus", "--moves", "{move}"]),
        ("play-hard-ok", 0, [*play, "--hard", "--moves", "{move}"]),
        ("lists-extra-argument", 2, ["lists", "extra"]),
        ("lists-ok", 0, ["lists"]),
    ]
    return [Case(f"cmd-{name}", argv, code, base) for name, code, argv in c]


# ---------------------------------------------------------------- all of them


def cases() -> list[Case]:
    """Every case, ids unique."""
    import hostile_kinds  # it builds on this module

    out = playbook_cases() + config_cases() + word_list_cases() + path_cases() + command_cases()
    out += hostile_kinds.cases()
    ids = [c.id for c in out]
    assert len(ids) == len(set(ids)), sorted({i for i in ids if ids.count(i) > 1})
    return out


def play_words(base: Base) -> dict[str, str]:
    """What ``{move}``, ``{word}`` and ``{wrong}`` stand for in ``play --moves``: a q word of
    the base list found at once (``WORD ooooo``), that word alone, and another q word with
    the feedback it gets when the first is the answer."""
    from playbook.games import WordGame

    qs = [x for x in base.word_list if x.startswith("q")]
    w, other = qs[0], qs[1]
    game = WordGame()
    wrong = f"{other} {game.format(game.feedback(other, w))}"  # true feedback, not solved
    return {"{move}": f"{w} ooooo", "{word}": w, "{wrong}": wrong}


def argv_of(case: Case, folder: Path, base: Base) -> list[str]:
    """The case's command line for ``folder``."""
    subs = play_words(base)
    out = []
    for a in case.args(folder):
        for k, v in subs.items():
            a = a.replace(k, v)
        out.append(a)
    return out


def _quote(arg: str) -> str:
    """``arg`` for a bash command line, on one line (``$'...'`` where it has a newline)."""
    if arg.isprintable():
        return shlex.quote(arg)
    return "$'" + arg.encode("unicode_escape").decode().replace("'", "\\'") + "'"


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python tests/hostile.py OUTDIR", file=sys.stderr)
        return 2
    out = Path(argv[0]).resolve()
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    base = build_base(out / "_base")
    lines = []
    for case in cases():
        folder = out / case.id
        folder.mkdir(parents=True, exist_ok=True)
        case.setup(folder, base)
        cmd = " ".join(_quote(a) for a in ["playbook", *argv_of(case, folder, base)])
        lines.append(f"{case.id}\t{case.code}\t{cmd}")
    (out / "cases.txt").write_text("\n".join(lines) + "\n")
    print(f"{len(lines)} cases in {out}; the list: {out / 'cases.txt'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
