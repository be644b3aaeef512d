"""The installable, offline site (issue 48, item 3; ``playbook/render/site.py``): every plan's
play-along page, an index, a web app manifest, icons and a service worker in one folder.

Two small built playbooks (Dutch Lingo for a few letters, Wordle on small lists with a guess
list besides) make the site. The files: every file the worker caches is there and every file
but the worker is cached; the manifest has what an installable site needs and its icons are
PNGs of their sizes; the index links every page, all by relative addresses; nothing is
written outside the folder; the single-file page of ``render`` is unchanged; a folder that
cannot be written is refused in one line naming the path. In Chromium (the ``browser``
marker, Debian's Chromium through Playwright): the worker registers and takes the page, the
browser reads the manifest, and with the network cut and the server stopped the index and a
plan's page still load and the page shows the plan's first move.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import http.server
import json
import re
import threading
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import page_fixture
import pytest
from PIL import Image

from playbook import render
from playbook.errors import PlaybookError
from playbook.io import files
from playbook.render import page as page_module
from playbook.render.site import INDEX, SitePlan, site_files, site_language, write_site

ROOT = Path(__file__).resolve().parents[2]
PHONE = {"width": 375, "height": 740}
BROWSER_WAIT_MS = 60_000
"""How long a browser action may wait (a busy machine is slow; a page that never answers
still fails)."""


# ---------------------------------------------------------------- the site


@pytest.fixture(scope="module")
def plans(tmp_path_factory: pytest.TempPathFactory) -> list[SitePlan]:
    """Dutch Lingo built for a few letters (IJ among them) and Wordle on small lists (a guess
    list besides its answers, Wordle's tiles): a second of work each."""
    dutch = page_fixture.build_default()
    wordle = page_fixture.build_wordle(tmp_path_factory.mktemp("wordle"))
    return [
        SitePlan(dutch.playbook, dutch.session.lists.answers, dutch.session.lists.guesses),
        SitePlan(
            wordle.playbook,
            wordle.session.lists.answers,
            wordle.session.lists.guesses,
            tiles="wordle",
        ),
    ]


@pytest.fixture(scope="module")
def site(plans: list[SitePlan], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site of both plans, written into a folder that did not exist."""
    folder = tmp_path_factory.mktemp("site") / "a" / "site"
    written = write_site(plans, folder)
    assert written[-1] == folder / "sw.js"  # the worker, which names the others, last
    assert [p.parent for p in written] == [folder] * len(written)
    return folder


def worker_site(folder: Path) -> dict[str, Any]:
    """What ``sw.js`` says of the site: its first line, ``const SITE = {...};``."""
    return _site_line((folder / "sw.js").read_text("utf-8"))


def version(made: dict[str, bytes]) -> str:
    """The cache version of the site :func:`site_files` made."""
    return str(_site_line(made["sw.js"].decode("utf-8"))["version"])


def _site_line(worker: str) -> dict[str, Any]:
    first = worker.splitlines()[0]
    found = re.fullmatch(r"const SITE = (\{.*\});", first)
    assert found is not None, first
    site: dict[str, Any] = json.loads(found.group(1))
    return site


class _Links(HTMLParser):
    """Every ``href`` and ``src`` of a page, and its ``<link>`` elements' attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.refs: list[str] = []
        self.links: list[dict[str, str]] = []
        self.anchors: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {k: v or "" for k, v in attrs}
        self.refs += [found[k] for k in ("href", "src") if k in found]
        if tag == "link":
            self.links.append(found)
        if tag == "a" and "href" in found:
            self.anchors.append(found["href"])


def links(path: Path) -> _Links:
    parser = _Links()
    parser.feed(path.read_text("utf-8"))
    return parser


def test_the_worker_caches_every_file_of_the_site(site: Path, plans: list[SitePlan]) -> None:
    cached = worker_site(site)
    on_disk = sorted(p.name for p in site.iterdir())
    assert sorted([*cached["files"], "sw.js"]) == on_disk  # every file but itself, no other
    assert cached["files"][0] == INDEX  # the start page first (the folder's own address)
    pages = [f"{plan.pb.name}.html" for plan in plans]
    assert set(pages) <= set(cached["files"])
    assert re.fullmatch(r"[0-9a-f]{16}", cached["version"])
    for name in cached["files"]:
        assert (site / name).is_file() and (site / name).stat().st_size > 0, name


def test_the_manifest_names_what_an_installable_site_needs(site: Path) -> None:
    manifest = json.loads((site / "manifest.webmanifest").read_text("utf-8"))
    for key in ("name", "short_name", "start_url", "scope", "display", "icons"):
        assert manifest.get(key), key
    assert manifest["start_url"] in ("./index.html", ".", "./")
    assert manifest["scope"] in (".", "./")
    assert manifest["display"] == "standalone"
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["background_color"])
    assert len(manifest["short_name"]) <= 12  # shown whole under a home screen's icon
    sizes = set()
    for icon in manifest["icons"]:
        assert icon["type"] == "image/png" and not icon["src"].startswith("/")
        with Image.open(site / icon["src"]) as im:
            assert im.format == "PNG"
            assert f"{im.width}x{im.height}" == icon["sizes"], icon
        sizes.add(icon["sizes"])
    assert {"192x192", "512x512"} <= sizes


def test_the_index_links_every_page_and_every_address_is_relative(
    site: Path, plans: list[SitePlan]
) -> None:
    index = links(site / INDEX)
    assert index.anchors == [f"{plan.pb.name}.html" for plan in plans]
    text = (site / INDEX).read_text("utf-8")
    assert "Lingo · Dutch · 5,781 words" in text  # the game, the list's language, its words
    assert "Wordle · 60 words" in text  # a list read from a file: no language known
    for name in [INDEX, *index.anchors]:
        found = links(site / name)
        rels = {link["rel"]: link["href"] for link in found.links}
        assert rels["manifest"] == "manifest.webmanifest", name
        assert 'data-worker="sw.js"' in (site / name).read_text("utf-8"), name
        for ref in found.refs:
            assert not re.match(r"[a-z]+:|/", ref), (name, ref)  # the folder works anywhere
            if not ref.startswith(("#", "?")):  # the page's own modes and plans
                assert (site / ref.split("?")[0]).is_file(), (name, ref)


def test_nothing_is_written_outside_the_folder(plans: list[SitePlan], tmp_path: Path) -> None:
    (tmp_path / "beside.txt").write_text("mine\n")
    folder = tmp_path / "deep" / "site"
    written = write_site(plans[1:], folder)
    assert sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*")) == sorted(
        ["beside.txt", "deep", "deep/site", *(f"deep/site/{p.name}" for p in written)]
    )
    assert (tmp_path / "beside.txt").read_text() == "mine\n"
    # written again over itself: the same files, the same bytes (the same cache version)
    before = {p.name: p.read_bytes() for p in written}
    write_site(plans[1:], folder)
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before


