"""The sheets in Dutch (issue 28): one gettext catalog, extracted by Babel from the render
code, the games' texts and the templates, that covers every message; a Dutch card and book
with no English left; English as it was; ``render.language`` and ``render --language``."""

from __future__ import annotations

import fnmatch
import io
import re
import tomllib
from collections import Counter
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po
from helpers import run_cli

from playbook import config, model, render, words
from playbook.errors import ConfigError
from playbook.model import GroupPlan, Move, Playbook, Row, Stats, TryWords, Words
from playbook.pipeline import choices
from playbook.render import i18n
from playbook.render.card import card_context
from playbook.render.html import html_env

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "playbook" / "locale"
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]|\{(\w+)\}")
TAG = re.compile(r"</?\w+[^>]*>")


def _key(message: str | tuple[str, ...]) -> str:
    return message[0] if isinstance(message, tuple) else message


def extracted() -> dict[tuple[str | None, str], str | tuple[str, ...]]:
    """Every message Babel extracts with the committed ``babel.cfg``, by (context, id)."""
    with open(ROOT / "babel.cfg", encoding="utf-8") as f:
        methods, options = parse_mapping_cfg(f)
    out: dict[tuple[str | None, str], str | tuple[str, ...]] = {}
    for _, _, message, _, context in extract_from_dir(str(ROOT), methods, options):
        out[context, _key(message)] = message
    return out


def catalog(path: Path) -> dict[tuple[str | None, str], object]:
    with open(path, "rb") as f:
        cat = read_po(f)
    return {(m.context, _key(m.id)): m for m in cat if m.id}


# ---------------------------------------------------------------- the catalog


def test_the_catalogs_hold_every_extracted_message_and_no_other() -> None:
    found = extracted()
    assert len(found) > 100  # the templates and the render code were read
    for path in (LOCALE / "playbook.pot", LOCALE / "nl" / "LC_MESSAGES" / "playbook.po"):
        held = catalog(path)
        missing = sorted(str(k) for k in set(found) - set(held))
        stale = sorted(str(k) for k in set(held) - set(found))
        assert not missing, f"{path.name} lacks {missing}: refresh it (playbook/render/i18n.py)"
        assert not stale, f"{path.name} holds messages no code uses: {stale}"
        for key, m in held.items():
            assert m.id == found[key], f"{path.name}: {key} singular/plural differ from the code"


def test_every_dutch_message_is_translated_with_the_same_placeholders_and_tags() -> None:
    for m in catalog(LOCALE / "nl" / "LC_MESSAGES" / "playbook.po").values():
        assert "fuzzy" not in m.flags, m.id
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        forms = m.string if isinstance(m.string, tuple) else (m.string,)
        assert len(forms) == (2 if isinstance(m.id, tuple) else 1) and all(forms), m.id
        # Dutch counts as English does: the first form is the singular's, the second the
        # plural's (a singular may leave the number out: "the opening word")
        for form, english in zip(forms, ids[-len(forms) :], strict=True):
            assert Counter(PLACEHOLDER.findall(form)) == Counter(PLACEHOLDER.findall(english)), (
                f"placeholders of {form!r} differ from {english!r}"
            )
            assert Counter(TAG.findall(form)) == Counter(TAG.findall(english)), form


def test_the_catalog_ships_with_the_package() -> None:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = data["tool"]["setuptools"]["package-data"]["playbook"]
    for f in ("playbook.pot", "nl/LC_MESSAGES/playbook.po"):
        assert any(fnmatch.fnmatch(f"locale/{f}", p) for p in patterns), f
    assert set(i18n.LANGUAGES) == {"en"} | {p.name for p in LOCALE.iterdir() if p.is_dir()}


def test_translator() -> None:
    nl = i18n.translator("nl")
    assert nl.gettext("Summary") == "Overzicht" and nl.gettext("") == ""
    assert nl.ngettext("{n} word", "{n} words", 1) == "{n} woord"
    assert nl.ngettext("{n} word", "{n} words", 5) == "{n} woorden"
    assert nl.decimal(3.6449) == "3,64" and i18n.ENGLISH.decimal(3.6449) == "3.64"
    assert i18n.ENGLISH.ngettext("%(num)s words", "%(num)s words", 1) == "%(num)s words"
    with pytest.raises(ValueError, match="unknown language 'fr'; expected one of en, nl"):
        i18n.translator("fr")


