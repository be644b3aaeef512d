"""The commands that read a playbook and write a sheet of it: ``verify`` (replayed),
``render`` (a card, a book, a page), ``site`` (every shipped plan's page, installable)."""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path

from playbook import model, render
from playbook.arguments import PLAYBOOK
from playbook.arguments import choice as _choice
from playbook.arguments import flag as _flag
from playbook.arguments import jobs as _jobs
from playbook.arguments import need as _need
from playbook.arguments import words as _words
from playbook.errors import PlaybookError
from playbook.io import files
from playbook.pipeline import choices, outputs
from playbook.pipeline.outcomes import RenderOutcome, VerifyOutcome
from playbook.render.site import SitePlan, write_site
from playbook.words import WordList, list_language

__all__ = [
    "RenderOutcome",
    "SitePlan",
    "VerifyOutcome",
    "format_suffix",
    "output_file",
    "render_playbook",
    "render_target",
    "site_plan",
    "verify_playbook",
    "write_site",
]


# ------------------------------------------------------------------ verify


def verify_playbook(
    pb: model.Playbook,
    path: str,
    *,
    words: str | None = None,
    proofs: bool = False,
    n_jobs: int = 1,
) -> VerifyOutcome:
    """Replay every word of the playbook's own list (checked by checksum; ``words``: this
    word list file instead) through ``pb`` read from ``path``; ``proofs``: re-decide what it
    says an exhaustive search proves.

    Examples:
        The 1994 paper's own playbook, replayed on today's Dutch list:

        >>> from importlib import resources
        >>> from playbook import api, model
        >>> path = str(resources.files("playbook.configs") / "lingo-1994-paper.yaml")
        >>> checked = api.verify_playbook(model.load(path), path)
        >>> checked.verdict, checked.exit_code
        ('FAILED: 52 words not found in time, 1 problem in the file', 1)
        >>> checked.summary()["not_found"][0]["word"]
        'afkam'
    """
    _need("pb", pb, model.Playbook, PLAYBOOK)
    _need("path", path, str, "the playbook file's path, as text")
    _jobs("n_jobs", n_jobs)
    _flag("proofs", proofs)
    if words is not None:
        _need("words", words, str, "a word list's path, as text, or None")
    t0 = time.perf_counter()
    rep, game = outputs.verify_file(pb, path, words, proofs=proofs, n_jobs=n_jobs)
    return VerifyOutcome(pb, rep, game, proofs, time.perf_counter() - t0)


# ------------------------------------------------------------------ render


def output_file(name: str, flag: str) -> Path:
    """A file to write at the end of a command, checked before the work: not a folder, in
    a folder that can be written (``flag`` names the option in the one-line error).

    Examples:
        >>> from playbook import api
        >>> api.output_file(".", "-o")
        Traceback (most recent call last):
            ...
        playbook.errors.PlaybookError: -o: . is a folder; name the file to write
    """
    _need(flag, name, (str, Path), "a file name")
    out = Path(name)
    if out.is_dir():
        raise PlaybookError(f"{flag}: {out} is a folder; name the file to write")
    if out.exists() and not out.is_file():
        # a device, a FIFO or a socket (or a link to one): the file would replace it
        raise PlaybookError(
            f"{flag}: {out} is not a plain file (a device, a pipe or a socket); name a file "
            "to write"
        )
    files.writable_folder(out.parent, flag)
    return out


def render_target(pb_path: str, fmt: str, output: str | None) -> Path:
    """The file a render writes (``output``, or beside the playbook with the format's
    suffix), checked before the work (:func:`output_file`).

    Examples:
        >>> import tempfile
        >>> from pathlib import Path
        >>> from playbook import api
        >>> folder = Path(tempfile.mkdtemp())
        >>> api.render_target(str(folder / "playbook.yaml"), "card", None).name
        'playbook-card.pdf'
        >>> api.render_target(str(folder / "playbook.yaml"), "page", None).name
        'playbook-play.html'
    """
    _choice("fmt", fmt, list(render.FORMATS))
    source = Path(pb_path)
    return output_file(
        output or str(source.with_name(source.stem + render.FORMATS[fmt].suffix)), "-o"
    )


def _beside(
    pb: model.Playbook, others: Sequence[model.Playbook], tabs: Sequence[model.Playbook]
) -> None:
    """Refuse, in one line, a plan that cannot stand beside ``pb``: on the card, the same
    game on the same word list (the other rules' column); on the page, the same game in the
    same language (a tab each: the lengths of one show)."""
    for other in others:
        if other.game.name != pb.game.name or other.words.sha256 != pb.words.sha256:
            raise PlaybookError(
                f"--with: {other.name} is not {pb.name}'s word list under other rules (a card "
                "sets beside it the same game on the same list)"
            )
    for other in tabs:
        if other.game.name != pb.game.name or list_language(other.words) != list_language(pb.words):
            raise PlaybookError(
                f"--with: {other.name} is another game or language than {pb.name} (a page's "
                "tabs are the lengths of one show)"
            )


