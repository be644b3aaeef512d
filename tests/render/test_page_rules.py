"""The play-along page's rules (``playbook/render/templates/page-rules.js``) against the
Python rules they
repeat, in Node (Debian's ``nodejs``; the test fails, never skips, where it is missing).

For small playbooks (the paper's 26 letters and a default build under the paper rules, TV
builds under the TV rules (the whole list; the common words, every word a guess), a Wordle
build with a guess list besides its answers),
``tests/page_fixture.py`` writes the data the page embeds and samples made by the Python
rules: every answer's path with the next move or the stop reason after each move as
:func:`playbook.lookup.walk` gives them, and paths that leave the book; feedback; words as
written; which typed words each group accepts as a guess; the drill's cards (also of shipped
plans). ``tests/page_rules_check.js`` decodes the data with the page's rules and compares
every sample.
"""

from __future__ import annotations

import json
import math
import random
import shutil
import subprocess
from pathlib import Path

import pytest
from page_fixture import (
    CHECK_JS,
    RULES_JS,
    Case,
    build_common,
    build_default,
    build_tv,
    build_wordle,
    drill_cards,
    fsrs,
    mulberry32,
    recall,
    write,
)

from playbook.render import i18n
from playbook.render.page import DATA_VERSION, render_page, script_messages
from playbook.spelling import IJ

pytestmark = pytest.mark.slow  # processes, builds or Node: out of the fast loop

NODE_WAIT_S = 600
"""How long Node may take (a few seconds on a quiet machine; CI's can be busy)."""


def node() -> str:
    found = shutil.which("node")
    if found is None:
        pytest.fail(
            "node is not on PATH: install Debian's nodejs (apt-get install nodejs)", pytrace=False
        )
    return found


@pytest.fixture(scope="module")
def cases(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Case]:
    """The small playbooks, built once for the module."""
    return {
        "paper": Case.paper(),
        "default": Case.built("default", build_default()),
        "tv": Case.built("tv", build_tv()),
        "common": Case.built("common", build_common()),
        "wordle": Case.built("wordle", build_wordle(tmp_path_factory.mktemp("wordle"))),
    }


@pytest.mark.parametrize("name", ["paper", "default", "tv", "common", "wordle"])
def test_the_page_rules_are_the_python_rules(
    name: str, cases: dict[str, Case], tmp_path: Path
) -> None:
    """Every sample of the case, through the page's rules in Node: the same moves, stops,
    feedback, spelling and guesses as Python."""
    case = cases[name]
    tv = name in ("tv", "common")
    assert case.pb.game.guess_pool == ("revealed" if tv else "all")
    fixture, count = write(case, tmp_path)
    run = subprocess.run(
        [node(), str(CHECK_JS), str(RULES_JS), str(fixture)],
        capture_output=True,
        text=True,
        timeout=NODE_WAIT_S,
    )
    assert run.returncode == 0, f"node exited {run.returncode}: {run.stdout[:8000]}{run.stderr}"
    assert run.stdout.startswith(f"compared {count} samples, 0 mismatches"), run.stdout[:3000]


def test_the_page_inlines_the_rules_then_the_page(cases: dict[str, Case]) -> None:
    case = cases["wordle"]
    html = render_page(case.pb, case.answers, guesses=case.guesses)
    names = ("page-chance.js", "page-train-rules.js", "page-rules.js", "page-plan.js", "page.js")
    names += ("page-board.js", "page-store.js", "page-train.js", "page-drill.js")
    at = [html.index(f"<script>\n{RULES_JS.with_name(n).read_text()}") for n in names]
    assert at[0] > 0 and at == sorted(at)
    assert html.count("<script>") == len(names)


