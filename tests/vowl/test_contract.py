"""Vowl on the suite's game contract (``common.game.Engine``) and session layer (``common.session``).

The rules themselves are tested elsewhere (``test_engine*``, ``test_properties``);
these tests pin what the rest of the suite relies on: seats in table order, who
acts (solo runs, partners, head-to-head races, sudden death), a lazy
``legal_actions`` that agrees with ``why_illegal`` and with what ``apply``
refuses (the same reason, the suite's one ``IllegalActionError``), events that
say who may see them and word themselves, a table view without secrets, the
spec's save format (old saves still resume) and the registry entry.
"""

from __future__ import annotations

import importlib.util
import math
import random
import subprocess
import sys
from collections.abc import Iterator

import pytest

from tests.contract import check_refusals
from boardgames.common import game as contract
from boardgames.common.errors import UserFacingError
from boardgames.common.game import Engine, IllegalActionError, visible_to
from boardgames.common.saves import SaveRecord, SaveStore
from boardgames.common.session import GameSession
from boardgames.games import GameEntry, get_game
from boardgames.vowl import engine
from boardgames.vowl.actions import (
    Action,
    Answer,
    Buzz,
    ChooseOpponent,
    ChoosePartner,
    Discard,
    Pass,
    PlaceExtras,
    Revisit,
    Roll,
    ScoreOne,
    ScoreTwo,
    StartRun,
    TimeUp,
)
from boardgames.vowl.engine import VowlGame
from boardgames.vowl.entry import ENTRY
from boardgames.vowl.events import (
    AnswerAccepted,
    AnswerRejected,
    CardFlipped,
    CardPassed,
    Event,
    Rolled,
    RunFinished,
    TurnStarted,
)
from boardgames.vowl.kinds import Mode, Phase
from boardgames.vowl.spec import ACTION_CLASSES, SPEC, VowlSetup
from boardgames.vowl.track import Board, ModeFace
from tests.vowl.conftest import (
    ANN,
    BOB,
    CY,
    NAMES,
    make_decks,
    make_game,
    make_practice,
    matcher_for,
    roll,
    solve,
    solve_pile,
    start_solitaire,
)
from tests.vowl.test_properties import RandomPlayer, _secrets, _shown_to

#: The events of a pile being solved: private to the racer during a head-to-head race.
RUN_EVENTS = (CardFlipped, AnswerAccepted, AnswerRejected, CardPassed, RunFinished)


def new_game(seed: int, players: int) -> VowlGame:
    decks = make_decks(basic=36, advanced=18, expert=12)
    return VowlGame(NAMES[:players], board=Board.STANDARD, decks=decks, judge=matcher_for(decks),
                    rng=random.Random(seed))


def whole_game(seed: int, players: int) -> Iterator[tuple[VowlGame, Phase, Mode | None, Action, list[Event]]]:
    """A seeded game played to its end by a random player: (game, phase and mode
    before the action, the action, its events) after every step."""
    game = new_game(seed, players)
    player = RandomPlayer(random.Random(seed * 31 + 7), 0.7)
    for _ in range(6000):
        if game.is_over():
            return
        phase, mode = game.phase, game.mode
        action = player.choose(game)
        yield game, phase, mode, action, game.apply(action)
    raise AssertionError(f"seed {seed}: no winner")


# ------------------------------------------------------------------ the engine


def test_the_engine_is_the_suites_contract() -> None:
    game = make_game((ANN, BOB, CY))
    assert isinstance(game, Engine)
    assert game.seats == 3 and game.names == (ANN, BOB, CY)
    assert [game.seat_of(n) for n in game.names] == [0, 1, 2]
    assert engine.IllegalActionError is contract.IllegalActionError  # one refusal class for the suite
    assert make_practice().seats == 1


def state(game: VowlGame) -> tuple:
    """Everything an action could change, to check that a refusal changed nothing."""
    views = tuple(game.view(s) for s in [None, *range(game.seats)])
    return game.card_places(), views, game.actors(), game.phase, game._rng.getstate()  # noqa: SLF001


