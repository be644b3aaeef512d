"""The memorisation frontier as a plot (matplotlib): for each rule set, words to memorise
against average turns (top) and against words not guaranteed (bottom).

``runs`` are the records :mod:`playbook.pipeline.frontier` measured (as written by
``scripts/frontier.py``): per rule set a title and its points as plain data. Only numbers and
the fixed kinds are drawn; labels come from here, never from the data.
"""

from __future__ import annotations

import importlib.resources
import io
import json
from collections.abc import Mapping, Sequence
from typing import Any

STYLE = {
    # kind: (legend, marker, line)
    "openings": ("k fixed openings, then list order", "o", "-"),
    "exceptions": ("k openings + exception moves", "s", "-"),
    "fast": ("fast profile", "^", ""),
    "optimum": ("certified optimum tree", "*", ""),
    "default": ("default playbook", "D", ""),
}


def _x(n: float) -> float:
    # memorising nothing sits at the left edge of a log axis
    return max(n, 1.0)


def figure(
    runs: Sequence[Mapping[str, Any]], *, fmt: str = "png", mark: str | None = None
) -> bytes:
    """The plot of ``runs`` as ``png`` or ``svg`` bytes; ``mark`` names the run whose
    default playbook is drawn larger (the book's own)."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot as plt

    fig, axes = plt.subplots(
        2, len(runs), figsize=(4.6 * len(runs), 7.0), sharex=True, squeeze=False
    )
    for col, run in enumerate(runs):
        top, bottom = axes[0][col], axes[1][col]
        pts = run["points"]
        for kind, (legend, marker, line) in STYLE.items():
            mine = [p for p in pts if p["kind"] == kind]
            if not mine:
                continue
            mine.sort(key=lambda p: (p["openings"] is None, p["openings"] or 0))
            xs = [_x(p["memorise"]) for p in mine]
            size = 11 if kind == "default" and mark == run["config"] else 6
            for ax, key in ((top, "average"), (bottom, "unguaranteed")):
                ys = [p[key] for p in mine]
                ax.plot(xs, ys, marker=marker, linestyle=line or "none", markersize=size,
                        label=legend)  # fmt: skip
            if kind in ("openings", "exceptions"):
                for p, x in zip(mine, xs, strict=True):
                    top.annotate(f"k={p['openings']}", (x, p["average"]), fontsize=7,
                                 xytext=(3, 3), textcoords="offset points")  # fmt: skip
        top.set_title(str(run["title"]), fontsize=10)
        top.set_ylabel("average turns")
        bottom.set_ylabel("words not guaranteed")
        bottom.set_xlabel("words to memorise (log scale; 0 drawn at 1)")
        bottom.set_yscale("symlog", linthresh=1)
        for ax in (top, bottom):
            ax.set_xscale("log")
            ax.grid(True, which="major", alpha=0.3)
            ax.tick_params(labelsize=8)
    handles, labels = axes[0][0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="lower center", ncol=3 if len(runs) > 1 else 2, fontsize=8,
               frameon=False)  # fmt: skip
    fig.tight_layout(rect=(0, 0.07 if len(runs) > 1 else 0.1, 1, 1))
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


def run_for(words_sha256: Any, rules_sha256: Any) -> tuple[dict[str, Any], dict[str, Any]] | None:
    """The measured frontier of this word list and these rules, with its record's header
    (command, machine, date), or None."""
    data = measured()
    for run in data.get("runs", ()):
        if (run.get("words_sha256"), run.get("rules_sha256")) == (words_sha256, rules_sha256):
            return run, {k: v for k, v in data.items() if k != "runs"}
    return None


def inline_svg(runs: Sequence[Mapping[str, Any]], mark: str | None = None) -> str:
    """The plot as an ``<svg>`` element to put in a page (the XML header left out)."""
    text = figure(runs, fmt="svg", mark=mark).decode("utf-8")
    return text[text.index("<svg") :]
