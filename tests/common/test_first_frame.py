"""What each game builds and styles before its first frame, counted.

The speed of a first frame is measured in ``benchmarks/`` only; these tests pin the
work that made it slow, as counts that do not depend on the machine: how many times
Textual styles a widget (``Stylesheet.apply``), how many times a Footer is rebuilt,
before the app hands its first frame (the first screen pushed over the app's blank
default one) to the driver.  Each game is opened as its command line opens it.
"""

from __future__ import annotations

import argparse
import gc
import json
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from textual._compositor import Compositor
from textual.app import App
from textual.css.stylesheet import Stylesheet
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from boardgames import app as app_module
from boardgames.app import BoardgamesApp
from boardgames.common import collector
from boardgames.common.clock import ManualClock
from boardgames.common.ui.base import IGNORED_HINT
from boardgames.common.ui.choice import ChoiceScreen
from boardgames.common.ui.handover import OpeningHandover
from boardgames.uwo import entry as uwo_entry
from boardgames.uwo.screen import UwoScreen
from boardgames.uwo.widgets import Cell
from boardgames.vntypl8s.entry import start_screen as start_vntypl8s
from boardgames.vowl.screen import start_game
from boardgames.vowl.spec import VowlSetup
from tests.screen import pause_like_a_player, quiet, screen_text, settled, take_keyboard, wait_for


@contextmanager
def counting_until_first_frame(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, Counter[str]]]:
    """Counts of styling, Footer rebuilds and frames rendered, frozen at the app's first frame of its own.

    ``frame`` holds them as they were when the first frame of a screen other than the
    default one was handed to the driver (``App._display``, as ``benchmarks/_first_frame.py``
    sees it); ``now`` keeps counting.
    """
    now: Counter[str] = Counter()
    frame: Counter[str] = Counter()
    result = {"now": now, "frame": frame}
    apply, recompose, display = Stylesheet.apply, Footer.recompose, App._display
    render_update = Compositor.render_update

    def counting_apply(self: Stylesheet, node: Any, *args: Any, **kwargs: Any) -> Any:
        now["apply"] += 1
        now[f"apply {type(node).__name__}"] += 1
        return apply(self, node, *args, **kwargs)

    async def counting_recompose(self: Footer) -> None:
        now["footer rebuilds"] += 1
        await recompose(self)

    def counting_render_update(self: Compositor, *args: Any, **kwargs: Any) -> Any:
        now["renders"] += 1
        return render_update(self, *args, **kwargs)

    def first_display(self: App[Any], screen: Screen[Any], renderable: Any) -> None:
        if renderable is not None and self._batch_count:
            now["frames thrown away"] += 1  # rendered, then dropped by ``App._display``
        display(self, screen, renderable)
        shown = renderable is not None and not self._batch_count and screen is self.screen
        if shown and screen is not self.screen_stack[0] and not frame:
            frame.update(now)
            frame["frames"] = 1

    monkeypatch.setattr(Stylesheet, "apply", counting_apply)
    monkeypatch.setattr(Footer, "recompose", counting_recompose)
    monkeypatch.setattr(App, "_display", first_display)
    monkeypatch.setattr(Compositor, "render_update", counting_render_update)
    yield result


async def first_frame_counts(make: Callable[[], BoardgamesApp], monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    with counting_until_first_frame(monkeypatch) as counts:
        app = make()
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: bool(counts["frame"]), "the first frame")
    return counts["frame"]


def vowl_from_the_command_line() -> BoardgamesApp:
    """``boardgames vowl --players Ann,Bob --seed 1``."""

    setup = VowlSetup(("Ann", "Bob"), (25, 25))
    app: BoardgamesApp = BoardgamesApp(start=lambda: start_game(setup, app), seed=1, clock=ManualClock())
    return app


def uwo_from_the_command_line() -> BoardgamesApp:
    """``boardgames uwo --seed 1``: the duel's start path (``uwo.entry.start_screen``)."""

    return BoardgamesApp(start=lambda: uwo_entry.start_screen(False, None), seed=1, clock=ManualClock())


def vntypl8s_from_the_command_line() -> BoardgamesApp:
    """``boardgames vntypl8s --players Ann,Bob,Cy --seed 1``."""

    app: BoardgamesApp = BoardgamesApp(
        start=lambda: start_vntypl8s(("Ann", "Bob", "Cy"), None, app), seed=1, clock=ManualClock()
    )
    return app


