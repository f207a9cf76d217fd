"""One key map across the suite (docs/keys.md): the same key never means two
different things in two games, no core action sits on a key a web browser keeps for
itself, and every game's rules page lists its keys."""

from __future__ import annotations

import re
from collections import defaultdict

import pytest
from textual.binding import Binding

from boardgames.common.resources import read_rules
from boardgames.common.ui.session_screen import SessionScreen
from boardgames.uwo.screen import UwoScreen
from boardgames.uwo.widgets import BoardGrid
from boardgames.vntypl8s.screen import Vntypl8sScreen, Vntypl8sSetupScreen
from boardgames.vowl.screen import VowlScreen
from boardgames.vowl.setup import VowlSetupScreen

#: Where each game's keys are bound: its screens and the widgets that own keys.
SCREENS = {
    "vowl": (VowlScreen, VowlSetupScreen),
    "uwo": (UwoScreen, BoardGrid),
    "vntypl8s": (Vntypl8sScreen, Vntypl8sSetupScreen),
}
#: Keys a browser terminal never passes to the page (new window, new tab, close tab).
BROWSER_RESERVED = {"ctrl+n", "ctrl+t", "ctrl+w", "ctrl+tab", "ctrl+shift+n", "ctrl+shift+t", "ctrl+shift+w"}
#: "Choose the thing labelled with that number" (docs/keys.md): a card in UWO, a buzzer in VNTYPL8S.
NUMBERS = set("0123456789")


def bindings(owner: type) -> list[Binding]:
    found: list[Binding] = []
    for cls in reversed(owner.__mro__):
        for b in cls.__dict__.get("BINDINGS", ()):
            if isinstance(b, Binding):
                found.append(b)
    return found


def keys_of(game: str) -> dict[str, set[str]]:
    out: dict[str, set[str]] = defaultdict(set)
    for owner in SCREENS[game]:
        for b in bindings(owner):
            for key in b.key.split(","):
                out[key.strip()].add(b.action.split("(")[0])
    return out


def test_no_key_means_two_different_things_in_two_games() -> None:
    meanings: dict[str, dict[str, set[str]]] = defaultdict(dict)
    for game in SCREENS:
        for key, actions in keys_of(game).items():
            meanings[key][game] = actions
    clashes = {
        key: by_game
        for key, by_game in meanings.items()
        if key not in NUMBERS
        and len(by_game) > 1
        and len(set.union(*by_game.values())) > 1
        and not _same_thing(key, by_game)
    }
    assert not clashes, clashes


def _same_thing(key: str, by_game: dict[str, set[str]]) -> bool:
    """Escape: leave the game - or, on UWO's board, first drop the selection, then leave
    (``cancel`` hands on to ``leave`` with nothing selected); on a setup screen, back to
    the menu.  Enter: confirm, whatever is being confirmed."""
    actions = set.union(*by_game.values())
    if key == "escape":
        return actions <= {"leave", "cancel", "app.back_to_menu"}
    return key == "enter"


@pytest.mark.parametrize("game", SCREENS)
def test_no_core_key_is_one_a_browser_keeps(game: str) -> None:
    assert not set(keys_of(game)) & BROWSER_RESERVED


def test_escape_leaves_every_game_screen() -> None:
    for screen in (VowlScreen, UwoScreen, Vntypl8sScreen):
        assert issubclass(screen, SessionScreen)
        escape = [b for b in bindings(screen) if "escape" in b.key.split(",")]
        assert escape and escape[-1].action == "leave", screen


@pytest.mark.parametrize("game", SCREENS)
def test_each_rules_page_lists_its_keys(game: str) -> None:
    rules = read_rules(game)
    assert re.search(r"^\| key \|(.*\|)? what it does \|$", rules, re.M), "no table of the game's keys"
    shown = [b for owner in SCREENS[game] for b in bindings(owner) if b.show]
    for b in shown:
        first = b.key.split(",")[0]
        label = b.key_display or first
        assert any(form in rules for form in _forms(first, label)), (game, b.key, b.description)


def _forms(key: str, label: str) -> set[str]:
    """How a rules page may write a key: `e`, `Ctrl+X`, `Escape`, `PgUp`..."""
    names = {"escape": "Escape", "enter": "Enter", "pageup": "PgUp", "pagedown": "PgDn", "space": "Space"}
    if key in names:
        return {f"`{names[key]}`", names[key]}
    if key.startswith("ctrl+"):
        return {f"`Ctrl+{key[5:].upper()}`"}
    return {f"`{key}`", f"`{label}`", label}
