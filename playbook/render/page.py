"""The play-along page: one self-contained HTML file that follows a playbook move by move.

The person picks the revealed letter, plays the moves the page shows and enters the feedback
of each (tapping tiles or typing ``o x .`` / ``2 1 0``); the page finds the next move with
the table-walk rules of :mod:`playbook.lookup`, written again in JavaScript
(``render/templates/page-rules.js``, no page in it; ``render/templates/page.js`` draws the
page), and
computes feedback with the game's browser rule (:attr:`Game.browser_feedback`). Nothing is
fetched: the tables travel in the page as compact JSON, words as indexes into one word string.

The page needs each group's words in list order (``try: all`` and "words still possible"),
which a playbook does not hold: the caller passes the answer list (the build's session, or the
playbook's own list for ``render``), checked against the playbook's checksum.
"""

from __future__ import annotations

import functools
import io
import json
import math
import string
from collections.abc import Mapping, Sequence
from typing import Any

from markupsafe import Markup

from playbook import memory
from playbook import words as wordlists
from playbook.errors import PlaybookError
from playbook.games import GAMES, Game
from playbook.kinds import AnswerModel
from playbook.language import N_
from playbook.model import GroupPlan, Move, Node, Playbook, Table, TryWords, group_key
from playbook.model.plan import PART_MODELS
from playbook.render import i18n, page_schema, titles
from playbook.render.html import html_env
from playbook.render.layout import sort_table
from playbook.render.tiles import APP, TILE_STYLES, screen_css
from playbook.render.views import template_text
from playbook.spelling import Spelling, group_name
from playbook.words import WordList

DATA_VERSION = page_schema.DATA_VERSION
"""The layout of the page's JSON (:mod:`playbook.render.page_schema`; read by
``playbook/render/templates/page-rules.js``)."""

POOLS = {
    "all": N_("Paper rules: any word of the list may be guessed."),
    "revealed": N_("TV rules: every guess starts with the revealed letter."),
}
"""How the page names the rules of ``game.guess_pool`` where a letter is revealed (the 1994
paper let any word be guessed; on TV every guess starts with the revealed letter)."""

STAR = "*"

INDEX = "index.html"
"""An installable site's start page: a card per plan, linking its page; each page links it."""
MANIFEST = "manifest.webmanifest"
"""An installable site's web app manifest, beside its pages (:mod:`playbook.render.site`)."""
WORKER = "sw.js"
"""An installable site's service worker, beside its pages: it keeps the site for offline use."""
ICON_SIZES = (192, 512)
"""The sizes of an installable site's icons in pixels, square (``icon-192.png``...)."""
THEME = APP["theme"]
"""The colour of the page's header (``page.css``): an installed site's title bar."""


def icon_name(size: int) -> str:
    """The file of an installable site's icon of ``size`` pixels."""
    return f"icon-{size}.png"


def app_head() -> dict[str, Any]:
    """What the head of an installable site's pages names (``site-head.html.j2``): the
    manifest, the theme colour, the icons and the script that registers the service worker
    (it reads the worker's file from its ``data-worker``); and the site's index, which each
    page links beside its modes (an installed site has no address bar to go back with)."""
    return {
        "index": INDEX,
        "manifest": MANIFEST,
        "worker": WORKER,
        "theme": THEME,
        "icons": [(size, icon_name(size)) for size in ICON_SIZES],
        "register": Markup(template_text("site-register.js")),
    }


SCRIPTS = (
    "page-chance.js",
    "page-train-rules.js",
    "page-rules.js",
    "page-plan.js",
    "page.js",
    "page-board.js",
    "page-store.js",
    "page-train.js",
    "page-drill.js",
)
"""The page's scripts, inlined in this order: the rules (no page to draw on: Node tests them
against Python's; the best chance and the rule's move, the drill's schedule and the draw
first, which the rest read), the plan the address picks, the page following a game, its
table and take-over, what is kept on the device, practice, the drill."""


def _refuse(what: str) -> PlaybookError:
    return PlaybookError(f"page: {what}")