async def test_the_menu_draws_no_frame_to_throw_away_and_its_first_frame_is_whole(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The menu was drawn whole under the app's start-up batch and the frame dropped
    (``App._display`` shows nothing inside a batch); the first frame sent was then a
    partial one.  Now the first screen is pushed after that batch: nothing is drawn to
    be thrown away, and the first frame is the whole screen, Footer keys included."""
    sent: list[tuple[str, list[str]]] = []
    display = App._display

    def first_frames(self: App[Any], screen: Screen[Any], renderable: Any) -> None:
        display(self, screen, renderable)
        if renderable is not None and not self._batch_count and screen is not self.screen_stack[0]:
            rows = [
                "".join(segment.text for strip in row for segment in strip) for row in getattr(renderable, "strips", [])
            ]
            sent.append((type(renderable).__name__, rows))

    counts = await first_frame_counts(BoardgamesApp, monkeypatch)
    assert counts["frames thrown away"] == 0
    monkeypatch.setattr(App, "_display", first_frames)
    app = BoardgamesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: bool(sent), "the first frame")
    kind, rows = sent[0]
    assert kind == "LayoutUpdate" and len(rows) == 24
    # the menu centred in the room between the bars: its line under the title, then the list
    subtitle = next(i for i, row in enumerate(rows) if "Pick a game" in row)
    assert 4 <= subtitle <= 7 and "Vowl" in rows[subtitle + 3]
    assert "Quit" in rows[23] and "Delete saved game" in rows[23] and "palette" in rows[23]


async def test_vowl_builds_its_footer_once_before_its_first_frame(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each bindings signal of the screen rebuilt the Footer (every key a new, newly
    styled widget): twice before Vowl's first frame.  ``common/ui/footer.Footer`` rebuilds
    once for the changes signalled before its rebuild runs."""
    counts = await first_frame_counts(vowl_from_the_command_line, monkeypatch)
    assert counts["footer rebuilds"] == 1


async def test_footer_keys_keep_their_compact_class() -> None:
    """The keys of a Footer built already styled end with Textual's classes: ``-compact``
    on the command palette's key only (a normal Footer), on every key of a compact one."""
    app = BoardgamesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: bool(list(app.screen.query(FooterKey))), "the menu's Footer keys")
        keys = list(app.screen.query(FooterKey))
        assert [key.compact for key in keys] == [key.has_class("-compact") for key in keys]
        assert [key.has_class("-compact") for key in keys] == [key.has_class("-command-palette") for key in keys]
        footer = app.screen.query_one(Footer)
        before = set(keys)
        footer.compact = True
        app.screen.refresh_bindings()  # the Footer is rebuilt: new keys
        rebuilt = lambda: bool(list(app.screen.query(FooterKey))) and not before & set(app.screen.query(FooterKey))  # noqa: E731
        await wait_for(pilot, rebuilt, "a compact Footer's keys")
        keys = list(app.screen.query(FooterKey))
        assert all(key.compact and key.has_class("-compact") for key in keys)


async def test_uwo_styles_no_square_before_its_first_frame(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each square was styled three times before the first handover showed: as it was
    mounted, again when the board took the focus (``BoardGrid.watch_has_focus``), and
    again as the first drawing set its classes, under a handover that covers it all;
    then once.  Now none is before that frame: the duel is built after it
    (``OpeningHandover``), under the handover: its squares styled as mounted, as the
    screen is first resumed and its breakpoints set (Textual's own), and as first drawn."""
    with counting_until_first_frame(monkeypatch) as counts:
        app = uwo_from_the_command_line()
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: bool(counts["frame"]), "the first frame")
            opening = app.screen
            assert isinstance(opening, OpeningHandover)
            await wait_for(pilot, lambda: opening.ready and opening_game_drawn(opening), "the duel built and drawn")
            assert counts["frame"]["apply Cell"] == 0
            assert counts["now"]["apply Cell"] <= 121  # 4 x 30 under the handover, and the cursor's


async def test_the_duel_is_drawn_once_its_handover_shows() -> None:
    """The board drawn after the first handover's frame is the one a new duel shows."""

    app = uwo_from_the_command_line()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: any(isinstance(s, UwoScreen) for s in app.screen_stack), "the duel built")
        screen = next(s for s in app.screen_stack if isinstance(s, UwoScreen))
        await wait_for(pilot, lambda: screen._drawn is not None, "the board drawn under the handover")
        cells = list(screen.query(Cell))
        assert all(cell.has_class("-empty") or cell.has_class("-gnorfs") or cell.has_class("-pnorfs") for cell in cells)
        assert sum(cell.has_class("-cursor") for cell in cells) == 1
        assert "to take the keyboard" in str(screen.query_one("#status").render())


