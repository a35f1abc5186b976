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
    figure.savefig(buffer, format="svg", bbox_inches="tight")
    plt.close(figure)
    return buffer.getvalue()


@_plain
def outcomes_chart(outcomes: Sequence[dict[str, Any]]) -> str:
    """Bars of each outcome's rate with its 95% interval."""
    labels = [str(o["outcome"]) for o in outcomes]
    rates = [100 * o["rate"] for o in outcomes]
    errors = [
        [100 * (o["rate"] - o["ci95"][0]) for o in outcomes],
        [100 * (o["ci95"][1] - o["rate"]) for o in outcomes],
    ]
    figure, axes = plt.subplots(figsize=(6, 3.2))
    axes.bar(labels, rates, yerr=errors, capsize=6, color=PALETTE[: len(labels)] or PALETTE[0])
    axes.set_ylabel("% of battles")
    axes.set_ylim(0, 100)
    axes.set_title("Outcomes with 95% intervals")
    axes.spines[["top", "right"]].set_visible(False)
    return _svg(figure)


@_plain
def histogram_chart(values: Sequence[float], title: str, xlabel: str) -> str:
    """A histogram of one figure over the job's battles."""
    figure, axes = plt.subplots(figsize=(6, 3.2))
    distinct = sorted(set(values))
    bins: Any = [v - 0.5 for v in distinct] + [distinct[-1] + 0.5] if len(distinct) <= 30 else 30
    axes.hist(values, bins=bins, color=PALETTE[0], edgecolor="white")
    axes.set_title(title)
    axes.set_xlabel(xlabel)
    axes.set_ylabel("battles")
    axes.spines[["top", "right"]].set_visible(False)
    return _svg(figure)


@_plain
def table_chart(title: str, table: dict[str, float], limit: int = 20) -> str:
    """Horizontal bars of a game table's largest entries."""
    items = sorted(table.items(), key=lambda item: -item[1])[:limit][::-1]
    figure, axes = plt.subplots(figsize=(6, 0.6 + 0.28 * max(len(items), 1)))
    axes.barh([label for label, _ in items], [value for _, value in items], color=PALETTE[2])
    axes.set_title(title)
    axes.tick_params(axis="y", labelsize=8)
    axes.spines[["top", "right"]].set_visible(False)
    return _svg(figure)
