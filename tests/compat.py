"""Which of ``textual_compat``'s speed-ups this test process runs with (the tests of a
speed-up's work run where it is installed; ``BOARDGAMES_SPEED_UPS`` can turn it off)."""

from __future__ import annotations

import pytest

from boardgames.common.ui import textual_compat


def speed_up(name: str) -> bool:
    """Is the speed-up *name* installed here (installing them as the app does, once)?"""
    assert name in textual_compat.SPEED_UPS, f"no speed-up called {name!r}"
    textual_compat.apply()
    return textual_compat.active(name)


def needs(*names: str) -> pytest.MarkDecorator:
    """Skip unless every speed-up in *names* is installed."""
    return pytest.mark.skipif(not all(speed_up(n) for n in names), reason=f"speed-up off: {', '.join(names)}")
