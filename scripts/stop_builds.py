"""Stop builds at random moments and check that the output folder's files always belong to
one build (issue 17: outputs written as one set).

Each run builds letter q of the default config with YAML, Markdown, HTML and PDF, its
description marked ``RUNnnn``; a random SIGINT, SIGTERM or SIGKILL comes 1.8 to 3.4 s in
(a whole build takes about 3 s on the project's 2-core machine, so many land in the writing).
After each, ``playbook show`` reads the folder (finishing a set a SIGKILL left half moved) and
the marks found in the four files must be one. Prints one line per run and exits 1 on a mix.

    .venv/bin/python scripts/stop_builds.py [RUNS] [SEED]
"""

from __future__ import annotations

import random
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from pypdf import PdfReader

from playbook.cli.parsing import Parser

ROOT = Path(__file__).resolve().parent.parent
NAMES = ("playbook-q.yaml", "playbook-q.md", "playbook-q.html", "playbook-q.pdf")


def _at_least_one(text: str) -> int:
    """A number of runs: 1 or more."""
    import argparse

    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a number of runs, 1 or more, got {text!r}")
    return int(text)


def main() -> int:
    ap = Parser(prog="stop_builds.py", description=__doc__.splitlines()[0])
    ap.add_argument("runs", nargs="?", type=lambda t: _at_least_one(t), default=24)
    ap.add_argument("seed", nargs="?", type=int, default=7)
    args = ap.parse_args()
    runs, rng = args.runs, random.Random(args.seed)
    work = Path(tempfile.mkdtemp(prefix="stop-builds-"))
    out = work / "o" / "lingo-nl-5"
    base = (ROOT / "config" / "lingo-nl-5.yaml").read_text()
    base = base.replace("compare: lingo-1994-paper.yaml", "")
    cmd = [sys.executable, "-m", "playbook"]

    def build(i: int, sig: signal.Signals | None = None, delay: float = 0.0) -> tuple[int, str]:
        (work / "c.yaml").write_text(base.replace("description:", f"description: RUN{i:03d}", 1))
        args = ["build", "c.yaml", "--letters", "q", "--formats", "yaml,md,html,pdf", "--out", "o"]
        p = subprocess.Popen([*cmd, *args], cwd=work, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, text=True)  # fmt: skip
        if sig is not None:
            time.sleep(delay)
            p.send_signal(sig)
        _, err = p.communicate()
        return p.returncode, (err.strip().splitlines() or [""])[-1]

    def marks() -> list[str]:
        subprocess.run([*cmd, "show", str(out / NAMES[0])], cwd=work, capture_output=True)
        found: set[str] = set()
        for name in NAMES:
            path = out / name
            text = (
                PdfReader(path).pages[0].extract_text()
                if name.endswith(".pdf")
                else path.read_text()
            )
            found |= set(re.findall(r"RUN(\d{3})", text))
        return sorted(found)

    build(0)
    mixed = 0
    for i in range(1, runs + 1):
        sig = rng.choice([signal.SIGINT, signal.SIGTERM, signal.SIGKILL])
        code, last = build(i, sig, rng.uniform(1.8, 3.4))
        found = marks()
        mixed += len(found) != 1
        verdict = "one build" if len(found) == 1 else "MIXED"
        print(f"{i:3} {sig.name:7} exit {code:4}  files of run {','.join(found)}  {verdict}  "
              f"| {last[:70]}")  # fmt: skip
    print(f"{runs} runs, {mixed} with files of two builds")
    return 1 if mixed else 0


if __name__ == "__main__":
    sys.exit(main())
