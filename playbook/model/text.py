"""The playbook's file: its YAML form, written (:func:`dumps`) and read back with every key
checked (:func:`loads`, :func:`load`), each refusal one line naming the key."""

from __future__ import annotations

import enum
import functools
import unicodedata
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import yaml

from playbook import values
from playbook.errors import ConfigError, PlaybookFileError
from playbook.games import Game, from_rules
from playbook.io import safe_yaml
from playbook.model.listing import Words
from playbook.model.plan import (
    ANSWER_MODELS,
    FORMAT_VERSION,
    GroupPlan,
    Move,
    Node,
    Playbook,
    Row,
    Stats,
    Table,
    TryWords,
    rules_sha256,
)


def _node_dict(node: Node) -> dict[str, Any]:
    if isinstance(node, TryWords):
        return {"try": "all" if node.words is None else list(node.words)}
    out: dict[str, Any] = {"move": node.word}
    if node.table is not None:
        out["table"] = _table_list(node.table)
    return out


def _table_list(table: Table) -> list[dict[str, Any]]:
    out = []
    for row in table:
        d: dict[str, Any] = {"feedback": row.feedback}
        if row.words:
            d["words"] = row.words
        d.update(_node_dict(row.node))
        out.append(d)
    return out


def to_dict(pb: Playbook) -> dict[str, Any]:
    """The playbook as plain data, in the order the file shows it."""
    game = dict(pb.game_section)
    game["rules_sha256"] = rules_sha256(pb.game_section)
    out: dict[str, Any] = {
        "playbook": FORMAT_VERSION,
        "name": pb.name,
        "description": pb.description,
        "profile": pb.profile,
    }
    if pb.try_when_fit:
        out["try_when_fit"] = True
    out |= {"game": game, "words": pb.words.to_dict(), "meta": dict(pb.meta)}
    if pb.stats is not None:
        out["summary"] = pb.stats.to_dict()
    groups = {}
    for g in pb.groups:
        d: dict[str, Any] = {
            "words": g.words,
            "openings": list(g.openings),
            "method": g.method,
            "proven": g.proven,
            "largest": g.largest,
        }
        if g.restarts:
            d["restarts"] = g.restarts
        if g.stats is not None:
            d["stats"] = g.stats.to_dict()
        d["unguaranteed"] = list(g.unguaranteed)
        if g.notes:
            d["notes"] = dict(g.notes)
        if g.table is not None:
            d["table"] = _table_list(g.table)
        groups[g.group] = d
    out["groups"] = groups
    return out


# libyaml's emitter when PyYAML has it (4-6x faster on the default playbook's 370 kB; files
# reads with libyaml's loader), else the pure-Python one
# the base is chosen at import (libyaml's when PyYAML has it), which mypy cannot follow
class _Dumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):  # type: ignore[misc]
    pass


def _str_repr(dumper: yaml.SafeDumper, data: str) -> yaml.Node:
    return dumper.represent_scalar("tag:yaml.org,2002:str", data)


def _list_repr(dumper: yaml.SafeDumper, data: list[Any]) -> yaml.Node:
    flow = all(isinstance(x, str | int) for x in data)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)


def _dict_repr(dumper: yaml.SafeDumper, data: dict[Any, Any]) -> yaml.Node:
    flow = bool(data) and all(isinstance(k, int) for k in data)
    return dumper.represent_mapping("tag:yaml.org,2002:map", data.items(), flow_style=flow)


_Dumper.add_representer(str, _str_repr)
# a closed set's member (playbook.kinds) is written as its text
_Dumper.add_multi_representer(enum.StrEnum, lambda d, data: _str_repr(d, data.value))
_Dumper.add_representer(list, _list_repr)
_Dumper.add_representer(dict, _dict_repr)


def dumps(pb: Playbook) -> str:
    """The playbook as YAML text (safe types only, keys in document order)."""
    notation = pb.game_section.get("notation") or "o = right place, x = wrong place, . = absent"
    header = (
        f"# playbook {pb.name}: openings and decision tables; check with `playbook verify`.\n"
        f"# Feedback: {notation}; one block per move.\n"
        + (
            "# try_when_fit: as soon as the words still possible fit in the turns left, stop\n"
            "# playing the openings and try them, in list order (one word left: play it).\n"
            if pb.try_when_fit
            else ""
        )
    )
    body = yaml.dump(to_dict(pb), Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)
    return header + body


# ---------------------------------------------------------------- from YAML


def _fail(path: str, where: str, what: str) -> PlaybookFileError:
    return PlaybookFileError(f"{path}: {where}: {what}")


