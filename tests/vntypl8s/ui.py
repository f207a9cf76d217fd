"""Driving the VNTYPL8S screens through Pilot, as players at one keyboard would."""

from __future__ import annotations

import re

from textual.pilot import Pilot

from boardgames.app import BoardgamesApp
from boardgames.common.clock import ManualClock
from boardgames.common.session import GameSession
from boardgames.common.ui.choice import ChoiceScreen
from boardgames.common.ui.handover import HandoverScreen
from boardgames.vntypl8s.engine import Phase
from boardgames.vntypl8s.entry import ENTRY, start_screen
from boardgames.vntypl8s.screen import Stage, Vntypl8sScreen
from boardgames.vntypl8s.spec import SPEC
from boardgames.vntypl8s.widgets import CardView, grid_key
from tests.screen import deliberately, screen_text, take_keyboard

from .helpers import answer, legal_plate

SIZE = (110, 44)
PLAYERS = ("Ann", "Bob", "Cy")


def make_app(
    timer: int | None = None, players: tuple[str, ...] | None = PLAYERS, seed: int = 1
) -> tuple[BoardgamesApp, ManualClock]:
    """The app as ``boardgames vntypl8s --players ... --seed N`` starts it, on a hand-driven clock."""
    clock = ManualClock()
    app = BoardgamesApp(start=lambda: start_screen(players, timer, app), seed=seed, clock=clock)
    return app, clock


def game_screen(app: BoardgamesApp) -> Vntypl8sScreen:
    return next(s for s in app.screen_stack if isinstance(s, Vntypl8sScreen))


async def type_text(pilot: Pilot, text: str) -> None:
    await pilot.press(*["space" if ch == " " else ch for ch in text])
    await pilot.pause()


def secrets_of(screen: Vntypl8sScreen, players: range | list[int]) -> list[str]:
    """The current round's owner titles and requirements cards of *players*."""
    game = screen.game
    assert game is not None
    out = []
    for p in players:
        me = game.view(p).players[p]
        out += [me.owner or "", me.requirements or ""]
    return [s for s in out if s]


def assert_not_shown(text: str, secrets: list[str]) -> None:
    for secret in secrets:
        assert not re.search(rf"(?<![A-Za-z0-9]){re.escape(secret)}(?![A-Za-z0-9])", text), f"{secret!r} is on screen"


async def write_round(pilot: Pilot, app: BoardgamesApp, *, miss: set[int] = frozenset()) -> list[str]:
    """Every writer takes the keyboard and hands in a legal plate; checks secrecy throughout."""
    screen = game_screen(app)
    game = screen.game
    assert game is not None
    captures = []
    while game.phase is Phase.WRITING:
        assert isinstance(app.screen, HandoverScreen)
        text = screen_text(app)
        captures.append(text)
        assert_not_shown(text, secrets_of(screen, range(len(game.players))))
        # Underneath, the previous writer's cards are already wiped.
        assert screen.query_one("#owner-card", CardView).content == ""
        assert screen.query_one("#req-card", CardView).content == ""
        await take_keyboard(pilot)
        writer = screen.writer
        assert writer is not None and screen.stage is Stage.WRITING
        text = screen_text(app)
        me = game.view(writer).players[writer]
        assert me.owner in text and me.requirements in text
        assert_not_shown(text, secrets_of(screen, [p for p in range(len(game.players)) if p != writer]))
        plate = legal_plate(game, writer, meet=writer not in miss)
        await type_text(pilot, plate.lower())  # the editor upper-cases
        assert screen.query_one("#plate-input").value == plate
        await pilot.press("enter")
        await pilot.pause()
        if writer in miss:
            assert isinstance(app.screen, ChoiceScreen)
            assert f"Hand in {plate} anyway?" in screen_text(app) and "it cannot" in screen_text(app)
            assert "it cannot score the card even if someone guesses it" in app.screen.detail
            await deliberately(pilot, "y")
            await pilot.pause()
    return captures