def test_a_link_in_the_folder_is_replaced_not_written_through(
    plans: list[SitePlan], tmp_path: Path
) -> None:
    outside = tmp_path / "outside.html"
    outside.write_text("mine\n")
    folder = tmp_path / "site"
    folder.mkdir()
    (folder / INDEX).symlink_to(outside)
    with pytest.raises(PlaybookError) as exc:  # a link is no file of an earlier site
        write_site(plans[1:], folder)
    assert "holds files a site does not write (index.html)" in _one_line(exc)
    assert outside.read_text() == "mine\n" and (folder / INDEX).is_symlink()


def test_a_site_replaces_an_earlier_site_whole_and_nothing_else(
    plans: list[SitePlan], tmp_path: Path
) -> None:
    """Issue 58: a site is written into a fresh folder that then takes the folder's place:
    an earlier site is replaced whole (a page of a plan no longer there is gone), a folder
    with other files is refused, and no name is empty."""
    folder = tmp_path / "site"
    first = write_site(plans, folder)
    assert {p.name for p in folder.iterdir()} == {p.name for p in first}
    again = write_site(plans[1:], folder)
    assert {p.name for p in folder.iterdir()} == {p.name for p in again}
    assert f"{plans[0].pb.name}.html" not in {p.name for p in again}
    assert [p.name for p in tmp_path.iterdir()] == ["site"]  # no fresh or old folder left
    (folder / "notes.txt").write_text("mine\n")
    with pytest.raises(PlaybookError) as exc:
        write_site(plans[1:], folder)
    assert "notes.txt" in _one_line(exc) and (folder / "notes.txt").read_text() == "mine\n"
    with pytest.raises(PlaybookError) as exc:
        write_site(plans[1:], "")
    assert _one_line(exc) == "site: give the folder to write the site into (a new or an empty one)"


