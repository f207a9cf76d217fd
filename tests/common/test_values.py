"""The engines' values are frozen ``msgspec.Struct``s that keep every semantic the
frozen dataclasses they replaced had (``boardgames.common.values`` lists them):
immutable, equal only to the same type, hashable, a readable repr, pickled whole,
keyword-only fields, ``__post_init__``, ``match``, fields left out of equality, and
the saves' way of finding the fields."""

from __future__ import annotations

import dataclasses
import enum
import inspect
import pickle
import random
from types import ModuleType

import msgspec
import pytest

from boardgames.common.game import PublicEvent, visible_to
from boardgames.common.saves import SaveFormatError, classes_of, decode, encode
from boardgames.common.values import init_fields, is_value
from boardgames.uwo import actions as uwo_actions
from boardgames.uwo import engine as uwo_engine
from boardgames.uwo import events as uwo_events
from boardgames.uwo import view as uwo_view
from boardgames.uwo.side import Side
from boardgames.vntypl8s import engine as vnt
from boardgames.vowl import actions as vowl_actions
from boardgames.vowl import events as vowl_events
from boardgames.vowl import view as vowl_view
from boardgames.vowl.cards import Card, Tier
from boardgames.vowl.events import CardFlipped, RaceHow, RaceResult, RunResult, TurnStarted

#: The modules whose value classes are Structs now (each new one is added when converted).
STRUCT_MODULES: list[ModuleType] = [vowl_events, uwo_events, vowl_actions, uwo_actions, vowl_view, uwo_view, vnt]

CARD = Card("SVR", Tier.BASIC, ("savor",))


def value_classes(module: ModuleType) -> list[type]:
    return [
        obj
        for obj in vars(module).values()
        if isinstance(obj, type)
        and obj.__module__ == module.__name__
        and not issubclass(obj, enum.Enum)
        and init_fields(obj) is not None
        and obj.__name__ != "_Round"  # VNTYPL8S's mutable state, never shown
    ]


@pytest.mark.parametrize("module", STRUCT_MODULES, ids=lambda m: m.__name__)
def test_every_value_class_is_a_frozen_struct(module: ModuleType) -> None:
    """A class that forgot ``frozen=True`` would be mutable (msgspec does not need it
    repeated on a subclass, mypy does): every one says it."""
    found = value_classes(module)
    assert found
    for cls in found:
        assert issubclass(cls, msgspec.Struct), cls
        assert cls.__struct_config__.frozen, cls
        assert "frozen" in inspect.getsource(cls).split(":", 1)[0], f"{cls.__name__} does not say frozen=True"


def test_values_are_immutable() -> None:
    event = TurnStarted(0, 1)
    with pytest.raises(AttributeError):
        event.player = 1  # type: ignore[misc]
    with pytest.raises(AttributeError):
        event.audience = frozenset({0})  # type: ignore[misc]
    with pytest.raises(AttributeError):
        event.colour = "red"  # type: ignore[attr-defined]
    assert event == TurnStarted(0, 1)


def test_equal_only_to_the_same_type_and_hashed_alike() -> None:
    """Two values are equal when of the same type with equal fields, never across types
    (``Roll() != TimeUp()`` although neither has a field)."""
    assert TurnStarted(0, 1) == TurnStarted(0, 1)
    assert hash(TurnStarted(0, 1)) == hash(TurnStarted(0, 1))
    assert TurnStarted(0, 1) != TurnStarted(0, 2)
    assert TurnStarted(0, 1) != TurnStarted(0, 1, audience=frozenset({0}))
    assert vowl_events.Buzzed(0) != vowl_events.TurnFailed(0)
    assert len({vowl_events.Buzzed(0), vowl_events.TurnFailed(0), vowl_events.Buzzed(0)}) == 2
    assert TurnStarted(0, 1) != (0, 1)


def test_a_readable_repr() -> None:
    assert repr(RunResult(0, 3, 4, False, None)) == (
        "RunResult(runner=0, solved=3, total=4, complete=False, elapsed=None)"
    )
    assert repr(TurnStarted(0, 1)) == "TurnStarted(player=0, turn=1, audience=None)"