def test_the_app_freezes_what_was_built_before_it_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """``run`` freezes the objects imported and built so far, so the cyclic collector
    never walks them again (its first full pass came before a game's first frame)."""
    frozen: list[int] = []

    class Stub:
        failure = None
        crash = None
        signalled = None

        def run(self, **options: Any) -> None:
            frozen.append(gc.get_freeze_count())

    try:
        gc.unfreeze()
        assert app_module.run(Stub()) == 0  # type: ignore[arg-type]
    finally:
        collector.stop()  # unfreezes, and this test process keeps Python's own collector
    assert frozen and frozen[0] > 0


def opening_game_drawn(opening: OpeningHandover) -> bool:
    screen = opening.game_screen
    return isinstance(screen, UwoScreen) and screen._drawn is not None


# --- a game that opens on a handover: the handover alone, the game built beneath it --------

#: What ``boardgames <game> ...`` shows first, and the game modules it must not have
#: imported by then: its screen, widgets and engine are built after that frame.
OPENINGS = {
    "uwo": (
        ["uwo", "--seed", "1"],
        "Gnorfs, take the keyboard — your turn",
        ("screen", "widgets", "engine", "events", "actions", "view", "players", "spec", "board", "thinker"),
    ),
    "vntypl8s": (
        ["vntypl8s", "--players", "Ann,Bob,Cy", "--seed", "1"],
        "Ann, take the keyboard",
        ("screen", "widgets", "engine", "spec"),
    ),
}

#: A child process: ``boardgames ARGS`` through the real command line, headless, which
#: prints what is imported and on the screen stack at its first frame, and ends there.
AT_FIRST_FRAME = """
import json, os, sys
from boardgames import app as A
from boardgames.cli import main

display = A.BoardgamesApp._display

def first_frame(self, screen, renderable):
    display(self, screen, renderable)
    if renderable is not None and not self._batch_count and screen is self.screen and screen is not self.screen_stack[0]:
        print(json.dumps({
            "modules": sorted(sys.modules),
            "stack": [type(s).__name__ for s in self.screen_stack],
            "headline": getattr(screen, "headline", None),
        }), flush=True)
        os._exit(0)

A.BoardgamesApp._display = first_frame
A.BoardgamesApp.run = lambda self, **options: A.App.run(self, headless=True, size=(80, 24))
sys.exit(main(sys.argv[1:]))
"""


def at_first_frame(*argv: str) -> dict[str, Any]:
    """What ``boardgames ARGV`` has imported and on its screen stack at its first frame
    (the real command line, in a process of its own: this one has imported everything)."""
    out = subprocess.run(
        [sys.executable, "-c", AT_FIRST_FRAME, *argv], capture_output=True, text=True, timeout=120, check=False
    )
    assert out.returncode == 0, out.stderr
    seen: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return seen


def test_the_menus_first_frame_imports_no_parser_nor_what_comes_later() -> None:
    """``boardgames`` alone: no ``argparse`` (the parser is for arguments), no crash report,
    key gate or command palette before the menu's first frame."""
    seen = at_first_frame()
    assert seen["stack"] == ["Screen", "MainMenu"]
    late = (
        "argparse",
        "gettext",
        "boardgames.subcommands",
        "boardgames.common.crash",
        "boardgames.common.ui.base",
        "boardgames.palette",
    )
    assert [m for m in late if m in seen["modules"]] == []


@pytest.mark.parametrize("game", sorted(OPENINGS))
def test_the_first_frame_is_the_handover_alone(game: str) -> None:
    """``boardgames uwo --seed 1`` and ``boardgames vntypl8s --players ...``: the first frame
    is the first player's handover, with nothing of the game screen imported (its module,
    widgets, engine), composed or styled: those came to more than a third of the
    start-up, under a handover that covers them."""
    argv, headline, modules = OPENINGS[game]
    seen = at_first_frame(*argv)
    assert seen["stack"] == ["Screen", "OpeningHandover"]
    assert headline in seen["headline"]
    imported = [f"boardgames.{game}.{m}" for m in modules if f"boardgames.{game}.{m}" in seen["modules"]]
    assert imported == []


