"""Random legal play of whole seeded games never breaks an invariant.

Every step checks: every owner and requirements card is in exactly one place; scores
only change the way the rules say (a correct guess gives the guesser one owner card,
a met-and-guessed plate gives its writer its requirements card); secrets never leak
into the public view; and every game ends after three rounds.
"""

from __future__ import annotations

import random
import string
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from boardgames.vntypl8s.engine import (
    ROUNDS,
    Game,
    Guess,
    GuessedRight,
    IllegalActionError,
    IllegalPlateError,
    NobodyKnows,
    Phase,
    RequirementsRevealed,
    SubmitPlate,
    WritingTimeUp,
)

from .helpers import new_game

PLATE_ALPHABET = string.ascii_uppercase + string.digits + "-a "


def check_conservation(game: Game) -> None:
    places = game.card_locations()
    owners = Counter(c for k, cards in places.items() if "requirements" not in k for c in cards)
    reqs = Counter(c for k, cards in places.items() if "requirements" in k for c in cards)
    assert set(owners) == game.all_owners and max(owners.values()) == 1, "an owner card is lost or doubled"
    assert set(reqs) == game.all_requirements and max(reqs.values()) == 1, "a requirements card is lost or doubled"


def check_public_view(game: Game) -> None:
    public = game.view(None)
    revealed = {r.writer for r in public.history if r.round == public.round}
    for p in public.players:
        if p.seat not in revealed:
            assert p.owner is None and p.requirements is None
            if p.seat != public.active:
                assert p.plate is None


def random_plate(rng: random.Random) -> str:
    return "".join(rng.choice(PLATE_ALPHABET) for _ in range(rng.randint(0, 9)))


def play_step(game: Game, rng: random.Random) -> list:
    if game.phase is Phase.WRITING:
        writer = game.next_writer  # P13: one after another, clockwise
        assert writer is not None
        for _ in range(30):
            plate = random_plate(rng)
            if rng.random() < 0.05:
                return game.apply(WritingTimeUp(writer, plate))
            action = SubmitPlate(writer, plate)
            legal = action in game.legal_actions
            try:
                events = game.apply(action)
            except IllegalPlateError:
                assert not legal
                continue
            assert legal
            return events
        return game.apply(WritingTimeUp(writer, ""))
    actions = list(game.legal_actions)
    if rng.random() < 0.3:  # sometimes try something illegal: it must change nothing
        try:
            game.apply(Guess(game.active, rng.choice(sorted(game.all_owners))))
        except IllegalActionError:
            pass
        else:
            raise AssertionError("the active player guessed their own plate")
    action = rng.choice(actions)
    if isinstance(action, NobodyKnows) and rng.random() < 0.7:
        action = rng.choice(actions)
    return game.apply(action)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 8))
def test_random_games_keep_every_invariant(seed: int, players: int) -> None:
    rng = random.Random(seed)
    game = new_game(players, seed=seed)
    check_conservation(game)
    steps = 0
    while game.phase is not Phase.GAME_OVER:
        before = game.scores()
        events = play_step(game, rng)
        steps += 1
        assert steps < 2000, "the game does not end"
        check_conservation(game)
        check_public_view(game)
        gained = [0] * players
        for e in events:
            if isinstance(e, GuessedRight):
                gained[e.player] += 1
            if isinstance(e, RequirementsRevealed) and e.scored:
                assert e.met
                gained[e.player] += 1
        assert [a - b for a, b in zip(game.scores(), before, strict=True)] == gained
    assert game.round == ROUNDS
    outcome = game.outcome()
    assert outcome is not None and outcome.winners
    # Score by the rules: owners won = correct guesses; requirements = met and guessed plates.
    history = game.view(None).history
    for s in outcome.standings:
        assert s.owners == sum(1 for r in history if r.guessed_by == s.player)
        assert s.requirements == sum(1 for r in history if r.writer == s.player and r.requirements_scored)