def test_pickled_whole() -> None:
    """UWO's computer gets its view and sends its decision through pickles; Vowl's
    views carry events: every kind of field survives the trip, type and all."""
    race = RaceResult(0, RaceHow.FASTER, (RunResult(0, 4, 4, True, 8.0), RunResult(1, 2, 4, False, None)))
    for value in (race, CardFlipped(0, CARD, False, audience=frozenset({0})), TurnStarted(0, 1)):
        back = pickle.loads(pickle.dumps(value))
        assert back == value and type(back) is type(value) and repr(back) == repr(value)


def test_keyword_only_audience_and_positional_fields() -> None:
    with pytest.raises(TypeError):
        TurnStarted(0, 1, frozenset({0}))  # type: ignore[misc]
    assert TurnStarted(turn=1, player=0, audience=frozenset({1})).audience == frozenset({1})
    assert str(inspect.signature(TurnStarted)) == "(player: int, turn: int, *, audience: frozenset[int] | None = None)"


def test_match_by_position_and_by_keyword() -> None:
    match TurnStarted(0, 3):
        case TurnStarted(who, n):
            assert (who, n) == (0, 3)
        case _:  # pragma: no cover
            pytest.fail("no match")
    match CardFlipped(0, CARD, True):
        case CardFlipped(card=c, from_passed=True):
            assert c is CARD
        case _:  # pragma: no cover
            pytest.fail("no match")


def test_replace_and_fields() -> None:
    event = TurnStarted(0, 1)
    later = msgspec.structs.replace(event, turn=2)
    assert later == TurnStarted(0, 2) and event.turn == 1
    assert [f.name for f in msgspec.structs.fields(TurnStarted)] == ["player", "turn", "audience"]


def test_init_fields_of_a_struct_and_of_a_dataclass() -> None:
    """What the saves read a value's fields with: names, and whether each must be given."""

    @dataclasses.dataclass(frozen=True)
    class Old:
        a: int
        b: int = 0
        c: int = dataclasses.field(default=0, init=False)

    assert init_fields(Old) == {"a": True, "b": False}
    assert init_fields(vowl_events.OpponentChosen) == {
        "player": True,
        "opponent": True,
        "automatic": False,
        "audience": False,
    }
    assert init_fields(msgspec.Struct) is None  # the base class is no value
    assert init_fields(int) is None
    assert is_value(TurnStarted(0, 1)) and not is_value(TurnStarted) and not is_value("Ann")


def test_a_public_event_mixin_and_an_event_with_its_own_audience() -> None:
    """UWO's events take ``audience`` from the ``PublicEvent`` mixin, ``Undone`` from a
    property of its own; both pickle and compare like any value."""
    moved = uwo_events.Moved(Side.GNORFS, "Trooper", 7, 12, 1)
    undone = uwo_events.Undone(Side.PNORFS, moved, 1)
    assert isinstance(moved, PublicEvent) and moved.audience is None
    assert undone.audience == frozenset({Side.PNORFS})
    assert visible_to(undone, Side.PNORFS) and not visible_to(undone, Side.GNORFS)
    for value in (moved, undone):
        back = pickle.loads(pickle.dumps(value))
        assert back == value and type(back) is type(value)
    assert back.step.side is Side.GNORFS  # an IntEnum stays itself
    assert uwo_events.Resigned(Side.GNORFS) != uwo_events.DrawOffered(Side.GNORFS)
    assert repr(uwo_events.Resigned(Side.GNORFS)) == "Resigned(side=<Side.GNORFS: 0>)"


def test_actions_without_fields_differ_by_type() -> None:
    """``Roll()``, ``Pass()``, ``TimeUp()`` hold nothing: only their type tells them apart."""
    empty = [
        vowl_actions.Roll(),
        vowl_actions.Pass(),
        vowl_actions.TimeUp(),
        vowl_actions.StartRun(),
        uwo_actions.Evade(),
        uwo_actions.TakeHit(),
        uwo_actions.Undo(),
        uwo_actions.Resign(),
    ]
    assert len(set(empty)) == len(empty)
    assert vowl_actions.Roll() == vowl_actions.Roll() and vowl_actions.Roll() in {vowl_actions.Roll()}
    assert vowl_actions.Buzz("Ann") != vowl_actions.ChooseOpponent("Ann")


