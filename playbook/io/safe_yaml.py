"""Reading files a user hands us (configs, playbooks, word lists): only regular files of a
bounded size, and YAML only as plain data of a bounded shape (no deep nesting, no alias
bombs, no duplicate keys, no control or format characters), each refusal one line naming the
file and what is allowed."""

from __future__ import annotations

import json
import os
import stat
import unicodedata
from pathlib import Path
from typing import Any

import yaml

from playbook.errors import PlaybookError

MAX_DEPTH = 64
"""Deepest nesting of mappings and lists in a YAML file a user hands us (ours reach 12)."""
MAX_ALIASES = 100
"""Most YAML aliases (``*name``) in such a file (ours have none)."""


def read_user_file(path: Path, limit: int, kind: str, error: type[PlaybookError]) -> bytes:
    """The bytes of a file a user handed us, or ``error`` in one line: only a regular file
    (a FIFO, a device or a socket is refused before it is opened, so nothing blocks or reads
    without end), of at most ``limit`` bytes."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise error(f"{path}: {kind} file not found") from None
    except OSError as exc:
        raise error(f"{path}: cannot read {kind} ({exc.strerror})") from None
    except ValueError:  # a NUL byte in the name
        raise error(f"{path!r}: not a file name (it holds a NUL byte)") from None
    if stat.S_ISDIR(st.st_mode):
        raise error(f"{path}: is a folder, not a {kind} file")
    if not stat.S_ISREG(st.st_mode):
        raise error(f"{path}: not a regular file (a pipe, device or socket); give a {kind} file")
    if st.st_size > limit:
        raise error(f"{path}: {st.st_size} bytes; a {kind} file is limited to {limit >> 20} MiB")
    try:
        with open(path, "rb") as fh:
            data = fh.read(limit + 1)
    except OSError as exc:
        raise error(f"{path}: cannot read {kind} ({exc.strerror})") from None
    if len(data) > limit:
        raise error(f"{path}: more than {limit >> 20} MiB; a {kind} file is limited to that")
    return data


MAX_EXPANDED = 2_000_000
"""Most values that aliases may add to a YAML file a user hands us (a billion-laughs file of
a few dozen aliases would add billions)."""


def check_yaml_shape(text: str, path: str, error: type[PlaybookError]) -> None:
    """Refuse YAML nested deeper than :data:`MAX_DEPTH`, with more than :data:`MAX_ALIASES`
    aliases, or whose aliases would expand to more than :data:`MAX_EXPANDED` values, from the
    parser's events, before anything is built from it (no deep recursion, no expansion of
    alias bombs); YAML the parser refuses is refused here, in one line (:func:`yaml_refusal`).
    """
    aliases = expanded = reached = 0
    open_: list[list[Any]] = [[0, None]]  # per open collection: values inside, its anchor
    sizes: dict[str, int] = {}  # per anchor: the values it stands for
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

    def line(event: yaml.Event) -> int:
        return event.start_mark.line + 1 if event.start_mark else 0

    try:
        for event in yaml.parse(text, Loader=loader):
            reached = line(event)
            if isinstance(event, yaml.CollectionStartEvent):
                open_.append([0, event.anchor])
                if len(open_) - 1 > MAX_DEPTH:
                    raise error(f"{path}:{line(event)}: nested more than {MAX_DEPTH} levels deep")
            elif isinstance(event, yaml.CollectionEndEvent):
                count, anchor = open_.pop()
                if anchor is not None:
                    sizes[anchor] = count + 1
                open_[-1][0] += count + 1
            elif isinstance(event, yaml.ScalarEvent):
                if event.anchor is not None:
                    sizes[event.anchor] = 1
                open_[-1][0] += 1
            elif isinstance(event, yaml.AliasEvent):
                aliases += 1
                if aliases > MAX_ALIASES:
                    raise error(
                        f"{path}:{line(event)}: more than {MAX_ALIASES} YAML aliases (*name)"
                    )
                size = sizes.get(str(event.anchor), 1)
                expanded += size
                if expanded > MAX_EXPANDED:
                    raise error(
                        f"{path}:{line(event)}: YAML aliases (*name) that expand to more than "
                        f"{MAX_EXPANDED:,} values"
                    )
                open_[-1][0] += size
    except yaml.YAMLError as exc:
        raise error(yaml_refusal(exc, text, path, reached)) from None


def yaml_refusal(exc: yaml.YAMLError, text: str, path: str, reached: int = 0) -> str:
    """The one line for YAML that the library refuses, whatever its wording: the file, the
    line (the library's mark, its reader's position, else the line the parser had reached),
    and the library's reason, on one line."""
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    position = getattr(exc, "position", None)
    if mark is not None:
        at = mark.line + 1
    elif isinstance(position, int):
        at = text.count("\n", 0, position) + 1
    else:
        at = max(reached, 1)
    reason = getattr(exc, "problem", None) or getattr(exc, "reason", None) or str(exc)
    reason = " ".join(str(reason).split())[:200] or "malformed"
    return f"{path}:{at}: not valid YAML ({reason})"


