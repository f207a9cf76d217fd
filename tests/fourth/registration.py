"""The proof game is registered only here, in the tests: never in the shipped registry."""

from __future__ import annotations

from collections.abc import Callable

from tests.conformance.adapters import Adapter
from tests.fourth.adapter import adapter

#: The games the tests register on top of ``boardgames.games``, with their adapters.
TEST_GAMES: dict[str, Callable[[], Adapter]] = {"tricks": adapter}