def check_game(game: Game) -> type[Game]:
    """The game's class, if the page can play it (a one-line error if its feedback has no
    browser rule)."""
    cls = type(game)
    if not cls.browser_feedback:
        able = ", ".join(sorted(n for n, c in GAMES.items() if c.browser_feedback))
        raise _refuse(
            f"game {game.name!r} has no feedback rule the browser can compute; "
            f"the play-along page is made for {able}"
        )
    return cls


def check_list(pb: Playbook, answers: WordList | None) -> WordList:
    """``answers`` where it is the playbook's own list (by checksum), else a one-line
    refusal."""
    if answers is None:
        raise _refuse(
            "needs the playbook's word list (each letter's words in list order); "
            "render it from a playbook whose word list can be loaded"
        )
    key = "answers_sha256" if separate_answers(pb) else "sha256"
    return _own(pb, answers, key, "word list")


def separate_answers(pb: Playbook) -> bool:
    """Whether the playbook's answers are not its whole list: a list of their own, or the
    common words of it, or its likely picks (``words.answer_model``)."""
    return pb.words.part


def _own(pb: Playbook, listed: WordList, key: str, what: str) -> WordList:
    """``listed`` where its checksum is the one the playbook records under ``words.key``,
    else a one-line refusal."""
    want = getattr(pb.words, key)
    if want is not None and want != listed.sha256:
        raise _refuse(
            f"the {what} given ({listed.name}) is not the playbook's (words.{key} "
            f"{str(want)[:12]}…, list {listed.sha256[:12]}…)"
        )
    return listed


class _Words:
    """The page's words: the answers in list order, then every other word the plans play."""

    def __init__(self, answers: Sequence[str]) -> None:
        self.words = list(answers)
        self.index = {w: i for i, w in enumerate(self.words)}

    def __call__(self, word: str) -> int:
        i = self.index.get(word)
        if i is None:
            i = self.index[word] = len(self.words)
            self.words.append(word)
        return i


class _Encoder:
    """Tables as compact JSON: a row is ``[key, node]``; a key is each block's feedback code
    in base 36, ``keywidth`` digits each (``*`` for the ``*`` row); a node is a list of word
    indexes (try them), ``"all"``, or ``{"m": move, "t": table or null}``."""

    def __init__(self, game: Game, cls: type[Game], ids: _Words) -> None:
        self.game, self.cls, self.ids = game, cls, ids
        self.width = len(_base36(game.n_codes - 1))

    def key(self, feedback: str) -> str:
        """The row's key; a feedback that the walk can never match (not as the game writes
        it) gets a key no feedback has."""
        if feedback == STAR:
            return STAR
        try:
            codes = [self.game.parse(b) for b in feedback.split(" ")] if feedback else []
        except ValueError:
            return "!" + feedback
        if " ".join(self.game.format(c) for c in codes) != feedback:
            return "!" + feedback
        return "".join(_base36(c).rjust(self.width, "0") for c in codes)

    def table(self, table: Table | None) -> list[Any] | None:
        if table is None:
            return None
        return [[self.key(r.feedback), self.node(r.node)] for r in sort_table(table, self.cls)]

    def node(self, node: Node) -> Any:
        if isinstance(node, TryWords):
            return "all" if node.words is None else [self.ids(w) for w in node.words]
        assert isinstance(node, Move)
        return {"m": self.ids(node.word), "t": self.table(node.table)}


def _base36(n: int) -> str:
    digits = string.digits + string.ascii_lowercase
    out = ""
    while True:
        n, d = divmod(n, 36)
        out = digits[d] + out
        if n == 0:
            return out


def _ranges(indexes: Sequence[int]) -> list[list[int]]:
    """Runs of consecutive indexes as ``[start, end)`` pairs."""
    out: list[list[int]] = []
    for i in indexes:
        if out and out[-1][1] == i:
            out[-1][1] = i + 1
        else:
            out.append([i, i + 1])
    return out


