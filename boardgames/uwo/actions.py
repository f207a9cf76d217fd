"""What a player can do in UWO: small immutable values, hashable and comparable
(frozen ``msgspec.Struct``s: ``common.values`` says why).

As in python-chess, an action is a plain value (``Move(src=7, dst=12)``) that can be
tested for membership in ``game.legal_actions`` and handed to ``game.apply``.
Hand cards are named by kind, not by card: two Skitters in a hand are the same
choice, and an opponent's seat never needs to know which physical card it was.

Who may send which action depends on the engine's phase:

- ``Phase.TURN`` (the player whose turn it is): ``Morph``, ``Move``, ``Ride``,
  ``Attack``, ``Blast``, ``Swap``, ``EndTurn``, and ``Undo`` (take back this turn's
  last morph or move, U24);
- ``Phase.DEFEND`` (the owner of an attacked UMO): ``Morph`` (onto the attacked
  UMO, a defensive morph), ``Evade``, ``TakeHit``;
- ``Phase.COUNTER`` (whoever just defended successfully): ``Attack`` or ``Blast``
  (the counter-attack), ``StopDuel``;
- ``Phase.DRAW_OFFER`` (the player offered a draw): ``AnswerDraw``.

``Resign`` (whoever must act, in any phase) and ``OfferDraw`` (the turn's player, once a
turn, outside a duel) are legal but never listed (U26), like ``Undo``: a player
picking among the listed moves - the computer, a random player - must never give a
game away by chance.
"""

from __future__ import annotations

from msgspec import Struct

from boardgames.uwo.board import Square, name


class Morph(Struct, frozen=True):
    """Play a hand card of ``kind`` on top of one's own UMO at ``square`` (1 energy)."""

    kind: str
    square: Square

    def __str__(self) -> str:
        return f"morph {name(self.square)} into {self.kind}"


class Move(Struct, frozen=True):
    """Move a UMO in a straight line over empty squares (the card's move cost)."""

    src: Square
    dst: Square

    def __str__(self) -> str:
        return f"move {name(self.src)}-{name(self.dst)}"


class Ride(Struct, frozen=True):
    """A Rider's ride: ``path`` is every square stepped on after ``src``, the last one empty."""

    src: Square
    path: tuple[Square, ...]

    @property
    def dst(self) -> Square:
        return self.path[-1]

    def __str__(self) -> str:
        return "ride " + "-".join(name(s) for s in (self.src, *self.path))


class Attack(Struct, frozen=True):
    """Shoot the enemy UMO at ``dst`` from ``src`` (also a counter-attack in a duel)."""

    src: Square
    dst: Square

    def __str__(self) -> str:
        return f"attack {name(self.src)}x{name(self.dst)}"


class Blast(Struct, frozen=True):
    """The Dynamite UMO at ``src`` attacks: it explodes with everything on the 8 squares around."""

    src: Square

    def __str__(self) -> str:
        return f"blast {name(self.src)}"


class Swap(Struct, frozen=True):
    """Instead of morphing: a hand card of ``kind`` under the deck, draw one; the turn ends."""

    kind: str

    def __str__(self) -> str:
        return f"swap {self.kind}"


class EndTurn(Struct, frozen=True):
    """End the turn (1 energy if nothing was paid); ``drain`` spends every energy left."""

    drain: bool = False

    def __str__(self) -> str:
        return "end turn, spending all energy" if self.drain else "end turn"


class Evade(Struct, frozen=True):
    """Answer an attack with an evasion card (free; the card leaves the game)."""

    def __str__(self) -> str:
        return "evade"


class TakeHit(Struct, frozen=True):
    """Do not defend: the attacked UMO is destroyed."""

    def __str__(self) -> str:
        return "take the hit"


class StopDuel(Struct, frozen=True):
    """After a successful defence, do not counter-attack: the duel ends."""

    def __str__(self) -> str:
        return "stop the duel"


class Undo(Struct, frozen=True):
    """Take back this turn's last morph or move (U24), as python-chess's ``Board.pop``.

    An action like the others, so a save records it and a replay takes the same step
    back.  It is legal (``Undo() in game.legal_actions``) but never *listed* by
    ``Game.legal_list``: a player choosing among the turn's moves - the computer, a
    random player - has no use for it and would only loop.
    """

    def __str__(self) -> str:
        return "undo"


class Resign(Struct, frozen=True):
    """Give the game up (U26): the other side wins at once.  Whoever must act may resign."""

    def __str__(self) -> str:
        return "resign"


class OfferDraw(Struct, frozen=True):
    """Offer the other side a draw (U26), on one's own turn outside a duel, once a turn.

    The other side must answer (``AnswerDraw``) before anything else happens; a declined
    offer leaves the turn where it was.
    """

    def __str__(self) -> str:
        return "offer a draw"


class AnswerDraw(Struct, frozen=True):
    """The answer to a draw offer (U26): ``accept`` ends the game as a draw."""

    accept: bool

    def __str__(self) -> str:
        return "accept the draw" if self.accept else "decline the draw"


Action = (
    Morph
    | Move
    | Ride
    | Attack
    | Blast
    | Swap
    | EndTurn
    | Evade
    | TakeHit
    | StopDuel
    | Undo
    | Resign
    | OfferDraw
    | AnswerDraw
)


_FIXED: dict[str, Action] = {
    "end turn": EndTurn(),
    "end turn, spending all energy": EndTurn(drain=True),
    "evade": Evade(),
    "take the hit": TakeHit(),
    "stop the duel": StopDuel(),
    "undo": Undo(),
    "resign": Resign(),
    "offer a draw": OfferDraw(),
    "accept the draw": AnswerDraw(accept=True),
    "decline the draw": AnswerDraw(accept=False),
}


def parse_action(text: str) -> Action:
    """The inverse of ``str(action)``: ``"move b2-b3"``, ``"attack b2xb4"``,
    ``"ride c3-c4-d4"``, ``"morph b2 into skitter"``, ``"blast c3"``, ``"swap wisp"``,
    ``"end turn"``, ... (``ValueError`` for anything else).  Handy in tests and logs."""
    from boardgames.uwo.board import parse  # noqa: PLC0415 - tiny helper, avoids a cycle at import

    t = " ".join(text.strip().lower().split())
    if t in _FIXED:
        return _FIXED[t]
    verb, _, rest = t.partition(" ")
    try:
        if verb == "move":
            a, b = rest.split("-")
            return Move(parse(a), parse(b))
        if verb == "attack":
            a, b = rest.split("x")
            return Attack(parse(a), parse(b))
        if verb == "ride":
            first, *path = (parse(s) for s in rest.split("-"))
            if not path:
                raise ValueError("a ride needs at least one step")
            return Ride(first, tuple(path))
        if verb == "blast":
            return Blast(parse(rest))
        if verb == "morph":
            sq, into, kind = rest.split(" ")
            if into != "into":
                raise ValueError(text)
            return Morph(kind, parse(sq))
        if verb == "swap" and rest.isalpha():
            return Swap(rest)
    except ValueError:
        pass
    raise ValueError(f"not a UWO action: {text!r}")
