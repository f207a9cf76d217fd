"""What one seat may see of a UWO game: ``Game.view(viewer)`` builds these.

The screen renders only from a view, never from the engine, so a hand that is not
in the view cannot reach the terminal.  A view holds:

- the board: every UMO with its whole stack (each card was played face up), its
  out-of-play mark and whether it was morphed this turn;
- per side: energy, evasion cards, hand and deck *sizes*, the removed cards;
- the viewer's own hand (``hand`` is ``None`` for the other side, and for both
  sides in the public view, ``viewer=None``);
- the legal actions, only when the viewer is the seat that must act now.

Neither deck's order is in any view.  The views are frozen ``msgspec.Struct``s
(``common.values``): pickled to the computer's process, built at every decision.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping

from msgspec import Struct, field

from boardgames.common.values import EqualityWithout
from boardgames.uwo.actions import Action
from boardgames.uwo.board import Square
from boardgames.uwo.cards import Kind
from boardgames.uwo.side import Side


class Phase(enum.Enum):
    """Who must decide what now."""

    #: The player whose turn it is: morph, act, swap or end the turn.
    TURN = "turn"
    #: The owner of an attacked UMO: defensive morph, evasion, or take the hit.
    DEFEND = "defend"
    #: Whoever just defended successfully: counter-attack or stop the duel.
    COUNTER = "counter"
    #: The other side of the turn's player, who offered a draw: accept or decline (U26).
    DRAW_OFFER = "draw offer"
    #: The game is over.
    OVER = "over"


class Outcome(Struct, frozen=True):
    """``winner`` is ``None`` for a draw; ``reason`` is plain words."""

    winner: Side | None
    reason: str

    @property
    def winners(self) -> frozenset[int]:
        """The winning side as a seat (``common.game.Outcome``); none for a draw."""
        return frozenset() if self.winner is None else frozenset({int(self.winner)})


class Duel(Struct, frozen=True):
    """The duel in progress: ``target`` was attacked by ``attacker``.

    In ``Phase.COUNTER`` the UMO on ``target`` has just defended itself and may
    counter-attack the one on ``attacker``.
    """

    attacker: Square
    target: Square


class UmoView(Struct, frozen=True):
    square: Square
    side: Side
    #: The top card: it rules.
    kind: Kind
    #: The whole stack, bottom first (its last element is ``kind``).
    stack: tuple[Kind, ...]
    out_of_play: bool
    #: When an out-of-play UMO comes back, in words ("" when it is in play).
    out_text: str
    #: Morphed during its owner's turn, this turn: it may move but not attack (Dynamite aside).
    morphed_this_turn: bool
    moved_this_turn: bool
    #: Per side, how many turns that side must have finished before the UMO is back in play.
    out_until: tuple[int, int] = (0, 0)

    @property
    def height(self) -> int:
        return len(self.stack)


class SideView(Struct, frozen=True):
    side: Side
    energy: int
    energy_max: int
    #: Evasion cards left: a public supply beside the energy row (U1).
    evasions: int
    evasions_max: int
    hand_size: int
    deck_size: int
    #: Cards out of the game (destroyed stacks, set-aside troops), in the order they left.
    removed: tuple[Kind, ...]
    #: The hand, only in the view of its owner.
    hand: tuple[Kind, ...] | None
    umos: int
    #: Turns this side has begun and finished (out-of-play marks count them).
    turns_started: int = 0
    turns_done: int = 0


class UwoView(EqualityWithout, Struct, frozen=True):
    """What *viewer* may see (``None``: the public view); ``undoable`` is left out of ``==``."""

    not_compared = frozenset({"undoable"})

    viewer: Side | None
    board: tuple[UmoView | None, ...]
    sides: tuple[SideView, SideView]
    phase: Phase
    #: Whose turn it is.
    current: Side
    #: Who must decide now (``None`` once the game is over).
    to_act: Side | None
    turn: int
    turn_cap: int
    duel: Duel | None
    morph_used: bool
    action_used: bool
    paid: int
    outcome: Outcome | None
    first_game: bool
    #: The side whose energy row ran out first since the last refill (it plays first after it).
    ran_out_first: Side | None
    #: The legal actions, when ``viewer`` is the seat to act; otherwise empty (``Undo`` is never listed).
    legal: tuple[Action, ...]
    #: How many of this turn's morphs and moves can still be taken back (U24); public.
    #: A hint for the screen, left out of ``==``: a game sampled from a view
    #: (``Game.from_view``) has the position, not the steps that led to it.
    undoable: int = 0
    #: The turn's player has offered a draw this turn (one offer a turn, U26).
    draw_offered: bool = False
    #: How often each position has begun a turn (``Game.position_key``, U27); public, as
    #: everyone at the table saw them.  Read-only: the engine replaces it, never changes it.
    positions: Mapping[object, int] = field(default_factory=dict)

    def side(self, side: Side) -> SideView:
        return self.sides[side]

    def umos_of(self, side: Side) -> list[UmoView]:
        return [u for u in self.board if u is not None and u.side is side]