def _group(
    g: GroupPlan,
    cls: type[Game],
    rules: Mapping[str, Any],
    members: list[int],
    enc: _Encoder,
    ij: str,
) -> page_schema.GroupData:
    st = g.stats
    label = group_name(cls.group_label(g.group, rules), ij)
    return {
        "g": g.group,
        "label": label,
        "w": _ranges(members),
        "o": [enc.ids(w) for w in g.openings],
        "t": enc.table(g.table),
        "u": [enc.ids(w) for w in g.unguaranteed],
        "avg": round(st.average, 2) if st and st.distribution else None,
        "worst": st.worst if st and st.distribution else None,
        "fail": st.failures if st else 0,
    }


def _symbols(game: Game) -> tuple[dict[str, int], str, list[str]]:
    """The marks a person may type, from the game's one table (what ``play`` accepts: ``o x
    .``, ``2 1 0``, ``g y .`` and Wordle's squares), the characters typed feedback leaves out,
    and the symbol the game writes for each mark (absent, wrong place, right place)."""
    typed, skip = game.typed_marks() or ({}, " ")
    return dict(typed), skip, [game.format(m)[-1] for m in range(3)]


def _guess_list(
    pb: Playbook, guesses: WordList | None, answers: Sequence[str]
) -> page_schema.GuessList:
    """A separate guess list (Wordle's allowed guesses beside its answers), checked to be the
    playbook's own list; none without one. Where both lists are in sorted order and every
    answer is a guess, only the guesses that are no answers (``guessesExtra``: the script
    merges them with the answers, the same list in the same order; a third of the size for
    English Lingo), else the whole list in its order (``guesses``)."""
    if guesses is None or not separate_answers(pb):
        return {}
    words = _own(pb, guesses, "sha256", "guess list").words
    known = set(answers)
    if list(answers) == sorted(known) and list(words) == sorted(set(words)) and known <= set(words):
        return {"guessesExtra": " ".join(w for w in words if w not in known)}
    return {"guesses": " ".join(words)}


def page_data(
    pb: Playbook, answers: WordList | None, guesses: WordList | None = None
) -> page_schema.PageData:
    """What the page's script reads: rules, words, and each group's plan (see
    :class:`_Encoder` for the tables; every key: :class:`page_schema.PageData`)."""
    cls = check_game(pb.game)
    listed = check_list(pb, answers)
    game, rules = pb.game, pb.game.record()
    ids = _Words(listed.words)
    enc = _Encoder(game, cls, ids)
    members: dict[str, list[int]] = {}
    for i, w in enumerate(listed.words):
        members.setdefault(game.group_of(w), []).append(i)
    spelled = {**listed.spelled, **Spelling.of(pb.words).spelled}
    ij = Spelling.of(pb.words).ij or ("y" if spelled else "")  # IJ's character inside
    groups = [
        _group(g, cls, rules, members.get(g.group, []), enc, ij)
        for g in sorted(pb.groups, key=lambda g: group_key(g.group))
    ]
    typed, skip, shown = _symbols(game)
    pool = game.guess_pool
    tree = pb.whole_trees
    length, solved = game.word_length, game.solved
    if length is None or solved is None:  # every game with a browser rule has both
        raise _refuse(f"game {game.name!r} has no one word length and solved feedback")
    data: page_schema.PageData = {
        "v": DATA_VERSION,
        "name": pb.name,
        "rule": cls.browser_feedback,
        "length": length,
        "turns": game.limit,
        "early": pb.try_when_fit,
        "limitName": game.limit_name,
        "solved": solved,
        "keyWidth": enc.width,
        "typed": typed,
        "skip": skip,
        "shown": shown,
        "pool": pool,
        "hard": bool(rules.get("hard", False)),
        "revealed": str(rules.get("revealed", "none")),
        "ij": ij,
        "apart": sorted(Spelling.of(pb.words).apart),
        "words": " ".join(ids.words),
        "answers": len(listed.words),
        "spelled": {w: spelled[w] for w in ids.words if w in spelled},
        "weight": _weight(pb, ids.words, spelled),
        # a plan for a part of the list (the common words, the likely picks): a rarer word of
        # the list falls back to the words that fit, in list order (the card's rule)
        "rare": (pb.words.answer_model in PART_MODELS or tree) and separate_answers(pb),
        # a whole tree: off it, the best move for the words still possible (as play works it
        # out), not the card's list order
        "offTree": tree and separate_answers(pb),
        # and on its last turn the likeliest word still possible, as play picks it
        "likely": _likely(pb, guesses, listed.words) if tree and separate_answers(pb) else None,
        "groups": groups,
        # a letter of at most this many words and no openings: the card prints its words
        "small": memory.SMALL_GROUP,
    }
    data.update(_guess_list(pb, guesses, listed.words))
    return data