def candidates(game: VowlGame, rng: random.Random) -> Iterator[object]:
    """Legal and illegal actions of every kind (and some non-actions) for the moment *game* is in."""
    yield from (Roll(), StartRun(), Pass(), TimeUp(), ScoreTwo(), PlaceExtras(True), PlaceExtras(False))
    for seat in (*range(game.seats), 7):
        yield from (ChooseOpponent(seat), ChoosePartner(seat), Buzz(seat), ScoreOne(seat))
    cards = [c for _, c in game.card_places()]
    for card in rng.sample(cards, 3):
        yield Revisit(card)
    selection = game.view(None).selection
    if selection is not None:
        hand = game.view(game.seat_of(selection.selector)).selection.hand  # type: ignore[union-attr]
        assert hand is not None
        yield Discard(frozenset(rng.sample(hand, 3)))
        yield Discard(frozenset(hand[:2]))
        yield Discard(frozenset(rng.sample(cards, 3)))
    rule = game.legal_actions.answer
    low = rule.min_elapsed if rule is not None else 0.0
    for elapsed in (None, low + 0.5, low - 1, 999.0, math.nan, "soon"):
        yield Answer(rng.choice(["savor", "zzz", ""]), elapsed)  # type: ignore[arg-type]
    yield "roll"
    yield None
    yield Roll  # the class, not an action


@pytest.mark.parametrize(("seed", "players"), [(1, 2), (2, 3), (3, 5), (4, 1), (5, 2)])
def test_why_illegal_legal_actions_and_apply_agree_through_whole_games(seed: int, players: int) -> None:
    """For every candidate at every step: ``in legal_actions`` exactly when ``why_illegal``
    is ``None``; ``apply`` refuses exactly those others, with the same reason, the
    suite's ``IllegalActionError`` carrying the action, and changes nothing."""
    rng = random.Random(seed)
    checked = refused = 0
    game = new_game(seed, players)
    for game, *_ in whole_game(seed, players):
        if checked % 3 == 0 or game.is_over():  # every third step keeps whole games quick
            refused += check_refusals(game, candidates(game, rng), state)
            for action in game.legal_actions:
                assert game.why_illegal(action) is None
        checked += 1
    assert game.is_over()
    assert game.why_illegal(Roll()) == "the game is over" and not game.legal_actions
    assert checked > 30 and refused > 200


def test_legal_actions_is_a_container_without_a_call() -> None:
    game = make_game()
    legal = game.legal_actions
    assert Roll() in legal and StartRun() not in legal and "roll" not in legal
    assert list(legal) == [Roll()] and game.why_illegal(Roll()) is None
    assert game.why_illegal("roll") == "'roll' is not a Vowl action"
    start_solitaire(game, 3)
    assert Answer("anything at all") in game.legal_actions  # an open-ended rule, not a list


# ------------------------------------------------------------------ who acts


def test_actors_are_seats_in_table_order_not_alphabetical() -> None:
    game = make_game((BOB, ANN))  # Ann Lee starts (first alphabetically) from seat 1
    assert game.actor_names() == (ANN,) and game.actors() == frozenset({1})


def test_actors_through_solo_runs_and_partners() -> None:
    practice = make_practice()
    assert practice.actors() == frozenset({0})
    start_solitaire(practice, 3)
    assert practice.phase is Phase.SOLVING and practice.actors() == frozenset({0})

    game = make_game((ANN, BOB, CY))
    start_solitaire(game, 3)
    assert game.actors() == frozenset({0})
    solve_pile(game)
    assert game.phase is Phase.SCORE and game.actors() == frozenset({0})  # Ann scores her pile

    partners = make_game((ANN, BOB, CY))
    roll(partners, 3, ModeFace.PARTNER)
    assert partners.phase is Phase.CHOOSE_PARTNER and partners.actors() == frozenset({0})
    partners.apply(ChoosePartner(partners.seat_of(BOB)))
    assert partners.phase is Phase.READY and partners.actors() == frozenset({0, 1})  # one pile, one keyboard
    assert partners.actor_names() == (ANN, BOB)


def test_actors_through_a_head_to_head_race_and_its_sudden_death() -> None:
    game = make_game()
    roll(game, 3, ModeFace.HEAD_TO_HEAD)  # two players: Bob is the opponent
    assert game.phase is Phase.READY and game.actors() == frozenset({0})
    game.apply(StartRun())
    assert game.phase is Phase.SOLVING and game.actors() == frozenset({0})
    solve(game, 1.0)
    game.apply(TimeUp())
    assert game.phase is Phase.READY and game.actors() == frozenset({1})  # Bob's turn to race
    game.apply(StartRun())
    assert game.actors() == frozenset({1})
    solve(game, 1.0)
    game.apply(TimeUp())  # one card each: a tie
    assert game.phase is Phase.SUDDEN_DEATH_READY and game.actors() == frozenset({0, 1})
    game.apply(StartRun())
    assert game.phase is Phase.SUDDEN_DEATH and game.actors() == frozenset({0, 1})  # both may buzz
    game.apply(Buzz(game.seat_of(BOB)))
    assert game.actors() == frozenset({1})
    game.apply(Answer("fakak"))  # wrong: Bob is locked out of this card
    assert game.actors() == frozenset({0})


