"""What happened: ``Game.apply`` returns a list of these, in order.

Events are public: both players may read every one of them (they feed the action
log), so none names a card drawn, held or put under a deck - only how many.  The
one exception is ``Undone`` (a step taken back names the card going back to the
hand): its audience is its own side, and the log forgets the step (``standing``).  Each
says so the suite's way (``PublicEvent``: ``audience`` is ``None``, everyone at the
table), so a log or handover shared with other games filters them like theirs.
Each carries the names it needs so that ``str(event)`` is a plain sentence.  Each is a
frozen ``msgspec.Struct`` (``common.values``: cheap to define at import, quick to build
during the computer's search).
"""

from __future__ import annotations

from msgspec import Struct

from boardgames.common.game import Audience, PublicEvent
from boardgames.uwo.board import Square, name
from boardgames.uwo.side import Side


def _who(side: Side, kind: str, sq: Square) -> str:
    return f"{side.singular} {kind} on {name(sq)}"


class TurnStarted(PublicEvent, Struct, frozen=True):
    side: Side
    turn: int

    def __str__(self) -> str:
        return f"Turn {self.turn}: {self.side.title} to play."


class Morphed(PublicEvent, Struct, frozen=True):
    side: Side
    square: Square
    old: str
    new: str
    defensive: bool

    def __str__(self) -> str:
        how = "in defence, " if self.defensive else ""
        return f"{self.side.title} {how}morph their {self.old} on {name(self.square)} into a {self.new} (1 energy)."


class Moved(PublicEvent, Struct, frozen=True):
    side: Side
    kind: str
    src: Square
    dst: Square
    cost: int

    def __str__(self) -> str:
        return f"{_who(self.side, self.kind, self.src)} moves to {name(self.dst)} ({self.cost} energy)."


class Rode(PublicEvent, Struct, frozen=True):
    side: Side
    kind: str
    path: tuple[Square, ...]
    cost: int

    def __str__(self) -> str:
        route = " → ".join(name(s) for s in self.path)
        return f"{self.side.singular} {self.kind} rides {route} ({self.cost} energy)."


class Trampled(PublicEvent, Struct, frozen=True):
    side: Side
    kind: str
    square: Square
    until: Side
    again: bool

    def __str__(self) -> str:
        what = "its time out of play starts again" if self.again else "it is out of play"
        return (
            f"The {_who(self.side, self.kind, self.square)} is trampled: {what} "
            f"until the end of the {self.until.possessive} next turn."
        )


class OutOfPlay(PublicEvent, Struct, frozen=True):
    side: Side
    kind: str
    square: Square

    def __str__(self) -> str:
        return (
            f"The {_who(self.side, self.kind, self.square)} is out of play until the end of the "
            f"{self.side.possessive} next turn."
        )


class BackInPlay(PublicEvent, Struct, frozen=True):
    side: Side
    kind: str
    square: Square

    def __str__(self) -> str:
        return f"The {_who(self.side, self.kind, self.square)} is back in play."


class Attacked(PublicEvent, Struct, frozen=True):
    side: Side
    kind: str
    src: Square
    target: str
    dst: Square
    cost: int
    counter: bool

    def __str__(self) -> str:
        verb = "counter-attacks" if self.counter else "attacks"
        return (
            f"{_who(self.side, self.kind, self.src)} {verb} the {self.side.other.singular} "
            f"{self.target} on {name(self.dst)} ({self.cost} energy)."
        )


class Evaded(PublicEvent, Struct, frozen=True):
    side: Side
    kind: str
    square: Square
    left: int

    def __str__(self) -> str:
        return (
            f"The {_who(self.side, self.kind, self.square)} evades "
            f"({self.side.title} have {self.left} evasion card{'s' if self.left != 1 else ''} left)."
        )


class Destroyed(PublicEvent, Struct, frozen=True):
    side: Side
    kind: str
    square: Square
    cards: int

    def __str__(self) -> str:
        stack = f" (a stack of {self.cards} cards)" if self.cards > 1 else ""
        return f"The {_who(self.side, self.kind, self.square)} is destroyed{stack}."


class Blasted(PublicEvent, Struct, frozen=True):
    side: Side
    square: Square
    cost: int

    def __str__(self) -> str:
        return (
            f"The {self.side.singular} Dynamite on {name(self.square)} explodes ({self.cost} energy), "
            "taking every UMO around it along."
        )


class DuelEnded(PublicEvent, Struct, frozen=True):
    side: Side | None
    reason: str

    def __str__(self) -> str:
        return f"The duel ends: {self.reason}."


