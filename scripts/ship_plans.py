"""Ship the default plans inside the package (issue 48): build each, verify it, copy its
``playbook.yaml`` into ``playbook/data/plans/`` and record its sha256 in ``index.json``.

    .venv/bin/python scripts/ship_plans.py                   # build and ship every plan
    .venv/bin/python scripts/ship_plans.py --from output     # ship plans built there
    .venv/bin/python scripts/ship_plans.py --verify          # the shipped plans verify
    .venv/bin/python scripts/ship_plans.py --rebuild NAME,...  # they come out the same
    .venv/bin/python scripts/ship_plans.py --check           # both, every plan: before a release
    .venv/bin/python scripts/ship_plans.py --table           # the docs' table of them

The plans: Dutch Lingo under the TV rules (five, six and seven letters) and the 1994 paper's
(five letters), English Lingo under the ITV and the CBS rules (British and American spelling;
four, five and six letters), Wordle and Mastermind played best (the proven optimal trees:
wordle from salet, wordle-hard under Wordle's hard mode, mastermind-4x6, mastermind-3x2) and
Wordle's card to learn (wordle-card).
Each is verified (every answer
replayed through it, found within the turns it promises) before it is copied in; a plan that
fails is not shipped and the index is left as it was. ``--verify`` verifies the shipped ones
as ``play`` would read them (sha256 first); ``--rebuild`` builds them again from their configs
and compares each with the shipped file, all but its date and version; ``--check`` does both
for every plan (the builds count search nodes, not seconds: any machine gives the same).
Builds go to a temporary folder (``--from``: the folder where ``playbook build`` wrote them,
``DIR/<name>/playbook.yaml``).
"""

from __future__ import annotations

from playbook import launch

launch.begin()  # SIGINT and SIGTERM answered from here on, before the heavy imports

import hashlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from playbook import api, model
from playbook.cli.parsing import Parser
from playbook.errors import PlaybookError
from playbook.io import files, shipped

ROOT = Path(__file__).resolve().parent.parent
PLANS = ROOT / "playbook" / "data" / "plans"
SHIPPED = (
    "lingo-nl-5-tv",
    "lingo-nl-5",
    "lingo-nl-6-tv",
    "lingo-nl-7-tv",
    "lingo-en-4",
    "lingo-en-5",
    "lingo-en-6",
    "lingo-en-us-4",
    "lingo-en-us-5",
    "lingo-en-us-6",
    "wordle",
    "wordle-hard",
    "wordle-card",
    "mastermind-4x6",
    "mastermind-3x2",
)
"""The plans that ship, in the order the site and ``lists`` show them."""


def _verified(name: str, path: Path) -> model.Playbook:
    """The playbook at ``path``, verified, or a one-line error naming it."""
    pb = model.load(str(path))
    if pb.name != name:
        raise PlaybookError(f"{path}: name: the playbook is {pb.name!r}, expected {name!r}")
    done = api.verify_playbook(pb, str(path))
    if not done.report.ok:
        raise PlaybookError(f"{path}: does not verify: {'; '.join(done.report.problems[:3])}")
    print(f"{name}: verified ({len(pb.groups)} groups, {done.seconds:.1f} s)", flush=True)
    return pb


SCRIPTED = {"wordle-hard": ("scripts/wordle_hard_mode.py", "--playbook")}
"""Plans whose search lives in the research wing: the script that writes the playbook, and the
flag that names its file."""


def _build(name: str, out: Path) -> Path:
    """``playbook build NAME --out OUT`` in a process of its own (its progress shown); a
    scripted plan (:data:`SCRIPTED`) by its script."""
    if name in SCRIPTED:
        script, flag = SCRIPTED[name]
        path = out / name / "playbook.yaml"
        path.parent.mkdir(parents=True, exist_ok=True)
        cmd = [sys.executable, str(ROOT / script), flag, str(path)]
        if subprocess.run(cmd, check=False).returncode != 0:
            raise PlaybookError(f"ship_plans: {' '.join(cmd[1:])} failed")
        return path
    cmd = [sys.executable, "-m", "playbook", "build", name, "--out", str(out), "--formats", "yaml"]
    if subprocess.run(cmd, check=False).returncode != 0:
        raise PlaybookError(f"ship_plans: {' '.join(cmd[1:])} failed")
    return out / name / "playbook.yaml"


def ship(source: Path | None) -> None:
    with tempfile.TemporaryDirectory(prefix="ship-plans-") as tmp:
        built = {}
        for name in SHIPPED:
            path = source / name / "playbook.yaml" if source else _build(name, Path(tmp))
            if not path.is_file():
                raise PlaybookError(f"{path}: no such file; build it: playbook build {name}")
            pb = _verified(name, path)
            built[name] = (path.read_bytes(), pb.description)
        PLANS.mkdir(exist_ok=True)
        index = []
        for name, (data, title) in built.items():
            files.atomic_write(PLANS / f"{name}.yaml", data)
            index.append(
                {
                    "name": name,
                    "file": f"{name}.yaml",
                    "sha256": hashlib.sha256(data).hexdigest(),
                    "title": title,
                }
            )
        files.atomic_write(PLANS / shipped.INDEX, json.dumps(index, indent=2) + "\n")
        for old in PLANS.glob("*.yaml"):
            if old.stem not in built:
                old.unlink()
    print(f"shipped {len(built)} plans in {PLANS.relative_to(ROOT)}")


