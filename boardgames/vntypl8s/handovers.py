"""What VNTYPL8S's handovers say (``common.handovers.HandoverWords``), in one place.

Who takes the keyboard is the common policy's: the next writer, the one actor with a
private view (P13).  The game adds only its words, and one courtesy: the rulebook
gathers everyone round the screen though no secret is at stake - when the grid and
the first plate are dealt, and when a saved game comes back before the table (P20,
P31).

``entry.session_screen`` words a resumed game's opening handover with these words
before the game's screen is imported (``common.ui.handover.opening_screen``): the
same policy and words the screen uses, so the two can never drift apart.  Nothing
here imports Textual or the screen.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from boardgames.common.handovers import Why
from boardgames.common.records import FrozenRecord
from boardgames.common.text import shown
from boardgames.vntypl8s.limits import BUZZ_SECONDS, ROUNDS, writing_detail

if TYPE_CHECKING:
    from boardgames.vntypl8s.engine import Game

#: Who takes the keyboard at a public handover, and what it says over everything.
EVERYONE = "Everyone"
RESUMED_TITLE = "The game resumes. Everyone, gather round — press Space when ready"
GRID_TITLE = "Everyone, gather round the screen — press Space to reveal the first plate"
GRID_DETAIL = "The 0WN3R grid and the first plate are next. Buzz with your number key."


class NewTable(FrozenRecord):
    """What the words read of a new game before its engine exists (``boardgames vntypl8s
    --players ...``: ``common.ui.handover.new_game_screen``): its players, its first round."""

    __slots__ = ("players", "round", "rounds")
    players: tuple[str, ...]
    round: int
    rounds: int

    def __init__(self, players: Sequence[str]) -> None:
        super().__init__(tuple(players), 1, ROUNDS)


# The engine's modules are imported only where events are read: a new game's opening
# handover is worded before the engine is imported (``NewTable``).


def revealed(events: Sequence[object]) -> bool:
    from boardgames.vntypl8s.engine import RequirementsRevealed  # noqa: PLC0415

    return any(isinstance(e, RequirementsRevealed) for e in events)


def round_over(events: Sequence[object]) -> bool:
    from boardgames.vntypl8s.engine import RoundEnded  # noqa: PLC0415

    return any(isinstance(e, RoundEnded) for e in events)


class Words:
    """VNTYPL8S's ``HandoverWords``: a writer's handover names them (the default headline)."""

    #: A resumed game shows the table what its last action led to first (P20).
    shows_last = True

    def __init__(self, timer: int | None) -> None:
        self.timer = timer

    def player(self, engine: Any, seat: int | None) -> str:
        return name(engine, seat)

    def title(self, engine: Any, seat: int | None, why: Why, seen: Sequence[object]) -> str:
        if seat is not None:
            return ""  # "Ann, take the keyboard — press Space when ready"
        return RESUMED_TITLE if why is Why.RESUMED else GRID_TITLE

    def detail(self, engine: Any, seat: int | None, why: Why, seen: Sequence[object]) -> str:
        game: Game | NewTable = engine
        if seat is not None:
            if why is not Why.RESUMED:
                return writing_detail(game.round, game.rounds, self.timer)
            # P20: a writer interrupted mid-plate starts it again, with the whole time.
            whole = f", with the whole {self.timer} seconds" if self.timer else ""
            return (
                f"The game resumes in round {game.round} of {game.rounds}. You write your plate from the start{whole}: "
                "your secret 0WN3R and R3QRMNTS cards come next."
            )
        if why is not Why.RESUMED:
            return GRID_DETAIL
        if revealed(seen):
            return "Space shows how the last plate ended."
        if round_over(seen):
            return "Space shows the scores of the round."
        if (holder := engine.view(None).buzzer) is not None:  # a resumed game: its engine
            # P31: the buzz was held when the game stopped: it is the buzzer's again, with the whole time.
            return (
                f"Space shows the plate being guessed: {shown(game.players[holder])} holds the buzz "
                f"and has the whole {BUZZ_SECONDS} seconds again."
            )
        return "Space shows the plate being guessed. Buzz with your number key."

    def courtesy(self, engine: Any, why: Why, events: Sequence[object]) -> bool:
        """Everyone gathers round for the grid and the first plate, and for a saved game that
        comes back to the table's reveal, round table or plate (P20)."""
        if why is Why.OPENING:
            return False
        from boardgames.vntypl8s.engine import GridDealt, Phase  # noqa: PLC0415

        if why is Why.TURN:
            return any(isinstance(e, GridDealt) for e in events) and not round_over(events)
        if why is Why.RESUMED:
            return engine.phase is Phase.GUESSING or revealed(events) or round_over(events)
        return False


def name(game: Game | NewTable, seat: int | None) -> str:
    """Who a handover names: a writer, or everyone."""
    return EVERYONE if seat is None else game.players[seat]