def _word(path: str, where: str, w: Any) -> str:
    """A word as a playbook may write it: text of letters or digits, in Unicode NFC; an
    invisible, spacing, control or combining character is named (U+200B ZERO WIDTH SPACE),
    wherever the file is used (verify also checks each word against its list)."""
    if not isinstance(w, str):
        raise _fail(path, where, f"expected a word, got {w!r}")
    if not w:
        raise _fail(path, where, "an empty word")
    for c in w:
        if unicodedata.category(c)[0] in "CZM":
            name = unicodedata.name(c, "unnamed character")
            raise _fail(path, where, f"{w!r} has U+{ord(c):04X} {name}; a word is letters")
    return w


def _words_list(path: str, where: str, v: Any) -> tuple[str, ...]:
    if not isinstance(v, list):
        raise _fail(path, where, f"expected a list of words, got {v!r}")
    return tuple(_word(path, f"{where}[{i}]", w) for i, w in enumerate(v))


def _parse_table(path: str, where: str, v: Any) -> Table:
    if not isinstance(v, list):
        raise _fail(path, where, f"expected a list of rows, got {type(v).__name__}")
    rows = []
    seen: set[str] = set()
    for i, r in enumerate(v):
        w = f"{where}[{i}]"
        if not isinstance(r, dict):
            raise _fail(path, w, "expected a row with 'feedback' and 'try' or 'move'")
        unknown = set(r) - {"feedback", "try", "move", "table", "words"}
        if unknown:
            raise _fail(
                path,
                w,
                f"unknown key {sorted(unknown)[0]!r}; allowed: feedback, words, try, move, table",
            )
        fb = r.get("feedback")
        if not isinstance(fb, str):
            raise _fail(path, w, "missing or non-text 'feedback'")
        if fb in seen:
            raise _fail(path, w, f"feedback {fb!r} appears twice in the table")
        seen.add(fb)
        n = r.get("words", 0)
        if not values.fits(n, int, 0):
            raise _fail(path, w, f"'words' must be a count, got {n!r}")
        rows.append(Row(fb, _parse_node(path, w, r), n))
    return tuple(rows)


def _parse_node(path: str, where: str, r: dict[str, Any]) -> Node:
    if ("try" in r) == ("move" in r):
        raise _fail(path, where, "a row needs exactly one of 'try' (words) or 'move' (a word)")
    if "try" in r:
        if "table" in r:
            raise _fail(path, where, "'table' belongs to a 'move', not to 'try'")
        if r["try"] == "all":
            return TryWords(None)
        words = _words_list(path, where + ".try", r["try"])
        if not words:
            raise _fail(path, where + ".try", "empty list of words to try")
        return TryWords(words)
    _word(path, where + ".move", r["move"])
    table = _parse_table(path, where + ".table", r["table"]) if "table" in r else None
    return Move(r["move"], table)


TOP_KEYS: dict[str, type] = {
    "playbook": int,
    "name": str,
    "description": str,
    "profile": str,
    "try_when_fit": bool,
    "game": dict,
    "words": dict,
    "meta": dict,
    "summary": dict,
    "groups": dict,
}
"""The keys of a playbook file and their types (``playbook``, ``name``, ``game``, ``words``
and ``groups`` required)."""
WORDS_KEYS: dict[str, type] = {
    "list": str,
    "length": int,
    "max_length": int,
    "ij_to_y": bool,
    "ij_letter": bool,
    "lowercase": bool,
    "accents": str,
    "count": int,
    "sha256": str,
    "spelled": dict,
    "answers": str,
    "answers_count": int,
    "answers_sha256": str,
    "answer_model": str,
    "min_zipf": float,
    "min_chance": float,
    "play_chance": float,
    "most_common": int,
    "ij_apart": list,
}
"""The keys of the ``words`` section (``list``, ``count`` and ``sha256`` required)."""
GROUP_KEYS: dict[str, type] = {
    "words": int,
    "openings": list,
    "method": str,
    "proven": bool,
    "largest": int,
    "restarts": int,
    "stats": dict,
    "unguaranteed": list,
    "notes": dict,
    "table": list,
}
STATS_KEYS: dict[str, type] = {
    "words": int,
    "average": float,
    "worst": int,
    "distribution": dict,
    "failures": int,
}


def _typed(value: Any, typ: type) -> bool:
    """Whether a YAML value is of the type a key wants (a count is never negative)."""
    return values.fits(value, typ, 0 if typ is int else None)