def _likely(pb: Playbook, guesses: WordList | None, answers: Sequence[str]) -> list[int] | None:
    """The chance of each word of the guess list that is no answer of the plan (the only
    words left once the board has left its tree), in the list's order, of being the pick
    under the answer model of its language: in hundred-thousandths as the derivation writes
    it, so the page orders the words as ``play`` does; None where the language has no model."""
    language = wordlists.list_language(pb.words)
    if guesses is None or not wordlists.has_answer_model(language):
        return None
    assert language is not None
    known = set(answers)
    words = [w for w in _own(pb, guesses, "sha256", "guess list").words if w not in known]
    return [round(c * wordlists.CHANCE_SCALE) for c in wordlists.chance_of(words, language)]


WEIGHT_FLOOR = 1e-6
"""The least weight a word of the page has (a word with no chance under the picks model is
still possible, however unlikely)."""


def _weight(pb: Playbook, ws: Sequence[str], spelled: Mapping[str, str]) -> list[float] | None:
    """How likely each word is, as log10 of its weight, where the list's language has a model:
    its chance of being the show's pick under ``picks``, else its Zipf frequency (the rarest
    measured for a word with none); the page's chance of a word at a last-turn coin flip."""
    language = wordlists.list_language(pb.words)
    if language is None:
        return None
    if pb.words.answer_model == AnswerModel.PICKS:
        chances = wordlists.chance_of(ws, language)
        return [round(math.log10(max(c, WEIGHT_FLOOR)), 4) for c in chances]
    floor = min(wordlists.frequencies(language).values(), default=0.0)
    return [max(z, floor) for z in wordlists.zipf_of(ws, language, spelled)]


def _pool(rules: Mapping[str, Any], pool: str, tr: i18n.Translator) -> str:
    """The rules' guess pool in words: paper or TV rules where a letter is revealed."""
    if rules.get("revealed", "first") == "none" or pool not in POOLS:
        if pool == "all":
            return tr.gettext("Any word of the list may be guessed.")
        return tr.gettext("Guesses: %(pool)s.") % {"pool": pool}
    return tr.gettext(POOLS[pool])


@functools.cache
def script_messages() -> tuple[str | tuple[str, str], ...]:
    """The message ids of the page's scripts (``_()``, ``ngettext()``), as Babel extracts
    them for the catalog (``babel.cfg``): what the page embeds in its language."""
    from babel.messages.extract import extract

    found: dict[str | tuple[str, str], None] = {}
    for name in SCRIPTS:
        text = io.BytesIO(template_text(name).encode("utf-8"))
        for _line, message, _comments, _context in extract("javascript", text):
            found[message if isinstance(message, str) else (message[0], message[1])] = None
    return tuple(found)


def _script_json(data: Any) -> Markup:
    """JSON that is safe inside a ``<script>`` element (no ``<``, ``>`` or ``&``)."""
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return Markup(text)


def _head(pb: Playbook, pool: str, tr: i18n.Translator, language: str) -> page_schema.PageHead:
    """What the page says of one plan above its game: its title, description and rules."""
    cls, rules = type(pb.game), pb.game.record()
    length = pb.game.word_length
    title = pb.game.name.capitalize()
    if isinstance(length, int):
        title = tr.gettext("%(game)s, %(n)s letters") % {"game": title, "n": length}
    return {
        "title": title,
        # a config's description is written in English: shown on an English page only
        "description": pb.description if language == "en" else "",
        "rules": cls.describe({k: v for k, v in rules.items() if k != "guess_pool"}, tr.gettext),
        "pool": _pool(rules, pool, tr),
        "tab": (
            tr.gettext("%(n)s letters") % {"n": length} if isinstance(length, int) else pb.name
        ),
    }