@pytest.mark.parametrize(("seed", "players"), [(6, 2), (7, 4)])
def test_actors_match_the_names_and_nobody_acts_once_it_is_over(seed: int, players: int) -> None:
    game = new_game(seed, players)
    for game, *_ in whole_game(seed, players):
        assert game.actors() == frozenset(game.seat_of(n) for n in game.actor_names())
        assert game.is_over() or game.actors()
    assert game.actors() == frozenset() and game.actor_names() == ()
    assert game.outcome() is not None and game.phase is Phase.GAME_OVER


# ------------------------------------------------------------------ events


@pytest.mark.parametrize("seed", range(4))
def test_a_racers_own_cards_and_answers_are_for_that_racer_alone(seed: int) -> None:
    """Head-to-head (the rulebook's race): each racer's flips, answers, passes and
    result are private to that racer until the race is decided; every other event,
    a solo or partner pile's and a sudden death's included, is public."""
    private = 0
    for game, phase, mode, _, events in whole_game(seed, 2 + seed % 3):
        racing = mode is Mode.HEAD_TO_HEAD and phase in (Phase.READY, Phase.SOLVING)
        for e in events:
            assert isinstance(e, contract.GameEvent)
            if racing and isinstance(e, RUN_EVENTS):
                runner = e.result.runner if isinstance(e, RunFinished) else e.runner
                seat = game.seat_of(runner)
                assert e.audience == frozenset({seat}), e
                assert visible_to(e, seat) and not visible_to(e, None)
                assert not any(visible_to(e, other) for other in range(game.seats) if other != seat)
                private += 1
            else:
                assert e.audience is None and visible_to(e, None), e
    assert private > 0  # some head-to-head race was played


def test_events_word_themselves_as_the_log_shows_them() -> None:
    game = make_game()
    events = roll(game, 3, ModeFace.SOLITAIRE)
    assert str(events[0]) == "Ann Lee rolled 3 and solitaire."
    assert str(TurnStarted(ANN, 4)) == "Turn 4: Ann Lee"  # the log's bold, without the markup
    for seed in range(2):
        for _, _, _, _, happened in whole_game(seed, 3):
            for e in happened:
                text = str(e)
                assert text and text != repr(e) and "[b]" not in text and "[/]" not in text, text
    assert isinstance(events[0], Rolled)


# ------------------------------------------------------------------ the table view


@pytest.mark.parametrize(("seed", "players"), [(8, 2), (9, 3), (10, 5)])
def test_the_table_view_hides_every_secret(seed: int, players: int) -> None:
    """``view(None)``: no legal actions, no selection hand, no racer's pile before the race
    is decided, no private event, no face-down card - at every step of whole games."""
    for game, *_ in whole_game(seed, players):
        table = game.view(None)
        assert table.viewer is None and not table.legal
        assert table.selection is None or table.selection.hand is None
        assert all(visible_to(e, None) for e in table.last_events)
        everyone, hand, racer, _ = _secrets(game, game.card_places())
        hidden = everyone | hand | set().union(*racer.values())
        leaked = _shown_to(table) & hidden
        assert not leaked, f"the table sees {leaked} in phase {game.phase}"
        for seat in range(game.seats):
            assert game.view(seat).viewer == seat


# ------------------------------------------------------------------ the spec and the session


def test_the_setup_is_saved_as_it_always_was() -> None:
    setup = VowlSetup(("Ann Lee", "Bob Roy"), (25, 15), advanced=True)
    assert SPEC.setup_to_json(setup) == {
        "names": ["Ann Lee", "Bob Roy"], "timers": [25, 15], "advanced": True, "practice": False,
    }
    practice = VowlSetup(("Ann",), (15,), practice=True)
    for s in (setup, practice):
        assert SPEC.setup_from_json(SPEC.setup_to_json(s)) == s
    for bad in ({}, {"names": ["Ann"], "timers": [25], "advanced": False, "practice": False},
                {"names": ["Ann", "Bob"], "timers": [25, 20], "advanced": False, "practice": False},
                {"names": 5, "timers": [], "advanced": False, "practice": False}):
        with pytest.raises(ValueError):
            SPEC.setup_from_json(bad)
    assert {"Roll", "ChooseOpponent", "ChoosePartner", "Discard", "PlaceExtras", "StartRun", "Answer",
            "Pass", "Revisit", "TimeUp", "Buzz", "ScoreTwo", "ScoreOne", "Card", "Tier"} <= set(ACTION_CLASSES)
    assert SPEC.is_action(Roll()) and not SPEC.is_action(setup) and not SPEC.is_action("roll")
    assert SPEC.key == "vowl" and SPEC.title == "Vowl"