def _wanted(typ: type) -> str:
    return values.wanted(typ, 0 if typ is int else None)


def _section(
    path: str, where: str, data: Any, keys: Mapping[str, type], required: Sequence[str] = ()
) -> dict[str, Any]:
    """A mapping whose keys are all known, of their types, the required ones present; a
    one-line error naming the key otherwise."""
    if not isinstance(data, dict):
        raise _fail(path, where, f"expected a mapping, got {type(data).__name__}")
    prefix = f"{where}." if where else ""
    for key, value in data.items():
        if key not in keys:
            raise _fail(path, f"{prefix}{key}", f"unknown key; allowed: {', '.join(keys)}")
        if not _typed(value, keys[key]):
            raise _fail(path, f"{prefix}{key}", f"expected {_wanted(keys[key])}, got {value!r}")
    for key in required:
        if key not in data:
            raise _fail(path, f"{prefix}{key}", f"missing; expected {_wanted(keys[key])}")
    return data


def _stats(path: str, where: str, v: Any) -> Stats | None:
    if v is None:
        return None
    _section(path, where, v, STATS_KEYS, ("distribution",))
    dist = v["distribution"]
    if not all(_typed(k, int) and _typed(c, int) for k, c in dist.items()):
        raise _fail(path, where + ".distribution", "expected turn: count pairs of whole numbers")
    return Stats(dict(dist), v.get("failures", 0), claimed=dict(v))


def _group(path: str, name: Any, g: Any) -> tuple[GroupPlan, str | None]:
    """One group's plan, and a fault where its ``proven`` contradicts its ``method``."""
    where = f"groups.{name}"
    if not isinstance(name, str | int) or isinstance(name, bool):
        raise _fail(path, where, "a group's name is text (a letter) or a word length")
    _section(path, where, g, GROUP_KEYS)
    notes = g.get("notes", {})
    triples = notes.get("exhaustive_triples")
    if triples is not None and not (
        isinstance(triples, dict) and isinstance(triples.get("exists", False), bool)
    ):
        raise _fail(
            path,
            where + ".notes.exhaustive_triples",
            "expected a mapping with 'exists: true/false'",
        )
    fewest = notes.get("fewest_unguaranteed")
    if fewest is not None and not (type(fewest) is int and fewest >= 0):
        raise _fail(
            path,
            where + ".notes.fewest_unguaranteed",
            f"expected a whole number of at least 0, got {fewest!r}",
        )
    optimum = notes.get("optimum")
    if optimum is not None and not (
        isinstance(optimum, dict)
        and all(type(optimum.get(k)) is int and optimum[k] >= 0 for k in ("total", "lower_bound"))
        and isinstance(optimum.get("proven"), bool)
        and isinstance(optimum.get("first", ""), str)
    ):
        raise _fail(
            path,
            where + ".notes.optimum",
            "expected total and lower_bound (whole numbers), proven (true/false) and "
            "optionally first (a word)",
        )
    plan = GroupPlan(
        group=str(name),
        openings=_words_list(path, where + ".openings", g.get("openings", [])),
        table=_parse_table(path, where + ".table", g["table"]) if "table" in g else None,
        words=g.get("words", 0),
        largest=g.get("largest", 0),
        method=g.get("method", ""),
        restarts=g.get("restarts", 0),
        unguaranteed=_words_list(path, where + ".unguaranteed", g.get("unguaranteed", [])),
        stats=_stats(path, where + ".stats", g.get("stats")),
        notes=notes,
        stated=frozenset(g),
    )
    fault = None
    if "proven" in g and g["proven"] != plan.proven:
        fault = (
            f"{where}.proven: {str(g['proven']).lower()}, but method {plan.method!r}"
            + (" with no exhaustive proof recorded" if g["proven"] else "")
            + f" is {'' if plan.proven else 'not '}a proof"
        )
    return plan, fault


def _game(path: str, section: Mapping[str, Any]) -> Game:
    """The typed rules a playbook's ``game`` section describes: every key known and of its
    type, the notation the game's own."""
    try:
        game = from_rules({k: v for k, v in section.items() if k != "rules_sha256"})
    except ConfigError as exc:
        raise PlaybookFileError(f"{path}: game: {exc}") from None
    except (KeyError, TypeError, ValueError) as exc:
        raise PlaybookFileError(f"{path}: game: incomplete or invalid rules ({exc})") from None
    known = [*game.record(), "rules_sha256"]
    for key in section:
        if key not in known:
            raise PlaybookFileError(f"{path}: game.{key}: unknown key; allowed: {', '.join(known)}")
    notation = section.get("notation")
    if notation is not None and notation != game.notation:
        # outside the rules' checksum (it describes them), so checked against the game here
        raise PlaybookFileError(
            f"{path}: game.notation: {notation!r} is not how {game.name} writes feedback "
            f"({game.notation!r})"
        )
    return game


