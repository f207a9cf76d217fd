"""Random legal play, many seeded games: no step may break an invariant, every game ends.

These are the engine's property tests: the rules are checked one by one in
``test_rules.py``; here thousands of random positions check that the pieces fit.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardgames.uwo.actions import (
    Attack,
    Blast,
    EndTurn,
    Evade,
    Morph,
    Move,
    Ride,
    StopDuel,
    Swap,
    TakeHit,
)
from boardgames.uwo.board import ADJACENT, SQUARES
from boardgames.uwo.cards import load_catalog
from boardgames.uwo.engine import HAND_SIZE, TURN_CAP, Game, IllegalActionError
from boardgames.uwo.players import RandomPlayer
from boardgames.uwo.side import Side
from boardgames.uwo.view import Phase

CATALOG = load_catalog()
ALL_IDS = list(range(CATALOG.deck_size))


def check_invariants(g: Game) -> None:
    """Every card of each side in exactly one place; counters within their bounds."""
    places = (g.hands[0] + g.decks[0] + g.removed[0], g.hands[1] + g.decks[1] + g.removed[1])
    alive = [0, 0]
    for u in g.board:
        if u is not None:
            places[u.side].extend(u.cards)
            alive[u.side] += 1
    for s in Side:
        assert sorted(places[s]) == ALL_IDS, f"{s.title}: cards lost or duplicated"
        assert g.alive[s] == alive[s]
        assert 0 <= g.energy[s] <= CATALOG.energy
        assert 0 <= g.evasions[s] <= CATALOG.evasion
        assert len(g.hands[s]) <= HAND_SIZE
    if g.phase is Phase.OVER:
        assert g.outcome() is not None and g.to_act is None and not g.legal_list()
    else:
        assert g.outcome() is None
        assert g.energy[g.current] > 0 or g.paid > 0, "a turn never starts without energy"
    if g.phase is not Phase.TURN and g.phase is not Phase.OVER:
        assert g.duel is not None
        a, t = g.board[g.duel.attacker], g.board[g.duel.target]
        assert a is not None and t is not None and a.side is not t.side


CHUNKS = 4
GAMES = 1000


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_a_thousand_random_games_keep_every_card_and_end(chunk: int) -> None:
    """1,000 seeded games (in 4 chunks, so test workers share them), the invariants after
    every action; each game ends, at the latest by the turn cap (U14)."""
    endings = {None: 0, Side.GNORFS: 0, Side.PNORFS: 0}
    per_chunk = GAMES // CHUNKS
    for seed in range(chunk * per_chunk, (chunk + 1) * per_chunk):
        g = Game.new(random.Random(seed), first_game=seed % 10 == 9)
        player = RandomPlayer(random.Random(-seed - 1))
        check_invariants(g)
        while not g.is_over():
            g.apply(player.pick(g.legal_list()))
            check_invariants(g)
            assert g.turn <= TURN_CAP
        endings[g.outcome().winner] += 1  # type: ignore[union-attr]
    # Random play decides most games; the cap is a backstop, not the usual ending.
    assert endings[Side.GNORFS] > per_chunk // 4 and endings[Side.PNORFS] > per_chunk // 4


def _all_rides() -> list[Ride]:
    rides = []
    for src in range(SQUARES):
        paths = [(n,) for n in ADJACENT[src]]
        while paths:
            path = paths.pop()
            rides.append(Ride(src, path))
            if len(path) < 3:
                paths.extend((*path, n) for n in ADJACENT[path[-1]] if n != src and n not in path)
    return rides


#: Every action that could ever be legal, to compare ``legal_list`` with ``is_legal``.
UNIVERSE = (
    [Morph(k.key, sq) for k in CATALOG.kinds for sq in range(SQUARES)]
    + [Swap(k.key) for k in CATALOG.kinds]
    + [Move(a, b) for a in range(SQUARES) for b in range(SQUARES) if a != b]
    + [Attack(a, b) for a in range(SQUARES) for b in range(SQUARES) if a != b]
    + [Blast(sq) for sq in range(SQUARES)]
    + _all_rides()
    + [EndTurn(), EndTurn(drain=True), Evade(), TakeHit(), StopDuel()]
)


def _random_position(seed: int, steps: int) -> Game:
    g = Game.new(random.Random(seed))
    player = RandomPlayer(random.Random(seed * 7 + 1))
    for _ in range(steps):
        if g.is_over():
            break
        g.apply(player.pick(g.legal_list()))
    return g


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 400))
def test_legal_actions_are_exactly_the_actions_apply_accepts(seed: int, steps: int) -> None:
    g = _random_position(seed, steps)
    legal = g.legal_list()
    assert len(set(legal)) == len(legal), "no action listed twice"
    assert set(legal) == {a for a in UNIVERSE if g.is_legal(a)}
    # The contract's lazy container: ``in`` asks the rules, iterating enumerates.
    lazy = g.legal_actions
    assert {a for a in UNIVERSE if a in lazy} == set(legal)
    assert list(lazy) == legal and len(lazy) == len(legal) and bool(lazy) == bool(legal)
    assert g.actors() == (frozenset() if g.to_act is None else {g.to_act})


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 300), pick=st.integers(0, 10**6))
def test_an_illegal_action_is_refused_with_a_reason_and_changes_nothing(seed: int, steps: int, pick: int) -> None:
    g = _random_position(seed, steps)
    illegal = [a for a in UNIVERSE if not g.is_legal(a)]
    action = illegal[pick % len(illegal)]
    before = g.view(Side.GNORFS), g.view(Side.PNORFS), [d[:] for d in g.decks]
    with pytest.raises(IllegalActionError) as err:
        g.apply(action)
    assert err.value.reason and err.value.action == action
    assert g.why_illegal(action) == err.value.reason and action not in g.legal_actions
    assert (g.view(Side.GNORFS), g.view(Side.PNORFS), [d[:] for d in g.decks]) == before


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 300))
def test_actions_read_back_from_their_text(seed: int, steps: int) -> None:
    from boardgames.uwo.actions import parse_action

    for action in _random_position(seed, steps).legal_list():
        assert parse_action(str(action)) == action


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 300))
def test_apply_on_a_copy_leaves_the_original_alone(seed: int, steps: int) -> None:
    g = _random_position(seed, steps)
    if g.is_over():
        return
    before = g.view(None), g.view(Side.GNORFS), g.view(Side.PNORFS)
    h = g.copy()
    for action in h.legal_list()[:5]:
        k = h.copy()
        k.apply(action)
    h.apply(h.legal_list()[-1])
    assert (g.view(None), g.view(Side.GNORFS), g.view(Side.PNORFS)) == before
