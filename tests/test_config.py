"""Strict config loading: every bad input is one clear error naming the file, line and key."""

from __future__ import annotations

import pytest

from playbook import config, model
from playbook.cli.named import bundled_configs, config_path
from playbook.errors import ConfigError
from playbook.pipeline import choices

CASES = [
    # found by fuzzing: a key holding a line break must not break the one-line message
    (
        'name: x\nwords:\n  "a\\nb": 1\n',
        r"words\.'a\\nb': '\\n' \(U\+000A control character\) in text",
    ),
    ("name: x\nserch: {}\n", r"c\.yaml:2: unknown key 'serch' \(did you mean 'search'\?\)"),
    (
        "name: x\nrules:\n  tunrs: 3\n",
        r"c\.yaml:3: unknown key 'rules\.tunrs' \(did you mean 'turns'\?\)",
    ),
    (
        "name: x\nrules:\n  turns: 0\n",
        r"c\.yaml:3: key 'rules\.turns': 0 is out of range; allowed: 1 to 30",
    ),
    (
        "name: x\nrules:\n  turns: five\n",
        r"key 'rules\.turns': expected a whole number, got 'five'",
    ),
    ("name: x\nrules:\n  turns: true\n", r"key 'rules\.turns': expected a whole number"),
    (
        "name: x\nsearch:\n  ranking: best\n",
        r"key 'search\.ranking': 'best' is not allowed; allowed: scm, expected-size, entropy",
    ),
    (
        "name: x\nsearch:\n  max_openings: 4\n",
        r"key 'search\.max_openings': 4 is out of range; allowed: 0 to 3",
    ),
    (
        "name: x\ngame: chess\n",
        r"key 'game': 'chess' is not allowed; allowed: hangman, lingo, mastermind, wordle",
    ),
    ("name: x\nprofile: quick\n", r"key 'profile': 'quick' is not allowed; allowed: simple, fast"),
    ("name: x\nwords:\n  ij_to_y: 1\n", r"key 'words\.ij_to_y': expected true or false"),
    ("name: x\nwords: [a]\n", r"key 'words': expected a mapping of settings"),
    ("name: x\nn_jobs: 0\n", r"key 'n_jobs': 0 is not allowed"),
    ("name: ../evil\n", r"key 'name': '\.\./evil' must be a plain name"),
    ("words: {}\n", r"c\.yaml: missing key 'name'"),
    ("- a\n- b\n", r"expected a mapping of settings at the top level"),
    ("name: [\n", r"c\.yaml:\d+: not valid YAML"),
    (
        "name: x\nrules:\n  revealed: none\n  guess_pool: revealed\n",
        r"key 'rules.guess_pool': 'revealed' needs revealed: first",
    ),
    (
        "name: x\nprofile: fast\nrules:\n  turns: 1\n",
        r"key 'fast\.openings': 1 fixed words leave no turn",
    ),
]


@pytest.mark.parametrize(("text", "message"), CASES)
def test_config_errors(text: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message) as info:
        choices.check(config.parse(text, "c.yaml"))  # the registries' choices: at a session
    assert "\n" not in str(info.value)


def test_shipped_configs_load() -> None:
    for name in ("lingo-nl-5", "lingo-nl-5-fast", "lingo-nl-6"):
        cfg = config.load(f"config/{name}.yaml")
        assert cfg.name == name
    words = config.load("config/lingo-nl-5.yaml").words
    assert words.ij_letter is True and words.ij_to_y is False  # IJ: a letter of its own


def test_every_bundled_config_loads() -> None:
    """Every config the package ships reads cleanly (read only: nothing is built)."""
    names = bundled_configs()
    for name in names:
        with config_path(name) as path:
            if name == "lingo-1994-paper":  # the paper's playbook, beside the configs
                assert model.load(path).name == name
            else:
                assert config.load(path).name == name
    assert {"lingo-nl-5", "lingo-nl-5-tv", "lingo-nl-6", "lingo-nl-6-tv"} <= set(names)


@pytest.mark.parametrize("length", [5, 6, 7, 8])
def test_dutch_lingo_configs_for_every_length_the_show_plays(length: int) -> None:
    """Five to eight letters, under the paper's rules and the TV's: the same game but for
    the guesses allowed, IJ one letter, and the list that holds that length."""
    paper = config.load(f"config/lingo-nl-{length}.yaml")
    tv = config.load(f"config/lingo-nl-{length}-tv.yaml")
    for cfg in (paper, tv):
        assert (cfg.game, cfg.words.length, cfg.words.ij_letter) == ("lingo", length, True)
        assert (cfg.rules.turns, cfg.rules.revealed) == (5, "first")
        assert cfg.words.list == ("opentaal-nl" if length <= 6 else "opentaal-nl-long")
    assert (paper.rules.guess_pool, tv.rules.guess_pool) == ("all", "revealed")


def test_defaults_and_override() -> None:
    cfg = config.parse("name: x\n", "c.yaml")
    assert (cfg.rules.turns, cfg.search.max_openings, cfg.profile) == (5, 3, "simple")
    cfg2 = config.override(cfg, n_jobs=2, **{"search.seed": 7})
    assert (cfg2.n_jobs, cfg2.search.seed, cfg.search.seed) == (2, 7, 1994)
    with pytest.raises(ConfigError, match="key 'n_jobs'"):
        config.override(cfg, n_jobs=0)


def test_missing_file(tmp_path) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ConfigError, match="config file not found"):
        config.load(tmp_path / "nope.yaml")
