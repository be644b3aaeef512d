"""The numba engines: the compiled kernels the problem values and the searches run on, apart
from the problem itself (:mod:`playbook.core`), which imports them.

* :mod:`~playbook.engines.primitives`, :mod:`~playbook.engines.kernels`: feedback and the
  per-guess statistics of the greedy rankings;
* :mod:`~playbook.engines.cover`, :mod:`~playbook.engines.cover_gpu`: the exhaustive
  opening (triple) search, on the CPU and on a CUDA GPU;
* :mod:`~playbook.engines.hashset`: a set of 64-bit hashes in two arrays;
* :mod:`~playbook.engines.symmetry`: one guess per class of guesses a game's symmetry makes
  alike;
* the exact search below the root, by concern: :mod:`~playbook.engines.constants` (what a
  value counts, shared by all the searches), :mod:`~playbook.engines.clock` (the deadline's
  clock), :mod:`~playbook.engines.bounds` (counting bounds), :mod:`~playbook.engines.memo`
  (keys and packed entries), :mod:`~playbook.engines.scan` (each candidate's bound and
  partition), :mod:`~playbook.engines.order` (the order guesses are tried in),
  :mod:`~playbook.engines.layout` (sets laid out by code) and :mod:`~playbook.engines.solve`
  (the search itself and the walk that lays its tree out), with
  :mod:`~playbook.engines.parts` (the child loop's steps the searches share: a guess's parts
  in order, each part's cut-off and what its value does to the guess);
* :mod:`~playbook.engines.unfound`: the fewest answers no tree finds in time, on
  :mod:`~playbook.engines.cores` (which guesses tell answers apart; the sets none does);
* :mod:`~playbook.engines.misses`: Hangman's exact minimax.
"""

from playbook import jit  # noqa: F401  (numba without its BLAS probe, before any kernel)
