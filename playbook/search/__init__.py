"""Search algorithms by family, each a plain serial function of a problem: fixed openings
(``openings``), tables after them (``tables``), exception rows that rescue what they leave
(``rescue``), greedy rule trees (``greedy``), the exact optimum (``optimal``), the fewest
words left unfound (``unfinder``), Hangman's minimax over letters (``hangman``) and the
likeliest move on a board taken over (``chance``); research on the games lives in
:mod:`playbook.studies`."""
