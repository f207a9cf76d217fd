"""Bar charts drawn as text, sized to the widget that shows them.

Plotted with ``textual-plotext`` the practice charts misled: at 80×24 each got two rows
with ticks such as 9.9 and 4.6, a 50% session filled the plot (its axis started at
33.3), a 0% session drew nothing, and the points were joined by a smoothed line.  Here
every axis starts at 0 and its ticks are whole numbers, one a row; each value is a bar
(eighth blocks for what falls between two rows), never a line between values; a bar may
carry its value under the axis, so a 0 is read, not guessed; and the chart takes the
rows and columns its widget has, so a larger terminal gets a finer chart.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from rich.text import Text
from textual.widgets import Static

#: A bar's top, by eighths of a row.
EIGHTHS = " ▁▂▃▄▅▆▇█"
#: Integer steps an axis may take (then ten times each, and so on).
NICE = (1, 2, 5)


def nice_step(largest: float, rows: int) -> int:
    """The smallest whole step (1, 2, 5, 10, 20, 50, ...) whose *rows* rows reach *largest*."""
    need = max(largest, 1) / max(rows, 1)
    scale = 1
    while True:
        for n in NICE:
            if n * scale >= need:
                return n * scale
        scale *= 10


def percent_rows(rows: int) -> int:
    """As many rows as fit whose ticks are whole percentages: 10, 5, 4, 2 or 1."""
    return next(n for n in (10, 5, 4, 2, 1) if n <= rows)


def draw(
    values: Sequence[float], *, rows: int, bar: int, gap: int, step: int, per: int = 1, labels: Sequence[str] = ()
) -> list[Text]:
    """The plot: *rows* rows of bars (*bar* cells wide, *gap* between), *per* rows to each
    *step* of the axis, which is labelled 0, step, 2·step, ... (whole numbers only); then
    the axis line and, when given, a label under each bar."""
    top = step * rows // per
    width = len(str(top))
    lines: list[Text] = []
    for row in range(rows, 0, -1):
        low = (row - 1) * step / per
        tick = f"{row * step // per:>{width}} ┤" if row % per == 0 else " " * width + " │"
        line = Text(tick, style="dim")
        for value in values:
            filled = min(max(value - low, 0) / (step / per), 1)
            line.append(EIGHTHS[round(filled * 8)] * bar, style="bold")
            line.append(" " * gap)
        lines.append(line)
    lines.append(Text(f"{0:>{width}} ┼" + "─" * ((bar + gap) * len(values)), style="dim"))
    if labels:
        under = Text(" " * (width + 2))
        for label in labels:
            under.append(f"{label:^{bar}}"[:bar] + " " * gap)
        lines.append(under)
    return lines


class BarChart(Static):
    """A titled bar chart that fits its widget: the newest values that fit its width, the
    rows its height has.  ``show`` gives the values; the drawing follows every resize."""

    def __init__(self, title: str, *, percent: bool = False, id: str | None = None) -> None:
        super().__init__(id=id, markup=False)
        self.chart_title = title
        self.percent = percent
        self.values: tuple[float, ...] = ()
        self.labels: tuple[str, ...] = ()
        self.x_label = ""
        self.empty = "nothing yet"
        self.label_of: Callable[[float], str] = lambda v: f"{v:.0f}"

    def show(self, values: Sequence[float], *, x_label: str, labels: Sequence[str] = (), empty: str = "") -> None:
        self.values = tuple(values)
        self.labels = tuple(labels)
        self.x_label = x_label
        self.empty = empty or self.empty
        self.refresh()

    def render(self) -> Text:
        width, height = self.content_size.width or self.size.width, self.content_size.height or self.size.height
        out = Text(self.chart_title, style="bold")
        if not self.values:
            out.append(f"\n{self.empty}", style="dim")
            return out
        extra = 3 + (1 if self.labels else 0)  # the title, the axis, the x label, the bar labels
        rows = max(2, height - extra)
        if self.percent:
            ticks = percent_rows(rows)
            step = 100 // ticks
        else:
            step = nice_step(max(self.values), rows)
            ticks = max(1, math.ceil(max(max(self.values), 1) / step))  # no empty tick above the tallest
        per = max(1, rows // ticks)  # the room left: several rows to a tick, a finer bar
        rows = ticks * per
        bar, gap = (4, 1) if self.labels else (1, 0)
        axis = len(str(step * ticks)) + 2
        fit = max(1, (width - axis) // (bar + gap))
        shown = self.values[-fit:]
        labels = self.labels[-fit:] if self.labels else ()
        first = len(self.values) - len(shown) + 1
        for line in draw(shown, rows=rows, bar=bar, gap=gap, step=step, per=per, labels=labels):
            out.append("\n")
            out.append_text(line)
        span = f"{first}–{len(self.values)}" if len(shown) > 1 else f"{first}"
        out.append(f"\n{self.x_label} {span}, oldest first", style="dim")
        return out
