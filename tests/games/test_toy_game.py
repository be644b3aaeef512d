"""Adding a game is one class and a registry entry: Bulls and Cows, defined here and nowhere
else, is built, verified, rendered and played through the same commands as the others."""

from __future__ import annotations

import dataclasses
import itertools
import re
from pathlib import Path
from typing import Any, ClassVar

import pytest
import yaml

from playbook import cli, model
from playbook.games import GAMES, Code, Game


@dataclasses.dataclass(frozen=True)
class BullsAndCows(Game):
    """Codes of ``length`` distinct digits out of ``symbols``; a bull is a right digit in the
    right place, a cow a right digit elsewhere."""

    name: ClassVar[str] = "bulls-and-cows"
    notation: ClassVar[str] = "NbMc = N bulls (right place), M cows (elsewhere)"
    length: int = 3
    turns: int = 6
    symbols: ClassVar[int] = 6

    @property
    def limit(self) -> int:
        return self.turns

    @property
    def n_codes(self) -> int:
        return (self.length + 1) ** 2

    @property
    def solved(self) -> Code:
        return self.length * (self.length + 1)

    @property
    def word_length(self) -> int:
        return self.length

    def feedback(self, guess: str, answer: str) -> Code:
        bulls = sum(g == a for g, a in zip(guess, answer, strict=True))
        cows = len(set(guess) & set(answer)) - bulls
        return bulls * (self.length + 1) + cows

    def format(self, code: Code) -> str:
        bulls, cows = divmod(code, self.length + 1)
        return f"{bulls}b{cows}c"

    def parse(self, text: str) -> Code:
        m = re.fullmatch(r"(\d)b(\d)c", text.strip())
        if m is None:
            raise ValueError(f"feedback {text!r}: write bulls and cows like 1b2c")
        return int(m.group(1)) * (self.length + 1) + int(m.group(2))

    def generated_words(self) -> tuple[str, ...]:
        digits = "0123456789"[: self.symbols]
        return tuple("".join(p) for p in itertools.permutations(digits, self.length))

    def rules(self) -> dict[str, Any]:
        return {"name": self.name, "length": self.length, "turns": self.turns}


@pytest.fixture
def bulls(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setitem(GAMES, BullsAndCows.name, BullsAndCows)
    cfg = tmp_path / "bulls.yaml"
    cfg.write_text(
        "name: bulls\ngame: bulls-and-cows\nwords:\n  length: 3\n"
        "rules:\n  turns: 6\n  revealed: none\nrender:\n  formats: yaml,html,md\n"
    )
    return cfg


def test_toy_game_builds_verifies_renders_and_plays(
    bulls: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    assert cli.main(["build", str(bulls), "--out", str(out)]) == 0
    assert "verified: every word found within 6 turns" in capsys.readouterr().out
    book = out / "bulls" / "playbook.yaml"
    pb = model.load(str(book))
    assert pb.game.name == "bulls-and-cows" and pb.stats is not None
    assert pb.stats.words == 120 and pb.stats.failures == 0
    assert yaml.safe_load(book.read_text())["groups"]["*"]["openings"]

    assert cli.main(["verify", str(book)]) == 0
    assert "OK: all 120 words found within 6 turns" in capsys.readouterr().out

    html = (out / "bulls" / "playbook.html").read_text()
    md = (out / "bulls" / "playbook.md").read_text()
    for text in (html, md):
        assert "all words" in text and "length 3, turns 6" in text
        assert pb.groups[0].openings[0] in text
    assert "NbMc = N bulls" in md

    code = cli.main(["simulate", str(bulls), "--playbook", str(book), "--host", "adversarial"])
    assert code == 0 and "losses 0" in capsys.readouterr().out


def test_a_broken_toy_playbook_is_refused(
    bulls: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    assert cli.main(["build", str(bulls), "--out", str(out)]) == 0
    book = out / "bulls" / "playbook.yaml"
    data = yaml.safe_load(book.read_text())
    bad = tmp_path / "bad.yaml"
    opening = data["groups"]["*"]["openings"][0]
    # a code of the game's symbols that is not one of its codes: the plan fails (exit 1)
    data["groups"]["*"]["openings"] = [opening[0] * 3]
    bad.write_text(yaml.safe_dump(data, sort_keys=False))
    assert cli.main(["verify", str(bad), "--quiet"]) == 1
    # a symbol the game does not have: the file is malformed (exit 2), the symbol named
    data["groups"]["*"]["openings"] = ["999"]
    bad.write_text(yaml.safe_dump(data, sort_keys=False))
    assert cli.main(["verify", str(bad), "--quiet"]) == 2
    assert "'999' has U+0039 DIGIT NINE" in capsys.readouterr().err


def test_a_playbooks_rules_are_the_typed_game() -> None:
    """Issue 47, item 3: ``Playbook.game`` is the game's typed rules value; the file's
    section is kept as written (its checksum's input) and follows the rules a playbook is
    given."""
    import dataclasses

    from playbook import model
    from playbook.games import Game, WordGame

    words = {"list": "w.txt", "count": 1, "sha256": "0" * 64}
    plan = model.GroupPlan("k", ("kante",), None)
    pb = model.Playbook("x", WordGame(length=5, turns=5), words, (plan,))
    assert pb.game_section == pb.game.record()
    back = model.loads(model.dumps(pb), "x.yaml")
    assert isinstance(back.game, Game) and back.game == pb.game and back == pb
    six = dataclasses.replace(pb, game=WordGame(length=5, turns=6))
    assert six.game_section["turns"] == 6 and model.loads(model.dumps(six)).game.limit == 6
    # a section as an old file writes it (no notation, no guess pool): the game's defaults
    old = model.Playbook("x", {"name": "lingo", "length": 5, "turns": 5}, words, (plan,))
    assert old.game == WordGame(length=5, turns=5, guess_pool="all")
    assert "notation" not in old.game_section
