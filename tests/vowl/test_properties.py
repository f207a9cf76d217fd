"""Random legal play of whole Vowl games never breaks an invariant.

A random but plausible player (right, wrong and non-letter answers, passes,
going back, buzzing, time running out) plays seeded games of 1 to 5 players on
both boards.  After every action we check:

- every card of the game is in exactly one place (deck, discard, a pile, the
  passed cards, the selection hand, the sudden-death area);
- scores only move by the rules (+2, or +1 with two victory tokens one space
  down), and exactly as the events say;
- while the game runs every scoring token is below its victory token;
- the game is over exactly when it has an outcome, and otherwise someone can act;
- no view shows a card its viewer may not see (deck order, face-down cards, the
  selection hand to anyone but the selector, a head-to-head racer's cards to
  anyone but that racer before the race is over);
- the game ends within a bound.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardgames.vowl.actions import Action, Answer, Buzz, BuzzTimeUp, StartRun, TimeUp
from boardgames.vowl.cards import Card
from boardgames.vowl.engine import VowlGame
from boardgames.vowl.events import Event, Scored, ScoreOption, TurnEnded, VictoryTokenMoved
from boardgames.vowl.kinds import Mode, Phase
from boardgames.vowl.track import Board
from boardgames.vowl.view import VowlView
from tests.vowl.conftest import NAMES, actor_names, cards_in, make_decks, matcher_for, seat_of

#: No plausible game needs more actions than this; reaching it means the game is stuck.
MAX_ACTIONS = 6000


class RandomPlayer:
    """Picks a legal action at random, answering right with probability *skill*."""

    def __init__(self, rng: random.Random, skill: float) -> None:
        self.rng = rng
        self.skill = skill
        self.clock = 0.0

    def choose(self, game: VowlGame) -> Action:
        legal = game.legal_actions
        choices = list(legal)
        r = self.rng.random()
        rule = game.answer_rule()
        if rule is not None:
            card = _face_up(game)
            limit = rule.limit
            self.clock = max(self.clock, rule.min_elapsed) + self.rng.uniform(0.2, 4.0)
            if limit is not None and self.clock > limit:
                return TimeUp()
            elapsed = self.clock if (rule.needs_elapsed or self.rng.random() < 0.5) else None
            if game.phase is Phase.SUDDEN_DEATH:
                elapsed = None
            if r < self.skill:
                return Answer(self.rng.choice(card.answers), elapsed)
            if r < self.skill + 0.08:
                return Answer(self.rng.choice(["zzz", "o".join(card.skeleton.lower()), "f4k", ""]), elapsed)
            others = [a for a in choices if not isinstance(a, TimeUp)]
            if others and self.rng.random() < 0.9:
                return self.rng.choice(others)
            # Interpretation V29: while a buzz is held the card's sand stands still; the buzz's runs out.
            return TimeUp() if TimeUp() in legal else BuzzTimeUp()
        buzzes = [a for a in choices if isinstance(a, Buzz)]
        if buzzes:
            return self.rng.choice(buzzes) if r < 0.95 else TimeUp()
        action = self.rng.choice(choices)
        if isinstance(action, StartRun):
            self.clock = 0.0
        return action


def _face_up(game: VowlGame) -> Card:
    view = game.view(seat_of(game, actor_names(game)[0]))
    if game.phase is Phase.SUDDEN_DEATH:
        assert view.sudden_death is not None and view.sudden_death.card is not None
        return view.sudden_death.card
    assert view.active_run is not None and view.active_run.current is not None
    return view.active_run.current


def _secrets(
    game: VowlGame, places: list[tuple[str, Card]]
) -> tuple[set[str], set[str], dict[str, set[str]], str | None]:
    """The skeletons hidden right now: from everyone, the selection hand (and its
    selector), and each head-to-head racer's cards (hidden from everyone else)."""
    everyone: set[str] = set()
    hand: set[str] = set()
    racer: dict[str, set[str]] = {}
    private_run = game.mode is Mode.HEAD_TO_HEAD and game.phase in (Phase.READY, Phase.SOLVING)
    for place, card in places:
        if "deck" in place or place.endswith("'s pile") or place == "extras":
            everyone.add(card.skeleton)
        elif place == "selection hand":
            hand.add(card.skeleton)
        elif private_run and "'s " in place:
            racer.setdefault(place.split("'s ", 1)[0], set()).add(card.skeleton)
    selection = game.view(None).selection
    return everyone, hand, racer, game.names[selection.selector] if selection else None


def _shown_to(view: VowlView) -> set[str]:
    """Skeletons in a view, leaving out the after-turn reviews (which show the whole turn)."""
    parts: list[object] = [
        view.runs,
        view.selection,
        view.sudden_death,
        view.legal,
        [e for e in view.last_events if not isinstance(e, TurnEnded)],
    ]
    return {c.skeleton for c in cards_in(parts)}


