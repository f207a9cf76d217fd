"""How a new duel opens, from the command line (``boardgames uwo``) or the setup form.

A duel between people opens on the Gnorfs' handover (they begin), alone in the first
frame: built by the suite's common opening (``common.ui.handover.new_game_screen``) in
the duel's own words (``uwo.handovers.WORDS``), the duel's screen, engine and deal
imported and built beneath it after that frame.  Against the computer it opens on the
duel itself (no handover).  Nothing here imports the engine before a screen is built.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from textual.screen import Screen

    from boardgames.uwo.players import ComputerOpponent


def start_screen(first_game: bool, computer: ComputerOpponent | None) -> Screen:
    """The first screen of a new duel (the first game's variant if *first_game*)."""
    if computer is None:
        from boardgames.common.ui.handover import new_game_screen  # noqa: PLC0415
        from boardgames.uwo import handovers  # noqa: PLC0415 - the duel's own words, without the duel
        from boardgames.uwo.side import Side  # noqa: PLC0415

        def build() -> Screen:
            from boardgames.uwo.screen import UwoScreen  # noqa: PLC0415 - after the first frame

            return UwoScreen(first_game=first_game)

        # A new duel's words read nothing of its engine: there is none yet (``table=None``).
        return new_game_screen(handovers.WORDS, None, Side.GNORFS, game="uwo", build=build)
    from boardgames.uwo.screen import UwoScreen  # noqa: PLC0415 - only when a screen opens

    return UwoScreen(first_game=first_game, computer=computer)
