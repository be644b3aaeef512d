"""Decision trees, as the searches build them: what to play for a set of answers.

A node answers "which words are still possible, and how do I find the answer?": either a
:class:`TryList` (play the words in order, skipping any that the feedback so far rules out)
or a :class:`Probe` (play one guess, then follow its feedback to a child node). Nodes speak
of guess rows and answer columns of a :class:`~playbook.core.problem.Problem`;
:mod:`playbook.convert` turns them into a playbook's words and feedback.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any


@dataclasses.dataclass(frozen=True)
class TryList:
    """Play these answers (columns) in order, skipping any ruled out by the feedback so far."""

    cols: tuple[int, ...]


@dataclasses.dataclass(frozen=True)
class Probe:
    """Play guess ``row``; the feedback code selects the child node."""

    row: int
    children: tuple[tuple[int, Node], ...]
    """(feedback code, node) for every code some answer gives; the solved code is absent."""
    size: int
    """Answers still possible when the probe is played (its own word included)."""


Node = TryList | Probe


def size(node: Node) -> int:
    """Answers still possible at a node."""
    return len(node.cols) if isinstance(node, TryList) else node.size


@dataclasses.dataclass(frozen=True)
class Solved:
    """A node with the turns it takes for each of its answers (1 = the node's first move)."""

    node: Node
    turns: dict[int, int]

    @property
    def total(self) -> int:
        return sum(self.turns.values())

    @property
    def worst(self) -> int:
        return max(self.turns.values(), default=0)


@dataclasses.dataclass(frozen=True)
class Tree(Solved):
    """A whole strategy for one group: the root probe and the guesses each answer takes (the
    final, correct guess included)."""

    missed: tuple[int, ...] = ()
    """Answers the tree does not find within the turns it was built for: they end in a try
    list past the last turn (``turns`` has the others)."""

    @property
    def root(self) -> Probe:
        assert isinstance(self.node, Probe)
        return self.node

    @property
    def distribution(self) -> dict[int, int]:
        return dict(sorted(Counter(self.turns.values()).items()))


def node_data(node: Node) -> tuple[object, ...]:
    """A node as plain data (lists and numbers: what a checkpoint keeps)."""
    if isinstance(node, TryList):
        return ("t", node.cols)
    return ("p", node.row, node.size, tuple((c, node_data(child)) for c, child in node.children))


def data_node(data: Any) -> Node:
    """The node :func:`node_data` wrote."""
    if data[0] == "t":
        return TryList(tuple(data[1]))
    return Probe(data[1], tuple((c, data_node(child)) for c, child in data[3]), data[2])


def tree_data(tree: Tree) -> tuple[object, ...]:
    """A whole tree as plain data: its root, each answer's turns, the answers it misses."""
    return (node_data(tree.node), tuple(sorted(tree.turns.items())), tree.missed)


def data_tree(data: Any) -> Tree:
    """The tree :func:`tree_data` wrote."""
    root, turns, missed = data
    return Tree(data_node(root), {int(a): int(t) for a, t in turns}, tuple(missed))