def check_step(
    game: VowlGame,
    before: dict[str, tuple[int, int]],
    events: list[Event],
    all_cards: list[str],
    viewers: tuple[str | None, ...],
) -> None:
    # Cards are conserved: each exactly once (skeletons are unique).
    places = game.card_places()
    assert sorted(c.skeleton for _, c in places) == all_cards
    # Scores and victory tokens move only by the rules, exactly as the events say.
    scored = Counter[int]()
    moved = Counter[int]()
    for i, e in enumerate(events):
        if isinstance(e, Scored):
            step = e.score_to - e.score_from
            assert step == (2 if e.option is ScoreOption.TWO_POINTS else 1)
            scored[e.player] += step
            if e.option is ScoreOption.ONE_POINT:
                pair = events[i + 1 : i + 3]
                assert all(isinstance(m, VictoryTokenMoved) and m.by == e.player for m in pair)
                assert pair[0].player == e.player and pair[1].player != e.player  # type: ignore[union-attr]
        if isinstance(e, VictoryTokenMoved):
            assert e.space_to == e.space_from - 1
            moved[e.player] += 1
    star = game.board.victory_space
    for p in game.players:
        score0, victory0 = before[p.name]
        assert p.score - score0 == scored[p.seat] and p.score - score0 in (0, 1, 2)
        assert victory0 - p.victory == moved[p.seat] and victory0 - p.victory in (0, 1)
        assert p.victory <= star
        if not game.is_over():
            assert 0 <= p.score < p.victory
    # Over exactly when there is an outcome; otherwise somebody can act.
    assert game.is_over() == (game.outcome() is not None) == (game.phase is Phase.GAME_OVER)
    if not game.is_over():
        assert actor_names(game) and game.legal_actions
        assert any(game.view(seat_of(game, a)).legal for a in actor_names(game))
    else:
        assert game.outcome().winners == {game.outcome().winner} and game.outcome().winner in range(game.seats)  # type: ignore[union-attr]
    # No view shows a secret.
    everyone, hand, racer, selector = _secrets(game, places)
    for viewer in viewers:
        hidden = set(everyone)
        if viewer != selector:
            hidden |= hand
        for name, cards in racer.items():
            if name != viewer:
                hidden |= cards
        leaked = _shown_to(game.view(None if viewer is None else seat_of(game, viewer))) & hidden
        assert not leaked, f"{viewer} sees {leaked} in phase {game.phase}"


def play_game(
    seed: int, players: int, board: Board, skill: float, *, check: bool = True, every_viewer: bool = True
) -> VowlGame:
    """Play one seeded game, checking every step.  Without *every_viewer* the
    secrecy check looks at the public view, the actors' and one other player's
    view in turn (to keep hundreds of games fast)."""
    decks = make_decks(basic=36, advanced=18, expert=12)
    all_cards = sorted(c.skeleton for cards in decks.values() for c in cards)
    game = VowlGame(NAMES[:players], board=board, decks=decks, judge=matcher_for(decks), rng=random.Random(seed))
    player = RandomPlayer(random.Random(seed * 7919 + 1), skill)
    for step in range(MAX_ACTIONS):
        if game.is_over():
            return game
        before = {p.name: (p.score, p.victory) for p in game.players}
        action = player.choose(game)
        assert action in game.legal_actions
        events = game.apply(action)
        if check:
            names = game.names
            viewers = (None, *names) if every_viewer else (None, *actor_names(game), names[step % len(names)])
            check_step(game, before, events, all_cards, tuple(dict.fromkeys(viewers)))
    raise AssertionError(f"seed {seed}: no winner after {MAX_ACTIONS} actions")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    players=st.integers(min_value=1, max_value=5),
    board=st.sampled_from(list(Board)),
    skill=st.floats(min_value=0.45, max_value=0.95),
)
def test_random_legal_play_never_breaks_an_invariant(seed: int, players: int, board: Board, skill: float) -> None:
    game = play_game(seed, players, board, skill)
    assert game.is_over()


def test_three_hundred_seeded_games_keep_every_invariant() -> None:
    modes: Counter[str] = Counter()
    for seed in range(300):
        players = 1 + seed % 5
        board = Board.ADVANCED if seed % 3 == 0 else Board.STANDARD
        game = play_game(seed, players, board, skill=0.6 + (seed % 4) * 0.1, every_viewer=False)
        outcome = game.outcome()
        assert outcome is not None and outcome.practice == (players == 1)
        modes[f"{players}p"] += 1
    assert set(modes) == {"1p", "2p", "3p", "4p", "5p"}
