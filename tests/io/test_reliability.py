"""Bad input of every kind: a clean one-line error or a result, never a crash or a pass."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest
import yaml
from helpers import run_cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from playbook import config, model
from playbook.errors import ConfigError, PlaybookError, PlaybookFileError
from playbook.io import files, signals

ROOT = Path(__file__).resolve().parents[2]
PAPER = (ROOT / "config" / "lingo-1994-paper.yaml").read_text()

# ---------------------------------------------------------------- fuzzing the loaders

yaml_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-10, 10**6),
    st.text(max_size=12),
    st.floats(allow_nan=False),
)
yaml_values = st.recursive(
    yaml_scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=10), inner, max_size=4)
    ),
    max_leaves=12,
)
CONFIG_KEYS = [
    "name",
    "game",
    "words",
    "rules",
    "search",
    "profile",
    "fast",
    "n_jobs",
    "render",
    "mastermind",
    "backend",
    "compare",
    "serch",
]


@given(st.dictionaries(st.sampled_from(CONFIG_KEYS), yaml_values, max_size=6))
@settings(max_examples=300, deadline=None)
def test_config_loader_structured_fuzz(data: dict[str, object]) -> None:
    text = yaml.safe_dump(data)
    try:
        cfg = config.parse(text, "fuzz.yaml")
    except ConfigError as exc:
        assert str(exc).startswith("fuzz.yaml") and "\n" not in str(exc)
    else:
        assert isinstance(cfg.name, str)


@given(st.binary(max_size=400))
@settings(max_examples=300, deadline=None)
def test_config_loader_bytes_fuzz(data: bytes) -> None:
    try:
        config.parse(data.decode("utf-8", "replace"), "fuzz.yaml")
    except ConfigError as exc:
        assert "\n" not in str(exc)


@given(st.binary(max_size=600))
@settings(max_examples=300, deadline=None)
def test_playbook_loader_bytes_fuzz(data: bytes) -> None:
    try:
        model.loads(data.decode("utf-8", "replace"), "fuzz.yaml")
    except PlaybookFileError as exc:
        assert "\n" not in str(exc)


def _mutations() -> st.SearchStrategy[str]:
    """The paper's playbook with one line replaced, deleted or duplicated."""
    lines = PAPER.splitlines()
    return st.tuples(
        st.integers(0, len(lines) - 1),
        st.sampled_from(["drop", "dup", "edit"]),
        st.text(max_size=20),
    ).map(lambda t: _mutate(lines, *t))


