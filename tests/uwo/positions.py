"""Build UWO positions for tests from a compact text, keeping every card accounted for.

``make("b2=G:troop c4=P:troop+bazooka/out", hands={"G": ["skitter"]})``

- each token is ``SQUARE=SIDE:KIND[+KIND...][/FLAG...]``; the stack is bottom first;
- flags: ``out`` (out of play until the end of its owner's next turn), ``locked``
  (morphed this turn by its owner), ``moved`` (moved this turn);
- ``hands`` / ``decks`` list kind keys per side (deck: bottom first, top last);
- troops not placed are counted as removed; other cards not placed anywhere go to
  the bottom of the deck unless ``decks`` is given, in which case they are removed.
"""

from __future__ import annotations

from boardgames.uwo import board as B
from boardgames.uwo.cards import load_catalog
from boardgames.uwo.engine import Game, Umo
from boardgames.uwo.side import Side
from boardgames.uwo.view import Phase

SIDES = {"G": Side.GNORFS, "P": Side.PNORFS}


def make(
    layout: str,
    *,
    hands: dict[str, list[str]] | None = None,
    decks: dict[str, list[str]] | None = None,
    energy: tuple[int, int] = (6, 6),
    evasions: tuple[int, int] = (9, 9),
    current: str = "G",
    turn: int = 1,
) -> Game:
    cat = load_catalog()
    pools: dict[Side, dict[str, list[int]]] = {s: {k.key: [] for k in cat.kinds} for s in Side}
    for s in Side:
        for card, kind in enumerate(cat.card_kinds):
            pools[s][kind.key].append(card)

    def take(side: Side, key: str) -> int:
        return pools[side][key].pop(0)

    g = object.__new__(Game)
    g.catalog = cat
    g.board = [None] * B.SQUARES
    g.hands, g.decks, g.removed = [[], []], [[], []], [[], []]
    g.energy = list(energy)
    g.evasions = list(evasions)
    g.alive = [0, 0]
    cur = SIDES[current]
    # Turn ``turn`` is under way: the current side has begun one more turn than it finished.
    g.turn = turn
    g.started = [0, 0]
    g.done = [0, 0]
    mine = (turn + 1) // 2
    theirs = turn // 2
    g.started[cur], g.done[cur] = mine, mine - 1
    g.started[cur.other] = g.done[cur.other] = theirs
    g.current = cur
    for token in layout.split():
        sq_text, _, rest = token.partition("=")
        side_text, _, rest = rest.partition(":")
        stack_text, *flags = rest.split("/")
        side = SIDES[side_text]
        keys = stack_text.split("+")
        cards = tuple(take(side, k) for k in keys)
        umo = Umo(side, cards, cat.by_key[keys[-1]])
        for flag in flags:
            if flag == "out":
                out = [0, 0]
                out[side] = g.started[side] + 1
                umo = umo.but(out=tuple(out))
            elif flag == "locked":
                umo = umo.but(locked=turn)
            elif flag == "moved":
                umo = umo.but(moved=turn)
            else:
                raise ValueError(flag)
        sq = B.parse(sq_text)
        assert g.board[sq] is None, sq_text
        g.board[sq] = umo
        g.alive[side] += 1
    for side_text, keys in (hands or {}).items():
        side = SIDES[side_text]
        g.hands[side] = [take(side, k) for k in keys]
    for side_text, keys in (decks or {}).items():
        side = SIDES[side_text]
        g.decks[side] = [take(side, k) for k in keys]
    for s in Side:
        troop = cat.troop.key
        g.removed[s].extend(pools[s][troop])
        pools[s][troop] = []
        rest = [c for ids in pools[s].values() for c in ids]
        if decks and any(SIDES[t] is s for t in decks):
            g.removed[s].extend(rest)
        else:
            g.decks[s] = rest + g.decks[s]
    g.phase = Phase.TURN
    g.duel = None
    g.morph_used = g.action_used = False
    g.paid = 0
    g.ran_out_first = None
    g._outcome = None
    g.first_game = False
    g.turn_cap = 300
    g._undo = []
    g.offered = False
    g._seen = {}
    g._recent = (g.position_key(),)  # U27: the position set up is the first one seen
    g.reps = 1
    return g


def sq(name: str) -> int:
    return B.parse(name)


def top(game: Game, name: str) -> str | None:
    """``"G:troop"``-style description of the UMO on a square, or None when empty."""
    u = game.board[B.parse(name)]
    if u is None:
        return None
    return f"{'G' if u.side is Side.GNORFS else 'P'}:{u.kind.key}"
