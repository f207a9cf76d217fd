"""The laws of the game contract (``boardgames.common.game``), checked the same way for every game.

Each game's ``test_contract.py`` walks its own seeded games and calls ``check_refusals``
at the positions it picks; the law itself is written once, here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pytest

from boardgames.common.game import IllegalActionError


def check_refusals(game: Any, candidates: Iterable[object], state: Callable[[Any], object]) -> int:
    """At this position, for every candidate action: it is ``in legal_actions`` exactly
    when ``why_illegal`` is ``None``; every other one ``apply`` refuses with the suite's
    ``IllegalActionError``, carrying the action and the very same reason, and the
    refusal changes nothing (``state(game)`` is the same before and after).

    Returns how many candidates were refused, so callers can check they tested some.
    """
    refused = 0
    for action in candidates:
        reason = game.why_illegal(action)
        assert (action in game.legal_actions) == (reason is None), action
        if reason is None:
            continue
        before = state(game)
        with pytest.raises(IllegalActionError) as info:
            game.apply(action)
        assert info.value.reason == reason and info.value.action is action
        assert str(info.value) == reason
        assert state(game) == before, f"the refused {action!r} changed the game"
        refused += 1
    return refused