def test_the_page_of_render_is_unchanged(plans: list[SitePlan]) -> None:
    """The single-file page names nothing beside it; the site's page differs from it only by
    what its head adds (the manifest, the icons, the worker's registration)."""
    plan = plans[0]
    alone = render.render(plan.pb, "page", answers=plan.answers, guesses=plan.guesses)[0]
    text = alone.decode("utf-8")
    assert 'rel="manifest"' not in text and "serviceWorker" not in text
    csp = (
        "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:\""
    )
    assert csp in text
    installable = site_files([plan])[f"{plan.pb.name}.html"].decode("utf-8")
    head = page_module.app_head()
    added = render.html.html_env("en").get_template("site-head.html.j2").render(app=head)
    home = '<a class="mode home" href="index.html">All plans</a>\n'
    assert installable.count(added + "\n") == installable.count(home) == 1
    stripped = (
        installable.replace(added + "\n", "")
        .replace(home, "")
        .replace(" 'self'; manifest-src 'self'; worker-src 'self'", "", 1)
    )
    assert stripped == text
    assert page_module.render_page(plan.pb, plan.answers, guesses=plan.guesses) == text


def test_the_site_in_dutch_and_its_version(plans: list[SitePlan]) -> None:
    english = site_files(plans)
    assert site_files(plans) == english  # the same plans, the same bytes
    dutch = site_files(plans, language="nl")
    index = dutch[INDEX].decode("utf-8")
    assert '<html lang="nl">' in index and "Kaarten" in index and "speel mee" in index
    assert "Lingo · Nederlands · 5.781 woorden" in index
    assert json.loads(dutch["manifest.webmanifest"])["lang"] == "nl"
    # another content, another cache: the worker's version is a hash of the files
    assert version(dutch) != version(english)
    assert version(site_files(plans[1:])) != version(english)
    # auto: the plans' one language, else English
    assert site_language(plans[:1], "auto") == "nl"
    assert site_language(plans, "auto") == "en"
    assert (
        site_files(plans[:1], language="auto")[INDEX] == site_files(plans[:1], language="nl")[INDEX]
    )


def test_the_icons_are_lettered_tiles(site: Path) -> None:
    with Image.open(site / "icon-512.png") as im:
        rgb = im.convert("RGB")
        corner, centre = rgb.getpixel((4, 4)), rgb.getpixel((150, 256))
    assert corner == (0x1D, 0x3F, 0x73)  # the page's header blue, to the edge (maskable)
    assert centre == (0xD4, 0x2A, 0x2A)  # the first plan's tile: Lingo's right-place red


# ---------------------------------------------------------------- refusals


def _one_line(exc: pytest.ExceptionInfo[PlaybookError]) -> str:
    text = str(exc.value)
    assert "\n" not in text and text.startswith("site: "), text
    return text


def test_a_folder_that_cannot_be_written_is_refused_in_one_line(
    plans: list[SitePlan], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("in the way\n")
    with pytest.raises(PlaybookError) as exc:
        write_site(plans[1:], blocker / "site")
    assert str(blocker) in _one_line(exc) and "is a file" in str(exc.value)
    assert blocker.read_text() == "in the way\n"

    folder = tmp_path / "site"
    (folder / INDEX).mkdir(parents=True)
    with pytest.raises(PlaybookError) as exc:
        write_site(plans[1:], folder)
    assert str(folder) in _one_line(exc) and "(index.html)" in str(exc.value)
    assert [p.name for p in folder.iterdir()] == [INDEX]  # refused before the first write

    def denied(*args: Any, **kwargs: Any) -> Any:
        raise PermissionError(13, "Permission denied")

    with monkeypatch.context() as m:  # a folder this user may not write in
        m.setattr(files.tempfile, "mkstemp", denied)
        with pytest.raises(PlaybookError) as exc:
            write_site(plans[1:], tmp_path / "locked")
    assert str(tmp_path) in _one_line(exc) and "Permission denied" in str(exc.value)

    real = files.atomic_write

    def icon_denied(path: Path, data: str | bytes, *, durable: bool = True) -> None:
        if path.name == "icon-512.png":
            raise PermissionError(13, "Permission denied")
        real(path, data, durable=durable)

    with monkeypatch.context() as m:  # a file of the site this user may not replace
        m.setattr(files, "atomic_write", icon_denied)
        with pytest.raises(PlaybookError) as exc:
            write_site(plans[1:], tmp_path / "half")
    line = _one_line(exc)
    assert line == f"site: cannot write {tmp_path / 'half'} (Permission denied)"
    assert not (tmp_path / "half").exists()  # a site is written whole or not at all
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".half.")]


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("../up", "cannot name its page"),
        ("a/b", "cannot name its page"),
        ("", "cannot name its page"),
        ("index", "is the index's"),
        ("INDEX", "is the index's"),
    ],
)
def test_a_name_that_cannot_name_a_page_is_refused(
    plans: list[SitePlan], name: str, said: str, tmp_path: Path
) -> None:
    plan = dataclasses.replace(plans[1], pb=dataclasses.replace(plans[1].pb, name=name))
    with pytest.raises(PlaybookError) as exc:
        write_site([plan], tmp_path / "site")
    assert said in _one_line(exc)
    assert not (tmp_path / "site").exists()


