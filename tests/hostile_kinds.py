"""More kinds of hostile input (issue 26), each case with its exact exit code and the message
that must come with it: output folders whose bookkeeping was crafted by someone else (``fs``),
text that would drive a terminal (``term``), claims a playbook makes that only a search can
check (``claim``), and sizes nobody asked for (``size``). The harness (tests/inputs/test_hostile.py)
also checks, for every case, that nothing beside the case's folder changed, and for a command
that only reads (``still``) that its folder did not change either."""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hostile import (
    BUILD,
    VICTIM,
    Base,
    Case,
    _rules,
    both,
    cfg_setup,
    op_set,
    pb_setup,
)

OUT = "out/small"
"""Where :data:`hostile.BUILD` writes (its config is named ``small``)."""
PB, CF = "{dir}/pb.yaml", "{dir}/c.yaml"
VERIFY, SHOW = ["verify", PB], ["show", PB]
PLAY = ["play", CF, "--playbook", PB, "--letter", "q", "--moves", "{move}"]
REFUSED_KIND = r"playbook keeps a (file|folder) there"


def _victim(folder: Path) -> Path:
    return folder.parent / VICTIM / "victim.txt"


def crafted_set(where: str, name: Callable[[Path], str], planted: str | None = None) -> Any:
    """A set of outputs "left half-moved" in ``where`` (relative to the case folder) whose
    list names ``name`` (made from the case folder), the staged copy planted at ``planted``
    (relative to the staging folder) with an attacker's text."""

    def f(folder: Path, base: Base) -> None:
        target = folder / where
        staging = target / ".incoming"
        staging.mkdir(parents=True, exist_ok=True)
        if planted is not None:
            (staging / planted).parent.mkdir(parents=True, exist_ok=True)
            (staging / planted).write_text("attacker's text\n")
        (staging / "committed").write_text(name(folder) + "\n")

    return f


def entry(where: str, kind: str) -> Callable[[Path, Base], None]:
    """``where`` (relative to the case folder) made a ``kind``: a link to the victim's file or
    folder, a link loop, a FIFO, a folder or a file."""

    def f(folder: Path, base: Base) -> None:
        p = folder / where
        p.parent.mkdir(parents=True, exist_ok=True)
        if kind == "link-file":
            os.symlink(_victim(folder), p)
        elif kind == "link-folder":
            os.symlink(_victim(folder).parent, p)
        elif kind == "loop":
            os.symlink(p.name, p)
        elif kind == "fifo":
            os.mkfifo(p)
        elif kind == "folder":
            (p / "inside").mkdir(parents=True)
        else:
            p.write_text("a file\n")

    return f


TRAVERSAL = crafted_set(".", lambda f: f"../{VICTIM}/victim.txt", f"../{VICTIM}/victim.txt")
"""A set in the playbook's own folder whose one name leads to the victim beside it."""


def folder_cases() -> list[Case]:
    base = pb_setup()
    read = both(base, TRAVERSAL)
    note = r"note: .*\.incoming holds outputs a build stopped while moving"
    c = [
        # opening a folder someone sent: reading writes nothing, anywhere
        Case("fs-verify-crafted-set", VERIFY, 0, read, note, still=True),
        Case("fs-show-crafted-set", SHOW, 0, read, note, still=True),
        Case("fs-play-crafted-set", PLAY, 0, read, note, still=True),
        Case(
            "fs-render-crafted-set",
            ["render", PB, "--format", "md", "-o", "{dir}/x.md"],
            0,
            read,
            note,
        ),
        Case(
            "fs-simulate-crafted-set",
            ["simulate", CF, "--letters", "q", "--playbook", PB],
            0,
            read,
            note,
            still=True,
        ),
    ]
    not_ours = r"not a set of outputs written by playbook"
    sets: list[tuple[str, Callable[[Path], str], str | None, str]] = [
        ("traversal", lambda f: f"../../../{VICTIM}/victim.txt", "x", not_ours),
        ("absolute", lambda f: str(_victim(f)), None, not_ours),
        ("dot-dot", lambda f: "..", None, not_ours),
        ("empty-name", lambda f: "", None, not_ours),
        ("escape-in-name", lambda f: "a\x1b[2Jb", None, not_ours),
    ]
    for name, listed, planted, says in sets:
        setup = both(base, crafted_set(OUT, listed, planted))
        c.append(Case(f"fs-build-crafted-set-{name}", BUILD, 2, setup, says))
    kinds = [
        (".build-lock", ("link-file", "link-folder", "loop", "fifo", "folder")),
        (".incoming", ("link-file", "link-folder", "loop", "fifo", "file")),
        (".checkpoint", ("link-file", "link-folder", "loop", "fifo", "file")),
        (".incoming/committed", ("link-file", "folder", "fifo")),
    ]
    for where, made in kinds:
        for kind in made:
            slug = where.strip(".").replace("/", "-")
            setup = both(base, entry(f"{OUT}/{where}", kind))
            c.append(Case(f"fs-build-{slug}-{kind}", BUILD, 2, setup, REFUSED_KIND))

    def staged_link(folder: Path, base_: Base) -> None:
        staging = folder / OUT / ".incoming"
        staging.mkdir(parents=True)
        os.symlink(_victim(folder), staging / "playbook-q.yaml")
        (staging / "committed").write_text("playbook-q.yaml\n")

    c += [
        Case("fs-build-staged-link", BUILD, 2, both(base, staged_link), "is a symbolic link"),
        Case(
            "fs-build-output-is-a-folder",
            BUILD,
            2,
            both(base, entry(f"{OUT}/playbook-q.yaml", "folder")),
            r"is a folder; the build writes a file of that name",
        ),
        Case(
            "fs-build-output-is-a-fifo",
            BUILD,
            2,
            both(base, entry(f"{OUT}/playbook-q.yaml", "fifo")),
            r"is a pipe, device or socket; the build writes a file",
        ),
        Case(
            "fs-build-output-is-a-link",  # a link is replaced, its target left alone
            BUILD,
            0,
            both(base, entry(f"{OUT}/playbook-q.yaml", "link-file")),
        ),
        Case("fs-verify-nul-in-name", ["verify", "{dir}/a\x00b.yaml"], 2, base, "NUL byte"),
    ]
    return c


