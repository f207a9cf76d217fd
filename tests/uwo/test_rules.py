"""UWO's rules one by one, as data: a position, the actions played, what must follow.

Each case names the rulebook rule (``turn``, ``2a``..``2e``, ``bazooka``, ...) or the
Interpretation row of ``docs/rules/uwo.md`` (``U1``..) it checks.  A step written
``"!ACTION | words"`` must be refused with ``IllegalActionError`` whose reason
contains ``words``, leaving the game untouched.  The catalog values used here are in
``decks/uwo/cards.txt`` (Trooper moves 1 for 1, shoots 2 for 1; Skitter moves 3;
Longeye shoots 4 for 2; Brawler 2/1 2/1, shield Trooper; Shellback shield Trooper,
Skitter, Longeye; Wisp shield Longeye, Brawler, Bazooka; Bazooka shoots 5 for 2,
shield Rider, Trooper; Rider shield Skitter; Dynamite blasts for 2).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import pytest

from boardgames.common import game as contract
from boardgames.common.game import Engine
from boardgames.uwo import board as B
from boardgames.uwo import engine
from boardgames.uwo.actions import Attack, EndTurn, TakeHit, parse_action
from boardgames.uwo.board import parse
from boardgames.uwo.engine import Game, IllegalActionError
from boardgames.uwo.side import Side
from boardgames.uwo.view import Phase
from tests.uwo.positions import SIDES, make


@dataclass
class Case:
    rule: str
    what: str
    layout: str
    steps: list[str]
    expect: dict[str, Any] = field(default_factory=dict)
    setup: dict[str, Any] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return f"{self.rule}: {self.what}"


def _snapshot(g: Game) -> tuple:
    return (
        tuple((u.side, u.cards, u.out, u.locked, u.moved) if u else None for u in g.board),
        [h[:] for h in g.hands],
        [d[:] for d in g.decks],
        [r[:] for r in g.removed],
        g.energy[:],
        g.evasions[:],
        g.current,
        g.phase,
        g.duel,
        g.turn,
        g.morph_used,
        g.action_used,
        g.paid,
        g.ran_out_first,
    )


def play(g: Game, steps: list[str]) -> None:
    for step in steps:
        if step.startswith("!"):
            text, _, words = step[1:].partition("|")
            action = parse_action(text)
            before = _snapshot(g)
            with pytest.raises(IllegalActionError) as err:
                g.apply(action)
            assert words.strip() in err.value.reason, err.value.reason
            assert isinstance(err.value, ValueError)
            assert err.value.action == action
            assert action not in g.legal_list()
            assert action not in g.legal_actions
            assert g.why_illegal(action) == err.value.reason
            assert _snapshot(g) == before, "a refused action changed the game"
        else:
            action = parse_action(step)
            assert action in g.legal_list(), f"{step} should be legal; legal: {g.legal_list()}"
            assert action in g.legal_actions and g.why_illegal(action) is None
            g.apply(action)


def _side(text: str | None) -> Side | None:
    return None if text in (None, "draw") else SIDES[text]


def check(g: Game, expect: dict[str, Any]) -> None:  # noqa: C901 - one branch per kind of expectation
    kinds = g.catalog.card_kinds
    for key, want in expect.items():
        if len(key) == 2 and key[1].isdigit():  # a square
            u = g.board[parse(key)]
            if want is None:
                assert u is None, f"{key} should be empty, holds {u}"
                continue
            side_kind, *flags = want.split("/")
            assert u is not None, f"{key} should hold {want}"
            assert f"{'G' if u.side is Side.GNORFS else 'P'}:{u.kind.key}" == side_kind, (key, u)
            assert g.is_out(u) == ("out" in flags), f"{key} out of play should be {'out' in flags}"
            if "locked" in flags:
                assert u.locked == g.turn
        elif key == "energy":
            assert tuple(g.energy) == want
        elif key == "evasions":
            assert tuple(g.evasions) == want
        elif key == "phase":
            assert g.phase.value == want
        elif key == "current":
            assert g.current is SIDES[want]
        elif key == "to_act":
            assert g.to_act is _side(want)
        elif key == "turn":
            assert g.turn == want
        elif key == "winner":
            outcome = g.outcome()
            assert outcome is not None and outcome.winner is _side(want)
        elif key.startswith("height:"):
            u = g.board[parse(key[7:])]
            assert u is not None and len(u.cards) == want
        elif key.startswith("hand:"):
            assert [kinds[c].key for c in g.hands[SIDES[key[5:]]]] == want
        elif key.startswith("deck:"):
            assert [kinds[c].key for c in g.decks[SIDES[key[5:]]]] == want
        elif key == "removed":
            assert (len(g.removed[0]), len(g.removed[1])) == want
        elif key == "legal":
            legal = g.legal_list()
            for text in want:
                assert parse_action(text) in legal, f"{text} should be legal"
        elif key == "illegal":
            legal = g.legal_list()
            for text in want:
                assert parse_action(text) not in legal, f"{text} should not be legal"
                assert not g.is_legal(parse_action(text))
        elif key == "legal_exactly":
            assert sorted(map(str, g.legal_list())) == sorted(want)
        else:
            raise KeyError(key)


T = "b2=G:troop e6=P:troop"  # a quiet position: one UMO each, far apart

CASES = [
    # ---------------------------------------------------------------- the turn
    Case(
        "turn",
        "morph, then an action",
        T,
        ["morph b2 into skitter", "move b2-b5"],
        {
            "b5": "G:skitter",
            "b2": None,
            "energy": (4, 6),
            "phase": "turn",
            "current": "G",
            "illegal": ["morph b5 into wisp", "move b5-b4"],
        },
        {"hands": {"G": ["skitter", "wisp"]}},
    ),
    Case(
        "turn",
        "an action, then a morph",
        T,
        ["move b2-b3", "morph b3 into skitter"],
        {"b3": "G:skitter", "energy": (4, 6)},
        {"hands": {"G": ["skitter"]}},
    ),
    Case(
        "turn",
        "only one morph a turn",
        T,
        ["morph b2 into skitter", "!morph b2 into wisp | already morphed"],
        {},
        {"hands": {"G": ["skitter", "wisp"]}},
    ),
    Case("turn", "only one action a turn", T, ["move b2-b3", "!move b3-b4 | already used this turn's action"]),
    Case(
        "U12",
        "doing nothing costs 1 energy",
        T,
        ["end turn"],
        {"energy": (5, 6), "current": "P", "turn": 2, "to_act": "P"},
    ),
    Case("U12", "a turn that paid costs nothing more", T, ["move b2-b3", "end turn"], {"energy": (5, 6)}),
    Case(
        "U18",
        "drawing back up to 3 at the end of the turn",
        T,
        ["end turn"],
        {"hand:G": ["skitter", "rider", "brawler"], "deck:G": ["wisp"]},
        {"hands": {"G": ["skitter"]}, "decks": {"G": ["wisp", "brawler", "rider"]}},
    ),
    Case(
        "U13",
        "swap: the card under the deck, the top card drawn, the turn over",
        T,
        ["swap skitter"],
        {"hand:G": ["wisp", "longeye", "brawler"], "deck:G": ["skitter"], "current": "P", "energy": (5, 6)},
        {"hands": {"G": ["skitter", "wisp"]}, "decks": {"G": ["brawler", "longeye"]}},
    ),
    Case(
        "U13",
        "no swap after the turn's morph",
        T,
        ["morph b2 into wisp", "!swap skitter | already morphed"],
        {},
        {"hands": {"G": ["skitter", "wisp"]}},
    ),
    Case(
        "U13",
        "an action, then a swap",
        T,
        ["move b2-b3", "swap skitter"],
        {"b3": "G:troop", "current": "P", "energy": (5, 6)},
        {"hands": {"G": ["skitter"]}},
    ),
    Case(
        "U13",
        "no swap from an empty deck",
        T,
        ["!swap skitter | deck is empty"],
        {},
        {"hands": {"G": ["skitter"]}, "decks": {"G": []}},
    ),
    Case(
        "deck",
        "an empty deck: play goes on, nothing drawn",
        T,
        ["end turn", "end turn"],
        {"hand:G": ["skitter"], "current": "G", "turn": 3},
        {"hands": {"G": ["skitter"]}, "decks": {"G": []}},
    ),
    # ---------------------------------------------------------------- morphing
    Case(
        "morph",
        "costs 1 energy; the top card rules",
        T,
        ["morph b2 into skitter"],
        {"energy": (5, 6), "height:b2": 2, "b2": "G:skitter", "legal": ["move b2-b5"]},
        {"hands": {"G": ["skitter"]}},
    ),
    Case(
        "morph",
        "stacks grow without limit",
        "b2=G:troop+wisp+brawler e6=P:troop",
        ["morph b2 into skitter"],
        {"height:b2": 4},
        {"hands": {"G": ["skitter"]}},
    ),
    Case(
        "U6",
        "morphed in its owner's turn: may move, may not attack",
        "b2=G:troop b3=P:troop",
        ["morph b2 into brawler", "!attack b2xb3 | morphed this turn", "move b2-a2"],
        {"a2": "G:brawler/locked"},
        {"hands": {"G": ["brawler"]}},
    ),
    Case(
        "U6", "morphed on an earlier turn: may attack", "b2=G:troop+brawler b4=P:troop", [], {"legal": ["attack b2xb4"]}
    ),
    Case(
        "morph",
        "only one's own UMOs",
        "b2=G:troop b3=P:troop",
        ["!morph b3 into brawler | your own"],
        {},
        {"hands": {"G": ["brawler"]}},
    ),
    Case(
        "morph",
        "only a card from the hand",
        T,
        ["!morph b2 into rider | no such card"],
        {},
        {"hands": {"G": ["brawler"]}},
    ),
    Case(
        "energy",
        "no morph without energy",
        T,
        ["move b2-b3", "!morph b3 into brawler | energy row is empty"],
        {},
        {"hands": {"G": ["brawler"]}, "energy": (1, 6)},
    ),
    # ---------------------------------------------------------------- moving
    Case(
        "U2",
        "a straight line, up to the footprint",
        "c1=G:skitter e6=P:troop",
        ["move c1-c4"],
        {"c4": "G:skitter", "energy": (5, 6)},
    ),
    Case("U2", "never diagonally", "c1=G:skitter e6=P:troop", ["!move c1-d2 | straight line"]),
    Case("U2", "not beyond the footprint", "c1=G:skitter e6=P:troop", ["!move c1-c5 | too far"]),
    Case("U2", "only over empty squares", "c1=G:skitter c2=G:troop e6=P:troop", ["!move c1-c3 | blocked"]),
    Case("U2", "not past an enemy either", "c1=G:skitter c2=P:troop", ["!move c1-c3 | blocked"]),
    Case("U2", "onto an empty square", "c1=G:skitter c2=G:troop e6=P:troop", ["!move c1-c2 | blocked"]),
    Case("move", "paying the footprint energy", "c1=G:longeye e6=P:troop", ["move c1-c2"], {"energy": (4, 6)}),
    Case(
        "energy",
        "a move the row cannot pay",
        "c1=G:longeye e6=P:troop",
        ["!move c1-c2 | costs 2 energy and you have 1"],
        {},
        {"energy": (1, 6)},
    ),
    # ---------------------------------------------------------------- attacking
    Case(
        "2a",
        "in line of sight and range: the defender must answer",
        "c2=G:longeye c5=P:troop",
        ["attack c2xc5"],
        {"phase": "defend", "to_act": "P", "current": "G", "energy": (4, 6)},
    ),
    Case(
        "2a",
        "nothing in between, friend or foe",
        "c2=G:longeye c3=P:troop c5=P:troop",
        ["!attack c2xc5 | line of sight"],
    ),
    Case("2a", "within the bazooka range", "c1=G:longeye c6=P:troop", ["!attack c1xc6 | out of range"]),
    Case("2a", "horizontally or vertically only", "b2=G:troop c3=P:troop", ["!attack b2xc3 | straight line"]),
    Case("2a", "not one's own UMOs", "b2=G:troop b3=G:troop e6=P:troop", ["!attack b2xb3 | your own"]),
    Case(
        "shield",
        "a kind in the target's shield cannot attack it",
        "c2=G:troop c3=P:troop+brawler",
        ["!attack c2xc3 | shield"],
    ),
    Case(
        "energy",
        "an attack the row cannot pay",
        "c2=G:longeye c4=P:troop",
        ["!attack c2xc4 | costs 2 energy"],
        {},
        {"energy": (1, 6)},
    ),
    Case(
        "U11",
        "no defence possible: the hit lands at once",
        "c2=G:troop c3=P:troop e6=P:troop",
        ["attack c2xc3"],
        {"c3": None, "phase": "turn", "to_act": "G", "removed": (9, 8 + 1)},
        {"evasions": (9, 0)},
    ),
    # ---------------------------------------------------------------- the duel
    Case(
        "2b",
        "defensive morph into a form whose shield covers the attacker",
        "c2=G:troop c3=P:troop",
        ["attack c2xc3", "morph c3 into brawler"],
        {
            "c3": "P:brawler",
            "energy": (5, 5),
            "phase": "counter",
            "to_act": "P",
            "legal_exactly": ["attack c3xc2", "stop the duel"],
        },
        {"hands": {"P": ["brawler", "longeye"]}},
    ),
    Case(
        "2b",
        "a form whose shield does not cover the attacker is refused",
        "c2=G:troop c3=P:troop",
        ["attack c2xc3", "!morph c3 into longeye | does not cover"],
        {},
        {"hands": {"P": ["longeye"]}},
    ),
    Case(
        "2b",
        "in defence, only the attacked UMO morphs",
        "c2=G:troop c3=P:troop c4=P:troop",
        ["attack c2xc3", "!morph c4 into brawler | only morph the attacked"],
        {},
        {"hands": {"P": ["brawler"]}},
    ),
    Case(
        "2c",
        "an evasion card: free, and it leaves the game",
        "c2=G:troop c3=P:troop",
        ["attack c2xc3", "evade"],
        {"evasions": (9, 8), "energy": (5, 6), "phase": "counter", "c3": "P:troop"},
    ),
    Case(
        "2b",
        "taking the hit: the whole stack leaves the game",
        "c2=G:troop c3=P:troop+skitter+wisp e6=P:troop",
        ["attack c2xc3", "take the hit"],
        {"c3": None, "removed": (9, 8 + 3), "phase": "turn", "to_act": "G"},
    ),
    Case(
        "2d",
        "counter-attack, defence, attack again until one falls",
        "c2=G:troop c3=P:troop e6=P:troop",
        ["attack c2xc3", "evade", "attack c3xc2", "evade", "attack c2xc3", "take the hit"],
        {
            "c3": None,
            "c2": "G:troop",
            "phase": "turn",
            "current": "G",
            "energy": (4, 5),
            "evasions": (8, 8),
            "illegal": ["move c2-b2"],
        },
    ),
    Case(
        "2d",
        "the duel ends when a side stops attacking",
        "c2=G:troop c3=P:troop",
        ["attack c2xc3", "evade", "stop the duel"],
        {"phase": "turn", "to_act": "G", "c2": "G:troop"},
    ),
    Case(
        "U21",
        "after the duel the attacker may still morph, not act",
        "c2=G:troop c3=P:troop",
        ["attack c2xc3", "evade", "stop the duel", "!move c2-b2 | already used", "morph c2 into wisp"],
        {"c2": "G:wisp"},
        {"hands": {"G": ["wisp"]}},
    ),
    Case(
        "U11",
        "no counter-attack possible: the duel ends by itself",
        "c2=G:longeye c5=P:troop",
        ["attack c2xc5", "evade"],
        {"phase": "turn", "to_act": "G"},
    ),
    Case(
        "energy",
        "an empty defender can only evade",
        "c2=G:troop c3=P:troop",
        ["attack c2xc3"],
        {"legal_exactly": ["evade", "take the hit"]},
        {"energy": (6, 0), "hands": {"P": ["brawler"]}},
    ),
    Case(
        "energy",
        "an empty defender cannot counter-attack",
        "c2=G:troop c3=P:troop",
        ["attack c2xc3", "evade"],
        {"phase": "turn"},
        {"energy": (6, 0)},
    ),
    Case(
        "U6",
        "2d: an attacker that defends a counter-attack by morphing may attack again",
        "c2=G:troop c3=P:troop",
        ["attack c2xc3", "evade", "attack c3xc2", "morph c2 into brawler"],
        {"c2": "G:brawler", "phase": "counter", "to_act": "G", "legal_exactly": ["attack c2xc3", "stop the duel"]},
        {"hands": {"G": ["brawler"]}},
    ),
    Case(
        "U6",
        "2d: attacking again after a defensive morph, until one falls",
        "c2=G:troop c3=P:troop e6=P:troop",
        ["attack c2xc3", "evade", "attack c3xc2", "morph c2 into brawler", "attack c2xc3", "take the hit"],
        {"c3": None, "c2": "G:brawler", "phase": "turn", "to_act": "G"},
        {"hands": {"G": ["brawler"]}},
    ),
    Case(
        "U6",
        "the turn's morph still forbids attacking in that turn",
        "c2=G:troop c3=P:troop",
        ["morph c2 into brawler", "!attack c2xc3 | morphed this turn"],
        {},
        {"hands": {"G": ["brawler", "wisp"]}},
    ),
    Case(
        "U17",
        "a defensive morph is not the turn's morph",
        "c2=G:troop c3=P:troop",
        ["attack c2xc3", "evade", "attack c3xc2", "morph c2 into brawler", "stop the duel", "morph c2 into wisp"],
        {"c2": "G:wisp", "height:c2": 3},
        {"hands": {"G": ["brawler", "wisp"]}},
    ),
    Case(
        "U17",
        "defensive morphs on both sides of one duel",
        "c2=G:troop c3=P:troop",
        ["attack c2xc3", "morph c3 into brawler", "attack c3xc2", "morph c2 into wisp"],
        {"phase": "counter", "to_act": "G", "c3": "P:brawler", "c2": "G:wisp", "energy": (4, 4)},
        {"hands": {"P": ["brawler"], "G": ["wisp"]}},
    ),
    # ---------------------------------------------------------------- out of play
    Case(
        "U5",
        "an attack on an out-of-play UMO: no defence, no evasion",
        "c2=G:troop c3=P:troop/out e6=P:troop",
        ["attack c2xc3"],
        {"c3": None, "evasions": (9, 9)},
    ),
    Case("U5", "its shield does not protect it", "c2=G:troop c3=P:bazooka/out", [], {"legal": ["attack c2xc3"]}),
    Case("U5", "it may still move", "c3=G:troop/out e6=P:troop", ["move c3-c4"], {"c4": "G:troop/out"}),
    Case("U5", "it cannot attack", "c3=G:troop/out c4=P:troop", ["!attack c3xc4 | out-of-play"]),
    Case(
        "U5",
        "morphing does not bring it back",
        "c3=G:troop/out e6=P:troop",
        ["morph c3 into brawler"],
        {"c3": "G:brawler/out"},
        {"hands": {"G": ["brawler"]}},
    ),
    Case(
        "bazooka",
        "out of play after each shot, until the end of its owner's next turn",
        "c1=G:bazooka c5=P:troop c6=P:troop",
        ["attack c1xc5", "end turn", "end turn", "!attack c1xc6 | out-of-play", "end turn"],
        {"c5": None, "c1": "G:bazooka", "legal": [], "turn": 4},
        {"evasions": (9, 0)},
    ),
    Case(
        "U20",
        "a Bazooka is out of play from the moment it fires",
        "c1=G:bazooka c5=P:bazooka",
        ["attack c1xc5", "evade", "attack c5xc1"],
        {"c1": None},
    ),
    Case(
        "U7",
        "a shot in the opponent's turn: out until the end of the owner's coming turn",
        "c1=G:bazooka c3=P:brawler e6=P:troop",
        ["attack c3xc1", "evade", "attack c1xc3", "end turn", "end turn"],
        {"c3": None, "c1": "G:bazooka", "current": "P", "turn": 4},
        {"current": "P", "turn": 2, "evasions": (9, 0)},
    ),
    Case(
        "U7",
        "... and still out during that turn",
        "c1=G:bazooka c3=P:brawler e6=P:troop",
        ["attack c3xc1", "evade", "attack c1xc3", "end turn"],
        {"c1": "G:bazooka/out", "current": "G"},
        {"current": "P", "turn": 2, "evasions": (9, 0)},
    ),
    # ---------------------------------------------------------------- the rider
    Case(
        "rider",
        "up to 3 steps, turning, for 2 energy; out of play afterwards",
        "c2=G:rider e6=P:troop",
        ["ride c2-c3-d3-d4"],
        {"d4": "G:rider/out", "c2": None, "energy": (4, 6)},
    ),
    Case("rider", "one step costs 2 as well", "c2=G:rider e6=P:troop", ["ride c2-c3"], {"energy": (4, 6)}),
    Case(
        "U4",
        "a trampled enemy is out of play until the end of the rider's owner's next turn",
        "c2=G:rider c3=P:troop",
        ["ride c2-c3-c4", "end turn", "end turn"],
        {"c3": "P:troop/out", "c4": "G:rider/out", "current": "G"},
    ),
    Case(
        "U4",
        "... and back in play afterwards",
        "c2=G:rider c3=P:troop",
        ["ride c2-c3-c4", "end turn", "end turn", "end turn"],
        {"c3": "P:troop", "c4": "G:rider"},
    ),
    Case(
        "U4",
        "trampling destroys nothing and no evasion helps",
        "c2=G:rider c3=P:troop d3=P:troop",
        ["ride c2-c3-d3-d4"],
        {"c3": "P:troop/out", "d3": "P:troop/out", "evasions": (9, 9), "removed": (10, 8)},
    ),
    Case("U3", "never across a friendly UMO", "c2=G:rider c3=G:troop e6=P:troop", ["!ride c2-c3-c4 | friendly"]),
    Case("U3", "never across a Bazooka in play", "c2=G:rider c3=P:bazooka", ["!ride c2-c3-c4 | Bazooka"]),
    Case(
        "U4",
        "across an out-of-play Bazooka: its count starts again",
        "c2=G:rider c3=P:bazooka/out",
        ["ride c2-c3-c4", "end turn", "end turn"],
        {"c3": "P:bazooka/out"},
        {},
    ),
    Case(
        "U4",
        "an out-of-play UMO is not brought back sooner by trampling",
        "c2=G:rider c3=P:troop/out",
        ["ride c2-c3-c4"],
        {"c3": "P:troop/out"},
    ),
    Case("rider", "it must stop on an empty square", "c2=G:rider c3=P:troop", ["!ride c2-c3 | stop on an empty"]),
    Case("rider", "never diagonally", "c2=G:rider e6=P:troop", ["!ride c2-d3 | never diagonally"]),
    Case("rider", "at most 3 steps", "c1=G:rider e6=P:troop", ["!ride c1-c2-c3-c4-c5 | 1 to 3 steps"]),
    Case("U3", "not twice over the same square", "c2=G:rider e6=P:troop", ["!ride c2-c3-d3-c3 | same square"]),
    Case("rider", "it cannot attack", "c2=G:rider c3=P:troop", ["!attack c2xc3 | cannot attack"]),
    Case("rider", "it rides rather than moves", "c2=G:rider e6=P:troop", ["!move c2-c3 | riding"]),
    Case(
        "U19",
        "attacked, a Rider can only evade, and the duel ends",
        "c3=G:rider c4=P:troop",
        ["attack c4xc3"],
        {"legal_exactly": ["evade", "take the hit"]},
        {"current": "P", "turn": 2, "hands": {"G": ["shell"]}},
    ),
    Case(
        "U19",
        "... the duel ends after its evasion",
        "c3=G:rider c4=P:troop",
        ["attack c4xc3", "evade"],
        {"phase": "turn", "to_act": "P", "current": "P"},
        {"current": "P", "turn": 2},
    ),
    Case(
        "U5",
        "an out-of-play Rider may ride again",
        "c2=G:rider e6=P:troop",
        ["ride c2-c3", "end turn", "end turn", "ride c3-c4"],
        {"c4": "G:rider/out"},
    ),
    # ---------------------------------------------------------------- dynamite
    Case(
        "U9",
        "the blast destroys itself and all 8 squares around, friends too",
        "c3=G:dynamite c4=P:troop b2=G:troop d4=P:bazooka e5=P:troop a1=G:troop",
        ["blast c3"],
        {
            "c3": None,
            "c4": None,
            "b2": None,
            "d4": None,
            "e5": "P:troop",
            "a1": "G:troop",
            "energy": (4, 6),
            "evasions": (9, 9),
            "phase": "turn",
        },
    ),
    Case(
        "U8",
        "the blast needs an enemy among the 8 squares",
        "c3=G:dynamite c4=G:troop e6=P:troop",
        ["!blast c3 | no enemy"],
    ),
    Case(
        "U8",
        "a Dynamite may blast right after morphing",
        "c3=G:troop c4=P:troop e6=P:troop",
        ["morph c3 into dynamite", "blast c3"],
        {"c3": None, "c4": None},
        {"hands": {"G": ["dynamite"]}},
    ),
    Case(
        "U8",
        "... but not if it has moved this turn",
        "c3=G:dynamite/locked/moved c4=P:troop",
        ["!blast c3 | after moving"],
    ),
    Case(
        "U8",
        "a Dynamite may counter-attack by blasting",
        "c3=G:dynamite c4=P:troop a1=G:troop e6=P:troop",
        ["attack c4xc3", "evade", "blast c3"],
        {"c3": None, "c4": None, "phase": "turn", "current": "P"},
        {"current": "P", "turn": 2},
    ),
    Case(
        "U9",
        "a blast that wipes out both armies is a draw",
        "c3=G:dynamite c4=P:troop",
        ["blast c3"],
        {"phase": "over", "winner": "draw", "to_act": None},
    ),
    # ---------------------------------------------------------------- energy
    Case(
        "U16",
        "an empty row: the other side keeps playing",
        T,
        ["end turn", "end turn"],
        {"energy": (0, 5), "current": "P", "turn": 3},
        {"energy": (1, 6)},
    ),
    Case(
        "U10",
        "a row emptied in one's own turn: nothing drawn",
        T,
        ["end turn"],
        {"hand:G": ["skitter"]},
        {"energy": (1, 6), "hands": {"G": ["skitter"]}},
    ),
    Case(
        "U16",
        "both empty: both refill, the first to run out plays next",
        T,
        ["end turn", "end turn"],
        {"energy": (6, 6), "current": "G", "turn": 3},
        {"energy": (1, 1)},
    ),
    Case(
        "U16",
        "... which may be the same player again",
        T,
        ["end turn", "end turn", "end turn"],
        {"energy": (6, 6), "current": "P", "turn": 4},
        {"energy": (2, 1)},
    ),
    Case(
        "U16",
        "who ran out first is decided by the order of payments, also in a duel",
        "c2=G:troop c3=P:troop",
        ["attack c2xc3", "morph c3 into brawler", "end turn"],
        {"energy": (6, 6), "current": "G", "turn": 2},
        {"energy": (1, 1), "hands": {"P": ["brawler"]}},
    ),
    Case(
        "U12",
        "spending all remaining energy",
        T,
        ["morph b2 into wisp", "end turn, spending all energy"],
        {"energy": (0, 6), "current": "P"},
        {"hands": {"G": ["wisp"]}},
    ),
    Case(
        "U12",
        "no 'spend all' when it would spend just the turn's 1",
        T,
        ["!end turn, spending all energy | no energy left"],
        {},
        {"energy": (1, 6)},
    ),
    # ---------------------------------------------------------------- the end
    Case(
        "end",
        "no UMO left: the other side wins",
        "c2=G:troop c3=P:troop",
        ["attack c2xc3"],
        {"phase": "over", "winner": "G", "to_act": None, "legal_exactly": []},
        {"evasions": (9, 0)},
    ),
    Case(
        "end",
        "nothing is legal once the game is over",
        "c2=G:troop c3=P:troop",
        ["attack c2xc3", "!end turn | game is over"],
        {},
        {"evasions": (9, 0)},
    ),
    Case(
        "U14",
        "the turn cap ends the game in a draw",
        T,
        ["end turn"],
        {"phase": "over", "winner": "draw"},
        {"turn": 300},
    ),
    Case("U14", "one turn before the cap, play goes on", T, ["end turn"], {"phase": "turn"}, {"turn": 299}),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_rule(case: Case) -> None:
    g = make(case.layout, **case.setup)
    play(g, case.steps)
    check(g, case.expect)


@pytest.mark.parametrize(
    ("layout", "attack", "reason"),
    [
        ("c2=G:troop+skitter c4=P:troop", "attack c2xc4", "out of range: the Skitter's bazooka reaches 1 square"),
        ("c2=G:troop c5=P:troop", "attack c2xc5", "out of range: the Trooper's bazooka reaches 2 squares"),
    ],
)
def test_an_out_of_range_attack_names_the_reach_in_words(layout: str, attack: str, reason: str) -> None:
    """The refusal is shown to the player as it stands, so "1 square" must be singular."""
    g = make(layout + " e6=P:troop")
    with pytest.raises(IllegalActionError) as err:
        g.apply(parse_action(attack))
    assert err.value.reason == reason


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
