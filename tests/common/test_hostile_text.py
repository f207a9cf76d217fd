"""Hostile names, answers, plates and filters through the real app.

Outside text is data: a name like ``[/]Ann`` must not crash the markup parser, a name
like ``[@click=app.quit]Bob[/]`` must not become a live action, ``[bold red]Cy[/]``
must not turn red, and escape codes never reach the terminal.  Names that hold control
characters are refused where they are typed (the command line, the setup forms) and
where they are read back (a save); every other name is shown literally.
"""

from __future__ import annotations

import contextlib
import io
import json

import pytest
from rich.console import Console
from rich.segment import Segment
from textual.app import App
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Input, Static

from boardgames.app import BoardgamesApp
from boardgames.cli import main
from boardgames.common.clock import ManualClock
from boardgames.common.errors import UserFacingError
from boardgames.common.saves import SaveRecord, SaveStore
from boardgames.common.session import GameSession
from boardgames.common.ui.choice import ChoiceScreen
from boardgames.common.ui.handover import HandoverScreen
from boardgames.vntypl8s import favourites
from boardgames.vntypl8s.engine import Phase as PlatePhase
from boardgames.vntypl8s.entry import ENTRY as PLATES
from boardgames.vntypl8s.entry import start_screen as start_plates
from boardgames.vntypl8s.screen import FavouritesScreen, GuessScreen, Stage, Vntypl8sScreen, Vntypl8sSetupScreen
from boardgames.vntypl8s.spec import SPEC as PLATES_SPEC
from boardgames.vntypl8s.spec import Vntypl8sSetup
from boardgames.vowl.entry import ENTRY as VOWL
from boardgames.vowl.entry import start_screen as start_vowl
from boardgames.vowl.kinds import Mode, Phase
from boardgames.vowl.modals import ReviewScreen
from boardgames.vowl.setup import VowlSetupScreen
from boardgames.vowl.spec import SPEC as VOWL_SPEC
from boardgames.vowl.spec import VowlSetup
from boardgames.vowl.widgets import EventLog
from tests.screen import deliberately, screen_text, settled, take_keyboard, wait_for
from tests.vntypl8s.ui import game_screen, quick_round
from tests.vowl.test_screen import MATCHER, app_seed_for, vowl

ANN = "[/]Ann"
BOB = "[@click=app.quit]Bob[/]"  # clicked, a live action would quit the app
CY = "[bold red]Cy[/]"
ESCAPES = "\x1b]0;pwn\x07Dee"  # an OSC sequence: sets the terminal's title
WIDE = (150, 50)


# --- reading the screen ---------------------------------------------------------------------


def flat(app: App) -> str:
    """The terminal as one line of words (wrapped lines joined)."""
    return " ".join(screen_text(app).split())


def segments(app: App) -> list[Segment]:
    """Every styled piece of text on the terminal, as drawn."""
    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        force_terminal=True,
        color_system="truecolor",
        record=True,
        legacy_windows=False,
    )
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return list(console._record_buffer)  # noqa: SLF001 - what was drawn, with its styles


def shown_literally(name: str, text: str) -> bool:
    """*name* is in *text* as typed, or cut with ``…`` where a column is narrower
    (a scoreboard's name column), brackets and all (at least 8 characters of it)."""
    return name in text or any(f"{name[:n]}…" in text for n in range(8, len(name)))


def assert_shown_as_data(app: App, *names: str) -> None:
    """Each name on screen as typed, brackets and all; no text styled by a name."""
    text = flat(app)
    for name in names:
        assert shown_literally(name, text), f"{name!r} is not shown literally:\n{screen_text(app)}"
    for seg in segments(app):
        style = seg.style
        if style is not None and style.color is not None and "Cy" in seg.text:
            assert not (style.bold and style.color.name == "red"), f"a name turned bold red: {seg!r}"
    assert "\x1b" not in text and "\x07" not in text


def live_actions(app: App) -> list[Segment]:
    """Every piece of text on the terminal that a click would run an action from."""
    return [seg for seg in segments(app) if seg.style is not None and seg.style.meta.get("@click")]