def terminal_cases() -> list[Case]:
    c = []
    shown = [("markup-close", "[/]"), ("markup-bold-red", "[bold red]x"), ("emoji", ":smile:")]
    for slug, name in shown:
        setup = pb_setup(op_set(("name",), name))
        literal = "".join("\\" + ch if ch in "[]().*+?" else ch for ch in name)
        c += [
            Case(f"term-verify-name-{slug}", VERIFY, 0, setup, literal, still=True),
            Case(f"term-show-name-{slug}", SHOW, 0, setup, literal, still=True),
        ]
    hidden = [
        ("set-title", "x\x1b]0;pwned\x07", "U\\+001B"),
        ("clear-screen", "\x1b[2Jx", "U\\+001B"),
        ("bell", "x\x07", "U\\+0007"),
        ("rtl-override", "x\u202ey", "U\\+202E RIGHT-TO-LEFT OVERRIDE"),
        ("newline", "a\nb", "U\\+000A"),
    ]
    for slug, name, says in hidden:
        setup = pb_setup(op_set(("name",), name))
        c += [
            Case(f"term-verify-name-{slug}", VERIFY, 2, setup, says, still=True),
            Case(f"term-show-name-{slug}", SHOW, 2, setup, says, still=True),
            Case(f"term-play-name-{slug}", PLAY, 2, setup, says, still=True),
        ]
    base = pb_setup()
    for slug, letter in (("markup", "[/]"), ("bold", "[bold]q"), ("escape", "\x1b[2J")):
        c += [
            Case(f"term-show-letter-{slug}", [*SHOW, "--letter", letter], 2, base, "no group"),
            Case(
                f"term-play-letter-{slug}",
                ["play", CF, "--letter", letter, "--moves", "{move}"],
                2,
                base,
                "give the revealed group",
            ),
        ]
    c.append(
        Case(
            "term-config-name-escape",
            BUILD,
            2,
            cfg_setup(lambda d, b: {**d, "name": "x\x1b[31m"}),
            "U\\+001B",
        )
    )
    return c


def _notes(group_edit: Callable[[dict[str, Any]], None]) -> Callable[[Any, Base], Any]:
    def f(tree: Any, base: Base) -> Any:
        group_edit(tree["groups"][base.group])
        return tree

    return f


def claim_cases() -> list[Case]:
    proofs = [*VERIFY, "--proofs"]
    meta = [
        ("ranking-bogus", "ranking", "bogus", r"meta\.ranking: 'bogus' is not a ranking"),
        ("max-openings-text", "max_openings", "x", r"meta\.max_openings: 'x'"),
        ("max-openings-9", "max_openings", 9, r"meta\.max_openings: 9"),
    ]
    c = [
        Case(f"claim-meta-{slug}", proofs, 2, pb_setup(op_set(("meta", key), v)), says)
        for slug, key, v, says in meta
    ]
    c += [
        Case(
            "claim-notation-false",
            VERIFY,
            2,
            pb_setup(op_set(("game", "notation"), "o = absent, . = right place")),
            r"game\.notation: .* is not how lingo writes feedback",
        ),
        Case(
            "claim-note-unknown",
            VERIFY,
            1,
            pb_setup(_notes(lambda g: g.setdefault("notes", {}).update(optimal=True))),
            r"notes\.optimal: not a note a build writes",
        ),
        Case(
            "claim-note-tree-on-openings",
            VERIFY,
            1,
            pb_setup(_notes(lambda g: g.setdefault("notes", {}).update(exact_misses=7))),
            r"notes\.exact_misses: a finding of an exact tree search",
        ),
        Case(
            "claim-triples-best-not-searched",
            proofs,
            1,
            pb_setup(
                _notes(
                    lambda g: g.setdefault("notes", {}).update(
                        exhaustive_triples={"target": 2, "exists": True, "best": g["openings"]}
                    )
                )
            ),
            r"notes\.exhaustive_triples",
        ),
        Case(
            "claim-triples-none-exist",
            proofs,
            1,
            pb_setup(
                _notes(
                    lambda g: g.setdefault("notes", {}).update(
                        exhaustive_triples={"target": 2, "exists": False}
                    )
                )
            ),
            r"says no three openings meet the target",
        ),
    ]
    return c


