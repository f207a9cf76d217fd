"""The computer opponent: levels greedy, easy, normal and hard.

Every level decides from its own seat's view only (``Game.view(side)``): the other
hand and both decks' order are not in it.  To plan anyway it *determinizes*: the
cards it cannot see are dealt at random into full games consistent with the view
(``Game.from_view``), the candidate plans are played on each sample, and the plan
that scores best on average is chosen.  The levels differ in how far and how wide
they look, never in what they are told (see ``docs/uwo-ai.md``):

- **greedy**: one ply.  Every legal action is tried once and scored on the material
  right after it (UMOs and their kinds, evasion cards, energy) plus how close its
  attackers stand to the enemy; it sees no threat and makes no plan.  The baseline
  the stronger levels are measured against.
- **easy**: plans whole turns (a morph and an action, in either order) with the full
  evaluation below, on one sample, and picks among the best plans at random,
  weighted by their scores, so it makes human mistakes.
- **normal**: plans whole turns on several samples and takes the best average.
- **hard**: plans wider, then, for its eight best plans, plays the next two turns on
  every sample - the opponent's answer, then its own next turn - and scores the
  position after them.  It sees a move in followed by the attack, and what the
  opponent does about it.

The full evaluation adds to the material what decides UWO games: which UMOs can be
attacked next turn without defence (out of play, or their side out of evasion
cards and unable to morph), the pressure of every other attack that will cost the
defender an evasion card, the threat of a Dynamite standing next to enemies, and
the hunt for UMOs without evasion cards (how many squares they have left to run to).

Inside a simulation the answers in a duel (defensive morph, evasion, counter-attack)
are given by a fixed reflex (``Searcher.reflex``); the real answers of the computer
are searched like its turns.  Budgets are counts (samples, plans), never time, so a
seeded game is replayed exactly, whatever the machine.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

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
    Ride,
    StopDuel,
    Swap,
    TakeHit,
)
from boardgames.uwo.board import (
    AROUND,
    BLAST_GAP,
    COLS,
    SQUARES,
    Board,
    flood,
    line_gaps,
    open_squares,
    out_of_play,
    shield_stops,
    targets,
)
from boardgames.uwo.cards import Catalog, Kind, Role, load_catalog
from boardgames.uwo.engine import Game, IllegalActionError
from boardgames.uwo.side import Side
from boardgames.uwo.view import Phase, SideView, UwoView

__all__ = [
    "LEVELS",
    "Budget",
    "ComputerPlayer",
    "Evaluator",
    "GreedyPlayer",
    "Searcher",
    "Weights",
    "make_player",
    "seat_knowledge",
]

Plan = tuple[Action, ...]

_END = EndTurn()
_WIN = 1_000_000.0
#: Scores remembered at most (``Evaluator.score``); a hard decision looks at some 10,000.
_CACHE_LIMIT = 200_000


# ---------------------------------------------------------------------- what a seat knows


def seat_knowledge(view: UwoView) -> UwoView:
    """The view rebuilt field by field from what its seat may know.

    Nothing of the other side's hand is read (not even the ``None`` that stands for
    it): the copy's ``hand`` for that side is ``None`` by construction.  The sampler
    works only from this copy, so the search cannot depend on anything hidden even if
    a view handed to it carried more than it should.
    """
    me = view.viewer
    if me is None:
        raise ValueError("the computer plays a seat: it needs that seat's view, not the public one")

    def side(sv: SideView, s: Side) -> SideView:
        return SideView(
            side=s,
            energy=sv.energy,
            energy_max=sv.energy_max,
            evasions=sv.evasions,
            evasions_max=sv.evasions_max,
            hand_size=sv.hand_size,
            deck_size=sv.deck_size,
            removed=sv.removed,
            hand=sv.hand if s is me else None,
            umos=sv.umos,
            turns_started=sv.turns_started,
            turns_done=sv.turns_done,
        )

    sides = view.sides
    return UwoView(
        viewer=me,
        board=view.board,
        sides=(side(sides[0], Side.GNORFS), side(sides[1], Side.PNORFS)),
        phase=view.phase,
        current=view.current,
        to_act=view.to_act,
        turn=view.turn,
        turn_cap=view.turn_cap,
        duel=view.duel,
        morph_used=view.morph_used,
        action_used=view.action_used,
        paid=view.paid,
        outcome=view.outcome,
        first_game=view.first_game,
        ran_out_first=view.ran_out_first,
        legal=view.legal,
        draw_offered=view.draw_offered,
        positions=view.positions,
    )


# ---------------------------------------------------------------------- evaluation


@dataclass(frozen=True, slots=True)
class Weights:
    """The evaluation's prices, in points (a Trooper on the board is worth ``umo``)."""

    umo: float = 100.0
    evasion: float = 60.0
    energy: float = 8.0
    #: How much cheaper energy gets as the material lead grows: the price is
    #: ``energy * (1 - energy_lead * |lead|)``.  Far ahead, energy left in the row is
    #: worth little; spending it to bring the army to the last enemies wins the game.
    energy_lead: float = 1.0
    hand: float = 4.0
    #: An attack the defender will have to answer with an evasion card or a morph.
    pressure: float = 60.0
    #: An attack on a UMO that cannot defend but moves first and can run out of range:
    #: worth a chase, not a kill (else one attacker follows a runner to the turn limit).
    runner: float = 30.0
    #: Share of a threat's gain counted for the side that moves next / the other side.
    threat_to_move: float = 0.85
    threat_other: float = 0.4
    #: Share of the second-best threat (one action per turn: only the best is sure).
    second_threat: float = 0.3
    #: Per square an attacker stands beyond its reach from the nearest enemy.
    distance: float = 1.5
    #: How much harder the side ahead closes in: ``distance * (1 + press * lead)``, the
    #: lead being the material share ``(mine - theirs) / (mine + theirs)``.
    press: float = 6.0
    #: Hunting UMOs that have no evasion card left (``Evaluator._hunt``): the share of a
    #: trapped UMO's worth counted, and what each other prey UMO is worth to the hunter,
    #: divided by its safe squares (fewer escapes: nearer the trap).
    hunt: bool = True
    trapped: float = 0.6
    cramp: float = 20.0
    #: Material only (the greedy baseline): no threats.
    threats: bool = True
    #: A turn beginning in a position seen before (U27): the side ahead loses this much per
    #: earlier time, the side behind gains it - the third time is a draw, so a lead that
    #: shuffles is a lead thrown away, and one that varies keeps its chances.
    repeat: float = 150.0
    #: Below this material share a side is not "ahead" for ``repeat``.
    repeat_lead: float = 0.05


