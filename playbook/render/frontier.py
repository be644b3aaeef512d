"""The memorisation frontier as a plot (matplotlib): for each rule set, words to memorise
against average turns (top) and against words not guaranteed (bottom).

``runs`` are the records :mod:`playbook.studies.frontier` measured (as written by
``scripts/frontier.py``): per rule set a title and its points as plain data. Only numbers and
the fixed kinds are drawn; labels come from here, never from the data, in the language of a
:class:`~playbook.render.i18n.Translator`.
"""

from __future__ import annotations

import importlib.resources
import io
import json
from collections.abc import Mapping, Sequence
from typing import Any

from playbook.language import N_
from playbook.render.i18n import ENGLISH, Translator

STYLE = {
    # kind: (legend, marker, line)
    "openings": (N_("k fixed openings, then list order"), "o", "-"),
    "exceptions": (N_("k openings + exception moves"), "s", "-"),
    "fast": (N_("fast profile"), "^", ""),
    "optimum": (N_("certified optimum tree"), "*", ""),
    "weighted": (N_("optimum tree weighted by frequency"), "P", ""),
    "default": (N_("default playbook"), "D", ""),
}


def point_label(point: Mapping[str, Any], tr: Translator = ENGLISH) -> str:
    """How a point of the frontier is named in its table (``2 openings + exception moves``),
    from its kind and openings; the record's own label where the kind is not known."""
    k = point.get("openings")
    n = k if isinstance(k, int) else 0
    labels = {
        "openings": tr.ngettext("{k} openings", "{k} openings", n),
        "exceptions": tr.ngettext(
            "{k} openings + exception moves", "{k} openings + exception moves", n
        ),
        "fast": tr.gettext("fast profile"),
        "optimum": tr.gettext("certified optimum"),
        "weighted": tr.gettext("optimum weighted by frequency"),
        "default": tr.gettext("default playbook"),
    }
    label = labels.get(str(point.get("kind")))
    return str(point.get("label", "")) if label is None else label.format(k=k)


def _x(n: float) -> float:
    # memorising nothing sits at the left edge of a log axis
    return max(n, 1.0)


def figure(
    runs: Sequence[Mapping[str, Any]],
    *,
    fmt: str = "png",
    mark: str | None = None,
    tr: Translator = ENGLISH,
) -> bytes:
    """The plot of ``runs`` as ``png`` or ``svg`` bytes; ``mark`` names the run whose
    default playbook is drawn larger (the book's own); its texts in ``tr``'s language."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot as plt

    fig, axes = plt.subplots(
        2, len(runs), figsize=(4.6 * len(runs), 7.0), sharex=True, squeeze=False
    )
    for col, run in enumerate(runs):
        top, bottom = axes[0][col], axes[1][col]
        pts = run["points"]
        # a run of the words a show plays: weighted by frequency, the chance of losing one
        weighted = bool(pts) and all("weighted_average" in p for p in pts) and "model" in run
        keys = ("weighted_average", "lost_pct") if weighted else ("average", "unguaranteed")
        pts = [{**p, "lost_pct": 100 * p.get("lost_chance", 0.0)} for p in pts]
        for kind, (legend, marker, line) in STYLE.items():
            mine = [p for p in pts if p["kind"] == kind]
            if not mine:
                continue
            mine.sort(key=lambda p: (p["openings"] is None, p["openings"] or 0))
            xs = [_x(p["memorise"]) for p in mine]
            size = 11 if kind == "default" and mark == run["config"] else 6
            for ax, key in zip((top, bottom), keys, strict=True):
                ys = [p[key] for p in mine]
                ax.plot(
                    xs,
                    ys,
                    marker=marker,
                    linestyle=line or "none",
                    markersize=size,
                    label=tr.gettext(legend),
                )
            if kind in ("openings", "exceptions"):
                for p, x in zip(mine, xs, strict=True):
                    top.annotate(
                        f"k={p['openings']}",
                        (x, p[keys[0]]),
                        fontsize=7,
                        xytext=(3, 3),
                        textcoords="offset points",
                    )
        top.set_title(str(run["title"]), fontsize=10)
        if weighted:
            top.set_ylabel(tr.gettext("average turns, weighted by frequency"))
            bottom.set_ylabel(tr.gettext("chance of losing the word (%)"))
        else:
            top.set_ylabel(tr.gettext("average turns"))
            bottom.set_ylabel(tr.gettext("words not guaranteed"))
        bottom.set_xlabel(tr.gettext("words to memorise (log scale; 0 drawn at 1)"))
        bottom.set_yscale("symlog", linthresh=1)
        for ax in (top, bottom):
            ax.set_xscale("log")
            ax.grid(True, which="major", alpha=0.3)
            ax.tick_params(labelsize=8)
    handles, labels = axes[0][0].get_legend_handles_labels()
    # one run (the book's own): the legend a column under the plot, whole at any language
    fig.legend(
        handles,
        labels,
        loc="lower center",
        ncol=3 if len(runs) > 1 else 1,
        fontsize=8,
        frameon=False,
    )
    fig.tight_layout(rect=(0, 0.07 if len(runs) > 1 else 0.2, 1, 1))
    buf = io.BytesIO()
    # a fixed salt: the SVG's element ids are the same from run to run (a rebuilt book is
    # byte-identical to the one before but for its date)
    with matplotlib.rc_context({"svg.hashsalt": "playbook"}):
        fig.savefig(buf, format=fmt, dpi=120, metadata={"Date": None} if fmt == "svg" else None)
    plt.close(fig)
    return buf.getvalue()


def measured() -> dict[str, Any]:
    """The frontier ``scripts/frontier.py`` measured (package data), or an empty record."""
    res = importlib.resources.files("playbook.data").joinpath("frontier.json")
    if not res.is_file():
        return {"runs": []}
    data = json.loads(res.read_text("utf-8"))
    return data if isinstance(data, dict) else {"runs": []}


def run_for(
    words_sha256: Any, rules_sha256: Any, answers_sha256: Any = None
) -> tuple[dict[str, Any], dict[str, Any]] | None:
    """The measured frontier of this word list, these answers (None: the whole list) and
    these rules, with its record's header (command, machine, date), or None."""
    data = measured()
    want = (words_sha256, rules_sha256, answers_sha256)
    for run in data.get("runs", ()):
        if (run.get("words_sha256"), run.get("rules_sha256"), run.get("answers_sha256")) == want:
            return run, {k: v for k, v in data.items() if k != "runs"}
    return None


def inline_svg(
    runs: Sequence[Mapping[str, Any]], mark: str | None = None, tr: Translator = ENGLISH
) -> str:
    """The plot as an ``<svg>`` element to put in a page (the XML header left out)."""
    text = figure(runs, fmt="svg", mark=mark, tr=tr).decode("utf-8")
    return text[text.index("<svg") :]
