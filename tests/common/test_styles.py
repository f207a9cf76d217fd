"""Each game's stylesheet styles its own screens only.

Textual merges every screen's ``CSS_PATH`` into one app-wide stylesheet the first
time the screen is opened, and the games' ``.tcss`` files share ids (``#status``,
``#board``, ``#setup``, ``#log``).  Unscoped, a game's look depended on which game
had been opened before it: after Vowl's setup UWO's board shrank from 74 to 72
cells; after VNTYPL8S, UWO's ``#status`` took VNTYPL8S's background.

So for every ordered pair of subjects (A, B) - the three games and the main
menu - B's screens must look exactly as in a fresh app after A's screens have
been opened: every widget's region and its computed styles (background, colour,
width, height, margins, padding, border, display).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, OptionList
from textual.widgets._toast import ToastRack

from boardgames import cli
from boardgames.app import BoardgamesApp, MainMenu
from boardgames.common.clock import ManualClock

SIZE = (120, 40)  # every screen shows: UWO, the largest, needs 110×34
MAX_PAUSES = 50  # a state not reached after this many message-queue drains is a failure

Opener = Callable[[BoardgamesApp], None]


class SameDealApp(BoardgamesApp):
    """Every new game is dealt from the same seed, so B's deal (and with it the text,
    and the height of every ``height: auto`` widget) does not depend on how many
    games A dealt before it."""

    def new_seed(self) -> int:
        return 1


# ---------------------------------------------------------------- how each subject opens


def from_cli(*argv: str) -> Opener:
    """Opens the screen ``boardgames ARGV`` starts on: the command line runs as a player
    would type it, with the app's ``run`` caught to take its ``start`` function."""

    def opener(app: BoardgamesApp) -> None:
        starts: list[Callable[[], Screen]] = []

        def run(self: BoardgamesApp, *args: object, **kwargs: object) -> None:
            assert self._start is not None, f"boardgames {' '.join(argv)} opens no screen of its own"
            starts.append(self._start)

        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(BoardgamesApp, "run", run)
            assert cli.main(list(argv)) == 0
        (start,) = starts
        app.back_to_menu()
        app.push_screen(start())

    return opener


def from_menu(key: str) -> Opener:
    """Opens what Enter on the menu's line for game *key* opens."""

    def opener(app: BoardgamesApp) -> None:
        app.open_game(key)

    return opener


def from_menu_line(words: str) -> Opener:
    """Opens what Enter on the menu line that mentions *words* opens."""

    def opener(app: BoardgamesApp) -> None:
        app.back_to_menu()
        menu = app.screen
        assert isinstance(menu, MainMenu)
        options = menu.query_one(OptionList)
        lines = [str(options.get_option_at_index(i).prompt).casefold() for i in range(options.option_count)]
        options.highlighted = next(i for i, line in enumerate(lines) if words in line)
        menu.action_play()

    return opener


#: Each subject's screens, in the order a player meets them.  The menu has none to
#: push: it is the screen every app starts on and every game goes back to.
SUBJECTS: dict[str, list[tuple[str, Opener]]] = {
    "menu": [],
    "vowl": [
        ("setup", from_menu("vowl")),
        ("game", from_cli("vowl", "--players", "Ann Lee,Bob Roy", "--seed", "1")),
    ],
    "uwo": [
        ("setup", from_menu("uwo")),  # the setup form (uwo.setup)
        ("duel", from_cli("uwo", "--seed", "1")),
    ],
    "vntypl8s": [
        ("setup", from_menu("vntypl8s")),
        ("game", from_cli("vntypl8s", "--players", "Ann,Bob,Cy", "--seed", "1")),
        ("favourites", from_menu_line("favourite")),
    ],
}

PAIRS = [pytest.param(a, b, id=f"{a}-then-{b}") for a, b in itertools.permutations(SUBJECTS, 2)]


# ---------------------------------------------------------------- what a screen looks like

Layout = dict[str, tuple[str, ...]]


def _shown_widgets(screen: Screen) -> list[Widget]:
    """The screen and everything it composed; notifications (app-wide, timed) left out.

    Under a modal, a screen keeps the layout it had when the modal came up (Textual
    lays out the top screen only), and its footer's keys arrive asynchronously (on the
    bindings signal), before or after that last layout: their regions there say
    nothing about the stylesheets, so a covered screen's footer keys are left out.
    """
    covered = not screen.is_active
    out: list[Widget] = []
    stack: list[Widget] = [screen]
    while stack:
        node = stack.pop()
        if isinstance(node, ToastRack) or (covered and isinstance(node.parent, Footer)):
            continue
        out.append(node)
        stack.extend(reversed(node.children))  # type: ignore[arg-type]
    return out


def _name(widget: Widget) -> str:
    parent = widget.parent
    index = parent.children.index(widget) if isinstance(parent, Widget) else 0
    ident = f"#{widget.id}" if widget.id else ""
    return f"{type(widget).__name__}{ident}[{index}]"