class _StrictLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """The safe loader (libyaml's where PyYAML has it), refusing a key given twice in one
    mapping: YAML keeps the last silently, so a broken group followed by the real one, or a
    second ``game:`` block, would pass unseen."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: set[Any] = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            if isinstance(key, list | dict):
                continue  # unhashable: the constructor below refuses it
            if key in seen:
                raise _Duplicate(key_node.start_mark.line + 1, key)
            seen.add(key)
        return super().construct_mapping(node, deep=deep)


class _Duplicate(Exception):
    def __init__(self, line: int, key: Any) -> None:
        super().__init__(line, key)
        self.line, self.key = line, key


def check_plain_text(data: Any, path: str, error: type[PlaybookError]) -> None:
    """Refuse a document with a control or format character (an escape sequence, a bell, a
    right-to-left override, a newline inside a name) in any key or text: names, groups,
    words and notes are plain text, printed as they are, and must not drive a terminal."""
    stack: list[tuple[str, Any]] = [("", data)]
    while stack:
        where, node = stack.pop()
        items: list[tuple[str, Any]] = []
        if isinstance(node, dict):
            for k, v in node.items():
                name = str(k) if str(k).isprintable() else repr(k)
                key = f"{where}.{name}" if where else name
                items += [(key, k), (key, v)]
        elif isinstance(node, list):
            items = [(f"{where}[{i}]", v) for i, v in enumerate(node)]
        elif isinstance(node, str) and not node.isprintable():
            bad = next(ch for ch in node if not ch.isprintable())
            named = unicodedata.name(bad, "control character")
            raise error(
                f"{path}: {where or 'the document'}: {bad!r} (U+{ord(bad):04X} {named}) in "
                "text; names, groups, words and notes are plain printable text"
            )
        stack += [(w, v) for w, v in items if isinstance(v, dict | list | str)]


def load_yaml(text: str, path: str, error: type[PlaybookError]) -> Any:
    """A YAML document a user handed us, as plain data: its shape checked first
    (:func:`check_yaml_shape`), a key twice in one mapping refused; a one-line ``error``
    naming the line otherwise (``c.yaml:3: ...``)."""
    check_yaml_shape(text, path, error)
    try:
        data = yaml.load(text, Loader=_StrictLoader)  # a safe loader
        check_plain_text(data, path, error)
        return data
    except _Duplicate as dup:
        raise error(
            f"{path}:{dup.line}: key {dup.key!r} appears twice in the same mapping"
        ) from None
    except yaml.YAMLError as exc:
        raise error(yaml_refusal(exc, text, path)) from None
    except (TypeError, ValueError, RecursionError) as exc:
        # an unhashable key, a date that is not one, ...
        raise error(f"{path}: not plain YAML data ({str(exc).splitlines()[0]})") from None


JSON_LIMIT = 64 << 20
"""The largest JSON file the tool's scripts read (their own results are a few MB)."""


def read_json(path: Path, kind: str, error: type[PlaybookError] = PlaybookError) -> Any:
    """A JSON file of results read with limits: a plain file of at most :data:`JSON_LIMIT`
    bytes (:func:`read_user_file`), UTF-8, valid JSON, numbers of at most Python's digits and
    nesting within the parser's stack; a one-line ``error`` naming the file otherwise."""
    raw = read_user_file(path, JSON_LIMIT, kind, error)
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise error(f"{path}: not UTF-8 text; expected the {kind} as JSON") from None
    except json.JSONDecodeError as exc:
        raise error(f"{path}:{exc.lineno}: not JSON ({exc.msg}); expected the {kind}") from None
    except (ValueError, RecursionError) as exc:  # 5,000 digits, 100,000 nested arrays
        why = "nested too deeply" if isinstance(exc, RecursionError) else "a number too long"
        raise error(f"{path}: {why}; expected the {kind} as JSON") from None
