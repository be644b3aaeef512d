"""Compare two folders of built outputs file by file (issue 27, item 6: a refactor leaves
every bundled config's outputs as they were).

    .venv/bin/python scripts/same_outputs.py OLD_OUT NEW_OUT

For each file of OLD_OUT/<config>/: ``identical`` (byte for byte), or, where bytes differ,
what is still the same after the differences this script knows and names are set aside:

- the YAML's ``meta.created`` and ``meta.tool`` (the date and the version that built it) and
  a hangman tree's ``notes.seconds`` (how long its exact search ran: a measurement);
- the ids matplotlib gave the SVG plot of the book's HTML (random before the plot was salted);
- the play-along page's script and style (the page's rules and UI were split in two, and the
  tile colours are written from the one palette), and its data's ``guesses`` (Wordle's guess
  list, which the page gained so that it accepts every guess), ``typed`` and ``skip`` (the
  marks a person may type, now the game's one table, emoji squares included) and the label
  of a list's IJ/Y group (``y/ĳ`` before it took the terminal's label, issue 47).

- the version of playbook that made a book (``playbook X.Y.Z`` in the HTML's generator line
  and colophon; in a PDF, where the version is drawn as glyphs, the text of every page is
  compared, and the page count, with the version set aside: the version went from 0.1.0 to
  0.2.0 with issue 48).

Anything else that differs is printed as DIFFERS and the exit code is 1.
"""

from __future__ import annotations

from playbook import launch

launch.begin()  # SIGINT and SIGTERM answered from here on

import json
import re
import sys
from pathlib import Path

from playbook.cli.parsing import Parser

SVG_IDS = re.compile(rb"\b([pm][0-9a-f]{10})\b")
YAML_STAMPS = re.compile(rb"^  (created|tool): .*$|^ +seconds: [0-9.]+$", re.M)
DATA = re.compile(rb'<script type="application/json" id="playbook-data">(.*?)</script>', re.S)
CODE = re.compile(rb"<script>.*?</script>|<style>.*?</style>", re.S)
VERSION = re.compile(rb"playbook \d+\.\d+\.\d+")


def _pdf_text(data: bytes) -> list[str]:
    """Each page's text, the version that made it set aside."""
    import io

    from pypdf import PdfReader

    pages = PdfReader(io.BytesIO(data)).pages
    return [re.sub(r"playbook \d+\.\d+\.\d+", "playbook X", p.extract_text()) for p in pages]


def _page(data: bytes) -> tuple[object, bytes]:
    found = DATA.search(data)
    try:
        parsed = json.loads(found.group(1)) if found else None
    except (ValueError, RecursionError):  # not the data a build writes: compared as bytes
        parsed = found.group(1) if found else None
    if isinstance(parsed, dict):
        for key in ("guesses", "guessesExtra", "typed", "skip"):
            parsed.pop(key, None)
        for group in parsed.get("groups") or ():
            if isinstance(group, dict) and group.get("label") == "y/\u0133":
                group["label"] = "IJ/Y"
    markup = CODE.sub(b"", DATA.sub(b"", data))
    return parsed, re.sub(rb"\n+", b"\n", markup)  # one script element became two


def verdict(old: bytes, new: bytes, name: str) -> str | None:
    """How two versions of one output compare; None where they differ unexplained."""
    if old == new:
        return "identical"
    if name.endswith(".yaml") and YAML_STAMPS.sub(b"", old) == YAML_STAMPS.sub(b"", new):
        return "identical but for meta.created/meta.tool and the seconds searches took"
    if name.endswith("-play.html"):
        (d1, rest1), (d2, rest2) = _page(old), _page(new)
        if d1 == d2 and rest1 == rest2:
            extra = " and its data's guess list" if b'"guesses' in new else ""
            return f"data and markup identical; script and style changed{extra}"
        return None
    if name.endswith(".html"):
        if SVG_IDS.sub(b"ID", old) == SVG_IDS.sub(b"ID", new):
            return "identical but for the plot's SVG ids"
        if VERSION.sub(b"V", SVG_IDS.sub(b"ID", old)) == VERSION.sub(b"V", SVG_IDS.sub(b"ID", new)):
            return "identical but for the version that made it (and the plot's SVG ids)"
    if name.endswith(".pdf") and _pdf_text(old) == _pdf_text(new):
        return "every page's text identical (same page count) but for the version that made it"
    return None


def _output(path: Path, root: Path) -> bool:
    """Not the folder's bookkeeping (the lock, checkpoints: names starting with a dot)."""
    return not any(part.startswith(".") for part in path.relative_to(root).parts)


def main(old_root: Path, new_root: Path) -> int:
    bad = 0
    for old in sorted(p for p in old_root.rglob("*") if p.is_file() and _output(p, old_root)):
        rel = old.relative_to(old_root)
        new = new_root / rel
        if not new.is_file():
            print(f"{rel}: MISSING in {new_root}")
            bad += 1
            continue
        said = verdict(old.read_bytes(), new.read_bytes(), old.name)
        print(f"{rel}: {said or 'DIFFERS'}")
        bad += said is None
    made = [p.relative_to(new_root) for p in new_root.rglob("*") if p.is_file()]
    extra = sorted(
        r for r in made if _output(new_root / r, new_root) and not (old_root / r).exists()
    )
    for rel in extra:
        print(f"{rel}: NEW (not in {old_root})")
    return 1 if bad or extra else 0


if __name__ == "__main__":
    ap = Parser(prog="same_outputs.py", description=__doc__.splitlines()[0])
    ap.add_argument("old", type=Path, help="the outputs built before the change")
    ap.add_argument("new", type=Path, help="the outputs built after it")
    args = ap.parse_args()
    for folder in (args.old, args.new):
        if not folder.is_dir():
            print(f"error: {folder}: not a folder of built outputs", file=sys.stderr)
            sys.exit(2)
    launch.script(lambda: main(args.old, args.new))