def layout_of(screen: Screen) -> Layout:
    """Every widget of *screen* by its path: where it is and how it is styled."""
    out: Layout = {}
    for widget in _shown_widgets(screen):
        path = "/".join(_name(node) for node in reversed(list(widget.ancestors_with_self)) if isinstance(node, Widget))
        s = widget.styles
        out[path] = (
            f"region={widget.region}",
            f"background={s.background}",
            f"color={s.color}",
            f"width={s.width}",
            f"height={s.height}",
            f"margin={s.margin}",
            f"padding={s.padding}",
            f"border={s.border}",
            f"display={s.display}",
        )
    return out


# ---------------------------------------------------------------- driving the app


async def until(pilot: Pilot, state: Callable[[], bool], what: str) -> None:
    """Drain the app's message queues until *state* holds (never a sleep)."""
    for _ in range(MAX_PAUSES):
        if state():
            return
        await pilot.pause()
    raise AssertionError(f"never reached: {what}")


async def settled(pilot: Pilot, screens: Callable[[], list[Screen]]) -> dict[str, Layout]:
    """The layouts of *screens* once two drains in a row leave them unchanged."""
    before: dict[str, Layout] | None = None
    for _ in range(MAX_PAUSES):
        await pilot.pause()
        now = {f"{i}:{type(s).__name__}": layout_of(s) for i, s in enumerate(screens())}
        if now == before:
            return now
        before = now
    raise AssertionError("the layout never settled")


async def back_to_menu(pilot: Pilot) -> None:
    app = pilot.app
    assert isinstance(app, BoardgamesApp)
    app.back_to_menu()
    await until(pilot, lambda: isinstance(app.screen, MainMenu), "the main menu")


async def open_subject(pilot: Pilot, subject: str) -> dict[str, Layout]:
    """Open each of *subject*'s screens from the menu; what each looked like, with
    the modals its opening put on top of it (a handover, a question)."""
    app = pilot.app
    seen: dict[str, Layout] = {}
    if subject == "menu":
        await back_to_menu(pilot)
        for key, layout in (await settled(pilot, lambda: [app.screen])).items():
            seen[f"menu/{key}"] = layout
        return seen
    for step, opener in SUBJECTS[subject]:
        await back_to_menu(pilot)
        opener(app)

        def pushed() -> Screen | None:
            """The screen the step opened: the one right above the menu."""
            stack = app.screen_stack
            below = [i for i, s in enumerate(stack) if isinstance(s, MainMenu)]
            return stack[below[-1] + 1] if below and below[-1] + 1 < len(stack) else None

        # A game that opens on a handover builds its screen beneath it (``OpeningHandover``):
        # the step is open once that screen is mounted too (the handover is then ``ready``).
        await until(
            pilot,
            lambda: (s := pushed()) is not None and s.is_mounted and getattr(app.screen, "ready", True),
            f"{subject} {step} open",
        )
        screen = pushed()
        assert screen is not None

        def opened(s: Screen = screen) -> list[Screen]:
            return app.screen_stack[app.screen_stack.index(s) :]

        for key, layout in (await settled(pilot, opened)).items():
            seen[f"{step}/{key}"] = layout
    await back_to_menu(pilot)
    return seen


_fresh: dict[str, dict[str, Layout]] = {}


async def fresh_layout(subject: str) -> dict[str, Layout]:
    """*subject*'s screens as a fresh app shows them (measured once per test process)."""
    if subject not in _fresh:
        app = SameDealApp(seed=1, clock=ManualClock())
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(app.screen, MainMenu), "the main menu")
            _fresh[subject] = await open_subject(pilot, subject)
    return _fresh[subject]


def differences(expected: dict[str, Layout], got: dict[str, Layout]) -> list[str]:
    out: list[str] = []
    for screen in sorted(set(expected) | set(got)):
        want, have = expected.get(screen, {}), got.get(screen, {})
        for path in sorted(set(want) | set(have)):
            if want.get(path) != have.get(path):
                diff = [
                    f"{w} -> {h}"
                    for w, h in itertools.zip_longest(want.get(path, ("absent",)), have.get(path, ("absent",)))
                    if w != h
                ]
                out.append(f"{screen} {path}: {'; '.join(diff)}")
    return out


@pytest.mark.parametrize(("first", "then"), PAIRS)
async def test_a_screen_looks_the_same_whichever_game_was_opened_before(first: str, then: str) -> None:
    expected = await fresh_layout(then)
    assert expected and all(expected.values()), f"nothing measured for {then}"
    app = SameDealApp(seed=1, clock=ManualClock())
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainMenu), "the main menu")
        await open_subject(pilot, first)
        got = await open_subject(pilot, then)
    problems = differences(expected, got)
    assert not problems, f"{then} after {first} differs from {then} opened first:\n" + "\n".join(problems[:40])