def vntypl8s_with_a_timer() -> BoardgamesApp:
    """``boardgames vntypl8s --players Ann,Bob,Cy --timer 30 --seed 1``."""

    app: BoardgamesApp = BoardgamesApp(
        start=lambda: start_vntypl8s(("Ann", "Bob", "Cy"), 30, app), seed=1, clock=ManualClock()
    )
    return app


def uwo_first_game() -> BoardgamesApp:
    """``boardgames uwo --first-game --seed 1``."""

    return BoardgamesApp(start=lambda: uwo_entry.start_screen(True, None), seed=1, clock=ManualClock())


STARTS = {
    "uwo": (uwo_from_the_command_line, "Gnorfs"),
    "uwo first game": (uwo_first_game, "Gnorfs"),
    "vntypl8s": (vntypl8s_from_the_command_line, "Ann"),
    "vntypl8s timer": (vntypl8s_with_a_timer, "Ann"),
}


@pytest.mark.parametrize("start", sorted(STARTS))
async def test_the_opening_handover_says_what_the_games_first_handover_says(
    start: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The entry words the first handover before the game exists; the game, once built,
    hands over with the very same words, so the screen the player reads never changes."""
    adopted: list[tuple[str, str, str, str]] = []
    adopt = OpeningHandover.adopt

    def spy(self: OpeningHandover, handover: Any, then: Any, owner: Any) -> None:
        adopted.append((self.headline, self.detail, handover.headline, handover.detail))
        adopt(self, handover, then, owner)

    monkeypatch.setattr(OpeningHandover, "adopt", spy)
    make, player = STARTS[start]
    app = make()
    async with app.run_test(size=(80, 24)) as pilot:
        opening = app.screen
        assert isinstance(opening, OpeningHandover)
        await wait_for(pilot, lambda: opening.ready, "the game built")
        ((headline, detail, game_headline, game_detail),) = adopted
        assert (headline, detail) == (game_headline, game_detail)
        assert opening.player == player


async def game_state(app: BoardgamesApp) -> tuple[object, ...]:
    """Who is at the keyboard and how far the game went (every action goes through the session)."""
    screen = next(s for s in app.screen_stack if hasattr(s, "session"))
    session = screen.session
    assert session is not None
    return (
        type(screen).__name__,
        len(session.history),
        getattr(screen, "keyboard", None),
        getattr(screen, "writer", None),
    )


@pytest.mark.parametrize("start", ["uwo", "vntypl8s"])
async def test_a_fast_hand_under_the_first_handover_changes_nothing(
    start: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Keys pressed as the game opens, and a Space pressed well past the quiet period but
    before the game is built beneath the handover, dismiss nothing and reach nothing:
    the handover is not armed (its line says keys are ignored) until there is a game to
    show, and each key starts its quiet period again.  Then the incoming player takes
    the keyboard deliberately and the game plays."""
    held: list[OpeningHandover] = []
    build = OpeningHandover._build_game

    async def hold(self: OpeningHandover) -> None:
        held.append(self)  # built when the test says so

    monkeypatch.setattr(OpeningHandover, "_build_game", hold)
    make, player = STARTS[start]
    app = make()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: bool(held), "the handover's first frame")
        opening = held[0]
        await pilot.press("enter", "enter", "space", "a", "1", "escape", "enter", "e")
        pause_like_a_player(app)  # long past the quiet period: the game is still not built
        await pilot.press("space")
        await wait_for(pilot, lambda: quiet(app), "the keys handled")  # the build is held back
        assert app.screen is opening and not opening.armed
        assert [type(s).__name__ for s in app.screen_stack] == ["Screen", "OpeningHandover"]
        assert IGNORED_HINT in screen_text(app)

        opening.call_later(build, opening)  # the game is built now
        await wait_for(pilot, lambda: opening.ready and settled(app), "the game built beneath")
        assert app.screen is opening
        assert not opening.armed  # the early Space started the quiet period again
        before = await game_state(app)
        assert before[1] == 0

        await take_keyboard(pilot, f"{player}, take the keyboard")
        await wait_for(pilot, lambda: settled(app), "the game shown")
        after = await game_state(app)
        assert after[1] == 0  # no early key reached the game
        text = screen_text(app)
        if start == "uwo":
            assert isinstance(app.screen, UwoScreen) and after[2] is not None
            assert "Your hand (Gnorfs)" in text
            await pilot.press("e")  # the duel plays: ending the turn asks first
            await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the end-of-turn question")
        else:
            assert after[3] == 0  # Ann writes
            assert "0WN3R" in text and "type your plate" in text
            await pilot.press("b")  # the plate editor has the keys
            await wait_for(pilot, lambda: "B" in str(app.screen.query_one("#plate-input").value), "a typed letter")