def _mutate(lines: list[str], i: int, how: str, text: str) -> str:
    out = list(lines)
    if how == "drop":
        del out[i]
    elif how == "dup":
        out.insert(i, out[i])
    else:
        out[i] = out[i][: len(out[i]) // 2] + text
    return "\n".join(out) + "\n"


@given(_mutations())
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_playbook_loader_mutation_fuzz(text: str) -> None:
    try:
        pb = model.loads(text, "fuzz.yaml")
    except PlaybookFileError as exc:
        assert "\n" not in str(exc)
    else:
        assert pb.name


# ---------------------------------------------------------------- table of playbook errors


def _unsigned(text: str) -> str:
    """The playbook without its rules checksum."""
    return "".join(li for li in text.splitlines(True) if "rules_sha256:" not in li)


def _signed(text: str) -> str:
    """The playbook with its rules checksum made to match its (edited) rules."""
    game = yaml.safe_load(text)["game"]
    return _unsigned(text).replace(
        "  guess_pool: all\n", f"  guess_pool: all\n  rules_sha256: {model.rules_sha256(game)}\n"
    )


BAD_PLAYBOOKS = [
    (lambda t: t.replace("groups:", "groups: [", 1), 2, "not valid YAML"),
    (lambda t: t.replace("playbook: 1", "playbook: 7", 1), 2, "format version 7 unknown"),
    (lambda t: t.replace("groups:", "groepen:", 1), 2, "groepen: unknown key; allowed:"),
    (lambda t: t.replace("groups:", "groups: {}\ngroepen:", 1), 2, "groepen: unknown key"),
    (lambda t: _unsigned(t), 2, "game.rules_sha256: missing"),
    (lambda t: t.replace("  turns: 5", "  turns: 6", 1), 2, "the rules were edited"),
    (
        lambda t: t.replace("  q: {openings: [], method: reference}", "", 1),
        1,
        "has no plan for group 'q'",
    ),
    (
        lambda t: t.replace("openings: [doren]", "openings: [qqqqq]", 1),
        1,
        "'qqqqq' is not a word of the list",
    ),
    (
        lambda t: t.replace('- feedback: ".o... ..x.. .xx.."', '- feedback: ".o.. ..x.. .xx.."', 1),
        1,
        "has 4 marks; expected 5",
    ),
    (
        # fewer blocks than openings make an exception row; more are one too many
        lambda t: t.replace('".o... ..x.. .xx.."', '".o... ..x.. .xx.. ....."', 1),
        1,
        "4 feedback blocks; expected 1 to 3",
    ),
    (
        lambda t: t.replace(
            '- feedback: ".o... ..x.. .xx.."', '- feedback: "ooooo ooooo ooooo"', 1
        ),
        1,
        "a row that cannot occur",
    ),
    (
        lambda t: t.replace("move: gazon", "move: gazon\n        try: all", 1),
        2,
        "exactly one of 'try'",
    ),
    (lambda t: _signed(t.replace("  turns: 5", "  turns: five", 1)), 2, "game.turns"),
    (lambda t: _signed(t.replace("  name: lingo", "  name: chess", 1)), 2, "unknown game 'chess'"),
    (lambda t: _signed(t.replace("  turns: 5", "  turns: 5\n  tunrs: 6", 1)), 2, "game.tunrs"),
]


@pytest.mark.parametrize(("mutate", "code", "message"), BAD_PLAYBOOKS)
@pytest.mark.slow
def test_verify_reports_bad_playbooks(tmp_path, mutate, code: int, message: str) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "bad.yaml"
    bad.write_text(mutate(PAPER))
    r = run_cli("verify", str(bad), "--quiet", cwd=ROOT)
    assert r.returncode == code, (r.stdout[-500:], r.stderr)
    assert message in r.stdout + r.stderr
    assert "Traceback" not in r.stderr


def test_checksum_of_list_must_match(tmp_path) -> None:  # type: ignore[no-untyped-def]
    sha = yaml.safe_load(PAPER)["words"]["sha256"]
    text = PAPER.replace(sha, "ab" * 32, 1)
    bad = tmp_path / "bad.yaml"
    bad.write_text(text)
    r = run_cli("verify", str(bad), cwd=ROOT)
    assert r.returncode == 2
    assert "words.sha256: the playbook was built for another version of opentaal-nl" in r.stderr


# ---------------------------------------------------------------- word lists through a config


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "no words of 5 letters a-z"),
        (b"\x00\x01\x02", "binary file"),
        (b"appel\n\xff\xfe\n", ":2: not UTF-8"),
    ],
)
def test_bad_word_lists_name_the_config_key(tmp_path, content: bytes, message: str) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "w.txt").write_bytes(content)
    (tmp_path / "c.yaml").write_text("name: c\nwords:\n  list: w.txt\n")
    r = run_cli("build", "c.yaml", "--out", "o", cwd=tmp_path)
    assert r.returncode == 2
    assert "c.yaml: key 'words.list':" in r.stderr and message in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1


def test_missing_word_list_file(tmp_path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "c.yaml").write_text("name: c\nwords:\n  list: nowhere.txt\n")
    r = run_cli("build", "c.yaml", cwd=tmp_path)
    assert r.returncode == 2
    assert "key 'words.list'" in r.stderr and "word list file not found" in r.stderr


def test_dropped_words_are_reported(tmp_path) -> None:  # type: ignore[no-untyped-def]
    words = [
        "appel",
        "peren",
        "Appel",
        "kiwi",
        "appel",
        "bessen",
        "druif",
        "mango",
        "citro",
        "ab1cd",
    ]
    (tmp_path / "w.txt").write_text("\ufeff" + "\r\n".join(words) + "\r\n")
    (tmp_path / "c.yaml").write_text(
        "name: c\nwords:\n  list: w.txt\nrules:\n  revealed: none\nrender:\n  formats: yaml\n"
    )
    r = run_cli("build", "c.yaml", "--out", "o", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "word list: 5 words kept; dropped:" in r.stdout
    assert "2 wrong length (first: 'kiwi')" in r.stdout
    assert "1 duplicate (first: 'appel')" in r.stdout
    assert "1 uppercase (first: 'Appel')" in r.stdout


def test_output_name_cannot_escape(tmp_path) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ConfigError, match="must be a plain name"):
        config.parse("name: ../../etc\n", "c.yaml")
    from playbook.io import files

    with pytest.raises(PlaybookError, match="outside"):
        files.inside(tmp_path, "../x")