#: The greedy baseline's prices: material and distance only, fixed so that tuning the
#: search levels' ``Weights`` never moves the yardstick they are measured with.
GREEDY_WEIGHTS = Weights(
    umo=100.0, evasion=25.0, energy=8.0, hand=4.0, pressure=0.0, distance=1.5, press=0.0, hunt=False, threats=False
)


def kind_values(catalog: Catalog) -> list[float]:
    """What a card's form is worth on top of a UMO, from its printed values.

    Mobility and firepower per energy, the shield, and the special roles; derived from
    the catalog so that a retuned ``cards.txt`` is priced without touching the code.
    """
    values = [0.0] * len(catalog.kinds)
    for k in catalog.kinds:
        mobility = k.move / k.move_cost if k.move_cost else k.move
        firepower = k.attack / k.attack_cost if k.can_attack and k.attack_cost else 0.0
        v = 5.0 * mobility + 7.0 * firepower + 5.0 * len(k.shield)
        if k.role is Role.RIDER:
            v += 10.0
        elif k.role is Role.DYNAMITE:
            v += 5.0
        values[k.index] = v
    low = min(values)
    return [v - low for v in values]


def _can_run(board: Board, p: int, kind: Kind, q: int, reach: int) -> bool:
    """Can the UMO of ``kind`` on ``p`` move to a square the attacker on ``q`` (of
    attack range ``reach``) cannot shoot at from where it stands?"""
    covered = set(open_squares(board, q, reach, see_through=p))
    return any(e not in covered for e in _escapes(board, p, kind))


def _escapes(board: Board, p: int, kind: Kind) -> list[int]:
    """Where a UMO of ``kind`` on ``p`` can be after its move (staying put included).
    A Rider's rides over enemies are left out (it is counted as walking round them):
    a simplification that can only make a Rider look easier to trap than it is."""
    if kind.role is Role.RIDER:
        return [p, *flood(board, p, kind.move)]
    return [p, *open_squares(board, p, kind.move)]


