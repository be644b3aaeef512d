"""The core of the search: the problem of one group, rankings, scores, numba kernels and the
feedback matrix cache."""