def test_answers_must_be_allowed_guesses(tmp_path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "guesses.txt").write_text("appel\nperen\nkiwis\n")
    (tmp_path / "answers.txt").write_text("appel\nmango\n")
    (tmp_path / "c.yaml").write_text(
        "name: c\nwords:\n  list: guesses.txt\n  answers: answers.txt\nrules:\n  revealed: none\n"
    )
    r = run_cli("build", "c.yaml", "--out", "o", cwd=tmp_path)
    assert r.returncode == 2
    assert "key 'words.answers': 1 answers are not in the guess list (first: 'mango')" in r.stderr


# ---------------------------------------------------------------- outputs as one set


def test_a_set_of_outputs_moves_in_whole_even_when_a_signal_comes(tmp_path: Path) -> None:
    folder = tmp_path / "out"
    folder.mkdir()
    for name in ("playbook.yaml", "playbook.pdf"):
        (folder / name).write_text("old")
    seen: list[list[str]] = []

    def handler(signum: int, frame: object) -> None:
        if signals.defer(signum):
            return
        # what a person would find at the moment the signal acts
        seen.append(sorted(p.read_text() for p in folder.glob("playbook*")))

    previous = signal.signal(signal.SIGTERM, handler)
    try:
        items = [("playbook.yaml", "new"), ("playbook.pdf", b"new")]
        files.write_set(folder, items, on_commit=lambda: os.kill(os.getpid(), signal.SIGTERM))
    finally:
        signal.signal(signal.SIGTERM, previous)
    # the signal waited until the whole set was in place
    assert seen == [["new", "new"]]
    assert sorted(p.name for p in folder.iterdir()) == ["playbook.pdf", "playbook.yaml"]


def test_a_set_killed_between_its_moves_is_finished_or_dropped(tmp_path: Path) -> None:
    folder = tmp_path / "out"
    staging = folder / files.STAGING
    staging.mkdir(parents=True)
    (folder / "playbook.yaml").write_text("new")  # moved before the kill
    (folder / "playbook.pdf").write_text("old")
    (staging / "playbook.pdf").write_text("new")
    (staging / files.COMMITTED).write_text("playbook.yaml\nplaybook.pdf\n")
    # the next build into the folder finishes the set first (reading it writes nothing)
    assert files.pending(folder)
    assert files.finish_set(folder) == ["playbook.yaml", "playbook.pdf"]
    assert (folder / "playbook.pdf").read_text() == "new" and not staging.exists()
    # a set killed before it was complete is dropped: the old files stay
    staging.mkdir()
    (staging / "playbook.pdf").write_text("half")
    assert files.finish_set(folder) == [] and not staging.exists()
    assert (folder / "playbook.pdf").read_text() == "new"


def test_a_playbook_read_again_is_its_file_as_it_is_now(tmp_path: Path) -> None:
    """``model.load`` keeps what it parsed by the file's bytes: the same bytes give the same
    playbook, bytes changed in place are read afresh (a broken file is refused, its fix read
    again), and a word list of the package is the same list whoever asks."""
    from playbook import words
    from playbook.io import shipped

    text = shipped.path_of(shipped.index()["mastermind-3x2"]).read_text(encoding="utf-8")
    path = tmp_path / "p.yaml"
    path.write_text(text, encoding="utf-8")
    first = model.load(str(path))
    assert model.load(str(path)) is first
    path.write_text(text.replace("name: mastermind-3x2", "name: other", 1), encoding="utf-8")
    assert model.load(str(path)).name == "other"
    path.write_text(text + "groups: {}\n", encoding="utf-8")  # a key twice
    with pytest.raises(PlaybookFileError, match="appears twice"):
        model.load(str(path))
    path.write_text(text, encoding="utf-8")
    assert model.load(str(path)) == first
    a = words.load("opentaal-nl", length=5, ij_to_y=True)
    assert words.load("opentaal-nl", length=5, ij_to_y=True) is a
    assert words.load("opentaal-nl", length=6, ij_to_y=True).words != a.words
