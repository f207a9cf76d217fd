"""What VNTYPL8S's handovers say when a game opens on a session, in one place.

The game's screen says it (``Vntypl8sScreen._begin_writing``, ``_resume``), and
``entry.session_screen`` says the first one before that screen is imported: a game
opened on a session (``--resume``, the menu's resume line) opens on that handover
alone, the screen built beneath it after the first frame (``OpeningHandover``, issue
16).  Both take their words from here, from the engine's state and the last replayed
action's events alone, so the opening can never drift from what the game would say.

Nothing here imports Textual or the game's screen: only the engine, which the session
has imported already to replay the save.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from boardgames.common.text import shown
from boardgames.vntypl8s.engine import Game, Phase, RequirementsRevealed, RoundEnded
from boardgames.vntypl8s.limits import BUZZ_SECONDS, writing_detail

#: Who takes the keyboard at a public handover, and what it says over everything.
EVERYONE = "Everyone"
RESUMED_TITLE = "The game resumes. Everyone, gather round — press Space when ready"


class Then(enum.Enum):
    """What the screen shows once the handover is dismissed."""

    WRITE = "the writer's cards and plate editor"
    REVEAL = "how the last plate ended"
    ROUND_END = "the scores of the round"
    BUZZ = "the plate being guessed, its buzzer's guess dialog open again"
    PLATE = "the plate being guessed"


@dataclass(frozen=True)
class Opening:
    """A game's first handover: who takes the keyboard (``player``), its words, and what
    comes after it; ``seat``: the writer (``WRITE``) or who holds the buzz (``BUZZ``)."""

    player: str
    detail: str
    then: Then
    title: str | None = None
    seat: int | None = None


def writers_left(game: Game) -> list[int]:
    """The seats still to write this round, in writing order (the first writes next, P13)."""
    view = game.view(None)
    return [p for p in game.writing_order if not view.players[p].done_writing]


def writing(game: Game, timer: int | None, *, resumed: bool = False, left: Sequence[int] | None = None) -> Opening:
    """The next writer's handover (P13).  *resumed*: the game was interrupted, maybe
    mid-plate; it says the plate starts afresh with the whole writing time (P20).
    *left*: ``writers_left(game)``, when the caller has it already (an engine view each)."""
    writer = (writers_left(game) if left is None else left)[0]
    detail = writing_detail(game.round, game.rounds, timer)
    if resumed:
        whole = f", with the whole {timer} seconds" if timer else ""
        detail = (
            f"The game resumes in round {game.round} of {game.rounds}. You write your plate from the start{whole}: "
            "your secret 0WN3R and R3QRMNTS cards come next."
        )
    return Opening(game.players[writer], detail, Then.WRITE, seat=writer)


def resumed(game: Game, last: Sequence[object], timer: int | None) -> Opening | None:
    """P20: the handover a replayed save (*last*: its last action's events) opens on;
    ``None`` for a finished game (its final table shows at once).

    Writing resumes with the next writer's own handover; anything else with a public
    one, before the reveal, round table or plate the players were looking at.
    """
    if game.phase is Phase.GAME_OVER:
        return None
    revealed = any(isinstance(e, RequirementsRevealed) for e in last)
    round_over = any(isinstance(e, RoundEnded) for e in last)
    if game.phase is Phase.WRITING and not revealed and not round_over:
        return writing(game, timer, resumed=True)
    holder: int | None = None
    if revealed:
        detail, then = "Space shows how the last plate ended.", Then.REVEAL
    elif round_over:
        detail, then = "Space shows the scores of the round.", Then.ROUND_END
    elif (holder := game.view(None).buzzer) is not None:
        # P31: the buzz was held when the game stopped: it is the buzzer's again, with the whole time.
        detail = (
            f"Space shows the plate being guessed: {shown(game.players[holder])} holds the buzz "
            f"and has the whole {BUZZ_SECONDS} seconds again."
        )
        then = Then.BUZZ
    else:
        detail, then = "Space shows the plate being guessed. Buzz with your number key.", Then.PLATE
    return Opening(EVERYONE, detail, then, title=RESUMED_TITLE, seat=holder)


def first(game: Game, last: Sequence[object], timer: int | None) -> Opening | None:
    """The first handover of a game opened on its session: a replayed save's (``resumed``),
    or a new game's first writer's (*last* is empty: no action yet)."""
    return resumed(game, last, timer) if last else writing(game, timer)