def test_the_session_starts_refuses_saves_and_resumes_the_very_game(tmp_path) -> None:  # noqa: ANN001
    store = SaveStore(tmp_path)
    setup = VowlSetup(("Ann Lee", "Bob Roy", "Cy Diaz"), (25, 25, 15))
    session = GameSession.start(SPEC, setup, 21, store=store)
    step = session.apply(StartRun())
    assert not step.applied and step.events == ()
    assert step.refusal == "StartRun is not possible now: the game is waiting to roll the dice."
    assert not store.unfinished("vowl").records  # nothing done, nothing saved yet
    game = session.engine
    player = RandomPlayer(random.Random(4), 0.8)
    happened: list[object] = []
    for _ in range(60):
        step = session.apply(player.choose(game))
        assert step.applied and step.refusal is None
        happened.extend(step.events)
    (record,) = store.unfinished("vowl").records
    record.read_actions()  # listed from its header: the actions are read when resumed
    assert len(record.actions) == 60 and record.setup == SPEC.setup_to_json(setup)
    assert record.title == f"Ann Lee {game.player(ANN).score}, Bob Roy {game.player(BOB).score}, " \
                           f"Cy Diaz {game.player(CY).score} — turn {game.turn}"
    session.close()  # left: one window at a time holds a game (tests/common/test_save_lock.py)
    again = GameSession.resume(SPEC, record, store=store)
    assert again.setup == setup and list(again.history) == happened
    assert again.engine.card_places() == game.card_places()
    assert all(again.engine.view(s) == game.view(s) for s in (None, 0, 1, 2))
    assert again.engine._rng.getstate() == game._rng.getstate()  # noqa: SLF001 - the dice to come, too
    assert session.saved and "saved" in session.leave_detail()


def test_a_save_written_before_the_session_layer_still_resumes() -> None:
    """The JSON an existing save holds: setup keys and action class names as they were."""
    record = SaveRecord(
        "vowl",
        {"names": ["Ann"], "timers": [15], "advanced": False, "practice": True},
        3,
        actions=[{"$type": "Roll"}, {"$type": "StartRun"}, {"$type": "Answer", "word": "zzz", "elapsed": 2.5},
                 {"$type": "Pass"}],
    )
    session = GameSession.resume(SPEC, record)
    assert session.setup == VowlSetup(("Ann",), (15,), practice=True)
    expected = SPEC.build(session.setup, 3)
    for action in (Roll(), StartRun(), Answer("zzz", 2.5), Pass()):
        expected.apply(action)
    assert session.engine.view(0) == expected.view(0) and session.engine.phase is Phase.SOLVING
    assert any(isinstance(e, AnswerRejected) for e in session.history)

    session.close()  # left: one window at a time holds a game (tests/common/test_save_lock.py)
    record.actions.append({"$type": "Roll"})  # refused by the rules: a pile is being solved
    with pytest.raises(UserFacingError, match="cannot be resumed"):
        GameSession.resume(SPEC, record)


# ------------------------------------------------------------------ the entry


def test_the_registry_holds_the_vowl_entry() -> None:
    entry = get_game("vowl").entry
    assert entry is ENTRY and isinstance(entry, GameEntry)
    assert entry.spec is SPEC and [i.label for i in entry.menu_items()] == ["practice stats"]


def test_launch_is_gone() -> None:
    assert importlib.util.find_spec("boardgames.vowl.launch") is None


@pytest.mark.parametrize(
    ("module", "absent"),
    [
        ("boardgames.vowl.spec", "textual"),  # the spec is pure: no screen, no Textual
        ("boardgames.vowl.screen", "boardgames.vowl.entry"),  # screens never import the entry
        ("boardgames.vowl.setup", "boardgames.vowl.entry"),
    ],
)
def test_no_import_circle_through_the_entry(module: str, absent: str) -> None:
    code = f"import sys, {module}; print({absent!r} in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_the_parser_imports_no_vowl_screen() -> None:
    """``boardgames --help`` (any command) builds every game's parser: Vowl's opens no screen."""
    code = (
        "import sys\n"
        "from boardgames.cli import build_parser\n"
        "build_parser()\n"
        "print(sorted(m for m in sys.modules if m.startswith('boardgames.vowl.')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "'boardgames.vowl.entry'" in out
    for heavy in ("boardgames.vowl.screen", "boardgames.vowl.setup", "boardgames.vowl.spec"):
        assert f"'{heavy}'" not in out, out
