"""VNTYPL8S keeps the suite's game contract (``common.game``) and session spec (``common.session``).

The engine's own rules are tested in ``test_engine``; here, what every game owes the
rest of the suite: who may act now, a lazy ``legal_actions`` that agrees with
``why_illegal`` and with what ``apply`` refuses (the same reason, the suite's one
``IllegalActionError``), events that say who may see them and word themselves, a
public view without secrets, and a spec the session layer can start, refuse with,
save and replay.  Last, the module layout that keeps the import circle away.
"""

from __future__ import annotations

import pickle
import random
import subprocess
import sys
from collections.abc import Iterator

import pytest

from tests.contract import check_refusals
from boardgames.common.game import Engine, IllegalActionError, visible_to
from boardgames.common.saves import SaveStore
from boardgames.common.session import GameSession
from boardgames.games import GameEntry, get_game
from boardgames.vntypl8s.engine import (
    BackOut,
    Buzz,
    Game,
    GuessTimeUp,
    GameEnded,
    Guess,
    GuessedRight,
    GuessedWrong,
    IllegalPlateError,
    NobodyKnows,
    OwnerRevealed,
    Phase,
    PlateForfeited,
    PlateRevealed,
    PlateSubmitted,
    RequirementsRevealed,
    RoundEnded,
    RoundStarted,
    SubmitPlate,
    WritingTimeUp,
)
from boardgames.vntypl8s.entry import ENTRY
from boardgames.vntypl8s.spec import ACTION_CLASSES, SPEC, Vntypl8sSetup

from .helpers import answer, legal_plate, new_game, wrong_owner
from .test_simulation import play_step, random_plate


def state(game: Game) -> tuple:
    """Everything an action could change, to check that a refusal changed nothing."""
    return game.card_locations(), tuple(game.view(v) for v in [None, *range(game.player_count)]), game.actors()


def candidates(game: Game, rng: random.Random) -> Iterator[object]:
    """Legal and illegal actions of every kind for the moment *game* is in."""
    n = game.player_count
    seats = [*range(n), n, -1]
    owners = sorted(game.all_owners)
    for _ in range(6):
        seat = rng.choice(seats)
        yield SubmitPlate(seat, random_plate(rng))
        yield WritingTimeUp(seat, random_plate(rng))
        yield Guess(seat, rng.choice([*game.view(None).grid, *owners[:3]] or owners))
        yield Buzz(seat)
        yield GuessTimeUp(seat)
        yield BackOut(seat)
    for p in range(n):
        if game.phase is Phase.WRITING and not game.view(None).players[p].done_writing:
            yield SubmitPlate(p, legal_plate(game, p, meet=rng.random() < 0.5))
    yield NobodyKnows()
    yield "pass"


# -- the engine contract ---------------------------------------------------------------


def test_the_game_is_a_contract_engine() -> None:
    game = new_game(4)
    assert isinstance(game, Engine)
    assert game.seats == game.player_count == 4


def test_why_illegal_legal_actions_and_apply_agree_through_whole_games() -> None:
    """For every candidate at every step: ``in legal_actions`` exactly when ``why_illegal``
    is ``None``; ``apply`` refuses exactly those others, with the same reason, the
    suite's ``IllegalActionError`` carrying the action, and changes nothing."""
    checked = refused = 0
    for seed in (2, 5):
        rng = random.Random(seed)
        game = new_game(3 + seed % 3, seed=seed)
        while game.phase is not Phase.GAME_OVER:
            refused += check_refusals(game, candidates(game, rng), state)
            for action in list(game.legal_actions)[:5]:
                assert game.why_illegal(action) is None
            checked += 1
            play_step(game, rng)
        assert game.why_illegal(NobodyKnows()) == "the game is over"
    assert checked > 20 and refused > 100


def test_an_illegal_plate_is_the_suites_refusal_with_the_judges_every_rule() -> None:
    game = new_game(3)
    action = SubmitPlate(0, "AEIOU-")
    with pytest.raises(IllegalPlateError) as info:
        game.apply(action)
    error = info.value
    assert isinstance(error, IllegalActionError) and error.action is action
    assert error.reason == game.why_illegal(action) and error.reason.startswith("the plate 'AEIOU-' is illegal: ")
    assert len(error.judgement.violations) >= 2
    again = pickle.loads(pickle.dumps(error))  # e.g. across pytest-xdist workers
    assert isinstance(again, IllegalPlateError) and again.judgement == error.judgement and again.reason == error.reason


