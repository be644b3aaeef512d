"""Search algorithms by family, each a plain serial function of a problem: fixed openings
(``openings``), tables after them (``tables``), greedy rule trees (``greedy``), the exact
optimum (``optimal``) and hangman's minimax over letters (``letters``)."""
