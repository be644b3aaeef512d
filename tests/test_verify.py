"""verify passes a sound playbook and rejects every kind of broken one."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from helpers import sample, verify_path, write_words

from playbook import api, config, model
from playbook.model import Move, Row, TryWords
from playbook.pipeline import build
from playbook.verify import verify


@pytest.fixture(scope="module")
def small_build(tmp_path_factory, dutch5):  # type: ignore[no-untyped-def]
    """A real build of a small list: letters c, q, u, x and y of the Dutch list."""
    folder = tmp_path_factory.mktemp("small")
    ws = [w for w in dutch5 if w[0] in "quxy"] + sample(dutch5, 150, 3)
    write_words(folder / "words.txt", sorted(set(ws)))
    (folder / "small.yaml").write_text(
        "name: small\nwords:\n  list: words.txt\n  length: 5\nsearch:\n  restarts: 20\n"
    )
    cfg = config.load(folder / "small.yaml")
    return cfg, build.build(cfg, n_jobs=1)


def test_build_verifies(small_build) -> None:  # type: ignore[no-untyped-def]
    cfg, result = small_build
    assert result.report.ok
    assert result.report.overall.words == len(result.session.answers)
    assert result.report.overall.worst <= cfg.rules.turns


def _write(pb: model.Playbook, tmp_path: Path, name: str = "pb.yaml") -> str:
    p = tmp_path / name
    p.write_text(model.dumps(pb))
    return str(p)


def test_round_trip_and_file_verify(small_build, tmp_path) -> None:  # type: ignore[no-untyped-def]
    cfg, result = small_build
    path = _write(result.playbook, tmp_path)
    # relative word-list path: copy the list beside the playbook
    (tmp_path / "words.txt").write_text((Path(cfg.source).parent / "words.txt").read_text())
    again = model.load(path)
    assert model.to_dict(again) == model.to_dict(result.playbook)
    rep = api.verify_playbook(again, path).report
    assert rep.ok, (rep.failures[:3], rep.problems[:3])


def _first_try_row(pb: model.Playbook) -> tuple[int, int]:
    for gi, g in enumerate(pb.groups):
        for ri, r in enumerate(g.table or ()):
            if isinstance(r.node, TryWords) and r.node.words and len(r.node.words) >= 2:
                return gi, ri
    raise AssertionError("no try row with two words")


def _replace_row(pb: model.Playbook, gi: int, ri: int, row: Row | None) -> model.Playbook:
    g = pb.groups[gi]
    rows = list(g.table or ())
    if row is None:
        del rows[ri]
    else:
        rows[ri] = row
    groups = list(pb.groups)
    groups[gi] = dataclasses.replace(g, table=tuple(rows))
    return dataclasses.replace(pb, groups=tuple(groups))


def test_rejects_dropped_word(small_build) -> None:  # type: ignore[no-untyped-def]
    _, result = small_build
    pb, session = result.playbook, result.session
    gi, ri = _first_try_row(pb)
    row = pb.groups[gi].table[ri]
    assert isinstance(row.node, TryWords) and row.node.words
    dropped = row.node.words[-1]
    bad = _replace_row(pb, gi, ri, dataclasses.replace(row, node=TryWords(row.node.words[:-1])))
    rep = verify(bad, session.game, session.guesses, session.answers)
    assert not rep.ok
    assert [f.word for f in rep.failures] == [dropped]


def test_rejects_missing_row_and_foreign_word(small_build) -> None:  # type: ignore[no-untyped-def]
    _, result = small_build
    pb, session = result.playbook, result.session
    gi, ri = _first_try_row(pb)
    rep = verify(_replace_row(pb, gi, ri, None), session.game, session.guesses, session.answers)
    assert rep.failures and all("no row for feedback" in f.reason for f in rep.failures)
    row = pb.groups[gi].table[ri]
    foreign = _replace_row(pb, gi, ri, dataclasses.replace(row, node=TryWords(("qqqqq",))))
    rep = verify(foreign, session.game, session.guesses, session.answers)
    assert any("'qqqqq' is not a word" in p for p in rep.problems)


def test_rejects_too_many_turns(small_build) -> None:  # type: ignore[no-untyped-def]
    cfg, result = small_build
    pb, session = result.playbook, result.session
    gi, ri = _first_try_row(pb)
    row = pb.groups[gi].table[ri]
    # useless moves before the try list: every word of the row is found too late
    node: model.Node = row.node
    for _ in range(cfg.rules.turns):
        node = Move(session.guesses[0], (Row("*", node),))
    slow = _replace_row(pb, gi, ri, dataclasses.replace(row, node=node))
    rep = verify(slow, session.game, session.guesses, session.answers)
    late = {f.word for f in rep.failures if "over the limit" in f.reason}
    assert isinstance(row.node, TryWords) and row.node.words
    assert late == set(row.node.words) - {session.guesses[0]}


def test_rejects_unreachable_row_and_wrong_stats(small_build) -> None:  # type: ignore[no-untyped-def]
    _, result = small_build
    pb, session = result.playbook, result.session
    g = pb.groups[0]
    extra = Row("ooooo " * len(g.openings), TryWords((session.answers[0],)))
    bad = dataclasses.replace(
        pb,
        groups=(
            dataclasses.replace(
                g,
                table=(
                    *(g.table or ()),
                    dataclasses.replace(extra, feedback=extra.feedback.strip()),
                ),
            ),
            *pb.groups[1:],
        ),
    )
    rep = verify(bad, session.game, session.guesses, session.answers)
    assert any("cannot occur" in p for p in rep.problems)
    assert pb.stats is not None
    lying = dataclasses.replace(pb, stats=model.Stats({1: pb.stats.words}))
    rep = verify(lying, session.game, session.guesses, session.answers)
    assert any(p.startswith("summary: recorded") for p in rep.problems)


def test_tampered_file_is_caught(small_build, tmp_path) -> None:  # type: ignore[no-untyped-def]
    cfg, result = small_build
    (tmp_path / "words.txt").write_text((Path(cfg.source).parent / "words.txt").read_text())
    text = model.dumps(result.playbook)
    # edited rules: checksum no longer matches
    path = tmp_path / "rules.yaml"
    path.write_text(text.replace("turns: 5", "turns: 6", 1))
    with pytest.raises(Exception, match="rules_sha256"):
        model.load(str(path))
    # another word list: checksum mismatch
    (tmp_path / "words.txt").write_text("aaaaa\n" + (tmp_path / "words.txt").read_text())
    moved = dataclasses.replace(
        result.playbook,
        words=dataclasses.replace(result.playbook.words, list=str(tmp_path / "words.txt")),
    )
    p2 = _write(moved, tmp_path, "list.yaml")
    with pytest.raises(Exception, match="another version"):
        api.verify_playbook(model.load(p2), p2)
    # malformed YAML names the line
    p3 = tmp_path / "broken.yaml"
    p3.write_text(text.replace("groups:", "groups: [", 1))
    with pytest.raises(Exception, match=re.compile(r"broken.yaml:\d+: not valid YAML")):
        model.load(str(p3))


def test_playbook_written_before_the_restructuring_still_verifies(tmp_path) -> None:  # type: ignore[no-untyped-def]
    # written by `playbook strategy mastermind-4x6 --rule minimax --out` at 3e233db: its
    # rules checksum and word-list checksum must still match, and every code be found
    path = Path(__file__).parent / "golden" / "mastermind-4x6-minimax-3e233db.yaml"
    pb = model.load(str(path))
    done = api.verify_playbook(pb, str(path))
    rep, game = done.report, done.game
    assert rep.ok and rep.overall.words == 1296 and game.limit == 5
    # and it is written back the same way, but for the header's notation line
    again = tmp_path / "again.yaml"
    again.write_text(model.dumps(pb))
    old, new = path.read_text().splitlines(), again.read_text().splitlines()
    assert [a for a, b in zip(old, new, strict=True) if a != b] == [old[1]]


def test_declared_unguaranteed_words_pass_and_false_claims_do_not(small_build) -> None:  # type: ignore[no-untyped-def]
    _, result = small_build
    pb, session = result.playbook, result.session
    gi, ri = _first_try_row(pb)
    g, row = pb.groups[gi], pb.groups[gi].table[ri]
    assert isinstance(row.node, TryWords) and row.node.words
    lost = row.node.words[-1]
    shorter = _replace_row(pb, gi, ri, dataclasses.replace(row, node=TryWords(row.node.words[:-1])))
    # the word is not found: a failure, unless the playbook declares it
    rep = verify(shorter, session.game, session.guesses, session.answers, check_claims=False)
    assert not rep.ok and [f.word for f in rep.undeclared] == [lost]
    declared = dataclasses.replace(
        shorter,
        groups=tuple(
            dataclasses.replace(x, unguaranteed=(lost,)) if x is shorter.groups[gi] else x
            for x in shorter.groups
        ),
    )
    rep = verify(declared, session.game, session.guesses, session.answers, check_claims=False)
    assert rep.ok and [f.word for f in rep.declared] == [lost] and not rep.undeclared
    # declaring a word that is found, or that is not in the group, is a false claim
    other = next(w for w in session.answers if session.game.group_of(w) == g.group and w != lost)
    claims = dataclasses.replace(
        pb,
        groups=tuple(
            dataclasses.replace(x, unguaranteed=(other, "zzzzz")) if x is g else x
            for x in pb.groups
        ),
    )
    rep = verify(claims, session.game, session.guesses, session.answers)
    assert not rep.ok
    assert any(f"{other!r} is found in time" in p for p in rep.problems)
    assert any("'zzzzz' is not a word of the group" in p for p in rep.problems)


# ---------------------------------------------------------------- every claim of the file


@pytest.fixture()
def on_disk(small_build, tmp_path):  # type: ignore[no-untyped-def]
    """The small build's playbook as a file beside its word list, and a way to write an
    edited copy of its data."""
    cfg, result = small_build
    (tmp_path / "words.txt").write_text((Path(cfg.source).parent / "words.txt").read_text())
    data = yaml.safe_load(model.dumps(result.playbook))

    def write(d: dict[str, Any], text: str | None = None) -> str:
        p = tmp_path / "edited.yaml"
        p.write_text(text if text is not None else yaml.safe_dump(d, sort_keys=False))
        return str(p)

    return data, write


def _group_with(data: dict[str, Any], method: str) -> str:
    return next(g for g, v in data["groups"].items() if v["method"] == method and v["openings"])


CLAIMS = [
    # (edit, exit code, words of the message)
    (lambda d, g: d["summary"].update(average=2.5), 1, "summary: recorded average 2.5"),
    (lambda d, g: d["summary"].update(worst=9), 1, "summary: recorded worst 9"),
    (lambda d, g: d["summary"].update(words=10**40), 1, "recorded words 1000000"),
    (lambda d, g: d["groups"][g]["stats"].update(failures=1), 1, "stats: recorded failures 1"),
    (lambda d, g: d["groups"][g].update(words=d["groups"][g]["words"] + 1), 1, "but the group has"),
    (lambda d, g: d["groups"][g].update(largest=d["groups"][g]["largest"] + 1), 1, "but the open"),
    (lambda d, g: d["groups"][g]["table"][0].update(words=999), 1, "recorded 999 words, but"),
    (lambda d, g: d["groups"][g].update(method="hill-climbing"), 1, ".proven: true, but method"),
    (lambda d, g: d["words"].update(count=9999), 1, "words.count: recorded 9999, but the list"),
    (lambda d, g: d["meta"].update(letters="q"), 1, "meta.letters: 'q', but the playbook has"),
    (lambda d, g: d["groups"][g]["table"][0].update(words=-7), 2, "'words' must be a count"),
    (lambda d, g: d["groups"][g]["table"][0].update(words=1e40), 2, "'words' must be a count"),
    (lambda d, g: d.update(playbook="True"), 2, "format version 'True' unknown"),
    (lambda d, g: d.update(playbook=True), 2, "format version True unknown"),
    (lambda d, g: d["words"].update(ij_to_y="no"), 2, "words.ij_to_y: expected true or false"),
    (lambda d, g: d["words"].update(accents="bogus"), 2, "accents: 'bogus'; allowed: drop"),
    (lambda d, g: d["words"].update(length="5"), 2, "words.length: expected a whole number"),
    (lambda d, g: d["words"].pop("sha256"), 2, "words.sha256: missing"),
    (lambda d, g: d["game"].pop("rules_sha256"), 2, "game.rules_sha256: missing"),
    (lambda d, g: d["game"].update(name="wordle"), 2, "the rules were edited"),
    (lambda d, g: d["groups"][g].update(colour="red"), 2, "groups.{g}.colour: unknown key"),
    (lambda d, g: d["groups"][g].update(proven="yes"), 2, "proven: expected true or false"),
    (lambda d, g: d["groups"][g]["openings"].append("ab\u200bcd"), 2, "U+200B ZERO WIDTH SPACE"),
    (lambda d, g: d["groups"][g]["openings"].append("cafe\u0301"), 2, "U+0301 COMBINING ACUTE"),
    (lambda d, g: d["groups"][g]["openings"].append("abc"), 2, "'abc' has 3 characters"),
    (lambda d, g: d["groups"][g]["openings"].append(""), 2, "an empty word"),
    (lambda d, g: d["groups"][g].update(unguaranteed=["Appel"]), 2, "U+0041 LATIN CAPITAL"),
]


@pytest.mark.parametrize(("edit", "code", "message"), CLAIMS)
@pytest.mark.slow
def test_every_statement_of_the_file_is_checked(on_disk, edit, code: int, message: str) -> None:  # type: ignore[no-untyped-def]
    data, write = on_disk
    assert verify_path(write(data)) == (0, [])
    group = _group_with(data, "exhaustive")
    edit(data, group)
    got, lines = verify_path(write(data))
    assert got == code, lines
    assert any(message.replace("{g}", group) in line for line in lines), lines


def test_duplicate_keys_are_refused_with_their_line(on_disk) -> None:  # type: ignore[no-untyped-def]
    data, write = on_disk
    text = yaml.safe_dump(data, sort_keys=False)
    # a second game block (turns 9) after the real one, and a broken group before the real
    twice = text.replace("groups:\n", "game:\n  name: lingo\n  turns: 9\ngroups:\n", 1)
    code, lines = verify_path(write(data, twice))
    assert code == 2 and "key 'game' appears twice" in lines[0], lines
    first = next(iter(data["groups"]))
    broken = text.replace("groups:\n", f"groups:\n  {first}: {{openings: []}}\n", 1)
    code, lines = verify_path(write(data, broken))
    assert code == 2 and f"key '{first}' appears twice" in lines[0], lines


def test_proof_claims_are_re_decided_with_proofs(on_disk) -> None:  # type: ignore[no-untyped-def]
    data, write = on_disk
    assert verify_path(write(data), proofs=True) == (0, [])
    # a group with a best pair, claimed to be proven to need exception moves
    group = next(
        g
        for g, v in data["groups"].items()
        if v["method"] == "exhaustive" and len(v["openings"]) == 2
    )
    data["groups"][group]["method"] = "hill-climbing"
    data["groups"][group]["notes"] = {"exhaustive_triples": {"target": 2, "exists": False}}
    path = write(data)
    assert verify_path(path) == (0, [])  # not a search: only --proofs can tell
    code, lines = verify_path(path, proofs=True)
    assert code == 1 and "says no three openings meet the target, but" in lines[0], lines