def test_actors_are_the_seats_that_may_act_now() -> None:
    game = new_game(3)
    assert game.actors() == frozenset({0, 1, 2})  # the rulebook's writers write at once
    game.apply(SubmitPlate(1, legal_plate(game, 1, meet=True)))
    assert game.actors() == frozenset({0, 2})
    write_all_remaining(game)
    assert game.phase is Phase.GUESSING and game.active == 0
    assert game.actors() == frozenset({0, 1, 2})  # Bob and Cy may buzz; Ann may say nobody knows
    game.apply(Guess(1, wrong_owner(game, 0)))
    assert game.actors() == frozenset({0, 2})  # Bob is locked out for this plate
    game.apply(Guess(2, answer(game, 0)))
    assert game.active == 1 and game.actors() == frozenset({0, 1, 2})


def write_all_remaining(game: Game) -> None:
    for p in game.writing_order:
        if not game.view(None).players[p].done_writing:
            game.apply(SubmitPlate(p, legal_plate(game, p, meet=True)))


def test_actors_match_the_legal_actions_and_nobody_acts_once_it_is_over() -> None:
    rng = random.Random(9)
    game = new_game(4, seed=9)
    while game.phase is not Phase.GAME_OVER:
        listed = list(game.legal_actions)
        seats = {a.player for a in listed if isinstance(a, WritingTimeUp | Guess | Buzz | GuessTimeUp | BackOut)}
        if any(isinstance(a, NobodyKnows) for a in listed):
            assert game.active is not None
            seats.add(game.active)
        assert game.actors() == frozenset(seats)
        play_step(game, rng)
    assert game.actors() == frozenset() and list(game.legal_actions) == []
    assert game.outcome() is not None


# -- events ----------------------------------------------------------------------------


def whole_game_events(seed: int = 4) -> tuple[Game, list[object]]:
    rng = random.Random(seed)
    game = new_game(3, seed=seed)
    events: list[object] = list(game.opening_events())
    while game.phase is not Phase.GAME_OVER:
        events += play_step(game, rng)
    return game, events


def test_only_a_handed_in_plate_is_private_and_only_to_its_writer() -> None:
    _, events = whole_game_events()
    assert {type(e) for e in events} >= {RoundStarted, PlateSubmitted, PlateRevealed, RequirementsRevealed,
                                         RoundEnded, GameEnded}
    for e in events:
        if isinstance(e, PlateSubmitted):
            # It holds the plate and the writer's R3QRMNTS card until the reveal.
            assert e.audience == frozenset({e.player})
            assert visible_to(e, e.player) and not visible_to(e, None)
            assert not visible_to(e, (e.player + 1) % 3)
        else:
            assert e.audience is None and visible_to(e, None), e


def test_events_word_themselves_as_the_screen_shows_them() -> None:
    names = ("Ann", "Bob", "Cy")
    assert str(RoundStarted(2, 1, name="Bob")) == "Round 2 begins: Bob writes first."
    assert str(PlateForfeited(0, name="Ann")) == "Time is up: Ann has no legal plate and sits this round out."
    assert str(GuessedWrong(1, "Chef", name="Bob")) == "✗ Bob guessed Chef: wrong."
    assert str(GuessedRight(2, "Chef", name="Cy")) == "✓ Cy guessed it: Chef! Cy takes the card."
    assert str(OwnerRevealed(0, "Chef", name="Ann")) == "Nobody guessed it. Ann reveals: Chef. It leaves the grid."
    assert str(RequirementsRevealed(0, "SH5", met=True, scored=True, name="Ann")) == (
        "Ann's R3QRMNTS card SH5: all three used and guessed: Ann scores it."
    )
    assert str(RequirementsRevealed(0, "SH5", met=False, scored=False, name="Ann")) == (
        "Ann's R3QRMNTS card SH5: not all three used: no score."
    )
    assert str(RoundEnded(1, (2, 1, 0), names=names)) == "Round 1 is over. Cards: Ann 2, Bob 1, Cy 0."
    # The names are labels: equality is about what happened (tests build events from seats).
    assert GuessedWrong(1, "Chef", name="Bob") == GuessedWrong(1, "Chef")
    assert str(GuessedWrong(1, "Chef")) == "✗ Player 2 guessed Chef: wrong."


