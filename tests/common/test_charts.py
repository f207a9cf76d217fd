"""Bar charts as text (``common.ui.charts``): whole ticks from 0, a bar per value, nothing joined."""

from __future__ import annotations

import pytest

from boardgames.common.ui.charts import EIGHTHS, draw, nice_step, percent_rows


@pytest.mark.parametrize("largest, rows, step", [(9.9, 2, 5), (9.9, 6, 2), (4.6, 6, 1), (0, 5, 1), (230, 5, 50)])
def test_an_axis_steps_by_whole_nice_numbers_and_reaches_the_largest(largest: float, rows: int, step: int) -> None:
    assert nice_step(largest, rows) == step
    assert step * rows >= largest


def test_percent_axes_take_ticks_that_divide_a_hundred() -> None:
    assert [percent_rows(n) for n in (1, 2, 3, 4, 6, 9, 10, 30)] == [1, 2, 2, 4, 5, 5, 10, 10]


def test_half_fills_half_the_plot_and_zero_is_labelled_on_the_axis() -> None:
    lines = [line.plain for line in draw([50, 0, 100], rows=4, bar=4, gap=1, step=25, labels=["50%", "0%", "100%"])]
    assert [line.split("┤")[0].split("┼")[0].strip() for line in lines[:5]] == ["100", "75", "50", "25", "0"]
    top, _, half, low, axis, labels = lines
    assert "┼" in axis and "█" not in axis
    assert top.count("█" * 4) == 1 and half.count("█" * 4) == 2 and low.count("█" * 4) == 2
    assert labels.split() == ["50%", "0%", "100%"]


def test_a_value_between_two_rows_ends_in_an_eighth_block() -> None:
    lines = [line.plain for line in draw([1.5], rows=2, bar=1, gap=0, step=1)]
    assert lines[0].endswith(EIGHTHS[4]) and lines[1].endswith("█")
