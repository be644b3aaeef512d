"""The studies wing: research on the games that the playbook does not use. Game values with
mixed strategies (``mixed``), Hangman with mixed strategies (``randomised``), a randomised
Hangman guesser's expected mistakes (``expect``), proofs about first guesses (``root_proof``,
driven by ``root``), the exact search under Wordle's hard mode (``hard_mode``) and the
memorisation frontier (``frontier``). The documented calls are below (``playbook value`` and
``playbook mistakes`` print them); the scripts drive the rest. The production rooms never
import this one (an import contract)::

    from playbook import config, studies

    for g in studies.game_values(config.load("config/mastermind-3x2.yaml")):
        print(g.group, g.value.value)
"""

from playbook.studies.values import (
    GroupValue,
    HangmanValue,
    MistakesOutOfTime,
    ValueOutOfTime,
    counts_misses,
    expected_mistakes,
    game_values,
    hangman_values,
)

__all__ = [
    "GroupValue",
    "HangmanValue",
    "MistakesOutOfTime",
    "ValueOutOfTime",
    "counts_misses",
    "expected_mistakes",
    "game_values",
    "hangman_values",
]
