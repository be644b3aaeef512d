"""The figures in the docs are the benchmarks' (issue 56, item 11): every table that a
benchmark prints from its results JSON stands in the docs between two markers,

    <!-- NAME table: SCRIPT --table [ARGS] -->
    ...
    <!-- end of the NAME table -->

and is exactly what ``SCRIPT --table ARGS`` prints from ``benchmarks/results/`` today: a
result measured again and not copied into the docs fails here."""

from __future__ import annotations

import json
import math
import re
import shlex
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from playbook.io.shipped import names

ROOT = Path(__file__).resolve().parent.parent
PAGES = sorted([ROOT / "README.md", *(ROOT / "docs").rglob("*.md")])
MARK = re.compile(
    r"<!-- (?P<name>[\w-]+) table: (?P<command>[^>]+?) -->\n(?P<body>.*?)"
    r"<!-- end of the (?P=name) table -->",
    re.S,
)


def _blocks() -> list[tuple[str, str, str, str]]:
    found = []
    for page in PAGES:
        for m in MARK.finditer(page.read_text(encoding="utf-8")):
            rel = str(page.relative_to(ROOT))
            found.append((rel, m["name"], m["command"], m["body"]))
    return found


BLOCKS = _blocks()


def test_the_docs_hold_the_measured_tables() -> None:
    names = {name for _, name, _, _ in BLOCKS}
    assert {"real-answers", "answer-frontier", "english-lingo", "english-endgame"} <= names
    assert "shipped-plans" in names  # issue 58: the shipped plans' figures from the plans