def test_messages_for_a_script() -> None:
    ids = ["Summary", ("%(num)s words", "%(num)s words"), "not a message"]
    assert i18n.messages("nl", ids) == {
        "Summary": "Overzicht",
        "%(num)s words": ["%(num)s woord", "%(num)s woorden"],
        "not a message": "not a message",
    }
    assert i18n.messages("en", ids)["%(num)s words"] == ["%(num)s words", "%(num)s words"]
    assert [i18n.plural_index(n) for n in (0, 1, 2)] == [1, 0, 1]


def test_the_language_follows_the_word_list() -> None:
    assert words.list_language(Words("opentaal-nl")) == "nl"
    assert words.list_language(Words("wordle-answers")) == "en"
    assert words.list_language(Words("my-words.txt", ij_letter=True)) == "nl"
    assert words.list_language(Words("my-words.txt")) is None
    assert i18n.choose("auto", Words("opentaal-nl")) == "nl"
    assert i18n.choose("auto", Words("english")) == "en"
    assert i18n.choose("auto", Words()) == "en"  # Mastermind: no list
    assert i18n.choose("en", Words("opentaal-nl")) == "en"


# ---------------------------------------------------------------- the sheets


GAME = {"name": "lingo", "length": 5, "turns": 5, "revealed": "first", "guess_pool": "revealed"}


def dutch() -> Playbook:
    """A small TV playbook of the Dutch list: an exception move, a '*' row, an exception
    row, a try list out of list order, a word not guaranteed and a group without openings."""
    inner = (Row("o.o..", TryWords(("kapot",)), 1), Row("*", TryWords(None), 2))
    k_table = (
        Row("x.... ..x..", TryWords(("kruid", "kaart")), 2),
        Row("..... .....", Move("kumst", inner), 3),
        Row("xo...", TryWords(("kamer",)), 1),
        Row("*", TryWords(None), 4),
    )
    return Playbook(
        name="klein-tv",
        game=GAME,
        words={"list": "opentaal-nl", "count": 17, "sha256": "ab" * 32, "ij_letter": True},
        groups=(
            GroupPlan(
                "k",
                ("kreek", "kolom"),
                k_table,
                words=10,
                largest=3,
                method="exhaustive",
                stats=Stats({3: 6, 4: 3, 5: 1}, failures=1),
                unguaranteed=("kuren",),
                notes={"fewest_unguaranteed": 1},
            ),
            GroupPlan(
                "x",
                (),
                (Row("", TryWords(("xenon", "xerox")), 2),),
                words=2,
                largest=2,
                method="trivial",
                stats=Stats({1: 1, 2: 1}),
            ),
        ),
        meta={"tool": "playbook 0.1.0", "created": "2026-11-25"},
        stats=Stats({1: 1, 2: 1, 3: 6, 4: 3, 5: 1}, failures=1),
    )


def english_left(text: str) -> list[str]:
    """The English texts of the catalog (those Dutch writes otherwise) found in ``text``:
    each message's longest run of words between its placeholders and tags."""
    found = []
    for m in catalog(LOCALE / "nl" / "LC_MESSAGES" / "playbook.po").values():
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        forms = m.string if isinstance(m.string, tuple) else (m.string,)
        for english in ids:
            pieces = [
                p.strip(" .,;:()") for p in re.split(r"%\(\w+\)[sd]|\{\w+\}|<[^>]+>", english)
            ]
            piece = max(pieces, key=len)
            dutch = any(piece in f for f in forms)
            word = r"(?<![\w-])" + re.escape(piece) + r"(?![\w-])"
            if len(piece) >= 6 and " " in piece and not dutch and re.search(word, text):
                found.append(piece)
    return found


def card_html(pb: Playbook, language: str) -> str:
    ctx = card_context(pb, language=language)
    return html_env(language).get_template("card.html.j2").render(ctx)


def test_the_dutch_book_and_card_have_no_english_left() -> None:
    pb = dutch()
    html = render.render_html(pb, language="nl")
    md = render.render_markdown(pb, language="nl")
    card = card_html(pb, "nl")
    for text in (html, md, card):
        assert english_left(text) == []
    for heading in ("Zo gebruik je het", "Overzicht", "elke andere uitslag:", "speel"):
        assert heading in html, heading
    assert '<html lang="nl">' in html and "gemiddeld 3,50 beurten, slechtst 5" in html
    assert "Niet gegarandeerd binnen 5 beurten: </span>kuren (samen met andere woorden" in html
    assert "tv-regels: elk gespeeld woord begint met de gegeven letter" in card
    assert "de kaart: alles wat je moet leren" in card and "1 woord niet gegarandeerd" in card
    assert "IJ is één letter, zoals in het programma" in card
    assert "## Overzicht" in md and "**speel kumst** (3 woorden)" in md
    # the words of the game are left as they are
    assert all(w in html for w in ("kreek", "kolom", "kumst", "kapot", "xenon", "kaart"))
    assert all(w in card for w in ("kreek", "kolom", "kumst", "kruid kaart"))


