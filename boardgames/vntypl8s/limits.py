"""The game's numbers and names rule as the command line checks them before the engine
or the judge is imported: how many seats and rounds, the players' names, how long a
plate and an owner's title may be; and the words of a writer's handover, which the
first frame of a game from the command line shows.

Their own module so that building the command line (``entry.ENTRY``'s options: every
``boardgames`` command does it) imports neither the plate judge nor the engine, and a
game opened from the command line imports its engine only after its first frame;
``engine``, ``judge`` and ``spec`` use and re-export them.
"""

from __future__ import annotations

from collections.abc import Sequence

from boardgames.common.names import clean_names, split_names

#: The game's name, as the names rule's words give it.
TITLE = "VNTYPL8S"

#: Rounds in a game, and how many players a game seats.
ROUNDS = 3
MIN_PLAYERS = 3
MAX_PLAYERS = 8


def parse_players(text: str) -> tuple[str, ...]:
    """``"Ann, Bob,Cy"`` -> the seats in clockwise order, as the game keeps the names.

    ``BadNames`` (a ``ValueError`` and a ``UserFacingError``) with every problem in
    words when the names break the one rule for names (``common.names``).
    """
    return players_from(split_names(text))


def players_from(names: Sequence[str]) -> tuple[str, ...]:
    """The setup form's names (one per field) checked and tidied like ``--players``."""
    return clean_names(names, at_least=MIN_PLAYERS, at_most=MAX_PLAYERS, game=TITLE)


#: P2: the most characters a plate holds.
MAX_LENGTH = 8

#: P21: the most characters the judge reads.  Longer text is still judged illegal
#: (too long, and every character rule), but its runs are not read for title words:
#: there are n(n-1)/2 of them, so 1,500 characters took 4 s and 900 MB.  The plate
#: editor holds exactly this many (``PlateInput``'s ``max_length``), so a writer sees
#: "too long" with every other reason while typing, and ``boardgames vntypl8s check``
#: refuses longer plates outright.
MAX_JUDGED = 2 * MAX_LENGTH

#: Seconds a buzzer has to pick a card once they hold the buzz (P29); said by a resumed
#: game's handover (``handovers``) before the screen that runs the buzzer is imported.
BUZZ_SECONDS = 15

#: P21: the longest owner title ``check`` accepts (the longest card has 22 characters).
MAX_OWNER = 64


def writing_detail(round_no: int, rounds: int, timer: int | None) -> str:
    """What a writer's handover says under their name: the round, and the writing timer.
    The screen's handovers and the opening one of a game from the command line (said
    before the engine is imported) alike."""
    seconds = f" You have {timer} seconds." if timer else ""
    return f"Round {round_no} of {rounds}: your secret 0WN3R and R3QRMNTS cards come next.{seconds}"
