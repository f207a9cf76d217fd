"""What UWO's handovers say: the words of the suite's one policy (``common.handovers``).

Whether a handover happens is the common ``Keyboard``'s to decide; this module words
it (``WORDS``).  A new duel's opening handover is said with these words before the
duel's screen and engine are imported (``common.ui.handover.new_game_screen``: a new
duel's words read nothing of the engine), a resumed duel's by the common
``opening_screen``: the same words as the duel's own, so they can never drift apart.

Nothing here imports Textual or the duel's screen; the engine's modules are imported
only when an engine is read (a new duel's opening reads none).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from boardgames.common.handovers import NoCourtesy
from boardgames.common.handovers import Why as Change
from boardgames.uwo.side import Side

if TYPE_CHECKING:
    from boardgames.uwo.view import Phase

#: The last line of every handover's words: the privacy check before Space.
PRIVACY = "Press Space when only you can see the screen."
#: How many of the things said since the last handover the incoming player reads.
RECENT = 5


class Why(enum.Enum):
    """Why the keyboard changes hands: each has its own headline."""

    ATTACKED = "you are attacked — take the keyboard"
    DRAW_OFFERED = "you are offered a draw — take the keyboard"
    RESUMED = "take the keyboard — the duel resumes on your turn"
    TURN = "take the keyboard — your turn"
    TURN_GOES_ON = "take the keyboard — your turn goes on"


def title(side: Side, why: Why) -> str:
    """The handover's headline: "Gnorfs, take the keyboard — your turn"."""
    return f"{side.title}, {why.value}"


def detail(said: list[str]) -> str:
    """The words under it: the last things that happened (``RECENT``), then ``PRIVACY``."""
    return "\n".join([*said[-RECENT:], PRIVACY])


def reason(phase: Phase, *, resumed: bool, turn_started: bool) -> Why:
    """Why the keyboard changes hands now: a duel's answer first (an attack, a draw
    offered), then a resumed duel, then a turn that *turn_started* (else it goes on)."""
    from boardgames.uwo.view import Phase  # noqa: PLC0415 - the engine's, never for a new duel's opening

    if phase is Phase.DEFEND:
        return Why.ATTACKED
    if phase is Phase.DRAW_OFFER:
        return Why.DRAW_OFFERED
    if resumed:
        return Why.RESUMED
    return Why.TURN if turn_started else Why.TURN_GOES_ON


class UwoWords(NoCourtesy):
    """UWO's words at the common policy's handovers (``common.handovers.HandoverWords``).

    *seen* holds only what still stands (``Keyboard(forget=standing)``, U24): a step
    taken back is forgotten by the handover as by the log.
    """

    def player(self, engine: Any, seat: int | None) -> str:
        return "Everyone" if seat is None else Side(seat).title

    def title(self, engine: Any, seat: int | None, why: Change, seen: Sequence[object]) -> str:
        assert seat is not None, "a UWO handover is always to the side that must act"
        side = Side(seat)
        if why is Change.OPENING:  # a new duel starts its first turn (said before its engine exists)
            return title(side, Why.TURN)
        from boardgames.uwo.events import TurnStarted  # noqa: PLC0415 - the engine's, never for a new duel's opening

        turn_started = any(isinstance(e, TurnStarted) and e.side is side for e in seen)
        return title(side, reason(engine.phase, resumed=why is Change.RESUMED, turn_started=turn_started))

    def detail(self, engine: Any, seat: int | None, why: Change, seen: Sequence[object]) -> str:
        if not seen:  # a new duel's opening: nothing to read, not even the engine's events
            return detail([])
        from boardgames.uwo.events import TurnStarted  # noqa: PLC0415

        return detail([str(e) for e in seen if not isinstance(e, TurnStarted)])


WORDS = UwoWords()