@pytest.mark.parametrize("name", ["paper", "tv", "wordle"])
def test_the_page_labels_groups_as_the_terminal_does(name: str, cases: dict[str, Case]) -> None:
    """Issue 47, item 3: one label per group from one Python source
    (:func:`playbook.spelling.group_name`): the paper's list writes IJ as y, so its group y is
    ``IJ/Y`` in the terminal and on the page alike (the page said ``y/ĳ``)."""
    case = cases[name]
    data = json.loads(case.page_json())
    labels = {g["g"]: g["label"] for g in data["groups"]}
    spell, game = case.session.spelling, type(case.pb.game)
    # as the book and the card write them
    assert labels == {g: spell.group(game.group_label(g, case.pb.game.record())) for g in labels}
    if name == "paper":
        assert labels["y"] == "IJ/Y"
    assert IJ not in labels.values()  # the ligature is a tile, not a label


def test_the_rules_refuse_data_of_another_version(cases: dict[str, Case], tmp_path: Path) -> None:
    """Issue 59, item 3: data of another layout is refused by name, in the page's language,
    and never decoded; the page's own is read."""
    data = json.loads(cases["wordle"].page_json())
    assert data["v"] == DATA_VERSION
    older = dict(data, v=DATA_VERSION - 1)
    dutch = dict(older, messages=i18n.messages("nl", script_messages()))
    script = tmp_path / "version.js"
    script.write_text(
        f"const R = require({json.dumps(str(RULES_JS))});\n"
        f"const [data, older, dutch, none] = {json.dumps([data, older, dutch, {'words': ''}])};\n"
        "let threw = null;\n"
        "try { R.decode(older); } catch (e) { threw = e.message; }\n"
        "console.log(JSON.stringify([R.DATA_VERSION, R.unreadable(data), R.decode(data).length,"
        " R.unreadable(older), threw, R.unreadable(dutch), R.unreadable(none),"
        " R.unreadable(null)]));\n"
    )
    run = subprocess.run([node(), str(script)], capture_output=True, text=True, timeout=NODE_WAIT_S)
    assert run.returncode == 0, run.stderr
    version, mine, length, why, threw, waarom, none, null = json.loads(run.stdout)
    assert (version, mine, length) == (DATA_VERSION, None, 5)
    old = DATA_VERSION - 1
    assert why == threw and why.startswith(
        f"This page cannot show the plan: its data is of version {old} and its script reads"
        f" version {DATA_VERSION}. Render the page again"
    )
    assert waarom.startswith(
        f"Deze pagina kan het plan niet tonen: haar gegevens zijn van versie {old} "
    )
    assert "version undefined" in none and "version undefined" in null


def test_the_page_writes_whole_numbers_as_python_does(
    cases: dict[str, Case], tmp_path: Path
) -> None:
    """A count on the page is grouped by threes as the card and the terminal group it
    (:meth:`playbook.render.i18n.Translator.number`): "2,315 words" in English, "2.315
    woorden" in Dutch (the page wrote 2315); a practice game's number stays as its address
    writes it."""
    data = json.loads(cases["wordle"].page_json())
    assert "group" not in data  # English: the script's own comma
    dutch = dict(
        data,
        messages=i18n.messages("nl", script_messages()),
        decimal=i18n.decimal_sign("nl"),
        group=i18n.group_sign("nl"),
    )
    numbers = [0, 7, 999, 1000, 2315, 12972, 100000, 1234567, -2315]
    script = tmp_path / "numbers.js"
    script.write_text(
        f"const R = require({json.dumps(str(RULES_JS))});\n"
        f"const [en, nl, numbers] = {json.dumps([data, dutch, numbers])};\n"
        "const out = [en, nl].map((d) => { const r = R.decode(d);\n"
        "  return [numbers.map(r.number), r.ngettext('{n} word', '{n} words', 2315)]; });\n"
        "console.log(JSON.stringify(out));\n"
    )
    run = subprocess.run([node(), str(script)], capture_output=True, text=True, timeout=NODE_WAIT_S)
    assert run.returncode == 0, run.stderr
    (en, en_words), (nl, nl_words) = json.loads(run.stdout)
    assert en == [i18n.translator("en").number(n) for n in numbers]
    assert nl == [i18n.translator("nl").number(n) for n in numbers]
    assert (en_words, nl_words) == ("2,315 words", "2.315 woorden")


# ------------------------------------------------------------ the drill's cards

