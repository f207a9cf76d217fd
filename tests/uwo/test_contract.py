"""UWO on the suite's game contract (``common.game.Engine``) and session layer (``common.session``).

The rules themselves are tested elsewhere (``test_rules``, ``test_random_play``);
these tests pin what the rest of the suite relies on: who acts, the lazy legal
actions and ``why_illegal`` agreeing with ``apply``, public events, a table view
without secrets, the spec's save format (old saves still resume) and the entry.
"""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from boardgames.common import game as contract
from boardgames.common.errors import UserFacingError
from boardgames.common.game import Engine, PublicEvent, visible_to
from boardgames.common.saves import SaveRecord, SaveStore
from boardgames.common.session import GameSession
from boardgames.games import GameEntry, get_game
from boardgames.uwo import ai
from boardgames.uwo import board as B
from boardgames.uwo import engine
from boardgames.uwo.actions import Action, Attack, EndTurn, Move, TakeHit
from boardgames.uwo.engine import Game
from boardgames.uwo.entry import ENTRY
from boardgames.uwo.levels import OPPONENT_LEVELS, PLAYER_NAMES
from boardgames.uwo.players import PLAYERS, ComputerOpponent, RandomPlayer
from boardgames.uwo.side import Side
from boardgames.uwo.spec import SPEC, UwoSetup
from boardgames.uwo.view import Phase
from tests.uwo.positions import make
from tests.uwo.test_random_play import UNIVERSE


def _played(seed: int, steps: int) -> tuple[Game, list[object]]:
    """A game after ``steps`` random legal actions, and every event they gave."""
    g = Game.new(random.Random(seed))
    player = RandomPlayer(random.Random(seed + 1))
    happened: list[object] = []
    for _ in range(steps):
        if g.is_over():
            break
        happened.extend(g.apply(player.pick(g.legal_list())))
    return g, happened


# ------------------------------------------------------------------ the engine


def test_the_engine_is_the_suites_contract() -> None:
    g = Game.new(random.Random(1))
    assert isinstance(g, Engine)
    assert g.seats == 2 and list(Side) == [0, 1]
    assert engine.IllegalActionError is contract.IllegalActionError  # one refusal class for the suite


def test_actors_follow_the_side_that_must_decide() -> None:
    g = make("c2=G:troop c3=P:troop e6=P:troop")
    assert g.actors() == frozenset({Side.GNORFS}) and g.to_act is Side.GNORFS
    g.apply(Attack(B.parse("c2"), B.parse("c3")))
    assert g.phase is Phase.DEFEND
    assert g.actors() == frozenset({Side.PNORFS}) == frozenset({1})  # the defender answers
    g.apply(TakeHit())
    assert g.actors() == frozenset({Side.GNORFS})

    over = make("c2=G:troop c3=P:troop")
    over.apply(Attack(B.parse("c2"), B.parse("c3")))
    over.apply(TakeHit())
    assert over.outcome() is not None and over.to_act is None
    assert over.actors() == frozenset()
    assert not over.legal_actions and len(over.legal_actions) == 0 and EndTurn() not in over.legal_actions
    assert over.why_illegal(EndTurn()) == "the game is over"


@pytest.mark.parametrize("seed", range(6))
def test_why_illegal_is_the_refusal_apply_gives(seed: int) -> None:
    """For every action that could ever be played: legal by ``in`` exactly when
    ``why_illegal`` says nothing, and refused by ``apply`` with the same words."""
    g, _ = _played(seed, random.Random(seed).randrange(0, 120))
    for action in UNIVERSE[seed::5]:
        assert isinstance(action, Action)
        reason = g.why_illegal(action)
        assert (action in g.legal_actions) == (reason is None) == g.is_legal(action)
        if reason is None:
            continue
        with pytest.raises(contract.IllegalActionError) as err:
            g.apply(action)
        assert err.value.reason == reason and err.value.action == action
    assert "end turn" not in g.legal_actions and None not in g.legal_actions  # not actions at all


def test_every_event_is_public_and_keeps_its_words() -> None:
    # (but ``Undone``, never listed by legal_list, whose audience is its side: test_undo.py)
    g, happened = _played(3, 2000)
    assert g.is_over() and happened
    for event in happened:
        assert isinstance(event, PublicEvent) and isinstance(event, contract.GameEvent)
        assert event.audience is None
        assert visible_to(event, None) and visible_to(event, Side.GNORFS) and visible_to(event, Side.PNORFS)
        assert not hasattr(event, "__dict__")  # slotted: frozen msgspec Structs
        text = str(event)
        assert text[-1] in ".!" and "PublicEvent" not in text


@pytest.mark.parametrize("seed", range(8))
def test_the_table_view_hides_every_secret(seed: int) -> None:
    """``view(None)`` shows no hand, no deck order, no legal actions: two games that differ
    only in what nobody at the table may see give the very same table view."""
    g, _ = _played(seed, random.Random(seed).randrange(0, 150))
    table = g.view(None)
    assert table.viewer is None and table.legal == ()
    assert all(side.hand is None for side in table.sides)
    for deal in range(3):  # the hidden cards dealt afresh, differently each time
        other = Game.from_view(table, random.Random(deal))
        assert other.view(None) == table
    assert g.view(0) == g.view(Side.GNORFS) and g.view(1) == g.view(Side.PNORFS)  # a seat is an int