def test_the_engine_names_the_players_in_its_events_and_no_public_wording_tells_a_secret() -> None:
    game = new_game(3, seed=6)
    secrets = [game.view(p).players[p].owner or "" for p in range(3)]
    events: list[object] = []
    for p in game.writing_order:
        events += game.apply(SubmitPlate(p, legal_plate(game, p, meet=p != 1)))
    submitted = [e for e in events if isinstance(e, PlateSubmitted)]
    assert [str(e) for e in submitted] == ["Ann handed in a plate.", "Bob handed in a plate.", "Cy handed in a plate."]
    for e in events:
        for secret in secrets:
            assert secret not in str(e)
    revealed = next(e for e in events if isinstance(e, PlateRevealed))
    assert str(revealed).startswith("Ann's plate: ")


def test_the_public_view_hides_every_secret_at_every_step() -> None:
    rng = random.Random(12)
    game = new_game(5, seed=12)
    while game.phase is not Phase.GAME_OVER:
        public = game.view(None)
        assert public.viewer is None
        revealed = {r.writer for r in public.history if r.round == public.round}
        for p in range(game.player_count):
            mine = game.view(p).players[p]
            shown = public.players[p]
            if p in revealed:
                continue
            assert shown.owner is None and shown.requirements is None
            if p != public.active:
                assert shown.plate is None
            if game.phase is Phase.WRITING and mine.owner is not None:
                # No trace of a hand anywhere in the table's view (the grid is not dealt yet).
                assert mine.owner not in repr(public), f"{mine.owner!r} leaks into the public view"
        play_step(game, rng)


# -- the session spec ------------------------------------------------------------------


def test_the_spec_starts_refuses_saves_and_replays_a_game(tmp_path) -> None:  # noqa: ANN001
    setup = Vntypl8sSetup(("Ann", "Bob", "Cy"), timer=60)
    assert SPEC.setup_from_json(SPEC.setup_to_json(setup)) == setup
    assert {"SubmitPlate", "WritingTimeUp", "Guess", "NobodyKnows"} <= set(ACTION_CLASSES)
    assert SPEC.is_action(NobodyKnows()) and not SPEC.is_action(RoundStarted(1, 0))
    store = SaveStore(tmp_path)
    session = GameSession.start(SPEC, setup, 77, store=store)
    step = session.apply(Guess(1, "Chef"))
    assert step.refusal == "Guesses are made only in the guessing phase." and step.events == ()
    step = session.apply(SubmitPlate(0, "AEIOU"))
    assert step.refusal is not None and step.refusal.startswith("The plate 'AEIOU' is illegal: ")
    game = session.engine
    step = session.apply(SubmitPlate(0, legal_plate(game, 0, meet=True)))
    assert step.applied and isinstance(step.events[0], PlateSubmitted)
    (record,) = store.unfinished(SPEC.key).records
    assert record.title == "Ann 0, Bob 0, Cy 0 — round 1 of 3, writing"
    assert record.setup["players"] == ["Ann", "Bob", "Cy"] and record.setup["timer"] == 60
    session.close()  # left: one window at a time holds a game (tests/common/test_save_lock.py)
    again = GameSession.resume(SPEC, record, store=store)
    assert again.setup == setup and again.engine.view(0) == game.view(0)
    assert [type(e) for e in again.last] == [PlateSubmitted]


def test_the_entry_is_the_registrys_and_offers_the_favourites_page() -> None:
    entry = get_game("vntypl8s").entry
    assert entry is ENTRY and isinstance(entry, GameEntry) and entry.spec is SPEC
    (item,) = entry.menu_items()
    assert item.label == "favourite license plates" and callable(item.open)


@pytest.mark.parametrize(
    ("module", "absent"),
    [
        ("boardgames.vntypl8s.spec", "textual"),  # the spec is pure: no screen, no Textual
        ("boardgames.vntypl8s.screen", "boardgames.vntypl8s.entry"),  # screens never import the entry
    ],
)
def test_no_import_circle_through_the_entry(module: str, absent: str) -> None:
    code = f"import sys, {module}; print({absent!r} in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
