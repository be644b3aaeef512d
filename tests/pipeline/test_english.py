"""English Lingo (issue 46): golden fragments of the three plans of the ITV show (letters q
and z of each length, searched exhaustively, so the same on every machine), their answers the
likely picks of SCOWL 70 (issue 55), every guess starting with the revealed letter."""

from __future__ import annotations

from pathlib import Path

import pytest

from playbook import config
from playbook.pipeline import build

ROOT = Path(__file__).resolve().parents[2]

GOLDEN = {
    # length: {letter: (openings, words, turns per number of turns)}
    4: {"q": (("quad",), 6, {1: 1, 2: 3, 3: 1, 4: 1}), "z": (("zeta",), 9, {1: 1, 2: 6, 3: 2})},
    5: {
        "q": (("quiet",), 23, {1: 1, 2: 12, 3: 8, 4: 2}),
        "z": ((), 5, {1: 1, 2: 3, 3: 1}),
    },
    6: {"q": (("quarto",), 14, {1: 1, 2: 10, 3: 3}), "z": (("zanier",), 12, {1: 1, 2: 11})},
}


@pytest.mark.slow
@pytest.mark.parametrize("length", sorted(GOLDEN))
def test_a_golden_fragment_of_each_english_plan(length: int) -> None:
    cfg = config.load(ROOT / "config" / f"lingo-en-{length}.yaml")
    assert (cfg.words.list, cfg.words.answer_model) == ("english-gb-large", "picks")
    assert cfg.rules.guess_pool == "revealed" and cfg.rules.turns == 5
    result = build.build(
        config.override(cfg, n_jobs=1, **{"render.formats": "yaml"}), letters=("q", "z")
    )
    assert result.report.ok
    for letter, (openings, words, turns) in GOLDEN[length].items():
        g = result.playbook.group(letter)
        assert g.stats is not None
        got = (g.openings, g.words, dict(sorted(g.stats.distribution.items())))
        assert got == (openings, words, turns), letter
        assert not g.unguaranteed
        assert all(w.startswith(letter) for w in g.openings)
    assert result.playbook.words.answer_model == "picks"
