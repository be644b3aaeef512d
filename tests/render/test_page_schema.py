"""The page's data described once, versioned (issue 59, item 3): the TypedDict
:class:`playbook.render.page_schema.PageData` and the JSDoc typedef ``PageData`` that the
page's scripts are type-checked against (``playbook/render/templates/page-schema.js``) name
the same keys, the same ones optional; ``page_data`` of real plans, and the data a page
embeds, hold exactly those keys with values of the types described; and the layout's version
is one number on both sides. (The page refusing data of another version: in Node,
``tests/render/test_page_rules.py``; on the page, ``tests/render/test_page.py``.)
"""

from __future__ import annotations

import json
import re
import types
import typing
from pathlib import Path
from typing import Any

import pytest

from playbook import model
from playbook.io import shipped
from playbook.pipeline.session import Session
from playbook.render import page_schema
from playbook.render.page import DATA_VERSION, page_data, render_page
from playbook.render.page_schema import GroupData, PageData

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = ROOT / "playbook" / "render" / "templates"
SCHEMA_JS = TEMPLATES / "page-schema.js"

PLANS = ("lingo-nl-5-tv", "lingo-nl-5", "lingo-en-5", "wordle-card")
"""Shipped plans with a page: Dutch Lingo under the TV rules (a guess list besides its
answers, sent as the guesses that are no answers) and the paper's (none), English Lingo,
Wordle's card."""


def jsdoc_properties(name: str) -> dict[str, bool]:
    """The properties of the JSDoc ``@typedef {Object} name`` of page-schema.js: each one's
    name and whether it is required (``[name]``: optional)."""
    text = SCHEMA_JS.read_text(encoding="utf-8")
    start = re.search(rf"@typedef \{{Object\}} {name}\n", text)
    assert start is not None, f"page-schema.js has no @typedef {{Object}} {name}"
    block = text[start.end() :]
    block = block[: min(i for i in (block.find("*/"), block.find("@typedef")) if i >= 0)]
    found: dict[str, bool] = {}
    for line in block.splitlines():
        prop = re.match(r"\s*@property \{.+?\} (\[?)(\w+)\]?(\s|$)", line)
        if prop is not None:
            assert prop.group(2) not in found, f"{name}.{prop.group(2)} twice"
            found[prop.group(2)] = not prop.group(1)
    assert found, f"{name}: no @property lines read"
    return found


def typed_keys(cls: Any) -> dict[str, bool]:
    return {k: k in cls.__required_keys__ for k in typing.get_type_hints(cls)}


@pytest.mark.parametrize("cls", [PageData, GroupData], ids=["PageData", "GroupData"])
def test_the_typeddict_and_the_jsdoc_typedef_name_the_same_keys(cls: Any) -> None:
    assert jsdoc_properties(cls.__name__) == typed_keys(cls)


def test_the_optional_keys_are_the_guess_lists_and_the_pages_own() -> None:
    optional = sorted(k for k, required in typed_keys(PageData).items() if not required)
    assert optional == ["decimal", "group", "guesses", "guessesExtra", "head", "messages"]


def test_one_version_on_both_sides() -> None:
    rules = (TEMPLATES / "page-rules.js").read_text(encoding="utf-8")
    found = re.findall(r"const DATA_VERSION = (\d+);", rules)
    assert found == [str(page_schema.DATA_VERSION)] and DATA_VERSION == page_schema.DATA_VERSION


def conforms(value: Any, hint: Any, where: str) -> None:
    """``value`` (as JSON has it) is of the type ``hint`` describes, else an assertion naming
    where it is not."""
    origin = typing.get_origin(hint)
    if hint is Any:
        return
    if isinstance(hint, type) and typing.is_typeddict(hint):
        assert isinstance(value, dict), where
        hints = typing.get_type_hints(hint)
        assert hint.__required_keys__ <= set(value) <= set(hints), (where, sorted(value))
        for k, v in value.items():
            conforms(v, hints[k], f"{where}.{k}")
    elif origin in (types.UnionType, typing.Union):
        errors = []
        for option in typing.get_args(hint):
            try:
                conforms(value, option, where)
                return
            except AssertionError as exc:
                errors.append(exc)
        raise AssertionError(where, value, hint, errors)
    elif origin is list:
        assert isinstance(value, list), where
        (item,) = typing.get_args(hint)
        for i, v in enumerate(value):
            conforms(v, item, f"{where}[{i}]")
    elif origin is dict:
        assert isinstance(value, dict), where
        key, item = typing.get_args(hint)
        for k, v in value.items():
            conforms(k, key, f"{where} key")
            conforms(v, item, f"{where}[{k!r}]")
    elif hint is type(None):
        assert value is None, where
    elif hint is float:
        assert isinstance(value, (int, float)) and not isinstance(value, bool), (where, value)
    elif hint is int:
        assert isinstance(value, int) and not isinstance(value, bool), (where, value)
    else:
        assert isinstance(value, hint), (where, value, hint)


