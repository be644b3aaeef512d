"""The numba engines: the compiled kernels the problem values and the searches run on, apart
from the problem itself (:mod:`playbook.core`), which imports them.

* :mod:`~playbook.engines.primitives`, :mod:`~playbook.engines.kernels`: feedback and the
  per-guess statistics of the greedy rankings;
* :mod:`~playbook.engines.cover`, :mod:`~playbook.engines.cover_gpu`: the exhaustive
  opening (triple) search, on the CPU and on a CUDA GPU;
* :mod:`~playbook.engines.hashset`: a set of 64-bit hashes in two arrays;
* :mod:`~playbook.engines.symmetry`: one guess per class of guesses a game's symmetry makes
  alike;
* :mod:`~playbook.engines.exact`: the exact search below the root;
* :mod:`~playbook.engines.unfound`: the fewest answers no tree finds in time;
* :mod:`~playbook.engines.hard`: the exact search under hard mode;
* :mod:`~playbook.engines.misses`: Hangman's exact minimax.
"""