UNSTABLE = ("created", "tool")
"""What of a playbook may differ between two builds of one config: the date and the version
in ``meta``."""


def same_plan(shipped_text: str, built_text: str) -> list[str]:
    """The top-level keys (and ``meta``'s) in which two playbooks differ, but for
    :data:`UNSTABLE`: empty where the build reproduces the shipped plan."""
    import yaml

    a, b = yaml.safe_load(shipped_text), yaml.safe_load(built_text)
    for doc in (a, b):
        for key in UNSTABLE:
            doc.get("meta", {}).pop(key, None)
    return sorted(k for k in {*a, *b} if a.get(k) != b.get(k))


def rebuild(names: list[str]) -> None:
    """Build each named shipped plan again and compare it with the shipped file (all but its
    date): a plan that depends on the machine or its load is named, with what differs."""
    unknown = [n for n in names if n not in SHIPPED]
    if unknown:
        raise PlaybookError(
            f"--rebuild: {unknown[0]!r} is not shipped; shipped: {', '.join(SHIPPED)}"
        )
    differ = []
    with tempfile.TemporaryDirectory(prefix="ship-rebuild-") as tmp:
        for name in names:
            path = _build(name, Path(tmp))
            keys = same_plan(
                shipped.path_of(shipped.index()[name]).read_text(encoding="utf-8"),
                path.read_text(encoding="utf-8"),
            )
            print(f"{name}: {'the same' if not keys else 'differs in ' + ', '.join(keys)}")
            if keys:
                differ.append(name)
    if differ:
        raise PlaybookError(f"--rebuild: {', '.join(differ)} did not come out as shipped")


def check() -> None:
    for name in shipped.names():
        _verified(name, shipped.path_of(shipped.index()[name]))


def _row(name: str) -> list[str]:
    """One shipped plan's figures, read from the plan itself."""
    from playbook import memory
    from playbook.pipeline.session import Session

    path = shipped.path_of(shipped.index()[name])
    pb = model.load(str(path))
    st = pb.stats
    if st is None:
        raise PlaybookError(f"{path}: no summary; ship it again")
    guesses = sum(turns * count for turns, count in st.distribution.items())
    lost = f"{st.failures:,}"
    if st.failures and pb.fewest_unguaranteed is not None:
        lost += f" ({pb.fewest_unguaranteed:,})"
    tree = "optimal" in pb.profile
    if tree:
        learn = f"a tree of {len(memory.card_words(pb.groups)):,} words: follow it"
    else:
        session = Session.from_playbook(pb, str(path))
        few = memory.small_groups(session.answers, session.game.group_of, pb.groups)
        learn = f"{len(memory.card_words(pb.groups, few)):,}"
    kind = "proven optimal tree" if tree else "card to learn"
    return [f"`{name}`", kind, f"{st.words:,}", f"{guesses:,}", f"{st.average:.4f}",
            str(st.worst), lost, learn]  # fmt: skip


def table() -> str:
    """The docs' table of the shipped plans, every figure read from the plan file."""
    head = ["plan", "kind", "answers", "guesses", "average", "worst",
            "not guaranteed (fewest possible)", "words on its card"]  # fmt: skip
    lines = ["| " + " | ".join(head) + " |", "|---|---|" + "---:|" * (len(head) - 2)]
    lines += ["| " + " | ".join(_row(name)) + " |" for name in shipped.names()]
    return "\n".join(lines)


def main() -> int:
    parser = Parser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--from", dest="source", metavar="DIR", help="ship the plans built here")
    parser.add_argument("--verify", action="store_true", help="verify the shipped plans")
    parser.add_argument(
        "--check", action="store_true", help="verify every shipped plan, then build each again "
        "and compare (before a release)"
    )  # fmt: skip
    parser.add_argument(
        "--table", action="store_true", help="print the docs' table of the shipped plans"
    )
    parser.add_argument(
        "--rebuild", metavar="NAMES", help="build these shipped plans again (a,b; all: every "
        "one) and compare each with the shipped file"
    )  # fmt: skip
    args = parser.parse_args()
    try:
        if args.table:
            print(table())
        elif args.rebuild:
            names = list(SHIPPED) if args.rebuild == "all" else args.rebuild.split(",")
            rebuild([n.strip() for n in names if n.strip()])
        elif args.verify:
            check()
        elif args.check:
            check()
            rebuild(list(SHIPPED))
        else:
            ship(Path(args.source) if args.source else None)
    except PlaybookError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
