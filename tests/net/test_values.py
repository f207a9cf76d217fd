"""The games' values on the wire: what travels, what comes back equal, and what does not encode."""

from __future__ import annotations

import random

import pytest

from boardgames.common.game import visible_to
from boardgames.net.titles import UwoNet, Vntypl8sNet
from boardgames.net.values import WireValueError, action_from_wire, to_wire, value_from_wire


def test_uwo_views_come_back_equal_with_the_catalogs_own_kinds() -> None:
    from boardgames.uwo.spec import SPEC, UwoSetup

    net = UwoNet()
    game = SPEC.build(UwoSetup(), 7)
    rng = random.Random(7)
    for _ in range(60):
        for seat in (0, 1, None):
            view = game.view(seat)
            back = value_from_wire(to_wire(view), net.value_classes, net.interned)
            assert back == view
            kinds = [u.kind for u in view.board if u is not None]
            assert all(a is b for a, b in zip(kinds, [u.kind for u in back.board if u is not None]))
        for event in game.apply(rng.choice(game.legal_list())):
            assert value_from_wire(to_wire(event), net.value_classes, net.interned) == event


def test_vntypl8s_views_and_events_come_back_equal() -> None:
    from boardgames.vntypl8s.spec import SPEC, Vntypl8sSetup

    net = Vntypl8sNet()
    game = SPEC.build(Vntypl8sSetup(("Ann", "Bob", "Cy")), 3)
    for seat in (0, 1, 2, None):
        assert value_from_wire(to_wire(game.view(seat)), net.value_classes, net.interned) == game.view(seat)
    for event in game.opening_events():
        assert visible_to(value_from_wire(to_wire(event), net.value_classes), None)


def test_an_action_from_a_client_is_checked_as_a_saves() -> None:
    from boardgames.vntypl8s.engine import SubmitPlate

    spec = Vntypl8sNet().spec
    assert action_from_wire(to_wire(SubmitPlate(1, "AB")), spec.action_classes, spec.is_action) == SubmitPlate(1, "AB")
    for bad in (
        {"$type": "SubmitPlate", "player": "1", "plate": "AB"},
        {"$type": "PlateRecord"},
        3,
        None,
        {"$type": "os.system"},
        {"$tuple": [1], "x": 2},
    ):
        with pytest.raises(WireValueError):
            action_from_wire(bad, spec.action_classes, spec.is_action)


def test_values_from_the_host_are_only_the_games_classes() -> None:
    net = Vntypl8sNet()
    for bad in (
        {"$type": "Path"},
        {"$enum": "Phase", "value": "no such"},
        {"$tuple": 3},
        [[[[]]]] * 1 + [1.5e999],
        {"$type": "GameView", "nothing": 1},
    ):
        with pytest.raises(WireValueError):
            value_from_wire(bad, net.value_classes)
    deep: object = 1
    for _ in range(100):
        deep = [deep]
    with pytest.raises(WireValueError, match="nested"):
        value_from_wire(deep, net.value_classes)