def drawn_forms(name: str) -> set[str]:
    """What *name* can look like on screen: as typed, cut with ``…``, or - were it
    parsed as markup - the text its tags wrap (``Bob`` of ``[@click=app.quit]Bob[/]``)."""
    forms = {name, *(f"{name[:n]}…" for n in range(8, len(name)))}
    with contextlib.suppress(Exception):  # "[/]Ann" is no markup at all: shown as typed or crashing
        forms.add(Content.from_markup(name).plain)
    return {form for form in forms if form.strip()}


async def click_names(pilot, widget: Widget, names: tuple[str, ...] = ()) -> None:
    """Click every cell of *widget* where one of *names* is drawn, on every line: the
    click must do nothing (the app runs on, the same screen on top).

    A name's markup action, were it parsed, sits on the text its tags wrap, so those
    cells are clicked too; and no text anywhere on the terminal may carry a quitting
    action (``live_actions``).  (This clicked every cell of the first line: 450 clicks,
    most on blank cells, and none on the buzzer bar's names, which are on lines 2-4.)
    """
    app = pilot.app
    names = names or tuple(dict.fromkeys((*PLATE_NAMES, *VOWL_NAMES)))
    region = widget.region
    rows = screen_text(app).splitlines()[region.y : region.bottom]
    cells: list[tuple[int, int]] = []
    for y, line in enumerate(rows):
        row = line[region.x : region.right]
        hits: set[int] = set()
        for form in set().union(*map(drawn_forms, names)):
            at = row.find(form)
            while at >= 0:
                hits.update(range(at, at + len(form)))
                at = row.find(form, at + 1)
        cells += [(x, y) for x in sorted(hits)]
    assert cells, f"no name drawn on {widget!r}:\n" + "\n".join(rows)
    assert not [seg for seg in live_actions(app) if "quit" in str(seg.style.meta)], "a name became a live action"
    top = app.screen
    for x, y in cells:
        await pilot.click(widget, offset=(x, y))  # Pilot's click lets the app handle it before returning
        assert app.is_running and app.screen is top, f"a click at {(x, y)} on {widget!r} did something: {app.screen!r}"


def still_running(app: App) -> bool:
    return app.is_running and app._exception is None  # noqa: SLF001


# --- names at the door: the command line and the forms ------------------------------------------


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["vowl", "--players", f"{ESCAPES},Bob"], "U+001B"),
        (["vowl", "--players", "Ann,ann"], "names must differ"),
        (["vowl", "--players", "Ann," + "x" * 40], "at most 24"),
        (["vowl", "--players", "Ann,,Bob"], "name is empty"),
    ],
)
def test_vowl_players_refused_in_one_clear_line(capsys: pytest.CaptureFixture[str], argv: list[str], said: str) -> None:
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and said in lines[0], err
    assert "\x1b" not in err and "\x07" not in err  # the name is quoted with visible stand-ins
    assert "␛]0;pwn␇Dee" in err or "U+001B" not in said


@pytest.mark.parametrize(
    ("players", "said"),
    [
        (f"{ESCAPES},Bob,Cy", "U+001B"),
        ("Ann,Bob,ANN", "names must differ"),
        ("Ann,Bob," + "x" * 25, "at most 24"),
    ],
)
def test_vntypl8s_players_refused_with_a_clear_message(
    capsys: pytest.CaptureFixture[str], players: str, said: str
) -> None:
    with pytest.raises(SystemExit) as info:  # argparse reads --players, as for every option
        main(["vntypl8s", "--players", players])
    assert info.value.code == 2
    err = capsys.readouterr().err
    (line,) = [line for line in err.splitlines() if "error" in line]
    assert said in line
    assert "\x1b" not in err and "\x07" not in err


def test_help_says_how_long_a_name_may_be(capsys: pytest.CaptureFixture[str]) -> None:
    for game in ("vowl", "vntypl8s"):
        with pytest.raises(SystemExit):
            main([game, "--help"])
        assert "24 characters" in " ".join(capsys.readouterr().out.split())