@pytest.fixture(scope="module", params=PLANS)
def plan(request: pytest.FixtureRequest) -> tuple[model.Playbook, Session]:
    path = str(shipped.path_of(shipped.index()[request.param]))
    pb = model.load(path)
    return pb, Session.from_playbook(pb, path)


def test_page_data_of_a_real_plan_is_the_typeddict(plan: tuple[model.Playbook, Session]) -> None:
    pb, session = plan
    lists = session.lists
    data = page_data(pb, lists.answers, lists.guesses)
    required = {k for k, req in typed_keys(PageData).items() if req}
    # exactly the keys described: every one required, and of the rest the guess list's only
    assert required <= set(data) <= required | {"guesses", "guessesExtra"}
    assert data["v"] == DATA_VERSION
    conforms(json.loads(json.dumps(data)), PageData, "data")
    for g in data["groups"]:
        assert set(g) == set(typed_keys(GroupData))


def test_the_data_a_page_embeds_is_the_typeddict(plan: tuple[model.Playbook, Session]) -> None:
    """In Dutch and with a second plan beside: the page's words, its decimal sign and each
    plan's head join the data, all described."""
    pb, session = plan
    lists = session.lists
    other = model.load(str(shipped.path_of(shipped.index()["wordle-card"])))
    if pb.name == other.name:
        other = model.load(str(shipped.path_of(shipped.index()["lingo-en-5"])))
    more = Session.from_playbook(other, str(shipped.path_of(shipped.index()[other.name])))
    html = render_page(
        pb,
        lists.answers,
        guesses=lists.guesses,
        language="nl",
        more=[(other, more.lists.answers, more.lists.guesses)],
    )
    blocks = re.findall(r'<script type="application/json"[^>]*>(.*?)</script>', html)
    assert len(blocks) == 2
    for block in blocks:
        data = json.loads(block)
        assert {"messages", "decimal", "group", "head"} <= set(data)
        conforms(data, PageData, "page")


def test_a_tree_s_page_carries_the_chances_of_the_words_off_it() -> None:
    """Issue 57: off Wordle's tree only words of the guess list that are no answers are
    left, and the last turn plays the likeliest: the page carries their chances, in the
    list's order, as play reads them (hundred-thousandths); a card's page carries none."""
    from playbook import words

    path = str(shipped.path_of(shipped.index()["wordle"]))
    pb = model.load(path)
    session = Session.from_playbook(pb, path)
    data = page_data(pb, session.lists.answers, session.lists.guesses)
    conforms(json.loads(json.dumps(data)), PageData, "data")
    answers = set(session.answers)
    rest = [w for w in session.guesses if w not in answers]
    likely = data["likely"]
    assert likely is not None and len(likely) == len(rest) == 10_657
    chance = session.chances(rest)
    assert chance is not None
    assert likely == [round(c * 100_000) for c in chance]
    at = {w: likely[i] for i, w in enumerate(rest) if w in ("gofer", "gomer", "fouer")}
    assert at["gofer"] > at["gomer"] > at["fouer"] > 0
    assert words.chance_of(["gofer"], "en")[0] * 100_000 == pytest.approx(at["gofer"])
    for name in ("wordle-card", "lingo-en-5"):
        other = str(shipped.path_of(shipped.index()[name]))
        pb = model.load(other)
        lists = Session.from_playbook(pb, other).lists
        assert page_data(pb, lists.answers, lists.guesses)["likely"] is None
