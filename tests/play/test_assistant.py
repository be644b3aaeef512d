"""The assistant in-process: why, review, commands, hard mode; self-play's path."""

from __future__ import annotations

from collections import Counter

from playbook import play
from playbook.core.problem import Problem
from playbook.play import Assistant, RulePlayer


def _fb(problem: Problem, guess: str, answer: str) -> str:
    game = problem.game
    return game.format(game.feedback(guess, answer))


def test_why_gives_the_split_and_the_turns_to_go(small_group: Problem) -> None:
    p = small_group
    a = Assistant(p, RulePlayer(p))
    move = a.suggestion()
    assert move is not None
    sizes = Counter(p.game.feedback(move, w) for w in p.answers).values()
    n = len(p.answers)
    text = a.why()
    expected = sum(s * s for s in sizes) / n
    assert (
        f"why {move}: it splits the {n} words left into {len(sizes)} parts: the largest "
        f"{max(sizes)}, {expected:.2f} words left on average"
    ) in text
    costs = [play.play_game(p, RulePlayer(p), answer=w).cost for w in p.answers]
    average = sum(costs) / n
    assert f"the scm rule from here: {average:.2f} more turns on average" in text
    assert f"at most {max(costs)} more" in text
    # after a step: the turns to go from there, and in all
    answer = p.answers[0]
    a.handle(_fb(p, move, answer))
    left = [w for w in p.answers if p.game.feedback(move, w) == p.game.feedback(move, answer)]
    history = [(move, p.game.feedback(move, answer))]
    rest = [play.play_game(p, RulePlayer(p), answer=w, history=history).cost - 1 for w in left]
    more = sum(rest) / len(rest)
    assert f"{more:.2f} more turns on average ({1 + more:.2f} in all)" in a.why()


def test_review_sets_each_move_beside_the_rules(small_group: Problem) -> None:
    p = small_group
    answer = p.answers[7]
    a = Assistant(p, RulePlayer(p))
    first = a.suggestion()
    other = next(w for w in p.answers if w not in (first, answer))
    a.handle(f"{other} {_fb(p, other, answer)}")  # the person plays another word
    while not a.finished:
        move = a.suggestion()
        assert move is not None
        out = a.handle(_fb(p, move, answer))
    turns = len(a.history)
    theirs = play.play_game(p, RulePlayer(p), answer=answer).cost
    assert f"solved: {answer} after {turns} turns" in out
    assert "review: your moves, and the scm rule's where it differs" in out
    assert f"  1. {other} {_fb(p, other, answer)}" in out
    assert f"the scm rule: {first}" in out.splitlines()[2]
    assert f"you: {turns} turns; the scm rule: {theirs} turns for {answer}" in out
    assert out.endswith("new for another game, quit to end")


def test_commands_and_refusals(small_group: Problem) -> None:
    p = small_group
    a = Assistant(p, RulePlayer(p))
    assert a.handle("review") == "no moves yet"
    for line, refused in [("o..", True), ("zzzzz o....", True), ("?", False), ("u", True)]:
        a.handle(line)
        assert a.refused is refused, line
    word = p.answers[3]
    assert f"solved: {word} after 1 turn\n" in a.handle(f"{word} ooooo")
    assert a.handle("ooooo").startswith("the game is over") and a.refused
    assert a.handle("new") == "new game" and a.ended == play.NEW
    b = Assistant(p, RulePlayer(p))
    assert b.handle("QUIT") == "bye" and b.ended == play.QUIT
    assert Assistant(p, RulePlayer(p)).handle("q") == "bye"


def test_hard_mode_plays_and_accepts_only_words_that_fit(small_group: Problem) -> None:
    p = small_group
    sim = play.simulate({"u": p}, None, "scm", hard=True)
    for g in sim.games:
        for i, (move, _) in enumerate(g.moves):
            assert p.game.fits(move, g.moves[:i]), (g.answer, g.moves)
    assert sim.losses == 0
    a = Assistant(p, RulePlayer(p, hard=True), hard=True)
    move = a.suggestion()
    assert move is not None
    a.handle(_fb(p, move, p.answers[0]))
    misfit = next(w for w in p.guesses if not p.game.fits(w, a.history))
    out = a.handle(f"{misfit} .....")
    assert a.refused and out.startswith(f"hard mode: {misfit} does not fit the feedback so far")


def test_the_cheating_hosts_path(small_group: Problem) -> None:
    sim = play.simulate({"u": small_group}, None, "scm", host="adversarial")
    (g,) = sim.games
    assert sim.groups == ("u",) and g.won
    left = [len(small_group.possible(g.moves[: i + 1])) for i in range(len(g.moves))]
    assert list(g.left) == left and left[-1] == 1
    assert play.plural(1, "turns") == "1 turn" and play.plural(1, "misses") == "1 miss"


def test_chance_and_reveal_take_over_a_board(small_group: Problem) -> None:
    """``chance`` gives best_chance's move and figures for the turns left (or those given);
    ``reveal`` narrows the words to those with the letter in place, and the suggestion
    becomes the best chance's move; bad arguments are refused and change nothing."""
    from playbook.search.chance import best_chance

    p = small_group
    a = Assistant(p, RulePlayer(p))
    first = a.suggestion()
    assert first is not None
    # an answer of the largest part the first move leaves
    parts = Counter(p.game.feedback(first, w) for w in p.answers)
    biggest = parts.most_common(1)[0][0]
    answer = next(w for w in p.answers if p.game.feedback(first, w) == biggest)
    a.handle(_fb(p, first, answer))
    cols = p.possible(a.history)
    for turns in (1, 2):
        best = best_chance(p, cols, turns)
        assert best is not None
        said = a.handle(f"chance {turns}")
        word = p.guesses[best.row]
        assert f"play {word}: the word is found in time for {best.found} of the" in said
        assert f"{100 * best.found / best.total:.0f}%" in said
    left = p.game.limit - 1
    assert f"with {left} turns left" in a.handle("chance")
    # a letter revealed in the place where the answer has it
    at = next(i for i in range(len(answer)) if len({p.answers[c][i] for c in cols}) > 1)
    status = a.handle(f"reveal {at + 1} {answer[at]}")
    assert not a.refused
    kept = [c for c in cols.tolist() if p.answers[c][at] == answer[at]]
    assert a.remaining() == [p.answers[c] for c in kept]
    best = best_chance(p, kept, left)
    assert best is not None and f"play: {p.guesses[best.row]} (the best chance" in status
    for bad in ("reveal 0 a", "reveal 2", "reveal 9 a", "chance x", "chance 0"):
        a.handle(bad)
        assert a.refused, bad
    assert a.remaining() == [p.answers[c] for c in kept]
    a.handle("reveal")
    assert len(a.remaining()) == len(cols)
