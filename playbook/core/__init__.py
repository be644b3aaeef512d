"""The problem's values: one group's problem (answers, guesses and its feedback matrix),
the greedy rankings and their scores, and the feedback matrix cache. The numba kernels they
and the searches run on live below, in :mod:`playbook.engines`."""
