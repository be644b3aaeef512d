"""The documentation kept true (issue 48, item 4): the command reference is the parser's own
help, every ``playbook`` command in the README's and the site's code blocks parses (the cheap
ones run, and their transcripts are what they print), every example of the library runs,
the README stays short, and every relative link leads to a file of the repository."""

from __future__ import annotations

import contextlib
import doctest
import importlib
import io
import re
import shlex
import tempfile
import types
import unicodedata
from pathlib import Path

import pytest
from helpers import run_cli, script

import playbook.api
from playbook.cli import parser
from playbook.io.shipped import names

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"
PAGES = [README, *sorted(DOCS.rglob("*.md"))]
SHELL = {"", "sh", "bash", "shell", "console"}
"""Code blocks whose lines are commands (``console``: the lines after a ``$ `` prompt)."""


def _name(path: Path) -> str:
    return str(path.relative_to(ROOT))


def blocks(path: Path) -> list[tuple[str, str, int]]:
    """Each fenced code block of a Markdown file: its language, its text, its first line."""
    found, lang, body, start = [], None, [], 0
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        fence = re.match(r"\s*```(\S*)", line)
        if fence and lang is None:
            lang, body, start = fence.group(1), [], n + 1
        elif fence:
            found.append((lang, "\n".join(body) + "\n", start))
            lang = None
        elif lang is not None:
            body.append(line)
    return found


def _words(line: str) -> list[list[str]]:
    """The simple commands of one shell line: split at ``&&``, ``||``, ``;``, pipes,
    redirections and parentheses, quotes removed."""
    lex = shlex.shlex(line, posix=True, punctuation_chars=True)
    lex.whitespace_split = True
    parts: list[list[str]] = [[]]
    for token in lex:
        if token and set(token) <= set("();<>|&"):
            parts.append([])
        else:
            parts[-1].append(token)
    return [p for p in parts if p]


def _playbook(words: list[str]) -> list[str] | None:
    """The arguments of a ``playbook`` (or ``.venv/bin/playbook``) command, else None."""
    if words and words[0].removeprefix(".venv/bin/") == "playbook":
        return words[1:]
    return None


def commands_in(path: Path) -> list[tuple[str, list[str], list[str]]]:
    """Every ``playbook`` command in a page's shell blocks: where (file:line), its arguments,
    and the output a transcript shows for it (empty where none is shown)."""
    out: list[tuple[str, list[str], list[str]]] = []
    for lang, text, start in blocks(path):
        if lang not in SHELL:
            continue
        lines: list[tuple[str, int]] = []  # a line continued with a backslash is one line
        held, first = "", start
        for n, raw in enumerate(text.splitlines(), start):
            if not held:
                first = n
            if raw.endswith("\\"):
                held += raw[:-1] + " "
                continue
            lines.append((held + raw, first))
            held = ""
        prompt = lang == "console"
        current: tuple[str, list[str], list[str]] | None = None
        for line, where in lines:
            if prompt and not line.startswith("$ "):
                if current is not None:
                    current[2].append(line)
                continue
            current = None
            for words in _words(line.removeprefix("$ ")):
                args = _playbook(words)
                if args is not None:
                    current = (f"{_name(path)}:{where}", args, [])
                    out.append(current)
    return out


ALL = [c for page in PAGES for c in commands_in(page)]


def test_the_pages_show_commands() -> None:
    # the scan finds what the pages hold (a scan that found nothing would pass everything)
    readme = [args for where, args, _ in ALL if where.startswith("README.md")]
    assert ["build", "lingo-nl-5-tv"] in readme and ["build"] in readme
    assert len(ALL) >= 40


@pytest.mark.parametrize(
    ("where", "args"), [pytest.param(w, a, id=f"{w} {shlex.join(a)}") for w, a, _ in ALL]
)
def test_every_command_shown_parses(where: str, args: list[str]) -> None:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            parser().parse_args(args)
            code = 0
        except SystemExit as exc:  # --version, --help, or a usage error
            code = exc.code if isinstance(exc.code, int) else 0
    assert code == 0, f"{where}: playbook {shlex.join(args)}: {err.getvalue().strip()}"


