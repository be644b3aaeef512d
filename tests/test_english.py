"""English Lingo (issue 46): golden fragments of the three plans of the ITV show (letters q
and z of each length, searched exhaustively, so the same on every machine), their answers the
common list, every guess starting with the revealed letter."""

from __future__ import annotations

from pathlib import Path

import pytest

from playbook import config
from playbook.pipeline import build

ROOT = Path(__file__).resolve().parent.parent

GOLDEN = {
    # length: {letter: (openings, words, turns per number of turns)}
    4: {"q": ((), 4, {1: 1, 2: 1, 3: 1, 4: 1}), "z": (("zest",), 10, {1: 1, 2: 5, 3: 4})},
    5: {
        "q": (("quits", "queer"), 24, {1: 1, 2: 11, 3: 11, 4: 1}),
        "z": (("zeros",), 8, {1: 1, 2: 7}),
    },
    6: {"q": (("quires",), 29, {2: 18, 3: 8, 4: 3}), "z": (("zanier",), 15, {1: 1, 2: 13, 3: 1})},
}


@pytest.mark.slow
@pytest.mark.parametrize("length", sorted(GOLDEN))
def test_a_golden_fragment_of_each_english_plan(length: int) -> None:
    cfg = config.load(ROOT / "config" / f"lingo-en-{length}.yaml")
    assert (cfg.words.list, cfg.words.answers) == ("english-gb", "english-gb-common")
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
    assert result.playbook.words["answers"] == "english-gb-common"