async def test_vowl_form_refuses_control_characters_and_keeps_what_was_typed() -> None:
    app = BoardgamesApp(start=VowlSetupScreen, clock=ManualClock(), seed=1)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        form = app.screen
        form.query_one("#name-0", Input).value = ESCAPES
        form.query_one("#name-1", Input).value = BOB
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, VowlSetupScreen)
        text = flat(app)
        assert "U+001B" in text and "␛]0;pwn␇Dee" in text and "\x1b" not in text
        assert form.query_one("#name-0", Input).value == ESCAPES  # nothing typed is lost
        assert form.query_one("#name-1", Input).value == BOB
        form.query_one("#name-0", Input).value = "  Ann   Lee "
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: not isinstance(app.screen, VowlSetupScreen), "the game")
        assert vowl(app).game.names == ("Ann Lee", BOB)


async def test_vntypl8s_form_refuses_control_characters_and_keeps_what_was_typed() -> None:
    app = BoardgamesApp(start=Vntypl8sSetupScreen, clock=ManualClock(), seed=1)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        form = app.screen
        for i, name in enumerate((ANN, ESCAPES, "Cy, Jr")):
            form.query_one(f"#name-{i}", Input).value = name
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, Vntypl8sSetupScreen)
        text = flat(app)
        assert "U+001B" in text and "␛]0;pwn␇Dee" in text and "comma" in text
        assert [form.query_one(f"#name-{i}", Input).value for i in range(3)] == [ANN, ESCAPES, "Cy, Jr"]
        form.query_one("#name-1", Input).value = BOB
        form.query_one("#name-2", Input).value = CY
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: any(isinstance(s, Vntypl8sScreen) for s in app.screen_stack), "the game")
        assert game_screen(app).game.players == (ANN, BOB, CY)


def test_saves_with_bad_names_are_refused_with_a_clear_message() -> None:
    vowl_setup = VOWL_SPEC.setup_to_json(VowlSetup(("Ann", "Bob"), (25, 25)))
    plates_setup = PLATES_SPEC.setup_to_json(Vntypl8sSetup(("Ann", "Bob", "Cy")))
    cases = [
        (VOWL_SPEC, {**vowl_setup, "names": [ESCAPES, "Bob"]}, "U+001B"),
        (VOWL_SPEC, {**vowl_setup, "names": ["Ann", "x" * 30]}, "at most 24"),
        (VOWL_SPEC, {**vowl_setup, "names": ["Ann", " Bob"]}, "names"),
        (PLATES_SPEC, {**plates_setup, "players": [ESCAPES, "Bob", "Cy"]}, "U+001B"),
        (PLATES_SPEC, {**plates_setup, "players": ["Ann", "Bob  Roy", "Cy"]}, "names"),
    ]
    for spec, setup, said in cases:
        record = SaveRecord(spec.key, setup, 1)
        with pytest.raises(UserFacingError, match="cannot be resumed") as info:
            GameSession.resume(spec, record)
        assert said in info.value.message and "\x1b" not in info.value.message


# --- Vowl ---------------------------------------------------------------------------------------

VOWL_NAMES = (ANN, BOB, CY)


def vowl_app(names: tuple[str, ...] = VOWL_NAMES) -> tuple[BoardgamesApp, ManualClock]:
    """``boardgames vowl --players ...`` with a seed whose first roll is solitaire."""
    clock = ManualClock()
    setup = VowlSetup(names, tuple(25 for _ in names))
    app = BoardgamesApp(start=lambda: start_vowl(setup, app), clock=clock, seed=app_seed_for(Mode.SOLITAIRE, names))
    return app, clock


async def answer(pilot, app: BoardgamesApp, word: str) -> None:
    box = app.screen.query_one("#answer", Input)
    box.value = word
    box.focus()
    await pilot.press("enter")
    await pilot.pause()