SHIPPED_PAGES = ("lingo-nl-5-tv", "lingo-nl-5", "lingo-en-5", "lingo-en-us-4", "wordle-card")
"""Shipped plans whose pages the drill's cards are compared on: Dutch Lingo under the TV and
the paper's rules, English Lingo (ITV, CBS) and Wordle's card. (Mastermind has no page: its
feedback has no rule in the browser.)"""


@pytest.mark.parametrize("name", SHIPPED_PAGES)
def test_the_drill_makes_the_cards_python_makes(name: str, tmp_path: Path) -> None:
    """Issue 59, item 3: which cards the drill makes of a plan (ids, kinds, answers) is a
    pure rule of the page's data (``PlaybookRules.cards``), replayed in Node against its
    Python twin (:func:`page_fixture.drill_cards`) card by card; the small playbooks of
    :func:`test_the_page_rules_are_the_python_rules` compare them too."""
    case = Case.shipped(name)
    cards = drill_cards(case.pb, case.answers)
    kinds = {kind for _, kind, _ in cards}
    assert len(cards) > len(case.pb.groups) and {"openings", "move"} <= kinds
    assert len({ident for ident, _, _ in cards}) == len(cards)
    data = tmp_path / f"{name}-data.json"
    data.write_text(case.page_json(), encoding="utf-8")
    fixture = tmp_path / f"{name}-samples.json"
    fixture.write_text(json.dumps({"name": name, "data": data.name, "cards": cards}))
    run = subprocess.run(
        [node(), str(CHECK_JS), str(RULES_JS), str(fixture)],
        capture_output=True,
        text=True,
        timeout=NODE_WAIT_S,
    )
    assert run.returncode == 0, f"node exited {run.returncode}: {run.stdout[:8000]}{run.stderr}"
    assert run.stdout.startswith(f"compared {len(cards)} samples, 0 mismatches"), run.stdout[:3000]


# ------------------------------------------------------------ the drill's schedule, the draw


def test_the_drill_schedule_and_the_draw_are_pythons(tmp_path: Path) -> None:
    """Issue 59, item 3: the page's pure rules beyond the table (FSRS's schedule of a card,
    reviewed a hundred ways, and the practice game's seeded draw) replayed in Node against
    their Python twins: the same numbers, to the last bit of the draw."""
    rng = random.Random(59)
    reviews = []
    for _ in range(100):
        grades = [rng.choice((1, 3)) for _ in range(rng.randint(1, 8))]
        gaps = [round(rng.uniform(0, 60), 3) for _ in grades]
        reviews.append([grades, gaps])
    seeds = [0, 1, 7, 2**31, 2**32 - 1, *(rng.randrange(10**9) for _ in range(40))]
    script = tmp_path / "drill.js"
    script.write_text(
        f"const R = require({json.dumps(str(RULES_JS))});\n"
        f"const reviews = {json.dumps(reviews)}, seeds = {json.dumps(seeds)};\n"
        "const cards = reviews.map(([gs, ds]) => { let st = null; const out = [];\n"
        "  gs.forEach((g, i) => { st = R.fsrs(st, g, ds[i]); out.push([st.s, st.d, st.reps, "
        "st.lapses, R.recall(ds[i], st.s)]); }); return out; });\n"
        "const draws = seeds.map((s) => { const r = R.rng(s); return [r(), r(), r()]; });\n"
        "console.log(JSON.stringify({ cards, draws }));\n"
    )
    run = subprocess.run([node(), str(script)], capture_output=True, text=True, timeout=NODE_WAIT_S)
    assert run.returncode == 0, run.stderr
    got = json.loads(run.stdout)
    for (grades, gaps), page in zip(reviews, got["cards"], strict=True):
        st = None
        for g, days, (s, d, reps, lapses, r) in zip(grades, gaps, page, strict=True):
            st = fsrs(st, g, days)
            assert (reps, lapses) == (st["reps"], st["lapses"])
            assert math.isclose(s, st["s"], rel_tol=1e-12) and math.isclose(d, st["d"])
            assert math.isclose(r, recall(days, st["s"]), rel_tol=1e-12)
    assert got["draws"] == [mulberry32(seed, 3) for seed in seeds]