class Evaluator:
    """Scores a position for one side: positive is good for ``me``.  Antisymmetric:
    ``score(g, s) == -score(g, s.other)``, so the same evaluator models the opponent."""

    def __init__(self, catalog: Catalog, weights: Weights | None = None) -> None:
        self.catalog = catalog
        self.w = weights or Weights()
        self.kind_value = kind_values(catalog)
        self.full_energy = catalog.energy
        #: Per attacking kind: is there any card a defender could morph into against it?
        self.morph_stops = [
            any(k.key in h.shield for h in catalog.kinds if h.role is not Role.TROOP) for k in catalog.kinds
        ]
        troops = catalog.troop.count
        #: Makes one Trooper of a full army worth about ``umo`` points (see ``_material``).
        self.scale = 2.0 * troops * (self.w.umo + self.kind_value[catalog.troop.index])
        self._cache: dict[tuple[object, int, Side], float] = {}

    def forget(self) -> None:
        """Empty the score cache (``score``): done before each decision, so that it never
        grows beyond what one decision looks at."""
        self._cache.clear()

    def score(self, g: Game, me: Side) -> float:
        """The position's worth for ``me``, remembered by what it depends on.

        A score depends only on what ``Game.position_key`` holds (every UMO's side, kind
        and time out of play, energy, evasion cards, hand and deck sizes, who plays) and
        on how often the position came up (``reps``) - never on the cards in the hands or
        the decks' order.  So the same plan played on several samples, or two orders of a
        morph and a move, usually lead to one position, scored once (hard's look-ahead
        meets most of its positions again on the next sample: some 70% of its scores are
        found in the cache).  The cached value is the one ``_score`` returns, so the
        decisions are exactly those made without the cache.
        """
        if g.phase is Phase.OVER:
            outcome = g.outcome()
            assert outcome is not None
            if outcome.winner is None:
                return 0.0
            # A quicker win is a better one; a later loss a less bad one.
            return (_WIN - g.turn) if outcome.winner is me else (g.turn - _WIN)
        key = (g.position_key(), g.reps, me)
        cache = self._cache
        v = cache.get(key)
        if v is None:
            if len(cache) >= _CACHE_LIMIT:
                cache.clear()
            v = cache[key] = self._score(g, me)
        return v

    def _score(self, g: Game, me: Side) -> float:
        """``score`` worked out: the terms of the table in ``docs/uwo-ai.md``."""
        w = self.w
        kv = self.kind_value
        board = g.board
        umo = w.umo
        mat = [0.0, 0.0]
        squares: tuple[list[int], list[int]] = ([], [])
        for sq in range(SQUARES):
            u = board[sq]
            if u is not None:
                mat[u.side] += umo + kv[u.kind.index]
                squares[u.side].append(sq)
        op = 1 - me
        m_me, m_op = mat[me], mat[op]
        s = self._material(m_me, m_op)
        lead = (m_me - m_op) / (m_me + m_op) if m_me + m_op else 0.0
        s += w.evasion * (g.evasions[me] - g.evasions[op])
        s += w.energy * (1.0 - w.energy_lead * abs(lead)) * (g.energy[me] - g.energy[op])
        s += w.hand * (len(g.hands[me]) - len(g.hands[op]))
        if w.repeat and g.reps > 1 and abs(lead) > w.repeat_lead:
            s -= w.repeat * (g.reps - 1) * (1.0 if lead > 0 else -1.0)
        if w.distance:
            # The side ahead closes in harder: it can afford trades, and a lead that is
            # never brought to the enemy ends as a draw at the turn limit.
            near_me = w.distance * (1.0 + w.press * lead) if lead > 0 else w.distance
            near_op = w.distance * (1.0 - w.press * lead) if lead < 0 else w.distance
            s += near_op * self._distance(g, squares, op) - near_me * self._distance(g, squares, me)
        if w.threats:
            cur = g.current
            t_me = self._threat(g, me, cur, squares, m_me, m_op)
            t_op = self._threat(g, op, cur, squares, m_op, m_me)
            if cur is me:
                s += w.threat_to_move * t_me - w.threat_other * t_op
            else:
                s += w.threat_other * t_me - w.threat_to_move * t_op
            if w.hunt and g.evasions[cur] == 0:
                hunter = 1 - cur
                h = self._hunt(g, hunter, cur, squares, mat[hunter], mat[cur])
                s += h if hunter == me else -h
        return s

    def _hunt(
        self, g: Game, hunter: int, prey: Side, squares: tuple[list[int], list[int]], mine: float, theirs: float
    ) -> float:
        """The hunt for UMOs without evasion cards: ``prey`` moves next, and each of its
        UMOs will run to a square none of ``hunter``'s attackers covers.  A UMO with no
        such square left is as good as lost; otherwise fewer escapes are better.

        This is what finishes a game: one attacker cannot catch a runner that moves as
        far as it does, several closing its escapes can.
        """
        energy = g.energy[hunter]
        if energy == 0:
            return 0.0
        done = list(g.done)
        done[prey] += 1  # the prey's turn comes first
        board = g.board
        attackers = []
        for q in squares[hunter]:
            a = board[q]
            assert a is not None
            k = a.kind
            if not k.attack or k.attack_cost > energy:
                continue
            if out_of_play(a.out, done):
                continue
            attackers.append((q, k))
        if not attackers:
            return 0.0
        kv = self.kind_value
        umo = self.w.umo
        base = self._material(mine, theirs)
        best = 0.0
        cramp = 0.0
        for p in squares[prey]:
            t = board[p]
            assert t is not None
            tk = t.kind
            out = out_of_play(t.out, done)
            escapes = _escapes(board, p, tk)
            covered: set[int] = set()
            for q, k in attackers:
                if k.role is Role.DYNAMITE:
                    covered.update(AROUND[q])
                    continue
                if shield_stops(tk.shield, k.key, out):
                    continue
                covered.update(open_squares(board, q, k.attack, see_through=p))
            safe = sum(1 for e in escapes if e not in covered)
            if safe == 0:
                gain = self._material(mine, theirs - umo - kv[tk.index]) - base
                if gain > best:
                    best = gain
            else:
                cramp += 1.0 / safe
        return self.w.trapped * best + self.w.cramp * cramp

    def _material(self, mine: float, theirs: float) -> float:
        """The armies' worth as a share: ``scale * (mine - theirs) / (mine + theirs)``.

        At the start a Trooper is worth about ``umo`` points; as armies shrink each UMO
        is worth more, and the side ahead gains by trading one for one (10 against 1
        becomes 9 against 0) while the side behind loses by it.
        """
        total = mine + theirs
        if total <= 0:
            return 0.0
        return self.scale * (mine - theirs) / total

    def _distance(self, g: Game, squares: tuple[list[int], list[int]], side: int) -> float:
        """How far ``side``'s attackers stand beyond their reach of the nearest enemy they
        could attack (its shield not naming them); one that could attack none of them
        counts as far away, so that the search morphs it into a form that can."""
        enemies = squares[1 - side]
        if not enemies:
            return 0.0
        board = g.board
        total = 0.0
        far = float(COLS + 1)
        #: Per attacking kind, the enemies whose shield does not name it (worked out once
        #: per call: a search scores this tens of thousands of times per decision).
        open_to: dict[str, list[int]] = {}
        for sq in squares[side]:
            u = board[sq]
            assert u is not None
            kind = u.kind
            reach = kind.attack
            if not reach:
                continue
            if kind.role is Role.DYNAMITE:
                row = BLAST_GAP[sq]
                best = min(far, min(map(row.__getitem__, enemies)))
            else:
                key = kind.key
                eligible = open_to.get(key)
                if eligible is None:
                    eligible = open_to[key] = [
                        e
                        for e in enemies
                        if key not in board[e].kind.shield  # type: ignore[union-attr]
                    ]
                row = line_gaps(sq, reach)
                best = min(far, min(map(row.__getitem__, eligible))) if eligible else far
            if best > 0:
                total += best
        return total

    def _threat(
        self, g: Game, side: int, cur: Side, squares: tuple[list[int], list[int]], mine: float, theirs: float
    ) -> float:
        """What ``side`` stands to gain by attacking in its next turn: the best attack
        plus a share of the second.  A UMO that cannot defend is a kill, worth what the
        material share gains by it; any other attack is pressure (an evasion card or a
        morph spent).  ``mine``/``theirs``: the armies' worth, ``side``'s first."""
        base = self._material(mine, theirs)
        energy = g.energy[side]
        far = 1.0
        if energy == 0:  # no turn before the refill: the threat is distant
            energy = self.full_energy
            far = 0.3
        done = list(g.done)
        if side != cur:
            done[cur] += 1  # the side to move finishes its turn first
        board = g.board
        kv = self.kind_value
        umo = self.w.umo
        pressure = self.w.pressure
        runner = self.w.runner
        ev_def = g.evasions[1 - side]
        en_def = g.energy[1 - side]
        hand_def = len(g.hands[1 - side])
        stoppable = self.morph_stops
        best = second = 0.0
        for sq in squares[side]:
            u = board[sq]
            assert u is not None
            kind = u.kind
            reach = kind.attack
            if not reach or kind.attack_cost > energy:
                continue
            if out_of_play(u.out, done):
                continue
            gain = 0.0
            if kind.role is Role.DYNAMITE:
                lost = umo + kv[kind.index]
                killed = 0.0
                for n in AROUND[sq]:
                    t = board[n]
                    if t is not None:
                        v = umo + kv[t.kind.index]
                        if t.side == side:
                            lost += v
                        else:
                            killed += v
                if killed:
                    gain = max(0.0, self._material(mine - lost, theirs - killed) - base)
                if gain > best:
                    best, second = gain, best
                elif gain > second:
                    second = gain
                continue
            key = kind.key
            for t_sq in targets(board, sq, reach):
                t = board[t_sq]
                assert t is not None
                if t.side == side:
                    continue
                out = out_of_play(t.out, done)
                if shield_stops(t.kind.shield, key, out):
                    continue
                if out or (
                    ev_def == 0
                    and (en_def == 0 or hand_def == 0 or t.kind.role is Role.RIDER or not stoppable[kind.index])
                ):
                    if side != cur and _can_run(board, t_sq, t.kind, sq, reach):
                        # Its side moves first and it steps out of this line:
                        # the hunt (``_hunt``) says when several close it in.
                        gain = runner
                    else:
                        gain = self._material(mine, theirs - umo - kv[t.kind.index]) - base
                else:
                    gain = pressure
                if gain > best:
                    best, second = gain, best
                elif gain > second:
                    second = gain
        return far * (best + self.w.second_threat * second)