@pytest.mark.parametrize(
    ("page", "name", "command", "body"), BLOCKS, ids=[f"{b[0]}:{b[1]}" for b in BLOCKS]
)
def test_a_docs_table_is_what_its_benchmark_prints(
    page: str, name: str, command: str, body: str
) -> None:
    script, *args = shlex.split(command)
    assert (ROOT / script).is_file(), f"{page}: {name}: no script {script}"
    assert "--table" in args, f"{page}: {name}: the command must print from the JSON"
    done = subprocess.run(
        [sys.executable, str(ROOT / script), *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert body.strip() == done.stdout.strip(), (
        f"{page}: the {name} table differs from `{command}`; paste its output between the markers"
    )


RESULTS = ROOT / "benchmarks" / "results"


def _json(name: str) -> Any:
    return json.loads((RESULTS / name).read_text(encoding="utf-8"))


def _readme_figures() -> list[tuple[str, str]]:
    """Each figure the README states with the text it must hold, from the results."""
    likely = {r["config"]: r for r in _json("likely_words.json")["runs"]}["lingo-nl-5-tv"]
    found = likely["answers"] - likely["unguaranteed"]
    real = {p["plan"]: p for p in _json("real_answers.json")["plans"]}

    def share(plan: str, listed: str) -> str:
        (row,) = [r for r in real[plan]["lists"] if r["list"].endswith(listed)]
        return f"{100 * row['found_share']:.1f}%"

    cold = _json("startup.json")["cold"]["medians"]
    search = "strategy mastermind-3x2 --rule optimal"
    first = math.ceil(max(v for k, v in cold.items() if k != search))
    mm = _json("mastermind.json")["results"][0]
    school = share("lingo-nl-5-tv", "StianSpeelman-Lingo-nl-answers.txt")
    count = {15: "Fifteen", 16: "Sixteen", 14: "Fourteen"}.get(len(names()), str(len(names())))
    return [
        ("Dutch card words", f"{likely['card_words']} words on one page"),
        ("Dutch card found", f"find {found:,} of the {likely['answers']:,} likely"),
        ("Dutch card average", f"{likely['average']:.3f} turns on average"),
        ("woordle.nl", f"{share('lingo-nl-5-tv', 'pingiun-woordle-answers5.txt')} of woordle.nl"),
        ("school list", f"{school} of a school"),
        ("NYT", f"card {share('lingo-en-us-5', 'wordle_nyt_check.txt')} of the New York"),
        ("first runs", f"each finishes within {first} s"),
        ("first search", f"takes {round(cold[search])} s the first time"),
        ("Mastermind", f"optimum of {mm['known_total']:,} guesses proven in "
         f"{statistics.median(mm['search_s']):.3f} s of search"),
        ("mmstrat", f"mmstrat takes {statistics.median(mm['mmstrat_s']):.3f} s"),
        ("plans shipped", f"{count} plans come"),
    ]  # fmt: skip


@pytest.mark.parametrize(("what", "text"), _readme_figures(), ids=[w for w, _ in _readme_figures()])
def test_the_readme_states_the_measured_figure(what: str, text: str) -> None:
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert text in readme, f"README.md: {what}: expected {text!r} (benchmarks/results/)"


def _show_figures() -> list[tuple[str, str]]:
    """The figures docs/guide/show.md states of the Dutch TV card, from the results."""
    runs = {r["config"]: r for r in _json("likely_words.json")["runs"]}
    tv, every = runs["lingo-nl-5-tv"], runs["lingo-nl-5-tv-all"]
    real = {p["plan"]: p for p in _json("real_answers.json")["plans"]}["lingo-nl-5-tv"]
    (woordle,) = [r for r in real["lists"] if r["list"].endswith("pingiun-woordle-answers5.txt")]
    return [
        ("card words", f"{tv['card_words']} words to learn in all"),
        ("answers", f"the {tv['answers']:,} five-letter words a show is likely to pick"),
        ("unguaranteed", f"all but {tv['unguaranteed']} of them"),
        ("rare", f"{tv['rare_found']:,} of the {tv['rare']:,} rarer words"),
        ("woordle", f"it finds {100 * woordle['found_share']:.1f}%"),
        ("whole list", f"instead ({every['card_words']} words to learn"),
        ("list", f"five letters, {tv['guesses']:,} words, 27 groups"),
        ("likely picks", f"the {tv['answers']:,} likely picks"),
    ]


@pytest.mark.parametrize(("what", "text"), _show_figures(), ids=[w for w, _ in _show_figures()])
def test_the_show_guide_states_the_measured_figure(what: str, text: str) -> None:
    page = " ".join((ROOT / "docs" / "guide" / "show.md").read_text(encoding="utf-8").split())
    assert text in page, f"docs/guide/show.md: {what}: expected {text!r}"


def _plan_total(name: str) -> int:
    """The guesses a shipped plan spends over its answers, from the plan itself."""
    from playbook import model
    from playbook.io import shipped

    pb = model.load(str(shipped.path_of(shipped.index()[name])))
    assert pb.stats is not None
    return sum(k * n for k, n in pb.stats.distribution.items())


@pytest.mark.parametrize(
    ("name", "text"),
    [("wordle", "salet's {total:,} guesses"), ("wordle-hard", "salet's {total:,} is the least")],
)
def test_the_readme_states_the_shipped_trees_totals(name: str, text: str) -> None:
    """Issue 58, item 5: a shipped plan's figure in the README is the plan's own."""
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert text.format(total=_plan_total(name)) in readme, name


@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_answer_models_table_is_the_fit_in_the_manifest(language: str) -> None:
    """The coefficients the docs print are those the derivation wrote with the lists."""
    manifest = json.loads(
        (ROOT / "playbook" / "data" / "wordlists" / "manifest.json").read_text(encoding="utf-8")
    )
    model = manifest["answer_model"][language]
    page = (ROOT / "docs" / "guide" / "common-words.md").read_text(encoding="utf-8")
    start = {"en": "| English |", "nl": "| Dutch |"}[language]
    (row,) = [line for line in page.splitlines() if line.startswith(start)]
    fitted = model["fitted_on"]
    assert f"{fitted['picks']:,} picks among {fitted['words']:,}" in row
    for name, value in model["coefficients"].items():
        assert f"({value:.3f}" in row, (name, value)
    assert row.rstrip(" |").endswith(f"{model['intercept']:.3f}")


def test_the_play_guide_states_the_widened_trees_figures() -> None:
    """Issue 57: the figures docs/guide/play.md gives of the shipped Wordle tree (its
    notes.list_words and its NYT measures) and of the tree built with search.trade_turns: 1
    (benchmarks/results/wordle_trade_turns.json, real_answers.py --from that build)."""
    from playbook import model
    from playbook.io import shipped

    page = " ".join((ROOT / "docs" / "guide" / "play.md").read_text(encoding="utf-8").split())
    (g,) = model.load(str(shipped.path_of(shipped.index()["wordle"]))).groups
    notes = g.notes["list_words"]
    assert f"loses {notes['lost_before']} of the {notes['words']:,} words" in page
    said = (
        f"the shipped one {notes['lost']}, weighing {notes['chance_lost']}, at the same "
        f"{g.notes['optimum']['total']:,} guesses (`notes.list_words` in the plan: the "
        f"{notes['lost_before']} weigh {notes['chance_lost_before']})"
    )
    assert said in page
    plans = {p["plan"]: p for p in _json("real_answers.json")["plans"]}
    real = plans["wordle"]
    nyt = {r["list"]: r for r in real["lists"]}
    assert all(not r["lost"] for r in nyt.values())  # the goal: every NYT answer found
    assert f"the tree finds all {nyt['wordle_nyt_answers.txt']['words']:,} within six" in page
    assert f"{nyt['wordle_nyt_answers.txt']['average']:.4f} guesses on average" in page
    assert f"{nyt['wordle_nyt_check.txt']['average']:.4f} on the 868 later ones the model" in page
    # what the build's widening counted is what following the tree as play does loses
    assert real["list_lost"] == notes["lost"]
    assert real["list_lost_chance"] == round(notes["chance_lost"], 3)
    hard = {r["list"]: r for r in plans["wordle-hard"]["lists"]}["wordle_nyt_answers.txt"]
    assert (
        f"averages {hard['average']:.4f} on the 1,872 and loses {', '.join(hard['lost'])}:" in page
    )
    (traded,) = _json("wordle_trade_turns.json")["plans"]
    nyt = {r["list"]: r for r in traded["lists"]}
    assert all(not r["lost"] for r in nyt.values())
    said = (
        f"(weighing {traded['list_lost_chance']}) and "
        f"none of the NYT's: {nyt['wordle_nyt_answers.txt']['average']:.4f} on the 1,872, "
        f"{nyt['wordle_nyt_check.txt']['average']:.4f} on the 868 later ones"
    )
    assert said in page


def test_the_english_guide_states_the_four_letter_plans_own_figures() -> None:
    """Issue 58, item 5: the words the four-letter English cards leave to their rule, as the
    guides say them, are the shipped plans' own (they were an earlier build's)."""
    from playbook import model
    from playbook.io import shipped

    def left(name: str) -> tuple[int, int]:
        pb = model.load(str(shipped.path_of(shipped.index()[name])))
        assert pb.stats is not None
        return pb.stats.failures, pb.stats.words

    (gb, gb_n), (us, us_n) = left("lingo-en-4"), left("lingo-en-us-4")
    said = f"{gb} of the {gb_n:,} British answers ({us} of the {us_n:,} American)"
    for page in ("english.md", "common-words.md"):
        text = " ".join((ROOT / "docs" / "guide" / page).read_text(encoding="utf-8").split())
        assert said in text, f"docs/guide/{page}: expected {said!r}"