class Swapped(PublicEvent, Struct, frozen=True):
    side: Side

    def __str__(self) -> str:
        return f"{self.side.title} put a card under their deck and draw one; their turn ends."


class Paid(PublicEvent, Struct, frozen=True):
    """Energy spent at the end of a turn: the 1-energy minimum, or the rest of the row."""

    side: Side
    amount: int
    drained: bool

    def __str__(self) -> str:
        if self.drained:
            return f"{self.side.title} spend their remaining {self.amount} energy."
        return f"{self.side.title} pay 1 energy for the turn."


class RanOut(PublicEvent, Struct, frozen=True):
    side: Side

    def __str__(self) -> str:
        return f"The {self.side.possessive} energy row is empty."


class Drew(PublicEvent, Struct, frozen=True):
    side: Side
    count: int
    blocked: bool = False

    def __str__(self) -> str:
        if self.blocked:
            return f"{self.side.title} draw nothing: their energy row is empty."
        return f"{self.side.title} draw {self.count} card{'s' if self.count != 1 else ''}."


class Refilled(PublicEvent, Struct, frozen=True):
    first: Side

    def __str__(self) -> str:
        return (
            f"Both energy rows are empty: both take their energy back; the {self.first.title}, "
            "whose row ran out first, play next."
        )


class KeepsPlaying(PublicEvent, Struct, frozen=True):
    side: Side

    def __str__(self) -> str:
        return f"The {self.side.other.title} have no energy: the {self.side.title} play again."


class Undone(Struct, frozen=True):
    """A morph or a move taken back (U24).  ``step`` is the event it undoes.

    The one event that is not public: it names the card that goes back into the hand,
    so only its side is its audience; the table forgets the step instead (``standing``).
    """

    side: Side
    step: Morphed | Moved | Rode
    refund: int

    @property
    def audience(self) -> Audience:
        return frozenset({self.side})

    def __str__(self) -> str:
        s = self.step
        if isinstance(s, Morphed):
            what = (
                f"their morph on {name(s.square)}: the {s.new} card goes back to their hand "
                f"and the UMO is a {s.old} again"
            )
        elif isinstance(s, Moved):
            what = f"the move of their {s.kind} from {name(s.src)} to {name(s.dst)}"
        else:
            what = f"the ride of their {s.kind} from {name(s.path[0])} to {name(s.path[-1])}"
        return f"The {self.side.title} take back {what} ({self.refund} energy back)."


class Resigned(PublicEvent, Struct, frozen=True):
    """A side gave the game up (U26); ``GameEnded`` follows."""

    side: Side

    def __str__(self) -> str:
        return f"The {self.side.title} resign."


class DrawOffered(PublicEvent, Struct, frozen=True):
    """The turn's player offers a draw (U26); the other side answers next."""

    side: Side

    def __str__(self) -> str:
        return f"The {self.side.title} offer a draw."


class DrawAnswered(PublicEvent, Struct, frozen=True):
    """The answer to a draw offer (U26): accepted, ``GameEnded`` follows; declined, the turn goes on."""

    side: Side
    accept: bool

    def __str__(self) -> str:
        if self.accept:
            return f"The {self.side.title} accept the draw."
        return f"The {self.side.title} decline the draw; the {self.side.other.possessive} turn goes on."


class GameEnded(PublicEvent, Struct, frozen=True):
    winner: Side | None
    reason: str

    def __str__(self) -> str:
        if self.winner is None:
            return f"The game is a draw: {self.reason}."
        return f"The {self.winner.title} win: {self.reason}."


def standing(happened: list[object]) -> list[object]:
    """What still stands of ``happened`` once the steps taken back are forgotten (U24).

    Each ``Undone`` removes the step it undid and everything after it - the step's own
    consequences (an energy row running empty, a trampling), since undoing goes last
    first - and itself.  The log and the handover show this, so the other player never
    reads that a card was played and went back into the hand: what they learn of the
    turn is what stands at its end.  Items that are not events (a log's headings) pass.
    """
    out: list[object] = []
    for item in happened:
        if isinstance(item, Undone):
            for i in range(len(out) - 1, -1, -1):
                if out[i] == item.step:
                    del out[i:]
                    break
            continue
        out.append(item)
    return out


Event = (
    TurnStarted
    | Morphed
    | Moved
    | Rode
    | Trampled
    | OutOfPlay
    | BackInPlay
    | Attacked
    | Evaded
    | Destroyed
    | Blasted
    | DuelEnded
    | Swapped
    | Paid
    | RanOut
    | Drew
    | Refilled
    | KeepsPlaying
    | Undone
    | Resigned
    | DrawOffered
    | DrawAnswered
    | GameEnded
)