# ---------------------------------------------------------------------- budgets and levels


@dataclass(frozen=True, slots=True)
class Budget:
    """How much a level looks at.  Counts, not seconds: decisions are reproducible."""

    #: Determinizations (full games dealt from the view) per decision.
    samples: int = 4
    #: Morphs (the best by themselves) whose follow-up actions are tried.
    morph_expand: int = 4
    #: Actions (the best by themselves) followed by every morph or swap.
    action_expand: int = 4
    #: Plans re-scored on every sample (the rest are judged on the first one).
    shortlist: int = 8
    #: Plans whose following turns are played out (0: none; the hard level).
    replies: int = 0
    #: Samples on which they are played.
    reply_samples: int = 0
    #: How many following turns (the opponent's answer, then one's own next turn, ...).
    depth: int = 1
    #: How wide the players inside the look-ahead plan: morphs and actions expanded.
    quick_morphs: int = 1
    quick_actions: int = 2
    #: 0 picks the best plan; above, a plan is drawn with weight exp(score / temperature).
    temperature: float = 0.0

    @property
    def quick(self) -> Budget:
        """The one-sample planner that plays the turns inside the look-ahead."""
        return Budget(samples=1, morph_expand=self.quick_morphs, action_expand=self.quick_actions, shortlist=0)


