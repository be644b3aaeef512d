"""``playbook site DIR``: every shipped plan's play-along page, an index, a web app manifest
and a service worker in one folder, so that a phone can install the site and open it
offline (issue 48)."""

from __future__ import annotations

import argparse
import json

from playbook.api import sheets
from playbook.api.sheets import SitePlan
from playbook.cli.inputs import console
from playbook.cli.named import config_path, load_playbook, playbook_file
from playbook.cli.parsing import printable
from playbook.errors import PlaybookError
from playbook.io import shipped


def _plan(name: str, shipped_only: bool) -> SitePlan:
    """A plan of the site: a shipped plan (``shipped_only``: whatever files the current
    folder holds) or a playbook file (``--add``), with its own lists and its config's tile
    style (a shipped plan's config is the bundled one of its name)."""
    plan = shipped.find(name) if shipped_only else None
    path = str(shipped.path_of(plan)) if plan is not None else playbook_file(name)
    pb = load_playbook(path)
    if plan is None:
        return sheets.site_plan(pb, path)
    with config_path(name) as cfg:
        return sheets.site_plan(pb, path, cfg)


def cmd_site(args: argparse.Namespace) -> int:
    unknown = [n for n in args.only or () if shipped.find(n) is None]
    if unknown:
        raise PlaybookError(
            f"--only: {unknown[0]} is not a shipped plan; shipped: {', '.join(shipped.names())}"
        )
    plans = [_plan(n, True) for n in args.only or shipped.names()]
    if not args.only:  # every plan a page plays (a Mastermind tree is played with play)
        plans = [p for p in plans if type(p.pb.game).browser_feedback]
    plans += [_plan(p, False) for p in args.add]
    written = sheets.write_site(plans, args.folder, language=args.language)
    if args.json:
        print(json.dumps({"folder": args.folder, "files": [p.name for p in written]}))
        return 0
    folder = printable(args.folder)  # a name is shown, never sent to the terminal as it is
    pages = f"{len(plans)} plan's page" if len(plans) == 1 else f"{len(plans)} plans' pages"
    console.print(
        f"wrote {len(written)} files in {folder}: {pages}, index.html, the manifest, "
        "its icons and the service worker (sw.js); serve the folder over https (or open it "
        "on localhost) and install it from the browser's menu",
        markup=False,
    )
    return 0
