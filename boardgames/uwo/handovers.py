"""What UWO's handovers say, in one place.

The duel's screen says it at every handover (``UwoScreen.handover``), and the command
line's opening handover says the first one before the duel's screen and engine are
imported (``entry.start_screen``): both take their words from here, so the
opening can never drift from what the duel itself would have said.  A resumed duel
between people opens on its handover too, worded here from the replayed engine alone
(``first``), before the duel's screen is imported (``entry.session_screen``).

Nothing here imports Textual or the duel's screen; the engine's phases are imported
only by the functions that read an engine (a new duel's opening reads none).
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

from boardgames.uwo.side import Side

if TYPE_CHECKING:
    from boardgames.uwo.engine import Game
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


def why(phase: Phase, *, resumed: bool, turn_started: bool) -> Why:
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


def first(game: Game, *, resumed: bool) -> tuple[Side, str, str] | None:
    """The first handover of a duel between people opened on *game* (*resumed*: a replayed
    save, with events so far): who takes the keyboard, its title and words; ``None`` when
    the duel opens on no handover (it is over).

    The words ``UwoScreen.start`` gives it: nothing has happened since the last handover
    (``detail([])``), and a duel not resumed starts its first turn.
    """
    side = game.to_act
    if side is None or game.is_over():
        return None
    return side, title(side, why(game.phase, resumed=resumed, turn_started=not resumed)), detail([])


def opening() -> tuple[str, str]:
    """A new duel's first handover (the Gnorfs begin; nothing has happened yet): title, words."""
    return title(Side.GNORFS, Why.TURN), detail([])