#: The levels a player may choose, weakest first (random and greedy are baselines).
LEVELS: dict[str, Budget] = {
    "beginner": Budget(samples=1, morph_expand=1, action_expand=1, shortlist=4, temperature=60.0),
    "easy": Budget(samples=1, morph_expand=1, action_expand=1, shortlist=6, temperature=60.0),
    "normal": Budget(samples=4, morph_expand=4, action_expand=4, shortlist=8),
    "hard": Budget(
        samples=6, morph_expand=5, action_expand=5, shortlist=10, replies=4, reply_samples=4, depth=2, quick_actions=3
    ),
}


class Searcher:
    """Plays plans forward on full games (samples) and scores where they lead."""

    def __init__(self, evaluator: Evaluator) -> None:
        self.ev = evaluator
        self.kind_value = evaluator.kind_value

    # ------------------------------------------------------------- duel reflexes

    def reflex(self, g: Game) -> Action:
        """The answer in a duel inside a simulation: defend if possible (a morph into the
        best fitting form while energy lasts, else an evasion card), counter-attack when
        possible (a Dynamite only when the blast kills more than it costs)."""
        legal = g.legal_list()
        if g.phase is Phase.DEFEND:
            best: Action | None = None
            best_v = -1.0
            evade: Action | None = None
            by_key = self.ev.catalog.by_key
            for a in legal:
                if isinstance(a, Morph):
                    v = self.kind_value[by_key[a.kind].index]
                    if v > best_v:
                        best, best_v = a, v
                elif isinstance(a, Evade):
                    evade = a
            t = g.board[g.duel.target] if g.duel is not None else None
            side = t.side if t is not None else g.current
            if best is not None and (g.energy[side] >= 2 or evade is None):
                return best
            if evade is not None:
                return evade
            return best if best is not None else TakeHit()
        for a in legal:
            if isinstance(a, Attack):
                return a
            if isinstance(a, Blast):
                return a if self.blast_gain(g, a.src) > 0 else StopDuel()
        return StopDuel()

    def blast_gain(self, g: Game, src: int) -> float:
        me = g.board[src]
        assert me is not None
        umo = self.ev.w.umo
        kv = self.kind_value
        net = -(umo + kv[me.kind.index])
        for n in AROUND[src]:
            t = g.board[n]
            if t is not None:
                v = umo + kv[t.kind.index]
                net += -v if t.side is me.side else v
        return net

    def settle(self, g: Game) -> None:
        """Play a duel in progress to its end with reflexes on both sides."""
        for _ in range(200):
            if g.phase is not Phase.DEFEND and g.phase is not Phase.COUNTER:
                return
            g.apply(self.reflex(g))
        raise RuntimeError("a duel did not end")  # evasion cards and energy are finite

    # ------------------------------------------------------------- turns

    def run(self, g: Game, plan: Plan, me: Side) -> Game:
        """A copy of ``g`` after ``me`` plays ``plan`` and ends the turn.

        Duels are settled by reflexes; a step that is no longer legal in this sample
        (the attacking UMO fell in the duel, say) ends the turn there.
        """
        g = g.copy()
        turn = g.turn
        for a in plan:
            if g.phase is not Phase.TURN or g.current is not me or g.turn != turn:
                break
            try:
                g.apply(a)
            except IllegalActionError:
                break
            self.settle(g)
        if g.phase is Phase.TURN and g.current is me and g.turn == turn:
            g.apply(_END)
        return g

    def plans(self, g: Game, me: Side, budget: Budget) -> list[tuple[float, Plan]]:
        """Candidate plans for the rest of ``me``'s turn, scored on ``g``, best first.

        Singles (each legal step, then the turn ends), the best morphs followed by each
        action, and the best actions followed by each morph or swap.  A morph that
        does not touch the acting UMO commutes with the action, so these orders cover
        what a turn can do without trying every pair.
        """
        score = self.ev.score
        run = self.run
        scored: list[tuple[float, Plan]] = []
        acts: list[tuple[float, Action]] = []
        morphs: list[tuple[float, Action]] = []
        for a in g.legal_list():
            if isinstance(a, EndTurn) and not a.drain:
                plan: Plan = ()
            else:
                plan = (a,)
            v = score(run(g, plan, me), me)
            scored.append((v, plan))
            if isinstance(a, (Move, Ride, Attack, Blast)):
                acts.append((v, a))
            elif isinstance(a, Morph):
                morphs.append((v, a))
        morphs.sort(key=_first, reverse=True)
        acts.sort(key=_first, reverse=True)
        turn = g.turn
        # Each pair is played on from the game after its first step (``h``), which is the
        # same as playing both steps on ``g`` without doing the first one again.
        for _, m in morphs[: budget.morph_expand]:
            h = g.copy()
            h.apply(m)
            for a in h.legal_list():
                if isinstance(a, (Move, Ride, Attack, Blast)):
                    scored.append((score(run(h, (a,), me), me), (m, a)))
        for _, a in acts[: budget.action_expand]:
            h = g.copy()
            h.apply(a)
            self.settle(h)
            if h.phase is not Phase.TURN or h.current is not me or h.turn != turn:
                continue
            for b in h.legal_list():
                if isinstance(b, (Morph, Swap)):
                    scored.append((score(run(h, (b,), me), me), (a, b)))
        scored.sort(key=_first, reverse=True)
        return scored

    def ahead(self, g: Game, turns: int, quick: Budget) -> Game:
        """``g`` after the next ``turns`` turns, each played by its side's best quick plan.

        Whoever moves plays: usually the opponent answers, but a side whose energy row
        is empty gets no turn, and the other plays again (a move in, then the attack).
        Each side plans with the cards this sample dealt it.
        """
        for _ in range(turns):
            if g.phase is not Phase.TURN:
                break
            side = g.current
            best = self.plans(g, side, quick)[0][1]
            g = self.run(g, best, side)
        return g