def cheap(args: list[str]) -> bool:
    """A command that runs in a second or so, in this process: the smallest games, the
    lists, a Wordle game by a rule; builds of the big lists and long searches are only
    parsed."""
    if args in (["--version"], ["lists"]) or args[:1] == ["completion"]:
        return True
    if args[:1] == ["site"] and "--add" not in args:  # the shipped plans only
        return True
    if (
        args[:1] in (["show"], ["render"], ["play"])
        and args[1:2]
        and args[1] in names()
        and "--playbook" not in args
    ):
        return True  # a shipped plan: no build (play with no input ends at once)
    if "mastermind-3x2" in args:
        return True
    if args[:2] == ["play", "wordle"] and "--moves" in args:
        return True
    if args[:2] == ["simulate", "mastermind-4x6"] and "--games" not in args:
        return True
    return args[:2] == ["mistakes", "hangman-en"] and "proportional" not in args


RUN = sorted({tuple(a): w for w, a, _ in reversed(ALL) if cheap(a)}.items())
"""Each cheap command once, with the first place it is shown."""


def test_the_readme_runs_cheap_commands() -> None:
    ran = {tuple(a) for w, a, _ in ALL if w.startswith("README.md") and cheap(a)}
    assert {("--version",), ("lists",), ("value", "mastermind-3x2")} <= ran
    assert any(a[:2] == ("play", "wordle") for a in ran)
    assert {("play", "lingo-nl-5-tv"), ("site", "my-site")} <= ran  # no build first


def _pattern(shown: str) -> re.Pattern[str]:
    """A transcript's line as a pattern: ``...`` stands for anything, and a time in seconds
    for any time (the rest must be printed as shown)."""
    text = re.escape(_seconds(shown.rstrip())).replace(re.escape("..."), ".*")
    return re.compile(text)


def _seconds(line: str) -> str:
    return re.sub(r"\b\d+(?:\.\d+)? s\b", "N s", line)


@pytest.mark.slow
@pytest.mark.parametrize(("args", "where"), [pytest.param(a, w, id=shlex.join(a)) for a, w in RUN])
def test_cheap_commands_run_as_shown(args: tuple[str, ...], where: str, tmp_path: Path) -> None:
    r = run_cli(*args, cwd=tmp_path)
    assert r.returncode == 0, f"{where}: playbook {shlex.join(args)}: {r.stderr}"
    printed = [_seconds(line.rstrip()) for line in r.stdout.splitlines()]
    for w, a, shown in ALL:
        if tuple(a) != args or not shown:
            continue
        # every line the transcript shows is printed, in that order (lines it leaves out,
        # as a closing timing line, may be there)
        rest = iter(printed)
        for line in shown:
            pattern = _pattern(line)
            assert any(pattern.fullmatch(p) for p in rest), (
                f"{w}: the transcript's line {line!r} is not printed (or not in that order) "
                f"by playbook {shlex.join(args)}; it prints:\n{r.stdout}"
            )