def loads(text: str, path: str = "<playbook>") -> Playbook:
    """Read a playbook from YAML text, checking its form: every key known and of its type,
    none twice, the rules' checksum present and matching (its claims are checked by
    :mod:`playbook.verify`)."""
    data = safe_yaml.load_yaml(text, path, PlaybookFileError)
    if not isinstance(data, dict):
        raise _fail(path, "top level", "expected a playbook mapping")
    version = data.get("playbook")
    if version is None and "groups" not in data and "name" in data:
        raise _fail(
            path,
            "playbook",
            f"this is a config, not a playbook; build one from it with 'playbook build {path}'",
        )
    if version != FORMAT_VERSION or isinstance(version, bool):
        raise _fail(
            path, "playbook", f"format version {version!r} unknown; expected {FORMAT_VERSION}"
        )
    _section(path, "", data, TOP_KEYS, ("playbook", "name", "game", "words", "groups"))
    game = data["game"]
    for key in ("name", "rules_sha256"):
        if not isinstance(game.get(key), str):
            raise _fail(path, f"game.{key}", "missing or not text")
    if not isinstance(game.get("notation", ""), str):
        raise _fail(path, "game.notation", f"expected text, got {game['notation']!r}")
    if game["rules_sha256"] != rules_sha256(game):
        raise _fail(
            path,
            "game.rules_sha256",
            "checksum does not match the rules: the rules were edited after the playbook was built",
        )
    typed = _game(path, game)
    _section(path, "words", data["words"], WORDS_KEYS, ("list", "count", "sha256"))
    spelled = data["words"].get("spelled", {})
    if not all(isinstance(k, str) and isinstance(v, str) for k, v in spelled.items()):
        raise _fail(path, "words.spelled", "expected word: written form pairs of text")
    model = data["words"].get("answer_model", "all")
    if model not in ANSWER_MODELS:
        raise _fail(path, "words.answer_model", f"{model!r}; allowed: {', '.join(ANSWER_MODELS)}")
    zipf = data["words"].get("min_zipf")
    if zipf is not None and not 0 <= zipf <= 8:  # the config's range (NaN too is refused)
        raise _fail(path, "words.min_zipf", f"{zipf!r}; expected a Zipf value from 0 to 8")
    for key in ("min_chance", "play_chance"):
        chance = data["words"].get(key)
        if chance is not None and not 0 <= chance <= 1:
            raise _fail(path, f"words.{key}", f"{chance!r}; expected a chance from 0 to 1")
    if not all(isinstance(w, str) for w in data["words"].get("ij_apart", [])):
        raise _fail(path, "words.ij_apart", "expected a list of words")
    meta = data.get("meta", {})
    if not isinstance(meta.get("letters", "all"), str):
        raise _fail(path, "meta.letters", f"expected text, got {meta['letters']!r}")
    groups, faults = [], []
    for name, g in data["groups"].items():
        plan, fault = _group(path, name, g)
        groups.append(plan)
        if fault:
            faults.append(fault)
    return Playbook(
        name=data["name"],
        game=typed,
        game_section={k: v for k, v in game.items() if k != "rules_sha256"},
        words=Words.of(data["words"]),
        groups=tuple(groups),
        profile=data.get("profile", "simple"),
        description=data.get("description", ""),
        meta=meta,
        stats=_stats(path, "summary", data.get("summary")),
        try_when_fit=data.get("try_when_fit", False),
        faults=tuple(faults),
    )


def load(path: str) -> Playbook:
    """Read a playbook file (a regular file of at most 64 MiB). A playbook is a frozen value
    of its text and of the path its errors name, so a file read again with the same bytes is
    the playbook read before (:func:`_loaded`)."""
    raw = safe_yaml.read_user_file(Path(path), 64 * 1024 * 1024, "playbook", PlaybookFileError)
    return _loaded(path, raw)


@functools.lru_cache(maxsize=16)
def _loaded(path: str, raw: bytes) -> Playbook:
    """The playbook of these bytes at ``path``, parsed once for the last 16 read (as many as
    the shipped plans: ``site`` reads them all, and a library user may call it again; the
    tests read a few files 617 times)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise PlaybookFileError(f"{path}: not UTF-8 text; expected a YAML playbook") from None
    return loads(text, path)
