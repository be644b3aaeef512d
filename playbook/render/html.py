"""HTML and Markdown: the jinja2 environments and the two text renderers.

The HTML environment always autoescapes; the Markdown one escapes every value for Markdown
(:func:`md_escape`) unless it is :class:`~markupsafe.Markup`. The same HTML template makes
the PDF (:mod:`playbook.render.pdf`). There is an environment of each kind per language,
with the language's texts installed (:mod:`playbook.render.i18n`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

import jinja2
from markupsafe import Markup

from playbook.model import Playbook
from playbook.render import i18n
from playbook.render.views import context, template_text


def _load(name: str) -> tuple[str, str | None, Any]:
    return template_text(name), None, lambda: False


_MD_SPECIAL = re.compile(r"([\\`*_\[\]|~])")


def md_escape(value: Any) -> str:
    """Text as Markdown that shows it literally: HTML characters as entities, Markdown
    punctuation backslash-escaped, line breaks as spaces (so a table cell stays one cell)."""
    s = str(value)
    s = s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    s = _MD_SPECIAL.sub(r"\\\1", s)
    s = re.sub(r"\s*[\r\n]+\s*", " ", s)
    if re.match(r"[-=+#]", s):
        s = "\\" + s
    s = re.sub(r"^(\d+)([.)])(\s|$)", r"\1\\\2\3", s)
    return s


def _md_finalize(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, Markup):
        return str(value)
    return md_escape(value)


def _md_code(value: Any) -> Markup:
    """A code span: backticks dropped, ``|`` escaped (so a table cell stays one cell)."""
    text = str(value).replace("`", "").replace("|", "\\|").replace("\n", " ")
    return Markup(f"`{text}`")


def _md_bar(share: float, width: int = 40) -> Markup:
    n = round(share * width)
    return Markup("█" * n if n or share == 0 else "▏")


_ENVS: dict[tuple[str, str], jinja2.Environment] = {}


def html_env(language: str = "en") -> jinja2.Environment:
    """The HTML template environment of ``language``: autoescaping always on."""
    if ("html", language) not in _ENVS:
        env = jinja2.Environment(
            loader=jinja2.FunctionLoader(_load),
            autoescape=True,
            trim_blocks=True,
            lstrip_blocks=True,
            undefined=jinja2.StrictUndefined,
        )
        i18n.install(env, i18n.translator(language))
        _ENVS["html", language] = env
    return _ENVS["html", language]


def md_env(language: str = "en") -> jinja2.Environment:
    """The Markdown template environment of ``language``: every value escaped for Markdown
    unless Markup."""
    if ("md", language) not in _ENVS:
        env = jinja2.Environment(
            loader=jinja2.FunctionLoader(_load),
            autoescape=False,
            trim_blocks=True,
            lstrip_blocks=True,
            undefined=jinja2.StrictUndefined,
            finalize=_md_finalize,
            keep_trailing_newline=True,
        )
        env.filters["mdbar"] = _md_bar
        env.filters["safe_md"] = Markup
        env.filters["code"] = _md_code
        i18n.install_text(env, i18n.translator(language), md_escape)
        _ENVS["md", language] = env
    return _ENVS["md", language]


def render_html(
    pb: Playbook,
    *,
    tiles: str = "lingo",
    reference: Playbook | None = None,
    comparison: Sequence[Any] | None = None,
    pages: Mapping[str, int] | None = None,
    language: str = "en",
    frontier: bool = False,
) -> str:
    """The playbook as one self-contained HTML page, laid out for A4 (what the PDF shows).

    ``comparison`` is a list of :class:`playbook.compare.GroupComparison`; ``reference`` the
    reference playbook itself (its name, and its openings where no comparison is given);
    ``pages`` the page count per group of the PDF, shown in the summary when given;
    ``language`` one of :data:`playbook.render.i18n.LANGUAGES`; ``frontier``: the
    memorisation frontier measured for its list and rules as an appendix, where there is one.
    """
    ctx = context(
        pb,
        tiles=tiles,
        reference=reference,
        comparison=comparison,
        pages=pages,
        language=language,
        frontier=frontier,
    )
    return html_env(language).get_template("playbook.html.j2").render(ctx)


def render_markdown(
    pb: Playbook,
    *,
    reference: Playbook | None = None,
    comparison: Sequence[Any] | None = None,
    pages: Mapping[str, int] | None = None,
    language: str = "en",
    frontier: bool = False,
) -> str:
    """The same content as Markdown: feedback in the o/x/. notation."""
    ctx = context(
        pb,
        tiles="lingo",
        reference=reference,
        comparison=comparison,
        pages=pages,
        language=language,
        frontier=frontier,
    )
    return md_env(language).get_template("playbook.md.j2").render(ctx)