def test_english_is_the_default_and_as_it_was() -> None:
    pb = dutch()
    assert render.render_html(pb) == render.render_html(pb, language="en")
    assert render.render_markdown(pb) == render.render_markdown(pb, language="en")
    html = render.render_html(pb, language="en")
    assert "How to use it" in html and "Overzicht" not in html and "<html>" in html
    assert card_html(pb, "en") == html_env().get_template("card.html.j2").render(card_context(pb))
    # the golden files of tests/render/test_render.py pin the English texts themselves


def test_render_picks_the_language_of_the_list() -> None:
    pb = dutch()
    data, _ = render.render(pb, "md", language="auto")
    assert "## Overzicht" in data.decode()
    data, _ = render.render(pb, "md")  # the library's default: English
    assert "## Summary" in data.decode()


@pytest.mark.slow
def test_dutch_pdfs() -> None:
    from pypdf import PdfReader

    pb = dutch()
    book, _ = render.render(pb, "pdf", language="nl")
    card, _ = render.render(pb, "card", language="nl")
    for data, dutch_texts, english in (
        (book, ("Zo gebruik je het", "Overzicht", "pagina 2 van"), ("How to use it", "page 2")),
        (
            card,
            ("de kaart: alles wat je moet leren", "3,50 beurten · te leren: 5"),
            ("the card", "turns"),
        ),
    ):
        text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages)
        for t in dutch_texts:
            assert t in text, t
        for t in english:
            assert t not in text, t


# ---------------------------------------------------------------- the setting and the option


def test_render_language_refuses_a_bad_value_in_one_line() -> None:
    assert config.parse("name: x\n", "c.yaml").render.language == "auto"
    assert config.parse("name: x\nrender:\n  language: nl\n", "c.yaml").render.language == "nl"
    with pytest.raises(ConfigError) as info:  # the renderers' choice: when a session opens
        choices.check(config.parse("name: x\nrender:\n  language: fr\n", "c.yaml"))
    assert (
        str(info.value)
        == "c.yaml:3: key 'render.language': 'fr' is not allowed; allowed: auto, en, nl"
    )


def test_render_language_option(tmp_path: Path) -> None:
    path = tmp_path / "klein.yaml"
    path.write_text(model.dumps(dutch()), encoding="utf-8")
    for language, heading in (
        ("nl", "## Overzicht"),
        ("en", "## Summary"),
        ("auto", "## Overzicht"),
    ):
        out = tmp_path / f"{language}.md"
        done = run_cli(
            "render",
            str(path),
            "--format",
            "md",
            "--language",
            language,
            "-o",
            str(out),
            cwd=tmp_path,
        )
        assert done.returncode == 0, done.stderr
        assert heading in out.read_text(encoding="utf-8")
    done = run_cli("render", str(path), "--format", "md", "--language", "fr", cwd=tmp_path)
    assert done.returncode == 2 and "--language: invalid choice: 'fr'" in done.stderr


def test_every_text_of_the_page_scripts_reaches_the_catalog() -> None:
    """Babel's JavaScript lexer skips a call inside a template literal (`${_("...")}`): every
    ``_(`` and ``ngettext(`` call written in the page's scripts must be one it extracts, and
    the Dutch page embeds a translation of each."""
    from babel.messages.extract import extract

    from playbook.render.page import SCRIPTS, script_messages

    for name in SCRIPTS:
        source = (ROOT / "playbook" / "render" / "templates" / name).read_text(encoding="utf-8")
        written = len(re.findall(r"(?<![\w.])(?:_|ngettext)\(\"", source))
        with open(ROOT / "playbook" / "render" / "templates" / name, "rb") as f:
            found = len(list(extract("javascript", f)))
        assert found == written, name
    ids = script_messages()
    assert len(ids) > 80
    dutch = i18n.messages("nl", ids)
    english = {m if isinstance(m, str) else m[0] for m in ids}
    assert all(dutch[m] != m for m in english if m[0].isalpha() and m not in ("Letter {letter}",))
