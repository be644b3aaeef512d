"""What a plan asks a person to memorise (playbook.memory), the lean tables that keep it
small (try lists in list order wherever that finds every word in time), and the
memorisation frontier built from them (playbook.studies.frontier)."""

from __future__ import annotations

import itertools
import json

import numpy as np
import pytest
from helpers import GOLDEN, sample, write_words
from hypothesis import given
from hypothesis import strategies as st

from playbook import config, memory
from playbook.model import GroupPlan, Move, Row, TryWords
from playbook.render import frontier as plot
from playbook.search import tables
from playbook.search.tables import TableSettings
from playbook.search.trees import Probe, TryList
from playbook.studies import frontier


@given(st.lists(st.integers(0, 9), max_size=7, unique=True))
def test_displaced_words_are_the_fewest_to_move(at: list[int]) -> None:
    # brute force: the longest subsequence already in list order stays, the rest is learnt
    longest = max(
        (
            n
            for n in range(len(at) + 1)
            for c in itertools.combinations(at, n)
            if list(c) == sorted(c)
        ),
        default=0,
    )
    assert memory._displaced([f"{x:02d}" for x in at]) == len(at) - longest


def test_a_plan_counts_openings_exceptions_and_orders() -> None:
    inner = (Row("o....", TryWords(("bak", "aap"))), Row("*", TryWords(None)))
    table = (
        Row("..... .....", TryWords(None)),  # list order: nothing
        Row("x.... .....", TryWords(("aap", "bak", "cel"))),  # list order: nothing
        Row("..x.. .....", TryWords(("cel", "aap", "bak"))),  # cel out of place: 1
        Row("o.... .....", Move("dak", inner)),  # a move (1), and bak before aap (1)
        Row("o....", TryWords(("eik",))),  # an exception row before the 2nd opening: 1
    )
    plan = GroupPlan("a", ("fee", "gat"), table)
    m = memory.of_plan(plan)
    assert (m.openings, m.moves, m.ordered, m.words) == (2, 2, 2, 6)
    assert memory.of_plans([plan, plan]).words == 12


def _nodes(node, left):  # type: ignore[no-untyped-def]
    """Every node below ``node`` with the turns left at it."""
    yield node, left
    if isinstance(node, Probe):
        for _, child in node.children:
            yield from _nodes(child, left - 1)


@pytest.mark.parametrize("turns", [2, 3, 4])
def test_lean_tables_keep_list_order_wherever_it_finds_every_word_in_time(
    small_group, turns
) -> None:  # type: ignore[no-untyped-def]
    p = small_group
    rng = np.random.default_rng(turns)
    for k in (1, 2):
        moves = [int(r) for r in rng.choice(len(p.guesses), size=k, replace=False)]
        lean = tables.after_openings(p, moves, turns + k, TableSettings(profile="lean", early=True))
        listed = tables.after_openings(
            p, moves, turns + k, TableSettings(profile="list", early=True)
        )
        # never more words lost than trying in list order, which it starts from
        assert len(lean.unguaranteed) <= len(listed.unguaranteed)
        for part in lean.parts:
            for node, left in _nodes(part.solved.node, turns + k - part.depth):
                if not isinstance(node, TryList) or list(node.cols) == sorted(node.cols):
                    continue
                # an order to learn only where list order does not find every word in time
                assert max(tables.try_turns(p, sorted(node.cols)).values()) > left


def test_list_tables_play_nothing_but_the_openings(small_group) -> None:  # type: ignore[no-untyped-def]
    t = tables.after_openings(small_group, [0, 1], 5, TableSettings(profile="list", early=True))
    for part in t.parts:
        assert isinstance(part.solved.node, TryList)
        assert list(part.solved.node.cols) == sorted(part.solved.node.cols)


@pytest.fixture(scope="module")
def tiny_cfg(tmp_path_factory, dutch5):  # type: ignore[no-untyped-def]
    folder = tmp_path_factory.mktemp("frontier")
    ws = sample([w for w in dutch5 if w[0] in "gq"], 70, 5)
    write_words(folder / "words.txt", sorted(set(ws)))
    (folder / "tv.yaml").write_text(
        "name: tv\nwords:\n  list: words.txt\n  length: 5\nrules:\n  turns: 3\n"
        "  guess_pool: revealed\nsearch:\n  restarts: 4\n"
    )
    return config.load(folder / "tv.yaml")


def test_the_frontier_measures_verified_plans(tiny_cfg) -> None:  # type: ignore[no-untyped-def]
    pts = list(frontier.points(tiny_cfg, restarts=3, nodes=200_000, ks=(0, 1, 3)))
    by = {(p.kind, p.openings): p for p in pts}
    assert set(by) == {("openings", 0), ("exceptions", 0), ("openings", 1), ("exceptions", 1),
                       ("openings", 3), ("exceptions", 3), ("fast", None)}  # fmt: skip
    assert by["openings", 0].memory.words == 0
    for k in (0, 1, 3):
        plain, rich = by["openings", k], by["exceptions", k]
        assert plain.memory.moves == plain.memory.ordered == 0
        # exception moves find at least the words the openings alone find
        assert rich.unguaranteed <= plain.unguaranteed
        assert rich.memory.openings == plain.memory.openings
    for p in pts:
        assert 1 <= p.average <= p.worst <= 3 or p.worst > 3
        json.dumps(p.as_dict())


def test_the_plot_draws_png_and_svg() -> None:
    pts = [
        {"kind": "openings", "label": f"{k} openings", "openings": k, "memorise": 26 * k,
         "average": 3.7 - 0.1 * k, "unguaranteed": 800 // (k + 1)} for k in range(3)
    ] + [{"kind": "default", "label": "default", "openings": None, "memorise": 280,
          "average": 3.6, "unguaranteed": 5}]  # fmt: skip
    runs = [{"config": "x", "title": "rules", "points": pts}]
    assert plot.figure(runs).startswith(b"\x89PNG")
    svg = plot.inline_svg(runs, mark="x")
    assert svg.startswith("<svg") and "</svg>" in svg


def test_the_plot_is_the_same_from_run_to_run() -> None:
    # matplotlib names an SVG's elements at random unless salted: a rebuilt book would then
    # differ from the one before in every id of its plot
    runs = plot.measured()["runs"][:2]
    assert runs and plot.inline_svg(runs) == plot.inline_svg(runs)


@pytest.mark.parametrize("which", ["whole list", "common words"])
def test_the_book_draws_the_frontier_of_its_own_answers(which: str, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The book's appendix for a run of the whole list and for one of the common words (its
    weighted average and chance of losing beside the plain figures): rendered, the rows of
    its table all there (a run without the model once made the book fail to render)."""
    import importlib

    from playbook import model, render

    views = importlib.import_module("playbook.render.views")
    data = plot.measured()
    runs = [r for r in data["runs"] if ("model" in r) == (which == "common words")]
    assert runs
    head = {k: v for k, v in data.items() if k != "runs"}
    monkeypatch.setattr(views.frontier, "run_for", lambda *a: (runs[0], head))
    pb = model.load(str(GOLDEN / "mastermind-4x6-minimax-3e233db.yaml"))
    assert 'id="frontier"' not in render.render_html(pb)  # research: only where asked
    html = render.render_html(pb, frontier=True)
    assert 'id="frontier"' in html
    assert html.count("<tr><td>") >= len(runs[0]["points"])
    assert ("weighted average" in html) == (which == "common words")