def test_the_vntypl8s_command_line_checks_the_players_as_the_game_does() -> None:
    """``--players`` is checked by the entry without the engine (which a game imports after
    its first frame, ``vntypl8s.limits``): the same seats, the same limits and the same
    words as the setup form's ``spec.players_from``; the engine seats and plays as many."""
    from boardgames.common.names import split_names
    from boardgames.vntypl8s import engine, spec
    from boardgames.vntypl8s import entry as vntypl8s_entry
    from boardgames.vntypl8s import limits as numbers

    assert (numbers.MIN_PLAYERS, numbers.MAX_PLAYERS, numbers.ROUNDS) == (
        engine.MIN_PLAYERS,
        engine.MAX_PLAYERS,
        engine.ROUNDS,
    )
    for text in (
        "Ann,Bob,Cy",
        " Ann ,  Bob Lee,Cy ",
        "Ann,Bob",
        ",".join("ABCDEFGHI"),
        "Ann,ann,Cy",
        "Ann,,Cy",
        "x" * 40,
    ):
        try:
            expected: object = spec.players_from(split_names(text))
        except ValueError as exc:
            expected = str(exc)
        try:
            got: object = vntypl8s_entry._players_arg(text)
        except argparse.ArgumentTypeError as exc:
            got = str(exc)
        assert got == expected, text


@pytest.mark.parametrize("start", ["uwo", "vntypl8s"])
async def test_the_game_built_beneath_is_laid_out_while_the_handover_is_read(start: str) -> None:
    """The game screen is laid out to the terminal as it is built, as a screen pushed is:
    not first as the handover goes.  Laid out then, a game left from its first handover
    (the palette's "Main menu") got its first ``Resize`` on its way off the stack, and
    UWO's redraw after it found its board gone (the app crashed)."""
    make, _ = STARTS[start]
    app = make()
    async with app.run_test(size=(100, 30)) as pilot:
        opening = app.screen
        assert isinstance(opening, OpeningHandover)
        await wait_for(pilot, lambda: opening.ready and settled(app), "the game built beneath")
        game = opening.game_screen
        assert game is not None and game.size == app.size
        app.back_to_menu()
        await wait_for(pilot, lambda: type(app.screen).__name__ == "MainMenu" and settled(app), "the main menu")
        for _ in range(5):
            await pilot.pause()
        assert app._exception is None


def test_vowl_imports_nothing_its_first_frame_does_not_show() -> None:
    """``boardgames vowl --players Ann,Bob`` opens on Ann's roll: the review and the
    discard modals, the handover, the practice stats, the game's summary come after the first action, and
    are imported then (each is opened in tests/vowl)."""
    imported = set(at_first_frame("vowl", "--players", "Ann,Bob", "--seed", "1")["modules"])
    assert "boardgames.vowl.screen" in imported  # the table is there
    later = {
        "boardgames.vowl.modals",
        "boardgames.vowl.stats",
        "boardgames.vowl.summary",
        "boardgames.common.ui.handover",
        "textual.widgets._selection_list",
    }
    assert not imported & later


async def test_vowl_parses_no_css_for_what_its_first_frame_does_not_show() -> None:
    """The setup form's rules and the review's and discard's were in vowl.tcss, parsed
    before the table's first frame; they are those screens' own ``DEFAULT_CSS`` now."""
    app = vowl_from_the_command_line()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.screen.is_mounted and settled(app), "the table")
        selectors = " ".join(rule.selectors for rule in app.stylesheet.rules)
        assert "#status" in selectors  # the table's own rules are there
        for elsewhere in ("VowlSetupScreen", "DiscardScreen", "ReviewScreen", "#review-box", "#setup"):
            assert elsewhere not in selectors
