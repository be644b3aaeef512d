"""Exact optimum: the strategy tree with the fewest total guesses within the limit.

(placeholder until the branch-and-bound search lands; see issue 4)
"""
