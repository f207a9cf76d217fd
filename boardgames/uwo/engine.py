"""The UWO rules engine: pure, seeded, no Textual, no clock.

``Game.new(rng)`` deals a game (the only chance in UWO is the two shuffles at the
start, taken from the ``random.Random`` passed in).  Then::

    game.to_act                    # the side that must decide now (actors(): as a set)
    action in game.legal_actions   # lazy: asks why_illegal, enumerates nothing
    game.legal_list()              # every legal action of that side, enumerated
    game.why_illegal(action)       # None, or the reason apply would refuse it with
    game.apply(action)             # -> list of events; IllegalActionError otherwise
    game.outcome()                 # None until the game is over
    game.view(side)                # what that seat may see (None: the public view)

``Game`` implements ``boardgames.common.game.Engine``, the contract the suite's games
share, so the session layer saves, replays and refuses UWO actions as it does the
others' (a ``Side`` is an ``IntEnum``: it is a seat).

The duel of the rulebook (attack, defence, counter-attack, ...) is a sequence of
phases in which the *defender* decides (``Phase.DEFEND`` / ``Phase.COUNTER``), so a
screen can hand the keyboard over.  Every rule the rulebook leaves open is decided
in ``docs/rules/uwo.md`` under *Interpretations*; the comments cite the rows
(``U1``, ``U2``, ...).

The state is a handful of flat lists of ints and small immutable ``Umo`` records,
so ``copy()`` is a few list copies and ``apply`` never deep-copies anything: a
search (the computer opponent) can copy and apply thousands of times a second.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import NamedTuple

from boardgames.common.game import IllegalActionError, LegalActions, Seat
from boardgames.uwo import board as B
from boardgames.uwo.actions import (
    Action,
    AnswerDraw,
    Attack,
    Blast,
    EndTurn,
    Evade,
    Morph,
    Move,
    OfferDraw,
    Resign,
    Ride,
    StopDuel,
    Swap,
    TakeHit,
    Undo,
)
from boardgames.uwo.board import (
    ADJACENT,
    AROUND,
    LINES,
    SQUARES,
    Sight,
    Square,
    open_squares,
    out_of_play,
    shield_stops,
    sight,
    targets,
    waits_for,
)
from boardgames.uwo.cards import Catalog, Kind, Role, load_catalog
from boardgames.uwo.events import (
    Attacked,
    BackInPlay,
    Blasted,
    Destroyed,
    DrawAnswered,
    DrawOffered,
    Drew,
    DuelEnded,
    Evaded,
    Event,
    GameEnded,
    KeepsPlaying,
    Morphed,
    Moved,
    OutOfPlay,
    Paid,
    RanOut,
    Refilled,
    Resigned,
    Rode,
    Swapped,
    Trampled,
    TurnStarted,
    Undone,
)
from boardgames.uwo.side import Side
from boardgames.uwo.view import Duel, Outcome, Phase, SideView, UmoView, UwoView

__all__ = [
    "HAND_SIZE",
    "REPEATS",
    "TURN_CAP",
    "Game",
    "IllegalActionError",
    "LegalActions",
    "Outcome",
    "Phase",
    "Umo",
]

#: Cards in hand after drawing (rulebook: "draw cards up to 3").
HAND_SIZE = 3
#: A game still running after this many turns (both sides' turns counted) is a draw (U14).
TURN_CAP = 300
#: A turn beginning in the same position for this many times ends the game as a draw (U27).
REPEATS = 3

_GNORFS, _PNORFS = Side.GNORFS, Side.PNORFS
_RIDER, _DYNAMITE = Role.RIDER, Role.DYNAMITE

# Actions are immutable values, so the engine hands out shared instances instead of
# building thousands of new ones per second in self-play: _MOVES[src][dst], _ATTACKS[src][dst]
# for every ``dst`` in line with ``src``.
_MOVES: tuple[dict[Square, Move], ...] = tuple(
    {dst: Move(src, dst) for dst in range(SQUARES) if LINES[src][dst] is not None} for src in range(SQUARES)
)
_ATTACKS: tuple[dict[Square, Attack], ...] = tuple(
    {dst: Attack(src, dst) for dst in range(SQUARES) if LINES[src][dst] is not None} for src in range(SQUARES)
)
_BLASTS: tuple[Blast, ...] = tuple(Blast(sq) for sq in range(SQUARES))
_MORPHS: dict[str, tuple[Morph, ...]] = {}
_RIDES: dict[tuple[Square, tuple[Square, ...]], Ride] = {}
_END, _DRAIN = EndTurn(), EndTurn(drain=True)
_EVADE, _TAKE_HIT, _STOP = Evade(), TakeHit(), StopDuel()
_ANSWERS: list[Action] = [AnswerDraw(accept=True), AnswerDraw(accept=False)]
#: Positions a game remembers beside its shared history before it folds them in (U27).
_FOLD = 16


def _morphs(key: str) -> tuple[Morph, ...]:
    m = _MORPHS.get(key)
    if m is None:
        m = _MORPHS[key] = tuple(Morph(key, sq) for sq in range(SQUARES))
    return m


def _ride(src: Square, path: tuple[Square, ...]) -> Ride:
    r = _RIDES.get((src, path))
    if r is None:
        r = _RIDES[(src, path)] = Ride(src, path)
    return r


class Umo:
    """A UMO on the board: a stack of one side's cards, the top one ruling.

    Immutable by convention (the engine replaces a record instead of changing it),
    which is what makes ``Game.copy`` a shallow list copy.

    ``out`` holds, per side, how many turns that side must have *finished* before
    the UMO is back in play: it is out of play while ``done[s] < out[s]`` for either
    side (``board.out_of_play``).  "Until the end of the Gnorfs' next turn" is
    ``out[GNORFS] = started + 1``; a second reason (trampled, U4) only ever adds a
    condition, never shortens one.
    ``locked`` / ``moved`` are the global turn numbers of its last own-turn morph and
    its last move.
    """

    __slots__ = ("side", "cards", "kind", "out", "locked", "moved", "_cell")

    def __init__(
        self,
        side: Side,
        cards: tuple[int, ...],
        kind: Kind,
        out: tuple[int, int] = (0, 0),
        locked: int = 0,
        moved: int = 0,
    ) -> None:
        self.side = side
        self.cards = cards
        self.kind = kind
        self.out = out
        self.locked = locked
        self.moved = moved
        #: Its square's part of ``Game.position_key`` while it is in play, made once: the
        #: search asks for position keys hundreds of thousands of times a game.
        self._cell = (side, kind.index, len(cards), 0, 0)

    def but(self, **changes: object) -> Umo:
        """A copy with some fields changed."""
        get = changes.get
        return Umo(
            get("side", self.side),  # type: ignore[arg-type]
            get("cards", self.cards),  # type: ignore[arg-type]
            get("kind", self.kind),  # type: ignore[arg-type]
            get("out", self.out),  # type: ignore[arg-type]
            get("locked", self.locked),  # type: ignore[arg-type]
            get("moved", self.moved),  # type: ignore[arg-type]
        )

    def __repr__(self) -> str:
        return f"Umo({self.side.title}, {self.kind.key}, h={len(self.cards)}, out={self.out})"


class Game:
    """One UWO game.  Build it with ``Game.new(rng)``."""

    __slots__ = (
        "catalog",
        "board",
        "hands",
        "decks",
        "removed",
        "energy",
        "evasions",
        "current",
        "phase",
        "duel",
        "turn",
        "started",
        "done",
        "morph_used",
        "action_used",
        "paid",
        "ran_out_first",
        "_outcome",
        "alive",
        "first_game",
        "turn_cap",
        "_undo",
        "offered",
        "_seen",
        "_recent",
        "reps",
    )

    catalog: Catalog
    board: list[Umo | None]
    #: Card ids (0..39, see ``Catalog.card_kinds``) per side.
    hands: list[list[int]]
    #: Per side; the *last* element is the top of the deck.
    decks: list[list[int]]
    removed: list[list[int]]
    energy: list[int]
    evasions: list[int]
    current: Side
    phase: Phase
    duel: Duel | None
    turn: int
    started: list[int]
    done: list[int]
    morph_used: bool
    action_used: bool
    paid: int
    ran_out_first: Side | None
    _outcome: Outcome | None
    alive: list[int]
    first_game: bool
    turn_cap: int
    #: This turn's morphs and moves that ``Undo`` can take back, last one last (U24);
    #: ``None`` once an attack, a blast or a swap has closed the turn to undoing.
    _undo: list[_Step] | None
    #: The turn's player has offered a draw this turn (U26).
    offered: bool
    #: How often each position began a turn (U27), shared between copies and never changed:
    #: a search copies a game thousands of times, so the newest keys wait in ``_recent``
    #: (a short tuple) and are folded into a new dict only now and then.
    _seen: dict[object, int]
    _recent: tuple[object, ...]
    #: How many times this turn's starting position has come up, this turn included (U27):
    #: counted once when the turn begins, so that a search may read it for nothing.
    reps: int

    # ------------------------------------------------------------------ set-up

    @classmethod
    def new(
        cls,
        rng: random.Random,
        *,
        first_game: bool = False,
        catalog: Catalog | None = None,
        turn_cap: int = TURN_CAP,
        first: Side = Side.GNORFS,
    ) -> Game:
        """Deal a game: troops on the first two rows, the rest shuffled, 3 cards each; Gnorfs begin.

        The players do not choose their starting UMOs (U25): the catalog's 10 Troopers
        are the only cards never in the deck, and they fill the two home rows exactly.

        ``first_game``: the rulebook's 8-UMO variant, the corners left empty (U15).
        ``first`` exists for the balance measurements only (which side's edge is the
        first player's?); a real game always lets the Gnorfs begin.
        """
        cat = catalog or load_catalog()
        g = object.__new__(cls)
        g.catalog = cat
        g.board = [None] * SQUARES
        g.hands, g.decks, g.removed = [[], []], [[], []], [[], []]
        g.energy = [cat.energy, cat.energy]
        g.evasions = [cat.evasion, cat.evasion]
        g.alive = [0, 0]
        troop = cat.troop
        for side in Side:
            ids = list(range(cat.deck_size))
            troops = [i for i in ids if cat.card_kinds[i] is troop]
            rest = [i for i in ids if cat.card_kinds[i] is not troop]
            skip = set(B.corners(side)) if first_game else set()
            squares = [B.square(c, r) for r in B.home_rows(side) for c in range(B.COLS)]
            for sq in squares:
                card = troops.pop(0)
                if sq in skip:
                    g.removed[side].append(card)  # U15: set aside, out of the game
                else:
                    g.board[sq] = Umo(side, (card,), troop)
                    g.alive[side] += 1
            rng.shuffle(rest)
            g.decks[side] = rest
            for _ in range(HAND_SIZE):
                g.hands[side].append(g.decks[side].pop())
        g.current = first
        g.phase = Phase.TURN
        g.duel = None
        g.turn = 1
        g.started = [0, 0]
        g.started[first] = 1
        g.done = [0, 0]
        g.morph_used = g.action_used = False
        g.paid = 0
        g.ran_out_first = None
        g._outcome = None
        g.first_game = first_game
        g.turn_cap = turn_cap
        g._undo = []
        g.offered = False
        g._seen = {}
        g._recent = (g.position_key(),)
        g.reps = 1
        return g

    @classmethod
    def from_view(cls, view: UwoView, rng: random.Random, *, catalog: Catalog | None = None) -> Game:
        """A full game consistent with ``view``: what the seat cannot see is dealt at random.

        The hidden cards (the other hand, both decks' order) are the cards of each side
        not on the board, not removed and not in a known hand; they are shuffled with
        ``rng`` and dealt.  This is "determinization": a computer opponent plans on
        such samples and so never reads the real hidden state.
        """
        cat = catalog or load_catalog()
        g = object.__new__(cls)
        g.catalog = cat
        pools: list[dict[str, list[int]]] = []
        for _side in Side:
            pool: dict[str, list[int]] = {k.key: [] for k in cat.kinds}
            for card, kind in enumerate(cat.card_kinds):
                pool[kind.key].append(card)
            pools.append(pool)

        def take(side: Side, kind: Kind) -> int:
            ids = pools[side][kind.key]
            if not ids:
                raise ValueError(f"the view shows more {kind.name} cards of the {side.title} than exist")
            return ids.pop()

        g.board = [None] * SQUARES
        for sq, uv in enumerate(view.board):
            if uv is not None:
                cards = tuple(take(uv.side, k) for k in uv.stack)
                g.board[sq] = Umo(
                    uv.side,
                    cards,
                    uv.kind,
                    uv.out_until,
                    view.turn if uv.morphed_this_turn else 0,
                    view.turn if uv.moved_this_turn else 0,
                )
        g.hands, g.decks, g.removed = [[], []], [[], []], [[], []]
        for s in Side:
            sv = view.sides[s]
            g.removed[s] = [take(s, k) for k in sv.removed]
            if sv.hand is not None:
                g.hands[s] = [take(s, k) for k in sv.hand]
            rest = [c for ids in pools[s].values() for c in ids]
            rng.shuffle(rest)
            if sv.hand is None:
                g.hands[s] = [rest.pop() for _ in range(sv.hand_size)]
            if len(rest) != sv.deck_size:
                raise ValueError(f"the view's {s.title} cards do not add up to {cat.deck_size}")
            g.decks[s] = rest
        g.energy = [view.sides[0].energy, view.sides[1].energy]
        g.evasions = [view.sides[0].evasions, view.sides[1].evasions]
        g.alive = [view.sides[0].umos, view.sides[1].umos]
        g.started = [view.sides[0].turns_started, view.sides[1].turns_started]
        g.done = [view.sides[0].turns_done, view.sides[1].turns_done]
        g.current = view.current
        g.phase = view.phase
        g.duel = view.duel
        g.turn = view.turn
        g.morph_used = view.morph_used
        g.action_used = view.action_used
        g.paid = view.paid
        g.ran_out_first = view.ran_out_first
        g._outcome = view.outcome
        g.first_game = view.first_game
        g.turn_cap = view.turn_cap
        g._undo = None  # a sampled game has no past to take back (and the computer never undoes)
        g.offered = view.draw_offered
        g._seen = dict(view.positions)
        g._recent = ()
        g.reps = max(1, g.repetitions())
        return g

    def copy(self) -> Game:
        """An independent copy (a few list copies; ``Umo`` records are shared, being immutable)."""
        g = object.__new__(Game)
        g.catalog = self.catalog
        g.board = self.board[:]
        g.hands = [self.hands[0][:], self.hands[1][:]]
        g.decks = [self.decks[0][:], self.decks[1][:]]
        g.removed = [self.removed[0][:], self.removed[1][:]]
        g.energy = self.energy[:]
        g.evasions = self.evasions[:]
        g.current = self.current
        g.phase = self.phase
        g.duel = self.duel
        g.turn = self.turn
        g.started = self.started[:]
        g.done = self.done[:]
        g.morph_used = self.morph_used
        g.action_used = self.action_used
        g.paid = self.paid
        g.ran_out_first = self.ran_out_first
        g._outcome = self._outcome
        g.alive = self.alive[:]
        g.first_game = self.first_game
        g.turn_cap = self.turn_cap
        g._undo = None if self._undo is None else self._undo[:]  # the steps themselves are never changed
        g.offered = self.offered
        g._seen = self._seen  # shared: never changed, only replaced (U27)
        g._recent = self._recent
        g.reps = self.reps
        return g

    # ------------------------------------------------------------------ queries

    @property
    def to_act(self) -> Side | None:
        """The side that must decide now: the turn's player, or the defender in a duel."""
        if self.phase is Phase.TURN:
            return self.current
        if self.phase is Phase.OVER:
            return None
        if self.phase is Phase.DRAW_OFFER:
            return self.current.other  # U26: the other side answers the offer
        assert self.duel is not None
        umo = self.board[self.duel.target]
        assert umo is not None
        return umo.side

    @property
    def seats(self) -> int:
        """Two: the Gnorfs (seat 0) and the Pnorfs (seat 1)."""
        return len(Side)

    def actors(self) -> frozenset[Seat]:
        """Who may act now: ``to_act`` as a set (empty once the game is over).

        UWO never lets two seats act at once; the set is the shape the suite's
        contract shares with games that do.
        """
        side = self.to_act
        return frozenset() if side is None else frozenset((side,))

    def outcome(self) -> Outcome | None:
        return self._outcome

    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    # ------------------------------------------------------------------ repetition (U27)

    def position_key(self) -> tuple[object, ...]:
        """What makes two moments of the game the same position, as both players see it (U27).

        Every UMO's side, top kind, stack height and how many turns of each side it
        still waits out of play; both energy rows, evasion supplies, hand and deck
        sizes; who plays and whose row ran out first.  Hidden cards are left out: a
        position is what both players can tell apart (as python-chess's
        ``_transposition_key`` holds what decides the play, not the move history).
        """
        done0, done1 = self.done
        cells = tuple(
            None
            if u is None
            else u._cell
            if u.out[0] <= done0 and u.out[1] <= done1
            else (
                u.side,
                u.kind.index,
                len(u.cards),
                u.out[0] - done0 if u.out[0] > done0 else 0,
                u.out[1] - done1 if u.out[1] > done1 else 0,
            )
            for u in self.board
        )
        return (
            cells,
            self.current,
            self.energy[0],
            self.energy[1],
            self.evasions[0],
            self.evasions[1],
            len(self.hands[0]),
            len(self.hands[1]),
            len(self.decks[0]),
            len(self.decks[1]),
            self.ran_out_first,
        )

    def repetitions(self, key: object | None = None) -> int:
        """How many turns have begun in position ``key`` (by default: this turn's) so far."""
        if key is None:
            key = self.position_key()
        return self._seen.get(key, 0) + self._recent.count(key)

    def positions(self) -> dict[object, int]:
        """Every position a turn began in, with how often (the view's ``positions``)."""
        seen = dict(self._seen)
        for k in self._recent:
            seen[k] = seen.get(k, 0) + 1
        return seen

    def _count_position(self, ev: list[Event]) -> None:
        """A turn begins: remember its position; the third time it comes up the game is drawn (U27)."""
        key = self.position_key()
        n = self.repetitions(key) + 1
        recent = (*self._recent, key)
        if len(recent) > _FOLD:
            self._seen = _folded(self._seen, recent)
            recent = ()
        self._recent = recent
        self.reps = n
        if n >= REPEATS:
            self._finish(Outcome(None, f"the same position came up for the {_nth(n)} time"), ev)

    def is_out(self, umo: Umo) -> bool:
        """Temporarily out of play (the card turned sideways): no attack, no defence, no
        shield, but it may still move and be morphed (U5)."""
        return out_of_play(umo.out, self.done)

    def can_attack_now(self, umo: Umo) -> bool:
        """In play, able to attack, and not morphed this turn by its owner (U6), Dynamite aside (U8)."""
        return umo.kind.can_attack and not self.is_out(umo) and not _held_by_morph(umo, self.turn)

    def hand_kinds(self, side: Side) -> list[Kind]:
        kinds = self.catalog.card_kinds
        return [kinds[c] for c in self.hands[side]]

    def _distinct_hand_kinds(self, side: Side) -> list[Kind]:
        seen: list[Kind] = []
        kinds = self.catalog.card_kinds
        for c in self.hands[side]:
            k = kinds[c]
            if all(k is not s for s in seen):
                seen.append(k)
        return seen

    def _card_of_kind(self, side: Side, key: str) -> int | None:
        kinds = self.catalog.card_kinds
        for c in self.hands[side]:
            if kinds[c].key == key:
                return c
        return None

    def _public_defence_possible(self, target: Umo, attacker: Umo) -> bool:
        """Could the attacked side possibly defend, judging only from what everyone sees? (U11, U23)

        When it cannot, the hit lands at once and nobody is handed the keyboard for
        nothing; when it might, the defender is asked even if their hand has no
        fitting card - otherwise the attacker would learn something about that hand.
        What both players see includes which cards the defender might hold: every
        card of theirs that is neither on the board nor out of the game (the hand
        and the deck together, whose contents are public, not their order) - if none
        of those has a shield against the attacker, no defensive morph can happen.
        """
        if self.is_out(target):
            return False
        d = target.side
        if self.evasions[d] > 0:
            return True
        if not (self.energy[d] > 0 and target.kind.role is not Role.RIDER and self.hands[d]):
            return False
        kinds = self.catalog.card_kinds
        key = attacker.kind.key
        return any(key in kinds[c].shield for c in (*self.hands[d], *self.decks[d]))

    def _why_no_defence(self, target: Umo, attacker: Umo) -> str:
        """Why an in-play UMO cannot be defended, in words both players may read (U11, U23)."""
        d = target.side
        if self.energy[d] > 0 and target.kind.role is not Role.RIDER and self.hands[d]:
            return f"no evasion card left, and none of their cards has a shield against a {attacker.kind.name}"
        return "it has no defence left"

    def _attack_blocked(self, attacker: Umo, src: Square, dst: Square) -> str | None:
        """Why ``attacker`` on ``src`` cannot shoot ``dst`` (geometry, target and shield), or None."""
        target = self.board[dst]
        if target is None:
            return "there is no UMO there to attack"
        if target.side is attacker.side:
            return "that is one of your own UMOs"
        kind = attacker.kind
        seen = sight(self.board, src, dst, kind.attack)
        if seen is Sight.NOT_IN_LINE:
            return "you can only attack in a straight line, horizontally or vertically"
        if seen is Sight.TOO_FAR:
            return f"out of range: the {kind.name}'s bazooka reaches {_squares(kind.attack)}"
        if seen is Sight.BLOCKED:
            return "another UMO is in the line of sight"
        if shield_stops(target.kind.shield, kind.key, self.is_out(target)):
            return f"the {target.kind.name}'s shield protects it from a {kind.name}"
        return None

    def _blast_blocked(self, src: Square) -> str | None:
        me = self.board[src]
        assert me is not None
        if not any((u := self.board[s]) is not None and u.side is not me.side for s in AROUND[src]):
            return "no enemy UMO on the 8 squares around it to attack"
        return None

    def _ride_paths(self, src: Square, side: Side, steps: int) -> Iterator[tuple[Square, ...]]:
        """Every ride: simple orthogonal paths of 1..steps squares, over empty squares and
        enemies that may be trampled (U3), ending on an empty square."""
        board = self.board

        def passable(sq: Square) -> bool:
            u = board[sq]
            if u is None:
                return True
            return u.side is not side and self._rideable(u)

        stack: list[tuple[Square, ...]] = [(n,) for n in ADJACENT[src] if passable(n)]
        while stack:
            path = stack.pop()
            last = path[-1]
            if board[last] is None:
                yield path
            if len(path) < steps:
                for n in ADJACENT[last]:
                    if n != src and n not in path and passable(n):
                        stack.append((*path, n))

    def _rideable(self, enemy: Umo) -> bool:
        """A rider may cross an enemy unless its shield stops riders while in play (U3)."""
        return not shield_stops(enemy.kind.shield, self.catalog.rider_key, self.is_out(enemy))

    # ------------------------------------------------------------------ legal actions

    @property
    def legal_actions(self) -> LegalActions[Action]:
        """The actions the side to act may take now, lazily (``in`` asks ``why_illegal``;
        iterating enumerates ``legal_list``).  Until the game is over some action is always
        legal (ending the turn, taking the hit, stopping the duel): ``bool`` lists nothing."""
        return LegalActions(
            self.why_illegal, self.legal_list, kind=Action, any_legal=lambda: self.phase is not Phase.OVER
        )

    def legal_list(self) -> list[Action]:
        """Every action the side to act may take now, enumerated (empty once the game is over).

        The hot path of a search; ``legal_actions`` is the lazy form for membership.
        ``Undo`` is the one legal action never listed (U24): it is a way back, not a
        move, and a player picking among these (the computer) must never loop on it.
        """
        if self.phase is Phase.TURN:
            return self._turn_actions()
        if self.phase is Phase.DEFEND:
            return self._defend_actions()
        if self.phase is Phase.COUNTER:
            return self._counter_actions()
        if self.phase is Phase.DRAW_OFFER:
            return _ANSWERS[:]
        return []

    def _turn_actions(self) -> list[Action]:
        p = self.current
        e = self.energy[p]
        board = self.board
        out: list[Action] = []
        mine = [sq for sq, u in enumerate(board) if u is not None and u.side is p]
        if not self.morph_used:
            kinds = self._distinct_hand_kinds(p)
            if e >= 1:
                for k in kinds:
                    morphs = _morphs(k.key)
                    out.extend([morphs[sq] for sq in mine])
            if self.decks[p]:
                out.extend(Swap(k.key) for k in kinds)
        if not self.action_used:
            # The hot path of self-play: the cheapest checks first; the rules are those of
            # can_attack_now and _attack_blocked (the tests compare this list with why_illegal).
            done = self.done
            turn = self.turn
            for sq in mine:
                u = board[sq]
                assert u is not None
                kind = u.kind
                role = kind.role
                if e >= kind.move_cost:
                    if role is _RIDER:
                        out.extend([_ride(sq, path) for path in self._ride_paths(sq, p, kind.move)])
                    else:
                        moves = _MOVES[sq]
                        out.extend([moves[dst] for dst in open_squares(board, sq, kind.move)])
                reach = kind.attack
                if not reach or e < kind.attack_cost:
                    continue
                if out_of_play(u.out, done) or _held_by_morph(u, turn):
                    continue
                if role is _DYNAMITE:
                    if self._blast_blocked(sq) is None:
                        out.append(_BLASTS[sq])
                    continue
                key = kind.key
                attacks = _ATTACKS[sq]
                for dst in targets(board, sq, reach):
                    t = board[dst]
                    assert t is not None
                    if t.side is not p and not shield_stops(t.kind.shield, key, out_of_play(t.out, done)):
                        out.append(attacks[dst])
        out.append(_END)
        if e > (0 if self.paid else 1):
            out.append(_DRAIN)
        return out

    def _defend_actions(self) -> list[Action]:
        assert self.duel is not None
        a = self.board[self.duel.attacker]
        t = self.board[self.duel.target]
        assert a is not None and t is not None
        d = t.side
        out: list[Action] = []
        if not self.is_out(t):
            if self.energy[d] >= 1 and t.kind.role is not Role.RIDER:  # U19: a Rider only evades
                out.extend(
                    _morphs(k.key)[self.duel.target] for k in self._distinct_hand_kinds(d) if a.kind.key in k.shield
                )
            if self.evasions[d] > 0:
                out.append(_EVADE)
        out.append(_TAKE_HIT)
        return out

    def _counter_actions(self) -> list[Action]:
        out: list[Action] = self._counters()
        out.append(_STOP)
        return out

    def _counters(self) -> list[Action]:
        assert self.duel is not None
        src, dst = self.duel.target, self.duel.attacker
        me = self.board[src]
        assert me is not None
        if self.energy[me.side] < me.kind.attack_cost or not self.can_attack_now(me):
            return []
        if me.kind.role is Role.DYNAMITE:
            if dst in AROUND[src]:
                return [_BLASTS[src]]
            return []
        if self._attack_blocked(me, src, dst) is None:
            return [Attack(src, dst)]
        return []

    # ------------------------------------------------------------------ checking

    def check(self, action: Action) -> None:
        """Raise ``IllegalActionError`` with the reason if ``action`` is not legal now."""
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalActionError(action, reason)

    def is_legal(self, action: Action) -> bool:
        return self.why_illegal(action) is None

    def why_illegal(self, action: Action) -> str | None:  # noqa: C901, PLR0911, PLR0912 - one branch per rule
        """``None`` when ``action`` is legal now, else the reason ``apply`` refuses it with."""
        phase = self.phase
        if phase is Phase.OVER:
            return "the game is over"
        if isinstance(action, Resign):
            return None  # U26: whoever must act may give up, whatever the phase
        if isinstance(action, OfferDraw):
            if phase is not Phase.TURN:
                return "a draw can be offered on your own turn, outside a duel (U26)"
            if self.offered:
                return "you have already offered a draw this turn (U26)"
            return None
        if phase is Phase.DRAW_OFFER:
            if isinstance(action, AnswerDraw):
                return None
            return f"first answer the {self.current.possessive} offer of a draw: accept or decline it"
        if isinstance(action, AnswerDraw):
            return "nobody has offered a draw"
        if phase is Phase.TURN:
            return self._why_illegal_in_turn(action)
        assert self.duel is not None
        if phase is Phase.DEFEND:
            a = self.board[self.duel.attacker]
            t = self.board[self.duel.target]
            assert a is not None and t is not None
            d = t.side
            if isinstance(action, TakeHit):
                return None
            if isinstance(action, Undo):
                return "in a duel nothing can be taken back (U24)"
            if isinstance(action, Evade):
                if self.is_out(t):
                    return "an out-of-play UMO cannot evade"
                if self.evasions[d] <= 0:
                    return f"the {d.title} have no evasion cards left"
                return None
            if isinstance(action, Morph):
                if action.square != self.duel.target:
                    return "in defence you may only morph the attacked UMO"
                if self.is_out(t):
                    return "an out-of-play UMO cannot defend itself"
                if t.kind.role is Role.RIDER:
                    return "a Rider can only evade an attack"
                if self._card_of_kind(d, action.kind) is None:
                    return "you have no such card in your hand"
                if self.energy[d] < 1:
                    return "morphing costs 1 energy and your energy row is empty"
                kind = self.catalog.by_key[action.kind]
                if a.kind.key not in kind.shield:
                    return f"a {kind.name}'s shield does not cover a {a.kind.name}: it would not protect"
                return None
            return f"you are attacked: defend by morph or evasion, or take the hit (not {action})"
        # COUNTER
        if isinstance(action, StopDuel):
            return None
        if isinstance(action, Undo):
            return "in a duel nothing can be taken back (U24)"
        if isinstance(action, (Attack, Blast)):
            if action.src != self.duel.target or (isinstance(action, Attack) and action.dst != self.duel.attacker):
                return "a counter-attack is made by the defending UMO against its attacker"
            if action not in self._counters():
                return self._why_no_counter()
            return None
        return f"you may counter-attack or stop the duel (not {action})"

    def _why_no_counter(self, *, public: bool = False) -> str:
        """Why no counter-attack: to the defender ("you have 0"), or ``public`` for the log,
        which both players read, so it names the side instead of saying "you"."""
        assert self.duel is not None
        me = self.board[self.duel.target]
        assert me is not None
        if not me.kind.can_attack:
            return f"a {me.kind.name} cannot attack"
        if self.is_out(me):
            return "an out-of-play UMO cannot attack"
        if not self.can_attack_now(me):
            return "a UMO morphed during its owner's turn cannot attack this turn"
        if self.energy[me.side] < me.kind.attack_cost:
            have = f"the {me.side.title} have" if public else "you have"
            return f"the attack costs {me.kind.attack_cost} energy and {have} {self.energy[me.side]}"
        if me.kind.role is Role.DYNAMITE:
            return "the attacker is not on the 8 squares around the Dynamite"
        return self._attack_blocked(me, self.duel.target, self.duel.attacker) or "not possible"

    def _why_illegal_in_turn(self, action: Action) -> str | None:  # noqa: C901, PLR0911, PLR0912
        p = self.current
        e = self.energy[p]
        if isinstance(action, Undo):
            if self._undo is None:
                return "an attack, a blast or a swap cannot be taken back, nor anything before it (U24)"
            if not self._undo:
                return "there is nothing of this turn to take back (U24)"
            return None
        if isinstance(action, EndTurn):
            if action.drain and e <= (0 if self.paid else 1):
                return "there is no energy left to spend beyond the turn's cost"
            return None
        if isinstance(action, (Morph, Swap)):
            if self.morph_used:
                return "you have already morphed this turn"
            if self._card_of_kind(p, action.kind) is None:
                return "you have no such card in your hand"
            if isinstance(action, Swap):
                if not self.decks[p]:
                    return "your deck is empty: there is nothing to draw (U13)"
                return None
            u = self.board[action.square] if 0 <= action.square < SQUARES else None
            if u is None or u.side is not p:
                return "you can only morph one of your own UMOs"
            if e < 1:
                return "morphing costs 1 energy and your energy row is empty"
            return None
        if isinstance(action, (Evade, TakeHit, StopDuel)):
            return "there is no duel going on"
        if not isinstance(action, (Move, Ride, Attack, Blast)):
            return f"unknown action {action!r}"
        if self.action_used:
            return "you have already used this turn's action"
        src = action.src
        u = self.board[src] if 0 <= src < SQUARES else None
        if u is None or u.side is not p:
            return "choose one of your own UMOs"
        kind = u.kind
        if isinstance(action, Move):
            if kind.role is Role.RIDER:
                return "a Rider moves by riding"
            if e < kind.move_cost:
                return f"moving a {kind.name} costs {kind.move_cost} energy and you have {e}"
            seen = sight(self.board, src, action.dst, kind.move)
            if seen is Sight.NOT_IN_LINE:
                return "UMOs move in a straight line, horizontally or vertically"
            if seen is Sight.TOO_FAR:
                return f"too far: a {kind.name} moves {_squares(kind.move)}"
            if seen is Sight.BLOCKED or self.board[action.dst] is not None:
                return "the way is blocked: UMOs move only over empty squares onto an empty one"
            return None
        if isinstance(action, Ride):
            if kind.role is not Role.RIDER:
                return f"only a Rider rides; a {kind.name} moves"
            if e < kind.move_cost:
                return f"a ride costs {kind.move_cost} energy and you have {e}"
            return self._why_bad_ride(src, action.path, p, kind.move)
        if isinstance(action, Attack):
            if not kind.can_attack:
                return f"a {kind.name} cannot attack"
            if kind.role is Role.DYNAMITE:
                return "a Dynamite attacks by blasting"
            if self.is_out(u):
                return "an out-of-play UMO cannot attack"
            if not self.can_attack_now(u):
                return "a UMO morphed this turn may move, but not attack yet"
            if e < kind.attack_cost:
                return f"the attack costs {kind.attack_cost} energy and you have {e}"
            if not 0 <= action.dst < SQUARES:
                return "that is not a square of the board"
            return self._attack_blocked(u, src, action.dst)
        if isinstance(action, Blast):
            if kind.role is not Role.DYNAMITE:
                return "only a Dynamite blasts"
            if self.is_out(u):
                return "an out-of-play UMO cannot attack"
            if not self.can_attack_now(u):
                return "a Dynamite morphed after moving cannot attack this turn"
            if e < kind.attack_cost:
                return f"the blast costs {kind.attack_cost} energy and you have {e}"
            return self._blast_blocked(src)
        return f"unknown action {action!r}"

    def _why_bad_ride(self, src: Square, path: tuple[Square, ...], side: Side, steps: int) -> str | None:
        if not 1 <= len(path) <= steps:
            return f"a ride is 1 to {steps} steps"
        prev = src
        seen = {src}
        for sq in path:
            if not 0 <= sq < SQUARES or sq not in ADJACENT[prev]:
                return "a Rider steps square by square, horizontally or vertically, never diagonally"
            if sq in seen:
                return "a ride does not cross the same square twice"
            seen.add(sq)
            u = self.board[sq]
            if u is not None:
                if u.side is side:
                    return "a Rider may not ride across friendly UMOs"
                if not self._rideable(u):
                    return f"a Rider cannot attack a {u.kind.name}, so it may not ride across it"
            prev = sq
        if self.board[path[-1]] is not None:
            return "a ride must stop on an empty square"
        return None

    # ------------------------------------------------------------------ applying

    def apply(self, action: Action) -> list[Event]:
        """Play ``action`` for the side to act; return what happened.

        Raises ``IllegalActionError`` (a ``ValueError``) with the reason, leaving the
        game untouched, when the action is not legal now.
        """
        self.check(action)
        ev: list[Event] = []
        phase = self.phase
        if isinstance(action, (Resign, OfferDraw, AnswerDraw)):
            self._apply_offer(action, ev)
        elif phase is Phase.TURN:
            self._apply_turn(action, ev)
        elif phase is Phase.DEFEND:
            self._apply_defence(action, ev)
        else:
            self._apply_counter(action, ev)
        return ev

    def _apply_offer(self, action: Resign | OfferDraw | AnswerDraw, ev: list[Event]) -> None:
        """Giving up, offering a draw, answering the offer (U26).

        An offer hands the decision to the other side for one action and changes nothing
        else: declined, the turn goes on exactly where it was (its undo steps included).
        """
        if isinstance(action, Resign):
            side = self.to_act
            assert side is not None
            ev.append(Resigned(side))
            self._finish(Outcome(side.other, f"the {side.title} resigned"), ev)
        elif isinstance(action, OfferDraw):
            self.offered = True
            self.phase = Phase.DRAW_OFFER
            ev.append(DrawOffered(self.current))
        else:
            answerer = self.current.other
            ev.append(DrawAnswered(answerer, action.accept))
            if action.accept:
                self._finish(Outcome(None, f"the {answerer.title} accepted the {self.current.possessive} offer"), ev)
            else:
                self.phase = Phase.TURN

    def _apply_turn(self, action: Action, ev: list[Event]) -> None:  # noqa: C901, PLR0912 - one branch per action
        p = self.current
        if isinstance(action, Undo):
            self._take_back(ev)
            return
        if isinstance(action, (Morph, Move, Ride)):
            self._remember()
        elif isinstance(action, (Attack, Blast, Swap)):
            self._undo = None  # U24: what the opponent answered, or the deck's order, is not taken back
        if isinstance(action, Morph):
            self.morph_used = True
            self._morph(p, action.square, action.kind, defensive=False, ev=ev)
        elif isinstance(action, Move):
            u = self.board[action.src]
            assert u is not None
            self.action_used = True
            ran_out = self._pay(p, u.kind.move_cost)
            self.board[action.src] = None
            self.board[action.dst] = u.but(moved=self.turn)
            ev.append(Moved(p, u.kind.name, action.src, action.dst, u.kind.move_cost))
            _note(ev, ran_out)
        elif isinstance(action, Ride):
            self.action_used = True
            self._ride(action, ev)
        elif isinstance(action, Attack):
            self.action_used = True
            self._attack(action.src, action.dst, counter=False, ev=ev)
        elif isinstance(action, Blast):
            self.action_used = True
            self._blast(action.src, ev)
        elif isinstance(action, Swap):
            card = self._card_of_kind(p, action.kind)
            assert card is not None
            self.hands[p].remove(card)
            self.decks[p].insert(0, card)
            self.hands[p].append(self.decks[p].pop())
            ev.append(Swapped(p))
            self._end_turn(ev)
        elif isinstance(action, EndTurn):
            if action.drain:
                rest = self.energy[p]  # what is spent now, not the turn's total (self.paid)
                ran_out = self._pay(p, rest)
                ev.append(Paid(p, rest, drained=True))
                _note(ev, ran_out)
            self._end_turn(ev)
        if isinstance(action, (Morph, Move, Ride)):
            self._stepped(ev)

    # ------------------------------------------------------------------ undo (U24)

    def _remember(self) -> None:
        """Before a morph or a move: keep what it is about to change, to give it back on ``Undo``.

        Only the turn player's own things change with a morph or a move (the board, the
        hand a morph comes from, the energy row and the turn's flags), so that is all a
        step keeps; the deck and the other hand are never touched, which is why undoing
        can reveal nothing: what comes back is what both players saw go.
        """
        if self._undo is None:
            return
        p = self.current
        self._undo.append(
            _Step(
                self.board[:],
                self.hands[p][:],
                self.energy[:],
                self.paid,
                self.morph_used,
                self.action_used,
                self.ran_out_first,
                None,
            )
        )

    def _stepped(self, ev: list[Event]) -> None:
        """After a morph or a move: note its public event, for the "taken back" wording."""
        if not self._undo:
            return
        step = next(e for e in ev if isinstance(e, (Morphed, Moved, Rode)))
        self._undo[-1] = self._undo[-1]._replace(event=step)

    def _take_back(self, ev: list[Event]) -> None:
        assert self._undo
        p = self.current
        step = self._undo.pop()
        refund = self.paid - step.paid
        self.board = step.board
        self.hands[p] = step.hand
        self.energy = step.energy
        self.paid = step.paid
        self.morph_used = step.morph_used
        self.action_used = step.action_used
        self.ran_out_first = step.ran_out_first
        assert step.event is not None
        ev.append(Undone(p, step.event, refund))

    def _apply_defence(self, action: Action, ev: list[Event]) -> None:
        assert self.duel is not None
        duel = self.duel
        t = self.board[duel.target]
        assert t is not None
        d = t.side
        if isinstance(action, TakeHit):
            self._destroy(duel.target, ev)
            self._end_duel(ev, None, f"the {d.title} took the hit")
            return
        if isinstance(action, Evade):
            self.evasions[d] -= 1
            ev.append(Evaded(d, t.kind.name, duel.target, self.evasions[d]))
        else:
            assert isinstance(action, Morph)
            self._morph(d, duel.target, action.kind, defensive=True, ev=ev)
        self._after_defence(ev)

    def _after_defence(self, ev: list[Event]) -> None:
        """A successful defence: the defender may counter-attack (2d), if it can at all."""
        assert self.duel is not None
        t = self.board[self.duel.target]
        assert t is not None
        self.phase = Phase.COUNTER
        if not self._counters():
            why = self._why_no_counter(public=True)
            self._end_duel(ev, t.side, f"the {t.side.title} cannot counter-attack ({why})")

    def _apply_counter(self, action: Action, ev: list[Event]) -> None:
        assert self.duel is not None
        me = self.board[self.duel.target]
        assert me is not None
        if isinstance(action, StopDuel):
            self._end_duel(ev, me.side, f"the {me.side.title} do not counter-attack")
        elif isinstance(action, Blast):
            self._blast(action.src, ev)
        else:
            assert isinstance(action, Attack)
            self._attack(action.src, action.dst, counter=True, ev=ev)

    def _morph(self, side: Side, sq: Square, key: str, *, defensive: bool, ev: list[Event]) -> None:
        card = self._card_of_kind(side, key)
        assert card is not None
        ran_out = self._pay(side, 1)
        self.hands[side].remove(card)
        u = self.board[sq]
        assert u is not None
        new = self.catalog.by_key[key]
        # U6: only the turn's own morph stops the UMO attacking this turn; a defensive morph
        # never does, in either player's turn (2d: "you may attack again").
        held = side is self.current and not defensive
        self.board[sq] = u.but(cards=(*u.cards, card), kind=new, locked=self.turn if held else u.locked)
        ev.append(Morphed(side, sq, u.kind.name, new.name, defensive))
        _note(ev, ran_out)

    def _ride(self, action: Ride, ev: list[Event]) -> None:
        p = self.current
        u = self.board[action.src]
        assert u is not None
        ran_out = self._pay(p, u.kind.move_cost)
        until = self.started[p] + 1
        self.board[action.src] = None
        rider = u.but(moved=self.turn, out=_out_until(u.out, p, until))
        self.board[action.dst] = rider
        ev.append(Rode(p, u.kind.name, (action.src, *action.path), u.kind.move_cost))
        _note(ev, ran_out)
        for sq in action.path[:-1]:
            v = self.board[sq]
            if v is not None:  # an enemy: U4, trampled out of play (again)
                again = self.is_out(v)
                self.board[sq] = v.but(out=_out_until(v.out, p, until))
                ev.append(Trampled(v.side, v.kind.name, sq, p, again))
        ev.append(OutOfPlay(p, u.kind.name, action.dst))

    def _attack(self, src: Square, dst: Square, *, counter: bool, ev: list[Event]) -> None:
        a = self.board[src]
        t = self.board[dst]
        assert a is not None and t is not None
        side = a.side
        ran_out = self._pay(side, a.kind.attack_cost)
        ev.append(Attacked(side, a.kind.name, src, t.kind.name, dst, a.kind.attack_cost, counter))
        _note(ev, ran_out)
        if a.kind.role is Role.BAZOOKA:  # U20: out the moment it fires; U7: its owner's next turn
            self.board[src] = a.but(out=_out_until(a.out, side, self.started[side] + 1))
            ev.append(OutOfPlay(side, a.kind.name, src))
        self.duel = Duel(attacker=src, target=dst)
        if self._public_defence_possible(t, a):
            self.phase = Phase.DEFEND
            return
        why = "it is out of play" if self.is_out(t) else self._why_no_defence(t, a)
        self._destroy(dst, ev)
        if self.phase is not Phase.OVER:
            self._end_duel(ev, None, f"the {t.side.title} could not defend ({why})")

    def _blast(self, src: Square, ev: list[Event]) -> None:
        me = self.board[src]
        assert me is not None
        ran_out = self._pay(me.side, me.kind.attack_cost)
        ev.append(Blasted(me.side, src, me.kind.attack_cost))
        _note(ev, ran_out)
        # U9: the blast is not a duel - no shield, morph or evasion helps; friends die too.
        for sq in (src, *AROUND[src]):
            if self.board[sq] is not None:
                self._destroy(sq, ev, check_end=False)
        self._check_game_end(ev)
        if self.phase is not Phase.OVER and self.duel is not None:
            self._end_duel(ev, None, "the Dynamite exploded")

    def _destroy(self, sq: Square, ev: list[Event], *, check_end: bool = True) -> None:
        u = self.board[sq]
        assert u is not None
        self.board[sq] = None
        self.removed[u.side].extend(u.cards)
        self.alive[u.side] -= 1
        ev.append(Destroyed(u.side, u.kind.name, sq, len(u.cards)))
        if check_end:
            self._check_game_end(ev)

    def _check_game_end(self, ev: list[Event]) -> None:
        g, p = self.alive
        if g and p:
            return
        if not g and not p:
            self._finish(Outcome(None, "both armies were wiped out at once"), ev)
        else:
            winner = _GNORFS if g else _PNORFS
            self._finish(Outcome(winner, f"the {winner.other.title} have no UMO left"), ev)

    def _finish(self, outcome: Outcome, ev: list[Event]) -> None:
        self._outcome = outcome
        self.phase = Phase.OVER
        self.duel = None
        ev.append(GameEnded(outcome.winner, outcome.reason))

    def _end_duel(self, ev: list[Event], side: Side | None, reason: str) -> None:
        """Back to the turn of the player who began the duel (2d); the duel was that turn's
        action, and the turn's morph, if unused, is still available (U17, U21)."""
        if self.phase is Phase.OVER:
            return
        self.duel = None
        self.phase = Phase.TURN
        ev.append(DuelEnded(side, reason))

    def _pay(self, side: Side, amount: int) -> RanOut | None:
        """Spend energy; the first side to empty its row is remembered for the refill (U16).

        Returns the ``RanOut`` event when this payment emptied the row: the caller logs
        it *after* the event of what was paid for, so the log reads "morph ..., the row
        is empty" in the order it happened, not the other way round.
        """
        self.energy[side] -= amount
        assert self.energy[side] >= 0
        if side is self.current:
            self.paid += amount
        if self.energy[side] == 0 and amount:
            if self.ran_out_first is None:
                self.ran_out_first = side
            return RanOut(side)
        return None

    def _end_turn(self, ev: list[Event]) -> None:
        p = self.current
        if not self.paid:  # every turn costs at least 1 energy (U12)
            ran_out = self._pay(p, 1)
            ev.append(Paid(p, 1, drained=False))
            _note(ev, ran_out)
        if self.energy[p] > 0:  # U18: the hand is refilled to 3 automatically
            want = HAND_SIZE - len(self.hands[p])
            n = min(want, len(self.decks[p]))
            for _ in range(n):
                self.hands[p].append(self.decks[p].pop())
            if n:
                ev.append(Drew(p, n))
        elif len(self.hands[p]) < HAND_SIZE and self.decks[p]:
            ev.append(Drew(p, 0, blocked=True))  # U10
        # Only a UMO waiting for exactly this turn of p's can come back now.
        self.done[p] += 1
        finished = self.done[p]
        for sq, u in enumerate(self.board):
            if u is not None and u.out[p] == finished and not out_of_play(u.out, self.done):
                ev.append(BackInPlay(u.side, u.kind.name, sq))
        if self.turn >= self.turn_cap:
            self._finish(Outcome(None, f"the {self.turn_cap}-turn limit was reached"), ev)
            return
        other = p.other  # U16: who plays next when energy has run out
        if self.energy[p] == 0 and self.energy[other] == 0:
            first = self.ran_out_first if self.ran_out_first is not None else p
            self.energy = [self.catalog.energy, self.catalog.energy]
            self.ran_out_first = None
            ev.append(Refilled(first))
            nxt = first
        elif self.energy[other] > 0:
            nxt = other
        else:
            nxt = p
            ev.append(KeepsPlaying(p))
        self.current = nxt
        self.turn += 1
        self.started[nxt] += 1
        self.morph_used = self.action_used = False
        self.paid = 0
        self._undo = []
        self.offered = False
        ev.append(TurnStarted(nxt, self.turn))
        self._count_position(ev)

    # ------------------------------------------------------------------ views

    def view(self, seat: Seat | None) -> UwoView:
        """What ``seat`` (a ``Side``) may see; ``None`` is the public view (the handover screen).

        Strips the other side's hand (both hands for ``None``) and both decks' order.
        """
        viewer = None if seat is None else Side(seat)
        kinds = self.catalog.card_kinds
        board: list[UmoView | None] = []
        for sq, u in enumerate(self.board):
            if u is None:
                board.append(None)
                continue
            out = self.is_out(u)
            board.append(
                UmoView(
                    square=sq,
                    side=u.side,
                    kind=u.kind,
                    stack=tuple(kinds[c] for c in u.cards),  # U22: stacks are public
                    out_of_play=out,
                    out_text=self._out_text(u) if out else "",
                    morphed_this_turn=u.locked == self.turn,
                    moved_this_turn=u.moved == self.turn,
                    out_until=u.out,
                )
            )
        sides = tuple(
            SideView(
                side=s,
                energy=self.energy[s],
                energy_max=self.catalog.energy,
                evasions=self.evasions[s],
                evasions_max=self.catalog.evasion,
                hand_size=len(self.hands[s]),
                deck_size=len(self.decks[s]),
                removed=tuple(kinds[c] for c in self.removed[s]),
                hand=tuple(kinds[c] for c in self.hands[s]) if viewer is s else None,
                umos=self.alive[s],
                turns_started=self.started[s],
                turns_done=self.done[s],
            )
            for s in Side
        )
        legal = tuple(self.legal_list()) if viewer is not None and viewer is self.to_act else ()
        undoable = len(self._undo) if self._undo and self.phase is Phase.TURN else 0
        return UwoView(
            viewer=viewer,
            board=tuple(board),
            sides=sides,  # type: ignore[arg-type]
            phase=self.phase,
            current=self.current,
            to_act=self.to_act,
            turn=self.turn,
            turn_cap=self.turn_cap,
            duel=self.duel,
            morph_used=self.morph_used,
            action_used=self.action_used,
            paid=self.paid,
            outcome=self._outcome,
            first_game=self.first_game,
            ran_out_first=self.ran_out_first,
            legal=legal,
            undoable=undoable,
            draw_offered=self.offered,
            positions=self.positions(),
        )

    def _out_text(self, u: Umo) -> str:
        parts = []
        for s in Side:
            if waits_for(u.out, self.done, s):
                left = u.out[s] - self.done[s]
                if self.current is s and self.phase is not Phase.OVER and left == 1:
                    parts.append(f"the end of this {s.title} turn")
                else:
                    parts.append(f"the end of the {s.possessive} next turn")
        return "out of play until " + " and ".join(parts)

    # ------------------------------------------------------------------ checking the whole

    def card_places(self, side: Side) -> list[tuple[str, int]]:
        """Every card of ``side`` with the place it is in (board square, hand, deck, removed).

        Used by the invariant tests: each of the 40 ids must appear exactly once.
        """
        places: list[tuple[str, int]] = []
        for sq, u in enumerate(self.board):
            if u is not None and u.side is side:
                places.extend((f"board {B.name(sq)}", c) for c in u.cards)
        places.extend(("hand", c) for c in self.hands[side])
        places.extend(("deck", c) for c in self.decks[side])
        places.extend(("removed", c) for c in self.removed[side])
        return places


class _Step(NamedTuple):
    """What one morph or move of the turn changed, as it was before it (U24).

    The lists are copies no one changes afterwards, so a step is shared by ``copy``.
    """

    board: list[Umo | None]
    hand: list[int]
    energy: list[int]
    paid: int
    morph_used: bool
    action_used: bool
    ran_out_first: Side | None
    #: The step's public event (``Morphed``/``Moved``/``Rode``), for ``Undone``'s words.
    event: Morphed | Moved | Rode | None


def _held_by_morph(umo: Umo, turn: int) -> bool:
    """Given the turn's morph (not a defensive one), it may not attack yet (U6) - except a Dynamite
    that has not moved this turn (U8)."""
    return umo.locked == turn and (umo.kind.role is not _DYNAMITE or umo.moved == turn)


def _folded(seen: dict[object, int], recent: tuple[object, ...]) -> dict[object, int]:
    """A new history: ``seen`` with the ``recent`` keys counted in (``seen`` itself is shared)."""
    out = dict(seen)
    for k in recent:
        out[k] = out.get(k, 0) + 1
    return out


def _nth(n: int) -> str:
    return {3: "third", 4: "fourth", 5: "fifth"}.get(n, f"{n}th")


def _note(ev: list[Event], event: Event | None) -> None:
    """Log ``event`` if there is one (a ``RanOut`` after the payment that caused it)."""
    if event is not None:
        ev.append(event)


def _squares(n: int) -> str:
    return f"{n} square" if n == 1 else f"{n} squares"


def _out_until(out: tuple[int, int], side: Side, until: int) -> tuple[int, int]:
    """Add "out of play until ``side`` has finished ``until`` turns" (keeping any longer wait)."""
    if side is _GNORFS:
        return (max(out[0], until), out[1])
    return (out[0], max(out[1], until))
