"""``playbook site DIR``: every shipped plan's play-along page, an index, a web app manifest
and a service worker in one folder, so that a phone can install the site and open it
offline (issue 48)."""

from __future__ import annotations

import argparse
import json

from playbook import shipped
from playbook.cli.commands import config_path, console, load_playbook, playbook_file
from playbook.errors import PlaybookError
from playbook.pipeline import choices, outputs
from playbook.render.site import SitePlan, write_site


def _plan(name: str) -> SitePlan:
    """A plan of the site: a shipped plan's name or a playbook file, with its own lists and
    its config's tile style (a shipped plan's config is the bundled one of its name)."""
    path = playbook_file(name)
    pb = load_playbook(path)
    lists = outputs.play_lists(pb, path)
    tiles = "wordle" if pb.game.name == "wordle" else "lingo"
    if shipped.find(name) is not None:
        with config_path(name) as cfg:
            tiles = choices.load(cfg).render.tiles
    return SitePlan(pb, lists.answers, lists.guesses, tiles)


def cmd_site(args: argparse.Namespace) -> int:
    unknown = [n for n in args.only or () if shipped.find(n) is None]
    if unknown:
        raise PlaybookError(
            f"--only: {unknown[0]} is not a shipped plan; shipped: {', '.join(shipped.names())}"
        )
    names = [*(args.only or shipped.names()), *args.add]
    plans = [_plan(n) for n in names]
    written = write_site(plans, args.folder, language=args.language)
    if args.json:
        print(json.dumps({"folder": args.folder, "files": [p.name for p in written]}))
        return 0
    console.print(
        f"wrote {len(written)} files in {args.folder}: {len(plans)} plans' pages, index.html, "
        "the manifest, its icons and the service worker (sw.js); serve the folder over https "
        "(or open it on localhost) and install it from the browser's menu",
        markup=False,
    )
    return 0