def test_plans_alike_or_wrong_are_refused(plans: list[SitePlan], tmp_path: Path) -> None:
    with pytest.raises(PlaybookError) as exc:
        site_files([])
    assert "no plans" in _one_line(exc)
    shouting = dataclasses.replace(
        plans[1], pb=dataclasses.replace(plans[1].pb, name=plans[1].pb.name.upper())
    )
    with pytest.raises(PlaybookError) as exc:
        site_files([plans[1], shouting])
    assert "two plans are named 'wordle-small' and 'WORDLE-SMALL'" in _one_line(exc)
    with pytest.raises(PlaybookError) as exc:
        site_files([plans[1], plans[1]])
    assert "two plans are named 'wordle-small';" in _one_line(exc)
    # the Dutch list given to the Wordle plan: its page refuses it, named by the plan
    wrong = dataclasses.replace(plans[1], answers=plans[0].answers)
    with pytest.raises(PlaybookError) as exc:
        site_files([wrong])
    assert _one_line(exc).startswith("site: wordle-small: page: the word list given")
    with pytest.raises(ValueError, match="unknown tile style"):
        site_files([dataclasses.replace(plans[1], tiles="neon")])
    with pytest.raises(ValueError, match="unknown language"):
        site_files(plans, language="fr")


# ---------------------------------------------------------------- in a browser


@contextlib.contextmanager
def serving(folder: Path) -> Iterator[tuple[str, http.server.ThreadingHTTPServer]]:
    """``folder`` over http on 127.0.0.1 (a port of the system's choice), quietly."""

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:
            pass

    handler = functools.partial(Quiet, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/", server
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=30)


CONTROLLED = "navigator.serviceWorker.controller !== null"


def _first_move(page: Any, plan: SitePlan) -> tuple[str, str]:
    """The move the page shows first for the plan's first group with openings (picking its
    letter where the page asks for one), and the playbook's."""
    group = next(g for g in plan.pb.groups if g.openings)
    if len(plan.pb.groups) > 1:
        page.click(f"button.letter[data-group='{group.group}']")
    page.wait_for_function("document.getElementById('entry').dataset.word")
    shown = page.evaluate("document.getElementById('entry').dataset.word")
    return shown, group.openings[0]


@pytest.mark.browser
def test_the_site_installs_and_opens_offline(
    browser: Any, site: Path, plans: list[SitePlan]
) -> None:
    context = browser.new_context(viewport=PHONE, service_workers="allow")
    context.set_default_timeout(BROWSER_WAIT_MS)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    with serving(site) as (base, _):
        page.goto(base + INDEX)
        state = page.evaluate("navigator.serviceWorker.ready.then(r => r.active.state)")
        assert state in ("activating", "activated")
        try:  # the worker claims the page it was registered from; else the next load is its
            page.wait_for_function(CONTROLLED, timeout=BROWSER_WAIT_MS // 2)
        except Exception:
            page.reload()
            page.wait_for_function(CONTROLLED)
        page.wait_for_selector("#offline-ready", state="visible")
        # Chromium reads the manifest the page links, without errors
        cdp = context.new_cdp_session(page)
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["url"] == base + "manifest.webmanifest"
        assert manifest["errors"] == []
        assert json.loads(manifest["data"])["display"] == "standalone"
        # and finds nothing that keeps the site from being installed (but a test's private
        # window: Playwright's contexts are incognito)
        errors_found = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert {e["errorId"] for e in errors_found} <= {"in-incognito"}, errors_found
        cached = page.evaluate("caches.keys()")
        assert len(cached) == 1 and cached[0].startswith(f"playbook-site {base} ")
    # the network cut and the server gone: the index and a plan's page come from the cache
    context.set_offline(True)
    page.reload()
    assert page.inner_text("h1").startswith("Playbooks")
    assert page.eval_on_selector_all("ul.plans a", "els => els.length") == len(plans)
    page.click(f"a[href='{plans[0].pb.name}.html']")
    page.wait_for_selector("#letter-buttons button.letter")
    page.reload()
    page.wait_for_selector("#letter-buttons button.letter")
    shown, want = _first_move(page, plans[0])
    assert shown == want
    page.click("a.home")  # back to the index, as an installed site has no back button
    page.wait_for_selector("ul.plans")
    page.goto(base)  # the folder's own address is its start page
    assert page.inner_text("h1").startswith("Playbooks")
    assert errors == []
    context.close()