#: A bare endgame (U29): at most this many UMOs a side.
BARE_UMOS = 2
#: Turns (both sides' counted) between two offers of a draw by the computer (U29).
OFFER_GAP = 12


def dead_level(g: Game, ev: Evaluator) -> bool:
    """A level bare endgame (U29), from what both players see: no evasion card left on
    either side, the same number of UMOs each and at most ``BARE_UMOS``, and material level
    (the share of the side ahead, kinds' values counted, within the repetition term's
    ``repeat_lead``).  One hunter never corners one runner, so careful players draw it."""
    if g.evasions[0] or g.evasions[1]:
        return False
    mat = [0.0, 0.0]
    count = [0, 0]
    for u in g.board:
        if u is not None:
            mat[u.side] += ev.w.umo + ev.kind_value[u.kind.index]
            count[u.side] += 1
    if count[0] != count[1] or not 0 < count[0] <= BARE_UMOS:
        return False
    return abs(mat[0] - mat[1]) / (mat[0] + mat[1]) <= ev.w.repeat_lead


def _first(item: tuple[float, object]) -> float:
    return item[0]


# ---------------------------------------------------------------------- players


class ComputerPlayer:
    """A computer opponent of one level (``easy``, ``normal``, ``hard``)."""

    def __init__(
        self,
        level: str,
        rng: random.Random,
        *,
        budget: Budget | None = None,
        catalog: Catalog | None = None,
        weights: Weights | None = None,
    ) -> None:
        self.name = level
        self.budget = budget or LEVELS[level]
        self.rng = rng
        self.catalog = catalog or load_catalog()
        self.search = Searcher(Evaluator(self.catalog, weights))
        #: The rest of the plan chosen this turn, kept while nothing unforeseen happens.
        self._plan: list[Action] = []
        self._plan_turn = -1
        #: The turn of its last offer of a draw (U29): none again for ``OFFER_GAP`` turns.
        self._offered_turn = -OFFER_GAP

    # ------------------------------------------------------------- the Player protocol

    def snapshot(self) -> tuple[object, ...]:
        """What the next decisions depend on besides the view: the generator's state and
        the rest of this turn's plan (the catalog and the search are rebuilt alike
        anywhere; the score cache is emptied before every search).  The search process
        (``boardgames.uwo.thinker``) decides from a copy restored from it and hands the
        new snapshot back, so this player goes on exactly as if it had decided itself."""
        return (self.rng.getstate(), tuple(self._plan), self._plan_turn, self._offered_turn)

    def restore(self, state: tuple[object, ...]) -> None:
        """Take over a ``snapshot()``: the same decisions follow as from its player."""
        rng, plan, turn, offered = state
        self.rng.setstate(rng)  # type: ignore[arg-type]
        self._plan = list(plan)  # type: ignore[call-overload]
        self._plan_turn = turn  # type: ignore[assignment]
        self._offered_turn = offered  # type: ignore[assignment]

    def choose(self, view: UwoView) -> Action:
        legal = view.legal
        if not legal:
            raise ValueError("asked to choose with no legal action")
        me = view.viewer
        if me is None or view.to_act is not me:
            raise ValueError("the computer is asked only when its own seat must act")
        if view.phase is Phase.TURN and self._plan and self._plan_turn == view.turn:
            step = self._plan.pop(0)
            if step in legal:
                return step
        self._plan = []
        if len(legal) == 1:
            return legal[0]
        self.search.ev.forget()
        samples = self.samples(view)
        if view.phase is Phase.DRAW_OFFER:
            return self.answer_draw(samples, me)
        if self.offers_draw(view, samples[0]):
            self._offered_turn = view.turn
            return OfferDraw()
        if view.phase is Phase.TURN:
            plan = self.plan_turn(samples, me)
            self._plan = list(plan[1:])
            self._plan_turn = view.turn
            # After an attack or a blast the duel decides what comes next: plan again then.
            if isinstance(plan[0], (Attack, Blast)):
                self._plan = []
            return plan[0]
        return self.answer(samples, me, legal)

    # ------------------------------------------------------------- deciding

    def samples(self, view: UwoView) -> list[Game]:
        known = seat_knowledge(view)
        return [Game.from_view(known, self.rng, catalog=self.catalog) for _ in range(self.budget.samples)]

    def plan_turn(self, samples: Sequence[Game], me: Side) -> Plan:
        """The plan (steps up to the end of the turn) with the best average score."""
        b = self.budget
        search = self.search
        score = search.ev.score
        first = search.plans(samples[0], me, b)
        short = first[: max(1, b.shortlist)]
        averaged: list[tuple[float, Plan]] = []
        for v0, plan in short:
            total = v0
            for g in samples[1:]:
                total += score(search.run(g, plan, me), me)
            averaged.append((total / len(samples), plan))
        averaged.sort(key=_first, reverse=True)
        if b.replies:
            looked: list[tuple[float, Plan]] = []
            for _, plan in averaged[: b.replies]:
                total = 0.0
                used = samples[: max(1, b.reply_samples)]
                for g in used:
                    after = search.ahead(search.run(g, plan, me), b.depth, b.quick)
                    total += score(after, me)
                looked.append((total / len(used), plan))
            looked.sort(key=_first, reverse=True)
            averaged = looked
        plan = self.pick(averaged)
        return _with_end(plan)

    def answer_draw(self, samples: Sequence[Game], me: Side) -> AnswerDraw:
        """A draw offered to it (U26, U29): accepted in a level bare endgame, which careful
        play cannot win (``dead_level``), and whenever this level's own evaluation of the
        position, averaged over its samples, says it is not winning (a score of at most 0,
        which is what a draw scores).  Ahead, it plays on."""
        if dead_level(samples[0], self.search.ev):
            return AnswerDraw(accept=True)
        score = self.search.ev.score
        mean = sum(score(g, me) for g in samples) / len(samples)
        return AnswerDraw(accept=mean <= 0.0)

    def offers_draw(self, view: UwoView, sample: Game) -> bool:
        """Offer a draw now (U29)?  Only as its turn begins (nothing done yet), in a level
        bare endgame (``dead_level``) whose position has come up before (U27's count: the
        shuffle has begun, neither side is making progress), and not within ``OFFER_GAP``
        turns of its last offer, so that a declined offer is not pressed turn after turn."""
        if view.phase is not Phase.TURN or view.duel is not None or view.draw_offered:
            return False
        if view.morph_used or view.action_used or view.paid or view.undoable:
            return False
        if view.turn - self._offered_turn < OFFER_GAP:
            return False
        return sample.reps >= 2 and dead_level(sample, self.search.ev)

    def answer(self, samples: Sequence[Game], me: Side, legal: Sequence[Action]) -> Action:
        """A duel answer (defend, evade, take the hit; counter-attack or stop), each option
        played out on every sample with reflexes; the hard level also lets the attacker
        finish its turn before scoring."""
        search = self.search
        score = search.ev.score
        options: list[tuple[float, Plan]] = []
        for a in legal:
            total = 0.0
            for g in samples:
                h = g.copy()
                h.apply(a)
                search.settle(h)
                if self.budget.replies and h.phase is Phase.TURN and h.current is not me:
                    h = search.ahead(h, 1, self.budget.quick)
                total += score(h, me)
            options.append((total / len(samples), (a,)))
        options.sort(key=_first, reverse=True)
        return self.pick(options)[0]

    def pick(self, ranked: list[tuple[float, Plan]]) -> Plan:
        """The best plan, or (easy) one drawn with weights falling with the score."""
        t = self.budget.temperature
        if t <= 0 or len(ranked) == 1:
            return ranked[0][1]
        top = ranked[0][0]
        weights = [math.exp(max(-50.0, (v - top) / t)) for v, _ in ranked]
        return self.rng.choices([p for _, p in ranked], weights=weights)[0]