def _random_words(n: int, length: int, first: str = "", seed: int = 26) -> str:
    rng = random.Random(seed)
    letters = "abcdeilmnorstu"
    words = {
        first + "".join(rng.choice(letters) for _ in range(length - len(first))) for _ in range(n)
    }
    return "\n".join(sorted(words)) + "\n"


def size_cases() -> list[Case]:
    pairs = r"feedback pairs \(.*GiB\); playbook takes on at most 2,500,000,000 pairs"
    c = [
        Case(
            "size-turns-huge",
            VERIFY,
            2,
            pb_setup(_rules(lambda gm: gm.update(turns=10**12), True)),
            r"game\.turns': 1000000000000; lingo allows 1 to 30",
        ),
        Case(
            "size-length-13",
            VERIFY,
            2,
            pb_setup(_rules(lambda gm: gm.update(length=13), True)),
            r"game\.length': 13; lingo allows 1 to 12",
        ),
    ]
    for pegs, colours in ((5, 9), (6, 7), (6, 9)):
        mm = {"name": "mm", "game": "mastermind", "mastermind": {"pegs": pegs, "colours": colours}}
        c.append(
            Case(
                f"size-mastermind-{pegs}x{colours}",
                ["build", CF, "--out", "{dir}/out", "--formats", "yaml"],
                2,
                cfg_setup(lambda d, b, mm=mm: mm),
                pairs,
            )
        )
    c += [
        Case(
            "size-list-100000-words",
            ["build", CF, "--out", "{dir}/out", "--letters", "a", "--formats", "yaml"],
            2,
            cfg_setup(words=lambda b: _random_words(100_000, 7), mutate=_length(7)),
            pairs,
        ),
        # 11 and 12 letters: feedback codes past 16 bits; the build must pass its own replay
        Case(
            "size-list-11-letters",
            [*BUILD[:4], "--letters", "q", "--formats", "yaml"],
            0,
            cfg_setup(words=lambda b: _random_words(40, 11, "q"), mutate=_length(11)),
            r"verified: every word of q found within 5 turns",
        ),
        Case(
            "size-list-12-letters",
            [*BUILD[:4], "--letters", "q", "--formats", "yaml"],
            0,
            cfg_setup(words=lambda b: _random_words(40, 12, "q"), mutate=_length(12)),
            r"verified: every word of q found within 5 turns",
        ),
    ]
    schedulers = [
        ("no-port", "localhost", "tcp://HOST:PORT"),
        ("path", "/tmp/x", "tcp://HOST:PORT"),
        ("unix", "unix:///tmp/s", "the unix:// scheme is not supported"),
        ("inproc", "inproc://x", "the inproc:// scheme is not supported"),
        ("tls", "tls://10.0.0.5:8786", "the tls:// scheme is not supported"),
        ("newline", "tcp://a\nb:1", "tcp://HOST:PORT"),
        ("word", "word", "tcp://HOST:PORT"),
        ("port-99999", "tcp://127.0.0.1:99999", "a port is 1 to 65535"),
    ]
    c += [
        Case(f"size-scheduler-{slug}", [*BUILD, "--scheduler", a], 2, pb_setup(), says)
        for slug, a, says in schedulers
    ]
    c += [
        Case(
            "size-scheduler-beside-loky",
            [*BUILD, "--scheduler", "tcp://127.0.0.1:9", "--backend", "loky"],
            2,
            pb_setup(),
            "used by --backend dask, not loky",
        ),
        Case(
            "size-config-scheduler-beside-loky",
            BUILD,
            2,
            cfg_setup(lambda d, b: {**d, "scheduler": "tcp://127.0.0.1:9"}),
            "a Dask scheduler is used by backend: dask",
        ),
        Case("size-rank-top-minus-3", ["rank", CF, "--rule", "scm", "--top", "-3"], 2, pb_setup()),
        Case(
            "size-simulate-seed-minus-1",
            ["simulate", CF, "--letters", "q", "--host", "random", "--seed", "-1"],
            2,
            pb_setup(),
            "from 0 to",
        ),
        Case(
            "size-play-past-the-limit",
            [*PLAY[:-1], " ".join(["{wrong}"] * 6 + ["{move}"])],
            1,
            pb_setup(),
            r"lost: 5 turns without the word \(at most 5 allowed\)",
        ),
        Case(
            "size-accents-map-other-scripts",
            BUILD,
            0,
            cfg_setup(
                lambda d, b: {**d, "words": {**d["words"], "accents": "map"}},
                words=lambda b: b.words + "qкафе\nqαβγδ\nq日本語ab\nquéte\n",
            ),
            r"dropped: .*accent",
        ),
    ]
    return c


def _length(n: int) -> Callable[[Any, Base], Any]:
    return lambda d, b: {**d, "words": {**d["words"], "length": n}}


def cases() -> list[Case]:
    return folder_cases() + terminal_cases() + claim_cases() + size_cases()
