"""What UWO's handovers say, in one place.

The duel's screen says it at every handover (``UwoScreen.handover``), and the command
line's opening handover says the first one before the duel's screen and engine are
imported (``entry.start_screen``, issue 16): both take their words from here, so the
opening can never drift from what the duel itself would have said.
"""

from __future__ import annotations

import enum

from boardgames.uwo.side import Side

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


def opening() -> tuple[str, str]:
    """A new duel's first handover (the Gnorfs begin; nothing has happened yet): title, words."""
    return title(Side.GNORFS, Why.TURN), detail([])