# ------------------------------------------------------------------ the spec and the session


def test_the_setup_is_saved_as_it_always_was() -> None:
    versus = UwoSetup(True, ComputerOpponent("hard", Side.PNORFS))
    assert SPEC.setup_to_json(versus) == {"first_game": True, "computer": {"level": "hard", "side": "pnorfs"}}
    assert SPEC.setup_to_json(UwoSetup()) == {"first_game": False, "computer": None}
    for setup in (versus, UwoSetup(), UwoSetup(False, ComputerOpponent("random", Side.GNORFS))):
        assert SPEC.setup_from_json(SPEC.setup_to_json(setup)) == setup
    for bad in ({}, {"first_game": False}, {"first_game": False, "computer": {"level": "godlike", "side": "gnorfs"}},
                {"first_game": False, "computer": {"level": "easy", "side": "trolls"}}):
        with pytest.raises(ValueError):
            SPEC.setup_from_json(bad)
    assert {"Morph", "Move", "Ride", "Attack", "Blast", "Swap", "EndTurn", "Evade", "TakeHit", "StopDuel",
            "Side"} <= set(SPEC.action_classes)
    assert SPEC.is_action(EndTurn()) and not SPEC.is_action(UwoSetup()) and not SPEC.is_action("end turn")


def test_a_save_written_before_the_session_layer_still_resumes() -> None:
    """The JSON an existing save holds: setup keys and action class names as they were."""
    record = SaveRecord(
        "uwo",
        {"first_game": False, "computer": {"level": "easy", "side": "pnorfs"}},
        4,
        actions=[{"$type": "Move", "src": B.parse("c2"), "dst": B.parse("c3")}, {"$type": "EndTurn", "drain": False}],
    )
    session = GameSession.resume(SPEC, record)
    assert session.setup == UwoSetup(False, ComputerOpponent("easy", Side.PNORFS))
    expected = Game.new(random.Random(4))
    expected.apply(Move(B.parse("c2"), B.parse("c3")))
    expected.apply(EndTurn())
    assert session.engine.view(None) == expected.view(None) and session.engine.current is Side.PNORFS
    assert any("moves to c3" in str(e) for e in session.history)

    session.close()  # left: one window at a time holds a game (tests/common/test_save_lock.py)
    record.actions.append({"$type": "Attack", "src": 0, "dst": 29})  # refused by the rules
    with pytest.raises(UserFacingError, match="cannot be resumed"):
        GameSession.resume(SPEC, record)


def test_the_session_saves_every_action_and_refuses_in_words() -> None:
    session = GameSession.start(SPEC, UwoSetup(), 4)
    c2, c5 = B.parse("c2"), B.parse("c5")
    step = session.apply(Attack(c2, c5))
    assert not step.applied and step.refusal == "Out of range: the Trooper's bazooka reaches 2 squares."
    assert not SaveStore().unfinished("uwo").records  # nothing done, nothing saved yet
    step = session.apply(Move(c2, B.parse("c3")))
    assert step.applied and step.events and step.refusal is None
    (record,) = SaveStore().unfinished("uwo").records
    record.read_actions()  # listed from its header: the actions are read when resumed
    assert record.actions == [{"$type": "Move", "src": c2, "dst": B.parse("c3")}]
    assert record.title.startswith("hot-seat — turn 1")
    assert session.saved and "saved" in session.leave_detail()


# ------------------------------------------------------------------ the entry


def test_the_registry_holds_the_uwo_entry() -> None:
    entry = get_game("uwo").entry
    assert entry is ENTRY and isinstance(entry, GameEntry)
    assert entry.spec is SPEC and SPEC.key == "uwo"


def test_the_level_names_are_the_players_names() -> None:
    assert tuple(PLAYERS) == PLAYER_NAMES
    assert tuple(ai.LEVELS) == OPPONENT_LEVELS


def test_the_parser_imports_neither_engine_nor_computer() -> None:
    """``boardgames --help`` (any command) builds every game's parser: UWO's costs no search."""
    code = (
        "import sys\n"
        "from boardgames.cli import build_parser\n"
        "build_parser()\n"
        "print(sorted(m for m in sys.modules if m.startswith('boardgames.uwo.')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    for heavy in ("boardgames.uwo.ai", "boardgames.uwo.engine", "boardgames.uwo.players", "boardgames.uwo.screen"):
        assert f"'{heavy}'" not in out, out


def test_a_duel_between_people_never_imports_the_computer() -> None:
    """The screen, the spec and the players' list load no search (the computer's
    module is imported when a computer player is first made)."""
    code = (
        "import random, sys\n"
        "from boardgames.uwo.players import ComputerOpponent\n"
        "from boardgames.uwo.screen import UwoScreen\n"
        "from boardgames.uwo.side import Side\n"
        "from boardgames.uwo.spec import SPEC\n"
        "opponent = ComputerOpponent('hard', Side.PNORFS)\n"
        "print('boardgames.uwo.ai' in sys.modules)\n"
        "opponent.player(random.Random(1))\n"
        "print('boardgames.uwo.ai' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "True"]