def _with_end(plan: Plan) -> Plan:
    """The plan as the steps to send: an explicit end of the turn unless it ends itself."""
    if plan and isinstance(plan[-1], (Swap, EndTurn)):
        return plan
    return (*plan, _END)


class GreedyPlayer:
    """One ply on material: the baseline.  Each legal action is played on one sample
    (a duel it starts settled by reflexes) and the one with the best material score
    right after it is taken; ties are broken at random."""

    name = "greedy"

    def __init__(self, rng: random.Random, *, catalog: Catalog | None = None) -> None:
        self.rng = rng
        self.catalog = catalog or load_catalog()
        self.search = Searcher(Evaluator(self.catalog, GREEDY_WEIGHTS))

    def snapshot(self) -> tuple[object, ...]:
        """The generator's state: all a decision depends on besides the view (see
        ``ComputerPlayer.snapshot``)."""
        return (self.rng.getstate(),)

    def restore(self, state: tuple[object, ...]) -> None:
        (rng,) = state
        self.rng.setstate(rng)  # type: ignore[arg-type]

    def choose(self, view: UwoView) -> Action:
        legal = view.legal
        if not legal:
            raise ValueError("asked to choose with no legal action")
        me = view.viewer
        if me is None or view.to_act is not me:
            raise ValueError("the computer is asked only when its own seat must act")
        if len(legal) == 1:
            return legal[0]
        g = Game.from_view(seat_knowledge(view), self.rng, catalog=self.catalog)
        self.search.ev.forget()
        score = self.search.ev.score
        best: list[Action] = []
        best_v = -math.inf
        for a in legal:
            h = g.copy()
            h.apply(a)
            self.search.settle(h)
            v = score(h, me)
            if v > best_v + 1e-9:
                best, best_v = [a], v
            elif v > best_v - 1e-9:
                best.append(a)
        return self.rng.choice(best)


#: Levels that price positions differently from ``Weights()``.  The beginner sees only
#: material and distance, as the greedy baseline does, but plans whole turns and picks
#: among its best four at random (weight e^(score/60)): it leaves threats unanswered
#: and misses attacks a person would see, which is what makes it gentle.
LEVEL_WEIGHTS: dict[str, Weights] = {"beginner": GREEDY_WEIGHTS}


def make_player(level: str, side: Side, rng: random.Random) -> ComputerPlayer | GreedyPlayer:
    """A computer player of ``level`` (``greedy`` or one of ``LEVELS``) for ``side``."""
    del side  # every level plays either army the same way
    if level == "greedy":
        return GreedyPlayer(rng)
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: one of greedy, {', '.join(LEVELS)}")
    return ComputerPlayer(level, rng, weights=LEVEL_WEIGHTS.get(level))