def render_page(
    pb: Playbook,
    answers: WordList | None,
    *,
    tiles: str = "lingo",
    guesses: WordList | None = None,
    language: str = "en",
    more: Sequence[tuple[Playbook, WordList | None, WordList | None]] = (),
    installable: bool = False,
) -> str:
    """The play-along page of ``pb`` (one self-contained HTML file); ``answers`` is the word
    list the playbook was built on, ``guesses`` its guess list where it has one besides (a
    word of it is accepted as a guess). A one-line :class:`PlaybookError` where the game has
    no browser feedback rule or a list is missing or not the playbook's. ``language``: one
    of :data:`playbook.render.i18n.LANGUAGES`, the texts of the page and its script.
    ``more``: other plans (each with its lists) on the same page, a tab each (the lengths of
    one show: the scripts once, each plan's data beside; ``?plan=NAME`` picks one).
    ``installable``: a page of an installable site (:mod:`playbook.render.site`), whose head
    also names the site's manifest, theme colour and icons and registers its service worker
    (:func:`app_head`); off, the one file of ``render``, which names nothing beside it."""
    if tiles not in TILE_STYLES:
        raise ValueError(f"unknown tile style {tiles!r}; expected one of {', '.join(TILE_STYLES)}")
    tr = i18n.translator(language)
    plans = [(pb, answers, guesses), *more]
    names = [p.name for p, _, _ in plans]
    if len(set(names)) < len(names):
        raise PlaybookError(f"the page's plans need names of their own; given {', '.join(names)}")
    blocks = []
    for plan, plan_answers, plan_guesses in plans:
        data = page_data(plan, plan_answers, plan_guesses)
        if language != "en":
            data["messages"] = i18n.messages(language, script_messages())
            data["decimal"] = i18n.decimal_sign(language)
            data["group"] = i18n.group_sign(language)
        blocks.append(data)
    heads = [
        _head(plan, b["pool"], tr, language) for (plan, _, _), b in zip(plans, blocks, strict=True)
    ]
    if more:  # tabs that would read alike told apart ("4 letters, British"), by the titles' rule
        tabs = titles.distinct([h["tab"] for h in heads], [p for p, _, _ in plans], tr)
        for h, tab in zip(heads, tabs, strict=True):
            h["tab"] = tab
    if more:  # each plan's words above its game, for the script to show the one picked
        for b, h in zip(blocks, heads, strict=True):
            b["head"] = h
    data = blocks[0]
    # the rules (no page to draw on: Node tests them against Python's), then the page
    scripts = {name: template_text(name) for name in SCRIPTS}
    for name, text in scripts.items():
        if "</script" in text.lower():
            raise AssertionError(f"{name} must not contain a closing script tag")
    template = html_env(language).get_template("page.html.j2")
    head = heads[0]
    return template.render(
        pb=pb,
        title=head["title"],
        description=head["description"],
        language=language,
        rules=head["rules"],
        pool=head["pool"],
        letters=len(data["groups"]) > 1,
        notation=tr.gettext(pb.game.notation),
        ij=tr.gettext(Spelling.of(pb.words).note),
        tiles=tiles,
        css=Markup(template_text("page.css") + "\n".join(screen_css(s) for s in TILE_STYLES)),
        scripts=[Markup(scripts[name]) for name in SCRIPTS],
        data=_script_json(data),
        plans=[{"name": b["name"], "tab": h["tab"]} for b, h in zip(blocks, heads, strict=True)]
        if more
        else [],
        extra=[{"name": b["name"], "data": _script_json(b)} for b in blocks[1:]],
        app=app_head() if installable else None,
    )