def test_post_init_normalises_a_frozen_field() -> None:
    """``Discard`` turns any collection of cards into a frozenset, and stays frozen."""
    discard = vowl_actions.Discard([CARD])  # type: ignore[arg-type]
    assert discard.cards == frozenset({CARD}) and type(discard.cards) is frozenset
    assert discard == vowl_actions.Discard(frozenset({CARD})) and hash(discard) == hash(
        vowl_actions.Discard(frozenset({CARD}))
    )
    with pytest.raises(AttributeError):
        discard.cards = frozenset()  # type: ignore[misc]


def test_saves_encode_and_decode_struct_actions_as_they_did_dataclasses() -> None:
    """The file format is the field names in order: the same bytes as before the change."""
    classes = classes_of(vowl_actions)
    assert "Struct" not in classes and classes["Answer"] is vowl_actions.Answer
    answer = vowl_actions.Answer("savor", 3.5)
    assert encode(answer) == {"$type": "Answer", "word": "savor", "elapsed": 3.5}
    assert encode(uwo_actions.Ride(7, (12, 17))) == {"$type": "Ride", "src": 7, "path": {"$tuple": [12, 17]}}
    assert decode({"$type": "Answer", "word": "savor"}, classes) == vowl_actions.Answer("savor")
    with pytest.raises(SaveFormatError, match="word missing"):
        decode({"$type": "Answer", "elapsed": 1.0}, classes)
    with pytest.raises(SaveFormatError, match="no field"):
        decode({"$type": "Answer", "word": "x", "colour": 1}, classes)
    with pytest.raises(SaveFormatError, match="not a kind of action"):
        decode({"$type": "Struct"}, {**classes, "Struct": msgspec.Struct})


def test_a_field_left_out_of_equality() -> None:
    """``UwoView.undoable`` (a hint for the screen) and VNTYPL8S's names (for the wording)
    are left out of ``==`` and ``hash``, as ``field(compare=False)`` did; every other
    field still counts, and only values of the same type are equal."""
    game = uwo_engine.Game.new(random.Random(3))
    view = game.view(None)
    hinted = msgspec.structs.replace(view, undoable=view.undoable + 2)
    assert hinted == view and (hinted != view) is False and hinted.undoable == view.undoable + 2
    assert msgspec.structs.replace(view, turn=view.turn + 1) != view
    started = vnt.RoundStarted(1, 0, name="Ann")
    assert started == vnt.RoundStarted(1, 0) and hash(started) == hash(vnt.RoundStarted(1, 0))
    assert started != vnt.RoundStarted(2, 0) and started != vnt.Buzzed(1, name="Ann")
    assert vnt.RoundEnded(1, (2, 3), names=("Ann", "Bob")) == vnt.RoundEnded(1, (2, 3))
    assert (
        str(started) == "Round 1 begins: Ann writes first."
        and str(vnt.RoundStarted(1, 0)) == "Round 1 begins: Player 1 writes first."
    )
    with pytest.raises(TypeError):
        vnt.RoundStarted(1, 0, "Ann")  # type: ignore[misc]
    assert repr(started) == "RoundStarted(round=1, first_player=0, name='Ann')"
    back = pickle.loads(pickle.dumps(started))
    assert back == started and back.name == "Ann"


def test_views_pickle_whole_with_their_hints() -> None:
    """What the computer's process receives: a view, equal after the trip, ``undoable``
    and ``positions`` (left out of or kept in equality) included."""
    game = uwo_engine.Game.new(random.Random(5))
    for _ in range(12):
        game.apply(game.legal_list()[0])
    view = game.view(game.to_act)
    back = pickle.loads(pickle.dumps(view))
    # (UWO's card kinds compare by identity, so a view from another process is compared by repr,
    # as with the dataclasses before; thinker.py sends actions back, which compare by value)
    assert repr(back) == repr(view) and back.undoable == view.undoable and back.positions == view.positions
    assert type(back.sides[0]) is type(view.sides[0]) and back.legal == view.legal and back.legal
    with pytest.raises(AttributeError):
        view.turn = 3  # type: ignore[misc]
