"""The playbook: openings and decision tables per group, as frozen values
(:mod:`playbook.model.plan`), and its YAML file (:mod:`playbook.model.text`).

A table maps the feedback of the moves played since the last table (written in the paper's
notation, one block per move, separated by spaces) to a node: words to try in order, or a
further move with its own table. A row whose feedback is ``*`` applies to every feedback
not listed; ``try: all`` means "try every word still possible, in list order" (the 1994 paper's
rule), and a missing table means the same for every feedback.
"""

from playbook.model.listing import ListSettings, Words
from playbook.model.plan import (
    FORMAT_VERSION,
    NOTES,
    TREE_METHODS,
    TREE_NOTES,
    GroupPlan,
    Method,
    Move,
    Node,
    Playbook,
    Row,
    Stats,
    Table,
    TryWords,
    Visit,
    group_key,
    only,
    rules_sha256,
    walk_rows,
)
from playbook.model.text import (
    GROUP_KEYS,
    STATS_KEYS,
    TOP_KEYS,
    WORDS_KEYS,
    dumps,
    load,
    loads,
    to_dict,
)

__all__ = [
    "FORMAT_VERSION",
    "GROUP_KEYS",
    "NOTES",
    "STATS_KEYS",
    "TOP_KEYS",
    "TREE_METHODS",
    "TREE_NOTES",
    "WORDS_KEYS",
    "GroupPlan",
    "ListSettings",
    "Method",
    "Move",
    "Node",
    "Playbook",
    "Row",
    "Stats",
    "Table",
    "TryWords",
    "Visit",
    "Words",
    "dumps",
    "group_key",
    "load",
    "loads",
    "only",
    "rules_sha256",
    "to_dict",
    "walk_rows",
]
