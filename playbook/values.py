"""What a value read from YAML is: the one type check behind the config's keys, a game's
rules (a config's or a playbook's) and a playbook file's keys, with the words every
refusal uses for what is allowed."""

from __future__ import annotations

from typing import Any

NAMES: dict[type, str] = {
    int: "a whole number",
    float: "a number",
    bool: "true or false",
    str: "text",
    dict: "a mapping",
    list: "a list",
}
"""How a refusal names each type."""


def fits(value: Any, typ: type, least: int | None = None) -> bool:
    """Whether ``value`` is of ``typ``: true is not a number, a whole number is a number;
    a whole number of at least ``least`` where that is given."""
    if typ is float:
        return isinstance(value, int | float) and not isinstance(value, bool)
    if typ is int:
        whole = isinstance(value, int) and not isinstance(value, bool)
        return whole and (least is None or value >= least)
    return isinstance(value, typ)


def wanted(typ: type, least: int | None = None) -> str:
    """What ``typ`` (with ``least``) allows, in words: ``a whole number of at least 1``."""
    name = NAMES.get(typ, typ.__name__)
    return f"{name} of at least {least}" if typ is int and least is not None else name


def refusal(value: Any, typ: type, least: int | None = None) -> str | None:
    """``expected <what>, got <value>`` where ``value`` does not fit, else None."""
    return None if fits(value, typ, least) else f"expected {wanted(typ, least)}, got {value!r}"