def render_playbook(
    pb: model.Playbook,
    path: str,
    fmt: str,
    *,
    output: str | None = None,
    tiles: str = "lingo",
    letters: Sequence[str] | None = None,
    n_jobs: int = 1,
    language: str = "auto",
    beside: Sequence[tuple[model.Playbook, str]] = (),
    frontier: bool = False,
) -> RenderOutcome:
    """Write ``pb`` (read from ``path``; only the groups ``letters`` where given) as ``fmt``
    in ``language`` (``auto``: the language of its word list, :data:`render.i18n.CHOICES`);
    the page (and sheets that show words) get the playbook's own lists through
    :meth:`Session.from_playbook`. ``beside``: other playbooks, each with its path: on the
    card, the same list under other rules (a column each); on the page, the other lengths of
    one show (a tab each); the other formats show none. ``frontier``: the book ends with
    the memorisation frontier measured for its list and rules, where there is one.

    Examples:
        The 1994 paper's playbook as Markdown, in a folder of its own:

        >>> import tempfile
        >>> from importlib import resources
        >>> from pathlib import Path
        >>> from playbook import api, model
        >>> path = str(resources.files("playbook.configs") / "lingo-1994-paper.yaml")
        >>> target = str(Path(tempfile.mkdtemp()) / "paper.md")
        >>> done = api.render_playbook(model.load(path), path, "md", output=target)
        >>> done.path.name, done.path.read_text(encoding="utf-8").startswith("#")
        ('paper.md', True)
    """
    _need("pb", pb, model.Playbook, PLAYBOOK)
    _need("path", path, str, "the playbook file's path, as text")
    _choice("fmt", fmt, list(render.FORMATS))
    _choice("tiles", tiles, render.TILE_STYLES)
    _choice("language", language, render.i18n.CHOICES)
    _words("letters", letters)
    _jobs("n_jobs", n_jobs)
    _flag("frontier", frontier)
    if output is not None:
        _need("output", output, (str, Path), "a file name or None")
    if isinstance(beside, str) or not isinstance(beside, Sequence):
        raise TypeError(f"beside: expected a list of (playbook, path) pairs, got {beside!r}")
    for item in beside:
        if not (isinstance(item, tuple) and len(item) == 2):
            raise TypeError(f"beside: expected (playbook, path) pairs, got {item!r}")
        _need("beside", item[0], model.Playbook, "(playbook.model.Playbook, path) pairs")
        _need("beside", item[1], str, "(playbook, path as text) pairs")
    page = fmt == "page"
    others = [other for other, _ in beside]
    _beside(pb, [] if page else others, others if page else [])
    if letters is not None:
        pb = model.only(pb, letters, f"--letters ({path})")
    spec = render.FORMATS[fmt]
    out = render_target(path, fmt, output)
    answers = guesses = None
    if spec.needs_answers:
        render.check_game(pb.game)
    if spec.needs_answers or (spec.wants_answers and pb.words.list):
        lists = outputs.play_lists(pb, path)
        answers, guesses = lists.answers, lists.guesses
    shown: list[tuple[model.Playbook, WordList | None, WordList | None]] = []
    for other, other_path in beside:
        if page:  # a tab plays the other plan: its own lists
            render.check_game(other.game)
            other_lists = outputs.play_lists(other, other_path)
            shown.append((other, other_lists.answers, other_lists.guesses))
        else:
            shown.append((other, None, None))
    data, pages = render.render(
        pb,
        fmt,
        tiles=tiles,
        jobs=n_jobs,
        answers=answers,
        guesses=guesses,
        language=language,
        beside=shown,
        frontier=frontier,
    )
    files.atomic_write(out, data)
    return RenderOutcome(out, pages)


def format_suffix(fmt: str) -> str:
    """The end of the name of the file ``fmt`` writes (``-card.pdf`` for ``card``).

    Examples:
        >>> from playbook import api
        >>> api.format_suffix("page")
        '-play.html'
    """
    _choice("fmt", fmt, list(render.FORMATS))
    return render.FORMATS[fmt].suffix


# ------------------------------------------------------------------ site


def site_plan(pb: model.Playbook, path: str, config: Path | None = None) -> SitePlan:
    """A plan of a site (:func:`write_site`): the playbook read from ``path`` with its own
    lists, and the tile style of ``config`` (a shipped plan's bundled config), else its
    game's."""
    _need("pb", pb, model.Playbook, PLAYBOOK)
    lists = outputs.play_lists(pb, path)
    tiles = choices.load(config).render.tiles if config is not None else pb.game.tiles
    return SitePlan(pb, lists.answers, lists.guesses, tiles)