def test_the_library_examples_run(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # the examples' folders
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        results = [
            doctest.testmod(module, optionflags=doctest.ELLIPSIS, report=True)
            for module in (playbook.api, *_families())
        ]
    assert sum(r.attempted for r in results) >= 20, "the library's docstrings lost their examples"
    assert sum(r.failed for r in results) == 0, out.getvalue()


def _families() -> list[types.ModuleType]:
    """The api's modules, a family of commands each (``playbook.api.FAMILIES``)."""
    return [importlib.import_module(f"playbook.api.{f}") for f in playbook.api.FAMILIES]


PYCON = [
    (page, text, start) for page in PAGES for lang, text, start in blocks(page) if ">>> " in text
]


def test_the_pages_hold_library_examples() -> None:
    assert {page for page, _, _ in PYCON} >= {README, DOCS / "reference.md"}


@pytest.mark.parametrize(
    ("page", "text", "start"), [pytest.param(*x, id=f"{_name(x[0])}:{x[2]}") for x in PYCON]
)
def test_the_pages_examples_run(
    page: Path, text: str, start: int, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    name = f"{_name(page)}:{start}"
    test = doctest.DocTestParser().get_doctest(text, {}, name, str(page), start - 1)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    out = io.StringIO()
    result = runner.run(test, out=out.write)
    assert result.attempted > 0 and result.failed == 0, out.getvalue()


def test_the_command_reference_is_the_parsers() -> None:
    reference = script("command_reference").reference()
    written = (DOCS / "commands.md").read_text(encoding="utf-8")
    assert written == reference, (
        "docs/commands.md is stale: run .venv/bin/python scripts/command_reference.py"
    )


def test_the_command_reference_names_every_command_and_flag() -> None:
    mod = script("command_reference")
    text = mod.reference()
    subs = mod.command_parsers(parser())
    assert {"build", "verify", "play", "lists"} <= set(subs)
    for name, sub in subs.items():
        assert f"\n## {name}\n" in text, name
        for option in sub._option_string_actions:
            assert re.search(rf"(?<![\w-]){re.escape(option)}(?![\w-])", text), (name, option)


def test_the_reference_script_checks_and_writes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mod = script("command_reference")
    mod.ROOT, mod.TARGET = tmp_path, tmp_path / "docs" / "commands.md"
    assert mod.main(["--check"]) == 1  # no file yet
    assert mod.main([]) == 0 and mod.main(["--check"]) == 0
    mod.TARGET.write_text(mod.TARGET.read_text().replace("--jobs", "--job"))
    capsys.readouterr()
    assert mod.main(["--check"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "docs/commands.md is stale" in err


def _block(text: str) -> str:
    return "\n".join(line.rstrip() for line in text.strip().splitlines())


def test_ci_runs_exactly_the_readmes_check_command() -> None:
    checks = [t for lang, t, _ in blocks(README) if lang == "sh" and "requirements/test.txt" in t]
    assert len(checks) == 1, "the README shows one check command"
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    body = ci[ci.index('cd "$(dirname "$0")/.."') + 1 :]
    assert _block("\n".join(body)) == _block(checks[0])
    assert "mkdocs build --strict" in checks[0]


def test_the_readme_main_command_installs_then_builds() -> None:
    main = [
        t
        for lang, t, _ in blocks(README)
        if lang == "sh" and "requirements/run.txt" in t and "playbook build" in t
    ]
    assert len(main) == 1, "the README shows one main command"
    words = [w for line in main[0].replace("\\\n", " ").splitlines() for w in _words(line)]
    assert words[0] == ["python3", "-m", "venv", ".venv"]
    assert [_playbook(w) for w in words[-2:]] == [["build", "lingo-nl-5-tv"], ["build"]]


def test_the_readme_is_short_and_stays_in_the_repository() -> None:
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 300
    assert len(text.split()) <= 1200  # issue 56: at most 1,200 words
    assert "../shared" not in text


def test_the_readme_installs_on_its_own_in_three_lines() -> None:
    first = next(t for lang, t, _ in blocks(README) if lang == "sh")
    lines = first.strip().splitlines()
    assert len(lines) == 3 and "requirements/run.txt" in first and "playbook" not in lines[0]


LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def _prose(path: Path) -> str:
    """A page without its code blocks and code spans (a link there is text)."""
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
    return re.sub(r"`[^`]*`", "", text)


def _slug(heading: str) -> str:
    """A heading's anchor as the site (Python-Markdown's toc) and GitHub make it."""
    text = unicodedata.normalize("NFKD", heading).encode("ascii", "ignore").decode()
    text = re.sub(r"[^\w\s-]", "", text).strip().lower()
    return re.sub(r"[-\s]+", "-", text)


def _anchors(path: Path) -> set[str]:
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
    return {_slug(h.replace("`", "")) for h in re.findall(r"^#+ (.+)$", text, flags=re.M)}


LINKS = [(page, target) for page in PAGES for target in LINK.findall(_prose(page))]


def test_the_pages_link() -> None:
    assert len([p for p, _ in LINKS if p == README]) >= 20


@pytest.mark.parametrize(
    ("page", "target"), [pytest.param(p, t, id=f"{_name(p)} {t}") for p, t in LINKS]
)
def test_every_relative_link_leads_to_a_file_here(page: Path, target: str) -> None:
    if re.match(r"[a-z]+:", target):  # a web address: only the site's pages may hold one
        assert page != README, f"README.md links outside the repository: {target}"
        return
    path, _, anchor = target.partition("#")
    file = (page.parent / path).resolve() if path else page
    where = f"{_name(page)} links to {target}"
    assert file.is_relative_to(ROOT), f"{where}: outside the repository"
    assert file.exists(), f"{where}: no such file"
    if anchor and file.suffix == ".md":
        assert anchor in _anchors(file), f"{where}: no such heading"


def test_the_json_page_names_every_command_with_json() -> None:
    page = (DOCS / "guide" / "json.md").read_text(encoding="utf-8")
    named = set(re.findall(r"^\| (`[^|]+)\|", page, flags=re.M))
    shown = {c for cell in named for c in re.findall(r"`([\w-]+)`", cell)}
    subs = script("command_reference").command_parsers(parser())
    taking = {name for name, p in subs.items() if "--json" in p._option_string_actions}
    assert taking <= shown, f"docs/guide/json.md: no keys for {sorted(taking - shown)}"
