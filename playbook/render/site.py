"""An installable, offline site: the play-along page of every plan, an index, a web app
manifest, icons and a service worker, in one folder.

A phone opens ``index.html`` over the web (any path: every address is relative), installs
the site from its manifest, and opens it again without a network: the service worker
(``sw.js``, from ``render/templates/site-sw.js``) keeps every file of the site in a cache
named for a hash of their contents, so a site written again replaces the old cache. The
pages are :func:`~playbook.render.page.render_page`'s with ``installable`` on (their head
names the manifest and registers the worker); the single-file page of ``render`` names
nothing beside it.

:func:`site_files` makes the files (pure: names to bytes); :func:`write_site` writes them.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import io
import json
import os
import re
import shutil
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from markupsafe import Markup

from playbook.errors import PlaybookError
from playbook.io import files
from playbook.language import N_
from playbook.model import Playbook
from playbook.render import i18n, titles
from playbook.render.html import html_env
from playbook.render.page import (
    ICON_SIZES,
    INDEX,
    MANIFEST,
    THEME,
    WORKER,
    _head,
    app_head,
    icon_name,
    render_page,
)
from playbook.render.tiles import APP, PALETTES, TILE_STYLES
from playbook.render.views import template_text
from playbook.words import WordList

BACKGROUND = APP["background"]
"""The page's background (``page.css``): an installed site's splash screen."""

INTRO = N_("Pick a plan: its page follows the playbook move by move.")
"""The index's first words, and the manifest's description."""
PLAN_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}")
"""What a plan's name may be, as it names its page (``NAME.html``): a plain file name in any
file system and a plain relative address."""


@dataclasses.dataclass(frozen=True)
class SitePlan:
    """One plan of a site: a playbook and what its page needs besides."""

    pb: Playbook
    """The playbook; its name names its page (``NAME.html``)."""
    answers: WordList
    """The word list it was built on (each group's words in list order), checked against
    the playbook's checksum."""
    guesses: WordList | None = None
    """Its guess list where it has one besides the answers (Wordle's allowed guesses)."""
    tiles: str = "lingo"
    """The page's tile style, one of :data:`~playbook.render.tiles.TILE_STYLES`."""

    @property
    def page(self) -> str:
        """The file of its page."""
        return f"{self.pb.name}.html"


def _refuse(what: str) -> PlaybookError:
    return PlaybookError(f"site: {what}")


def _check(plans: Sequence[SitePlan]) -> None:
    """A one-line refusal of no plans, or of names that cannot name a page of their own."""
    if isinstance(plans, str | bytes) or not isinstance(plans, Sequence):
        raise TypeError(f"plans: expected a list of SitePlan, got {plans!r}")
    for plan in plans:
        if not isinstance(plan, SitePlan):
            raise TypeError(f"plans: expected a list of SitePlan, got {plan!r}")
    if not plans:
        raise _refuse("no plans to write; give one plan at least")
    seen: dict[str, str] = {}
    for plan in plans:
        name = plan.pb.name
        if not PLAN_NAME.fullmatch(name):
            raise _refuse(
                f"the plan name {name!r} cannot name its page; a name of letters, digits, "
                "'.', '-' and '_' (100 at most, a letter or digit first) can"
            )
        if plan.page.lower() == INDEX:
            raise _refuse(f"the plan name {name!r} is the index's; rename the plan")
        other = seen.get(name.lower())
        if other is not None:  # alike in a file system that ignores case, too
            alike = repr(name) if other == name else f"{other!r} and {name!r}"
            raise _refuse(f"two plans are named {alike}; each plan needs a name of its own")
        seen[name.lower()] = name


def site_language(plans: Sequence[SitePlan], language: str) -> str:
    """The site's one language: ``language``, or for ``auto`` the language of the plans'
    word lists where they share one of :data:`~playbook.render.i18n.LANGUAGES`, else
    English."""
    if language not in i18n.CHOICES:
        raise ValueError(
            f"unknown language {language!r}; expected one of {', '.join(i18n.CHOICES)}"
        )
    if language != i18n.AUTO:
        return language
    found = {i18n.choose(i18n.AUTO, plan.pb.words) for plan in plans}
    return found.pop() if len(found) == 1 else "en"


def _card(plan: SitePlan, tr: i18n.Translator) -> dict[str, Any]:
    """What the index says of one plan: its title, game, language and word count, its
    rules, and a link to its page."""
    pb = plan.pb
    head = _head(pb, pb.game.guess_pool, tr, tr.language)
    count = len(plan.answers.words)
    words = tr.ngettext("%(num)s words", "%(num)s words", count) % {"num": tr.number(count)}
    facts = [pb.game.name.capitalize(), titles.language_name(pb, tr.language), words]
    return {
        "name": pb.name,
        "href": plan.page,
        "title": head["title"],
        "facts": " · ".join(f for f in facts if f),
        "pool": head["pool"],
        "rules": head["rules"],
        "description": head["description"],
    }


def _distinct(cards: list[dict[str, Any]], plans: Sequence[SitePlan], tr: i18n.Translator) -> None:
    """Titles that two plans share (``Lingo, 5 letters``) told apart
    (:func:`playbook.render.titles.distinct`): each link's text names its own page (a screen
    reader's list of links read two alike)."""
    told = titles.distinct([c["title"] for c in cards], [p.pb for p in plans], tr)
    for card, title in zip(cards, told, strict=True):
        card["title"] = title


def _index(plans: Sequence[SitePlan], tr: i18n.Translator) -> str:
    template = html_env(tr.language).get_template("site-index.html.j2")
    cards = [_card(plan, tr) for plan in plans]
    _distinct(cards, plans, tr)
    return template.render(
        language=tr.language,
        title=tr.gettext("Playbooks"),
        intro=tr.gettext(INTRO),
        css=Markup(template_text("page.css") + "\n" + template_text("site.css")),
        plans=cards,
        app=app_head(),
    )


def _manifest(tr: i18n.Translator) -> str:
    """The web app manifest: the site's name, its start page and scope (this folder), shown
    on its own (``standalone``), its colours and icons (each also maskable: the tile lies in
    the middle fifth of the icon that every mask keeps)."""
    icons = [
        {"src": icon_name(size), "sizes": f"{size}x{size}", "type": "image/png", "purpose": p}
        for p in ("any", "maskable")
        for size in ICON_SIZES
    ]
    data = {
        "name": tr.gettext("Playbooks") + " — " + tr.gettext("play along"),
        "short_name": tr.gettext("Playbooks"),
        "description": tr.gettext(INTRO),
        "lang": tr.language,
        "dir": "ltr",
        "start_url": f"./{INDEX}",
        "scope": "./",
        "display": "standalone",
        "theme_color": THEME,
        "background_color": BACKGROUND,
        "icons": icons,
    }
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


@functools.cache
def _font_path() -> str:
    """DejaVu Sans Bold as matplotlib ships it (the same letter on every machine)."""
    import matplotlib

    return str(Path(matplotlib.get_data_path()) / "fonts" / "ttf" / "DejaVuSans-Bold.ttf")


def icon_png(size: int, letter: str, style: str = "lingo") -> bytes:
    """The site's icon: a lettered tile of the page's right-place colour in ``style`` on the
    page's header blue, ``size`` pixels square (drawn twice as large and scaled down)."""
    from PIL import Image, ImageDraw, ImageFont

    big = size * 2
    im = Image.new("RGB", (big, big), THEME)
    draw = ImageDraw.Draw(im)
    side = round(big * 0.56)
    at = (big - side) // 2
    box = (at, at, at + side, at + side)
    draw.rounded_rectangle(box, radius=round(big * 0.07), fill=PALETTES[style]["screen"]["2"])
    if style == "lingo":  # the page's tile: a light inner edge
        edge = max(2, round(big * 0.018))
        inner = (at + edge, at + edge, at + side - edge, at + side - edge)
        draw.rounded_rectangle(
            inner, radius=round(big * 0.055), outline=APP["icon-edge"], width=edge
        )
    font = ImageFont.truetype(_font_path(), round(side * 0.62))
    draw.text((big / 2, big / 2), letter, font=font, fill="white", anchor="mm")
    im = im.resize((size, size), Image.Resampling.LANCZOS)
    buf = io.BytesIO()
    im.save(buf, "PNG")
    return buf.getvalue()


def _worker(made: Mapping[str, bytes]) -> str:
    """``sw.js``: the line naming the site's files (the start page first) and its version (a
    hash of the files and of the worker itself), then the worker's script."""
    script = template_text("site-sw.js")
    digest = hashlib.sha256(script.encode("utf-8"))
    for name, data in made.items():
        digest.update(f"{name}\0{len(data)}\0".encode())
        digest.update(data)
    site = {"version": digest.hexdigest()[:16], "files": list(made)}
    return f"const SITE = {json.dumps(site)};\n{script}"


def site_files(plans: Sequence[SitePlan], *, language: str = "en") -> dict[str, bytes]:
    """The files of the site of ``plans``, by name, in the order to write them (the worker,
    which names the others, last): ``index.html``, each plan's page (``NAME.html``), the
    manifest, the icons and ``sw.js``. ``language``: the texts of every file, one of
    :data:`~playbook.render.i18n.CHOICES` (``auto``: :func:`site_language`). A one-line
    :class:`PlaybookError` where a plan's name cannot name its page or two are alike, or
    where a plan cannot have a page (its game, or a list that is not its own)."""
    _check(plans)
    for plan in plans:
        if plan.tiles not in TILE_STYLES:
            raise ValueError(
                f"{plan.pb.name}: unknown tile style {plan.tiles!r}; expected one of "
                f"{', '.join(TILE_STYLES)}"
            )
    tr = i18n.translator(site_language(plans, language))
    made: dict[str, bytes] = {INDEX: _index(plans, tr).encode("utf-8")}
    for plan in plans:
        try:
            page = render_page(
                plan.pb,
                plan.answers,
                tiles=plan.tiles,
                guesses=plan.guesses,
                language=tr.language,
                installable=True,
            )
        except PlaybookError as exc:
            raise _refuse(f"{plan.pb.name}: {exc}") from None
        made[plan.page] = page.encode("utf-8")
    made[MANIFEST] = _manifest(tr).encode("utf-8")
    first = plans[0]
    for size in ICON_SIZES:
        made[icon_name(size)] = icon_png(size, first.pb.game.name[:1].upper(), first.tiles)
    made[WORKER] = _worker(made).encode("utf-8")
    return made


def write_site(
    plans: Sequence[SitePlan], folder: str | Path, *, language: str = "en"
) -> list[Path]:
    """Write the site of ``plans`` (:func:`site_files`) into ``folder`` whole: every file
    into a fresh folder beside it, which then takes the folder's place (an interrupted run
    leaves the earlier site as it was). ``folder`` is new, empty, or an earlier site (only
    the files a site writes): a folder holding other files is refused, so nothing else is
    ever replaced; nothing is written outside it. The paths written, in order. A one-line
    :class:`PlaybookError` naming the path where the folder cannot be written."""
    if not str(folder).strip():
        raise _refuse("give the folder to write the site into (a new or an empty one)")
    out = Path(folder)
    made = site_files(plans, language=language)  # all the work before the first write
    files.writable_folder(out.parent if str(out.parent) else Path("."), "site")
    found = files.kind_of(out)
    if found not in (None, "a folder"):
        raise _refuse(f"{out} is {found}; the site is a folder")
    if found == "a folder":
        others = sorted(p.name for p in out.iterdir() if not _of_a_site(p))
        if others:
            shown = ", ".join(others[:3]) + (
                f" and {len(others) - 3} more" if len(others) > 3 else ""
            )
            raise _refuse(
                f"{out} holds files a site does not write ({shown}); give a new or empty "
                "folder, or the folder of an earlier site"
            )
    fresh = Path(tempfile.mkdtemp(prefix=f".{out.name}.site-", dir=out.parent))
    try:
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(fresh, 0o777 & ~umask)  # mkdtemp makes 0700; a site is served to others
        for name, data in made.items():
            files.atomic_write(fresh / name, data, durable=False)
        old = None
        if found == "a folder":
            old = Path(tempfile.mkdtemp(prefix=f".{out.name}.old-", dir=out.parent))
            os.replace(out, old / "site")
        os.replace(fresh, out)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    except OSError as exc:
        shutil.rmtree(fresh, ignore_errors=True)
        raise _refuse(f"cannot write {out} ({exc.strerror or exc})") from None
    return [out / name for name in made]


def _of_a_site(path: Path) -> bool:
    """A file a site writes (an earlier site's: its pages, index, manifest, icons, worker)."""
    return (
        path.is_file()
        and not path.is_symlink()
        and (path.name in (INDEX, MANIFEST, WORKER) or path.suffix in (".html", ".png"))
    )
