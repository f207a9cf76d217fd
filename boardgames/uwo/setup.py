"""UWO's setup form ("names + options"): which game, and against the computer its level
and the person's army.  The sides have fixed names (Gnorfs, Pnorfs): nothing to type.

Asked from the main menu, over the duel's screen (``UwoScreen(ask_variant=True)``): one
guarded ``ChoiceScreen`` per option, Escape on any of them leaves the duel unplayed.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.app import App

from boardgames.common.ui.choice import Choice, ChoiceScreen
from boardgames.uwo.levels import OPPONENT_LEVELS
from boardgames.uwo.players import ComputerOpponent
from boardgames.uwo.side import Side
from boardgames.uwo.spec import UwoSetup

#: What the menu's levels mean, in a player's words.
LEVEL_BLURBS = {
    "beginner": "Beginner — counts only the UMOs on the board, and often misses a threat",
    "easy": "Easy — plans its turns, but often picks a weaker plan",
    "normal": "Normal — plans each turn on several guesses at your hand",
    "hard": "Hard — also weighs your best answer to each plan",
}


class SetupForm:
    """Asks the options one after the other on *app*; *done* gets the setup, or ``None``
    once a question was dismissed (Escape)."""

    def __init__(self, app: App[object], done: Callable[[UwoSetup | None], None]) -> None:
        self.app = app
        self.done = done

    def open(self) -> None:
        self.app.push_screen(
            ChoiceScreen(
                "UWO: which game?",
                [
                    Choice("1", "Standard duel — 10 UMOs each, two players", (False, False)),
                    Choice("2", "First game — 8 UMOs each, corners empty, two players", (True, False)),
                    Choice("3", "Standard duel against the computer", (False, True)),
                    Choice("4", "First game against the computer", (True, True)),
                ],
                detail="Gnorfs (green) against Pnorfs (purple): hot-seat on this keyboard, "
                "or you alone against the computer.",
                cancel=True,
            ),
            self._variant,
        )

    def _variant(self, choice: tuple[bool, bool] | None) -> None:
        if choice is None:
            self.done(None)
            return
        first_game, against_computer = choice
        if not against_computer:
            self.done(UwoSetup(first_game, None))
            return
        self.app.push_screen(
            ChoiceScreen(
                "How strong should the computer play?",
                [Choice(str(i + 1), LEVEL_BLURBS[level], level) for i, level in enumerate(OPPONENT_LEVELS)],
                detail="Every level sees only its own hand, as you do.",
                cancel=True,
            ),
            lambda level: self._level(first_game, level),
        )

    def _level(self, first_game: bool, level: str | None) -> None:
        if level is None:
            self.done(None)
            return
        self.app.push_screen(
            ChoiceScreen(
                "Which army do you play?",
                [
                    Choice("g", "Gnorfs (green) — you begin", Side.GNORFS),
                    Choice("p", "Pnorfs (purple) — the computer begins", Side.PNORFS),
                ],
                cancel=True,
            ),
            lambda side: self.done(None if side is None else UwoSetup(first_game, ComputerOpponent(level, side.other))),
        )
