"""Charts of a job's statistics as SVG, drawn with matplotlib (no display needed)."""

from __future__ import annotations

import functools
import io
from collections.abc import Callable, Sequence
from typing import Any, ParamSpec

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

PALETTE = ["#2f5d8a", "#8a2f2f", "#2f4a3a", "#b08a2e", "#6b5f4f", "#7a2e1d"]
# Labels come from users (list names): never read them as formulas (``$...$``); write text as
# SVG text, not glyph outlines, so the page shows exactly the label that was given.
PLAIN_TEXT = {"text.parse_math": False, "text.usetex": False, "svg.fonttype": "none"}
P = ParamSpec("P")


def _plain(draw: Callable[P, str]) -> Callable[P, str]:
    @functools.wraps(draw)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> str:
        with matplotlib.rc_context(PLAIN_TEXT):
            return draw(*args, **kwargs)

    return wrapper


def _svg(figure: Any) -> str:
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None})
    plt.close(figure)
    return buffer.getvalue()


# Sized for a phone: 4 inches wide is 384 CSS px at 96 dpi, so a 390 px screen shows the
# chart near 1:1 and 10-point labels read at about 13 px.
WIDTH = 4.0
FONT = {"font.size": 10, "axes.titlesize": 10.5, "axes.labelsize": 10}


def _figure(height: float) -> tuple[Any, Any]:
    matplotlib.rcParams.update(FONT)
    figure, axes = plt.subplots(figsize=(WIDTH, height))
    axes.spines[["top", "right"]].set_visible(False)
    return figure, axes


def _short(label: str, limit: int = 28) -> str:
    return label if len(label) <= limit else label[: limit - 1] + "…"


@_plain
def outcomes_chart(
    outcomes: Sequence[dict[str, Any]],
    title: str = "",
    xlabel: str = "% of battles (bars: 95% interval)",
) -> str:
    """Horizontal bars of each outcome's rate with its 95% interval (labels stay readable
    however long a list's name is)."""
    labels = [_short(str(o["outcome"])) for o in outcomes][::-1]
    rates = [100 * o["rate"] for o in outcomes][::-1]
    errors = [  # never below 0: a rate of 1 minus an upper bound of 1 may be -1e-16
        [max(0.0, 100 * (o["rate"] - o["ci95"][0])) for o in outcomes][::-1],
        [max(0.0, 100 * (o["ci95"][1] - o["rate"])) for o in outcomes][::-1],
    ]
    figure, axes = _figure(0.9 + 0.42 * max(len(labels), 1))
    colours = (PALETTE * 3)[: len(labels)][::-1] or PALETTE[0]
    axes.barh(labels, rates, xerr=errors, capsize=4, color=colours)
    axes.set_xlabel(xlabel)
    axes.set_xlim(0, 100)
    axes.set_title(title or "Outcomes with 95% intervals")
    return _svg(figure)


@_plain
def histogram_chart(
    values: Sequence[float], title: str, xlabel: str, ylabel: str = "battles"
) -> str:
    """A histogram of one figure over the job's battles."""
    figure, axes = _figure(2.6)
    distinct = sorted(set(values))
    bins: Any = [v - 0.5 for v in distinct] + [distinct[-1] + 0.5] if len(distinct) <= 30 else 30
    axes.hist(values, bins=bins, color=PALETTE[0], edgecolor="white")
    axes.set_title(title)
    axes.set_xlabel(xlabel)
    axes.set_ylabel(ylabel)
    return _svg(figure)


@_plain
def table_chart(title: str, table: dict[str, float], limit: int = 12) -> str:
    """Horizontal bars of a game table's largest entries."""
    items = sorted(table.items(), key=lambda item: -item[1])[:limit][::-1]
    figure, axes = _figure(0.8 + 0.3 * max(len(items), 1))
    axes.barh([_short(label) for label, _ in items], [v for _, v in items], color=PALETTE[2])
    axes.set_title(_short(title, 44))
    return _svg(figure)