def resumed_app(clock: ManualClock | None = None) -> tuple[BoardgamesApp, ManualClock]:
    """A new app as ``boardgames vntypl8s --resume`` starts it: the latest save, replayed."""
    clock = clock or ManualClock()
    session = GameSession.resume(SPEC, GameSession.latest(SPEC))
    app = BoardgamesApp(start=lambda: ENTRY.session_screen(session, app), seed=2, clock=clock)
    return app, clock


async def quick_round(pilot: Pilot, app: BoardgamesApp) -> None:
    """A round with few keystrokes: plates pasted into the editor, the next seat guesses right."""
    screen = game_screen(app)
    game = screen.game
    assert game is not None
    while game.phase is Phase.WRITING:
        await take_keyboard(pilot)
        writer = screen.writer
        assert writer is not None
        screen.query_one("#plate-input").value = legal_plate(game, writer, meet=True)
        await pilot.press("enter")
    await take_keyboard(pilot)  # everyone gathers round
    while screen.stage is Stage.PLATE:
        guesser = (game.active + 1) % len(game.players)
        key = grid_key(game.view(None).grid_layout.index(answer(game, game.active)))
        await pilot.press(str(guesser + 1))
        app.screen.query_one("#guess-filter").value = key
        await deliberately(pilot, "enter")  # the guess
        await deliberately(pilot, "enter")  # the reveal
    assert screen.stage is Stage.ROUND_END
    await deliberately(pilot, "enter")


#: Eight players with names as long as names may be (``common.names``: 24 characters),
#: the hardest table to fit on an 80×24 terminal.
LONG_NAMES = tuple(
    f"{first} {last}"
    for first, last in zip(
        ("Annabelle", "Bartholomew", "Cyprianna", "Desdemona", "Evangeline", "Florentina", "Gwendolyn", "Hieronymus"),
        (
            "Featherstone",
            "Wolverhampt",
            "Montgomery",
            "Vanderbilt",
            "Kowalczykow",
            "Abernathy",
            "Fitzwilliam",
            "Oppenheimer",
        ),
        strict=True,
    )
)


def played_session(
    players: tuple[str, ...],
    *,
    plates: int = 0,
    rounds: int = 0,
    timer: int | None = None,
    seed: int = 1,
    forfeit: frozenset[int] = frozenset(),
) -> GameSession:
    """A session played straight through the engine (no screen, not saved): *rounds*
    whole rounds (each plate guessed right by the next seat), then every plate of the
    next round written (seats in *forfeit* timing out with nothing) and *plates* of
    them guessed.  ``session.last`` holds the last action's events, as a resumed save's
    does, so a screen opened on it shows what the players were looking at (P20)."""
    from boardgames.vntypl8s.engine import Guess, SubmitPlate, WritingTimeUp
    from boardgames.vntypl8s.spec import Vntypl8sSetup

    session = GameSession.start(SPEC, Vntypl8sSetup(players, timer), seed, save=False)
    game = session.engine
    last: list = []

    def apply(action: object) -> None:
        nonlocal last
        step = session.apply(action)
        assert step.applied, step.refusal
        last = list(step.events)

    def write() -> None:
        for p in game.writing_order:
            if p in forfeit:
                apply(WritingTimeUp(p, ""))
            else:
                apply(SubmitPlate(p, legal_plate(game, p, meet=True)))

    def guess_one() -> None:
        active = game.active
        apply(Guess((active + 1) % len(players), answer(game, active)))

    for _ in range(rounds):
        write()
        while game.phase is Phase.GUESSING:
            guess_one()
    if game.phase is Phase.WRITING:
        write()
        for _ in range(plates):
            guess_one()
    session.last = tuple(last)
    return session


def session_app(session: GameSession, clock: ManualClock | None = None) -> tuple[BoardgamesApp, ManualClock]:
    """The app opened on *session*, as ``--resume`` opens a save (P20)."""
    clock = clock or ManualClock()
    app = BoardgamesApp(start=lambda: ENTRY.session_screen(session, app), seed=2, clock=clock)
    return app, clock