async def test_vowl_with_hostile_names_and_answers_plays_and_resumes() -> None:
    app, clock = vowl_app()
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        screen = vowl(app)
        first = screen.game.names[screen.game.current_player]
        assert_shown_as_data(app, *VOWL_NAMES)
        await pilot.press("r")
        handover = await take_keyboard(pilot)
        assert first in handover
        # An answer that is markup: refused as "letters only", shown as typed, the game goes on.
        clock.advance(1)
        await answer(pilot, app, "[/]")
        await answer(pilot, app, "[bold red]Cy[/] :smile:")
        assert still_running(app) and screen.game.phase is Phase.SOLVING
        assert_shown_as_data(app, "[/]", "[bold red]Cy[/] :smile:")
        log = "\n".join(line.text for line in screen.query_one(EventLog).lines)
        assert "✗ [/]" in log and ":smile:" in log  # no emoji code expanded either
        # The rest of the pile, solved.
        while screen.game.phase is Phase.SOLVING:
            run = screen.view().active_run
            clock.advance(1)
            await answer(pilot, app, MATCHER.solutions(run.current.skeleton)[0])
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review")
        assert_shown_as_data(app, first)
        await deliberately(pilot, "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the scoring question")
        assert_shown_as_data(app, first)
        await deliberately(pilot, "2")
        await wait_for(pilot, lambda: screen.game.names[screen.game.current_player] != first, "the next turn")
        await wait_for(pilot, lambda: settled(app))
        nxt = screen.game.names[screen.game.current_player]
        assert_shown_as_data(app, *VOWL_NAMES)
        assert f"{nxt}'s turn" in flat(app)
        # Clicking the names (the status line, the scoreboard) does nothing.
        await click_names(pilot, screen.query_one("#status", Static))
        await click_names(pilot, screen.query_one("#scoreboard"))
        assert still_running(app)
    # The save with the "[/]" answer resumes (it used to crash at every resume).
    record = SaveStore().unfinished("vowl").records[0]
    session = GameSession.resume(VOWL_SPEC, record)
    again = BoardgamesApp(start=lambda: VOWL.session_screen(session, again), clock=ManualClock(), seed=2)
    async with again.run_test(size=WIDE) as pilot:
        await wait_for(pilot, lambda: settled(again))
        assert still_running(again)
        assert_shown_as_data(again, *VOWL_NAMES)
        log = "\n".join(line.text for line in vowl(again).query_one(EventLog).lines)
        assert "✗ [/]" in log
        # The menu's own resume, too.
        again.resume_game(SaveStore().unfinished("vowl").records[0])
        await wait_for(pilot, lambda: settled(again))
        assert still_running(again) and vowl(again).game.names == VOWL_NAMES


async def test_vowl_head_to_head_question_shows_names_as_data() -> None:
    names = (BOB, CY)
    clock = ManualClock()
    setup = VowlSetup(names, (25, 25))
    app = BoardgamesApp(start=lambda: start_vowl(setup, app), clock=clock, seed=app_seed_for(Mode.HEAD_TO_HEAD, names))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        assert_shown_as_data(app, *names)
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen | ChoiceScreen), "the race")
        assert still_running(app)
        # The race opens behind the first racer's handover: their name, as typed.
        assert_shown_as_data(app, names[0])
        assert CY not in flat(app) or shown_literally(CY, flat(app))
        await take_keyboard(pilot)
        await wait_for(pilot, lambda: settled(app))
        assert still_running(app)
        assert_shown_as_data(app, names[0])


# --- VNTYPL8S -----------------------------------------------------------------------------------

PLATE_NAMES = (ANN, BOB, CY)


def plates_app(players: tuple[str, ...] = PLATE_NAMES) -> BoardgamesApp:
    app = BoardgamesApp(start=lambda: start_plates(players, None, app), seed=1, clock=ManualClock())
    return app


async def test_vntypl8s_with_hostile_names_plays_a_round() -> None:
    app = plates_app()
    async with app.run_test(size=WIDE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen), "the first handover")
        await wait_for(pilot, lambda: settled(app))
        assert_shown_as_data(app, ANN)
        screen = game_screen(app)
        # The first writer types a plate with brackets: refused by the judge, shown as typed.
        await take_keyboard(pilot)
        plate = screen.query_one("#plate-input", Input)
        plate.value = "[/]X"
        await pilot.pause()
        assert still_running(app) and "[/]X" in flat(app)
        plate.value = ""
        await pilot.pause()
        app.screen.query_one("#plate-input", Input).focus()
        # Back to the normal round (every writer hands in a legal plate).
        from tests.vntypl8s.helpers import legal_plate

        writer = screen.writer
        plate.value = legal_plate(screen.game, writer, meet=True)
        await pilot.press("enter")
        while screen.game.phase is PlatePhase.WRITING:
            await take_keyboard(pilot)
            plate.value = legal_plate(screen.game, screen.writer, meet=True)
            await pilot.press("enter")
        await take_keyboard(pilot)  # everyone gathers round
        await wait_for(pilot, lambda: screen.stage is Stage.PLATE, "the first plate")
        assert_shown_as_data(app, *PLATE_NAMES)
        await click_names(pilot, screen.query_one("#buzzers"))
        await click_names(pilot, screen.query_one("#plate-title"))
        await click_names(pilot, screen.query_one("#status"))
        assert still_running(app)
        # A guesser types "[/" into the filter: no card matches, said so literally.
        guesser = (screen.game.active + 1) % 3
        await pilot.press(str(guesser + 1))
        await wait_for(pilot, lambda: isinstance(app.screen, GuessScreen), "the guess")
        assert_shown_as_data(app, PLATE_NAMES[guesser])
        await pilot.press("left_square_bracket", "slash")
        await pilot.pause()
        assert still_running(app) and "[/" in flat(app)
        await deliberately(pilot, "escape")
        await wait_for(pilot, lambda: app.screen is screen, "back to the plate")
        # An owner that is not in the grid (a save could hold one): refused in words.
        screen.make_guess(guesser, "[/]Chef")
        await pilot.pause()
        assert still_running(app)


async def test_vntypl8s_final_table_and_resume_show_names_as_data() -> None:
    app = plates_app()
    async with app.run_test(size=WIDE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen), "the first handover")
        screen = game_screen(app)
        await quick_round(pilot, app)
        assert still_running(app)
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen), "the next round")
        await wait_for(pilot, lambda: settled(app))
        assert_shown_as_data(app, screen.players[screen.game.writing_order[0]])
    record = SaveStore().unfinished("vntypl8s").records[0]
    session = GameSession.resume(PLATES_SPEC, record)
    again = BoardgamesApp(start=lambda: PLATES.session_screen(session, again), clock=ManualClock(), seed=2)
    async with again.run_test(size=WIDE) as pilot:
        await wait_for(pilot, lambda: isinstance(again.screen, HandoverScreen), "the resumed handover")
        await take_keyboard(pilot)
        assert still_running(again)


async def test_favourites_from_a_file_are_shown_as_data() -> None:
    path = favourites.favourites_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        json.dumps(
            {
                "version": favourites.VERSION,
                "plates": [
                    {
                        "plate": "[/]X",
                        "owner": "[@click=app.quit]Chef[/]",
                        "requirements": "[b]",
                        "writer": "[red]Cy[/]",
                    },
                ],
            }
        ),
        encoding="utf-8",
    )
    app = BoardgamesApp(start=FavouritesScreen, clock=ManualClock(), seed=1)
    async with app.run_test(size=WIDE) as pilot:
        await wait_for(pilot, lambda: settled(app))
        assert still_running(app)
        assert_shown_as_data(app, "[@click=app.quit]Chef[/]", "[red]Cy[/]", "[b]")
        await click_names(
            pilot, app.screen.query_one("#favourites-list"), ("[@click=app.quit]Chef[/]", "[red]Cy[/]", "[/]X")
        )
        assert still_running(app)


async def test_favourites_file_with_an_escape_code_is_set_aside_and_said_so() -> None:
    # A control character is no favourite's: the file is set aside, the message is plain text.
    path = favourites.favourites_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        json.dumps(
            {
                "version": favourites.VERSION,
                "plates": [
                    {"plate": "X", "owner": "Chef", "requirements": "B", "writer": "\x1b[5mAnn"},
                ],
            }
        ),
        encoding="utf-8",
    )
    app = BoardgamesApp(start=FavouritesScreen, clock=ManualClock(), seed=1)
    async with app.run_test(size=WIDE) as pilot:
        await wait_for(pilot, lambda: settled(app))
        assert still_running(app)
        text = flat(app)
        assert "\x1b" not in text and "[5mAnn" not in text
        assert "set aside" in text or "kept as" in text, screen_text(app)
        assert not path.exists() and list(path.parent.glob(f"{path.name}.corrupt-*"))
