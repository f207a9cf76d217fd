"""A resumed game opens on its handover alone, as a new one does.

``boardgames uwo --resume``, ``boardgames vntypl8s --resume`` and the menu's resume
line open a saved hot-seat game on an ``OpeningHandover``: the handover the game
screen used to push over itself as it opened, with the same player, headline and
words, but built before that screen (worded from the replayed engine alone, by
``uwo.handovers`` and ``vntypl8s.handovers``), the screen imported and built beneath
it only after its first frame.  Nothing of a seat shows before the incoming player
takes the keyboard; then the game goes on as a resumed game always did.

Each save is written through the session (``GameSession.start``, then actions), as
the screens write it; "as before" is read from the game screen itself, opened on the
same save as it used to be (``UwoScreen(session=...)``, ``Vntypl8sScreen(session)``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.screen import Screen

from boardgames.app import BoardgamesApp, MainMenu
from boardgames.common.clock import ManualClock
from boardgames.common.saves import SaveRecord, SaveStore
from boardgames.common.session import GameSession
from boardgames.common.ui.base import IGNORED_HINT
from boardgames.common.ui.handover import HandoverScreen, OpeningHandover
from boardgames.uwo.actions import EndTurn, OfferDraw
from boardgames.uwo.entry import ENTRY as UWO
from boardgames.uwo.players import ComputerOpponent
from boardgames.uwo.screen import UwoScreen
from boardgames.uwo.side import Side
from boardgames.uwo.spec import SPEC as UWO_SPEC
from boardgames.uwo.spec import UwoSetup
from boardgames.vntypl8s.engine import Guess, Phase, SubmitPlate
from boardgames.vntypl8s.entry import ENTRY as VNTYPL8S
from boardgames.vntypl8s.screen import Stage, Vntypl8sScreen
from boardgames.vntypl8s.spec import SPEC as VNTYPL8S_SPEC
from boardgames.vntypl8s.spec import Vntypl8sSetup
from tests.common.test_first_frame import at_first_frame
from tests.screen import quiet, screen_text, settled, take_keyboard, wait_for
from tests.vntypl8s.helpers import answer, legal_plate

SIZE = (110, 44)


# --- saves, written through the session as the screens write them --------------------------


def uwo_turn_ended() -> SaveRecord:
    """The Gnorfs ended their first turn: the Pnorfs' turn, not yet begun."""
    session = GameSession.start(UWO_SPEC, UwoSetup(), 4)
    assert session.apply(EndTurn()).applied
    (record,) = SaveStore().unfinished("uwo").records
    return record


def uwo_draw_offered() -> SaveRecord:
    """The Pnorfs offered a draw: the Gnorfs answer it (U26)."""
    session = GameSession.start(UWO_SPEC, UwoSetup(), 4)
    assert session.apply(EndTurn()).applied
    assert session.apply(OfferDraw()).applied
    (record,) = SaveStore().unfinished("uwo").records
    return record


def vntypl8s_written(plates: int = 1, guessed: int = 0) -> SaveRecord:
    """*plates* plates of round 1 written, then *guessed* of them guessed right by the next seat."""
    session = GameSession.start(VNTYPL8S_SPEC, Vntypl8sSetup(("Ann", "Bob", "Cy")), 1)
    game = session.engine
    for writer in game.writing_order[:plates]:
        assert session.apply(SubmitPlate(writer, legal_plate(game, writer, meet=True))).applied
    for _ in range(guessed):
        active = game.active
        assert session.apply(Guess((active + 1) % 3, answer(game, active))).applied
    (record,) = SaveStore().unfinished("vntypl8s").records
    return record


#: A save, the entry that opens it, the game screen that used to open it, who is named first.
CASES: dict[str, tuple[Callable[[], SaveRecord], Any, Callable[[GameSession[Any, Any]], Screen[Any]], str]] = {
    "uwo turn": (uwo_turn_ended, UWO, lambda s: UwoScreen(session=s), "Pnorfs"),
    "uwo draw offer": (uwo_draw_offered, UWO, lambda s: UwoScreen(session=s), "Gnorfs"),
    "vntypl8s writing": (vntypl8s_written, VNTYPL8S, Vntypl8sScreen, "Bob"),
    "vntypl8s guessing": (lambda: vntypl8s_written(3), VNTYPL8S, Vntypl8sScreen, "Everyone"),
}

#: What the handover says on each save, word for word, as the game screen said it before.
SAID = {
    "uwo turn": (
        "Pnorfs, take the keyboard — the duel resumes on your turn",
        "Press Space when only you can see the screen.",
    ),
    "uwo draw offer": (
        "Gnorfs, you are offered a draw — take the keyboard",
        "Press Space when only you can see the screen.",
    ),
    "vntypl8s writing": (
        "Bob, take the keyboard — press Space when ready",
        "The game resumes in round 1 of 3. You write your plate from the start: "
        "your secret 0WN3R and R3QRMNTS cards come next.",
    ),
    "vntypl8s guessing": (
        "The game resumes. Everyone, gather round — press Space when ready",
        "Space shows the plate being guessed. Buzz with your number key.",
    ),
}


def resumed(record: SaveRecord) -> GameSession[Any, Any]:
    return GameSession.resume(UWO_SPEC if record.game == "uwo" else VNTYPL8S_SPEC, record)


async def handover_before(case: str, record: SaveRecord) -> tuple[str, str, str]:
    """The handover the game screen pushed over itself as it opened on *record* (the old way)."""
    _, _, screen_for, _ = CASES[case]
    session = resumed(record)
    app = BoardgamesApp(start=lambda: screen_for(session), seed=2, clock=ManualClock())
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen) and settled(app), "its handover")
        handover = app.screen
        assert isinstance(handover, HandoverScreen) and not isinstance(handover, OpeningHandover)
        return handover.player, handover.headline, handover.detail


def game_in(app: BoardgamesApp) -> Screen[Any] | None:
    return next((s for s in app.screen_stack if isinstance(s, (UwoScreen, Vntypl8sScreen))), None)


def hold_the_build(monkeypatch: pytest.MonkeyPatch) -> list[OpeningHandover]:
    """Opening handovers build their game only when the test says (``OpeningHandover._build_game``)."""
    held: list[OpeningHandover] = []

    async def hold(self: OpeningHandover) -> None:
        held.append(self)

    monkeypatch.setattr(OpeningHandover, "_build_game", hold)
    return held


def secrets(screen: Screen[Any]) -> list[str]:
    """What only the player taking the keyboard may see once they have taken it."""
    if isinstance(screen, UwoScreen):
        side = screen.game.to_act if screen.game is not None else None
        assert side is not None
        return [f"Your hand ({side.title})"]
    assert isinstance(screen, Vntypl8sScreen)
    if screen.g.phase is not Phase.WRITING:
        return []
    writer = next(p for p in screen.g.writing_order if not screen.g.view(None).players[p].done_writing)
    me = screen.g.view(writer).players[writer]
    return [s for s in (me.owner, me.requirements) if s]


async def opens_on_its_handover(
    case: str, app: BoardgamesApp, pilot: Any, held: list[OpeningHandover], build: Any, before: tuple[str, str, str]
) -> Screen[Any]:
    """The resumed game's first screen is its handover alone, saying what the game said;
    keys pressed early pass nothing; the game is built beneath it and shows only once
    the incoming player takes the keyboard.  The game screen, shown."""
    await wait_for(pilot, lambda: bool(held), "the handover's first frame")
    opening = held[0]
    assert app.screen is opening and game_in(app) is None
    assert (opening.player, opening.headline, opening.detail) == before
    assert before[1:] == SAID[case]
    assert IGNORED_HINT in screen_text(app)

    await pilot.press("space", "enter", "space")  # an early hand, a double press: nothing passes
    opening.call_later(build, opening)  # the game is built beneath it now
    await wait_for(pilot, lambda: opening.ready and settled(app), "the game built beneath the handover")
    game = game_in(app)
    assert game is not None and app.screen is opening and not opening.armed
    hidden = secrets(game)
    text = screen_text(app)
    headline = SAID[case][0].split(" — ")[0]  # a long headline is cut at the handover's width
    assert headline in " ".join(text.split())
    assert [s for s in hidden if s in text] == []
    assert (opening.player, opening.headline, opening.detail) == before  # adopted: the very same words

    await take_keyboard(pilot, headline)
    await wait_for(pilot, lambda: opening not in app.screen_stack and settled(app), "the handover gone")
    return game


async def goes_on_as_before(case: str, app: BoardgamesApp, pilot: Any, game: Screen[Any]) -> None:
    """After the handover: what a resumed game showed before, and it plays on."""
    text = " ".join(screen_text(app).split())
    if isinstance(game, UwoScreen):
        if case == "uwo draw offer":  # the question is asked again (U26), over the duel
            await wait_for(pilot, lambda: "The Pnorfs offer a draw" in screen_text(app), "the draw question")
            assert game.seat is not None and game.seat.title == "Gnorfs"
            return
        assert "The duel resumes on turn" in text
        assert game.seat is not None and f"Your hand ({game.seat.title})" in text
        assert game.seat.title == "Pnorfs"
        return
    assert isinstance(game, Vntypl8sScreen)
    if case == "vntypl8s writing":
        assert game.writer == 1 and game.stage is Stage.WRITING
        assert [s for s in secrets(game) if s not in screen_text(app)] == []  # now the writer's cards show
        await pilot.press("b")  # the plate editor has the keys
        await wait_for(pilot, lambda: "B" in str(game.query_one("#plate-input").value), "a typed letter")
    else:
        assert game.stage is Stage.PLATE


@pytest.mark.parametrize("case", sorted(CASES))
async def test_a_resumed_game_opens_on_its_handover_alone(case: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """``boardgames <game> --resume``: ``entry.session_screen`` on the replayed save, as
    ``cli.play_game`` calls it."""
    make, entry, _, _ = CASES[case]
    record = make()
    before = await handover_before(case, record)
    build = OpeningHandover._build_game
    held = hold_the_build(monkeypatch)
    session = resumed(record)
    app = BoardgamesApp(start=lambda: entry.session_screen(session, app), seed=2, clock=ManualClock())
    async with app.run_test(size=SIZE) as pilot:
        game = await opens_on_its_handover(case, app, pilot, held, build, before)
        await goes_on_as_before(case, app, pilot, game)


@pytest.mark.parametrize("case", ["uwo turn", "vntypl8s writing"])
async def test_the_menus_resume_opens_on_the_handover_alone(case: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The menu's resume line (``app.resume_game``): the handover over the menu, the game
    built beneath it, and nothing else."""
    make, _, _, _ = CASES[case]
    record = make()
    before = await handover_before(case, record)
    build = OpeningHandover._build_game
    held = hold_the_build(monkeypatch)
    app = BoardgamesApp(seed=2, clock=ManualClock())
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu) and settled(app), "the menu")
        app.resume_game(record)
        await wait_for(pilot, lambda: bool(held) and quiet(app), "the resumed game's handover")
        assert [type(s).__name__ for s in app.screen_stack] == ["Screen", "MainMenu", "OpeningHandover"]
        game = await opens_on_its_handover(case, app, pilot, held, build, before)
        await goes_on_as_before(case, app, pilot, game)


@pytest.mark.parametrize(
    ("make", "argv", "headline", "game"),
    [
        pytest.param(uwo_turn_ended, ["uwo", "--resume"], SAID["uwo turn"][0], "uwo", id="uwo"),
        pytest.param(
            vntypl8s_written, ["vntypl8s", "--resume"], SAID["vntypl8s writing"][0], "vntypl8s", id="vntypl8s"
        ),
    ],
)
def test_the_first_frame_of_resume_is_the_handover_alone(
    make: Callable[[], SaveRecord], argv: list[str], headline: str, game: str
) -> None:
    """``boardgames <game> --resume`` through the real command line: at its first frame the
    handover alone is on the stack, and the game's screen and widgets are not imported."""
    make()  # in this test's data folder, which the child inherits
    seen = at_first_frame(*argv)
    assert seen["stack"] == ["Screen", "OpeningHandover"]
    assert seen["headline"] == headline
    late = [f"boardgames.{game}.{m}" for m in ("screen", "widgets")]
    assert [m for m in late if m in seen["modules"]] == []


async def test_a_duel_against_the_computer_resumes_on_the_duel_as_before() -> None:
    """No handover against the computer: a resumed duel opens on the duel itself, and the
    computer thinks of its turn (a duel between people is the only UWO resume behind one)."""
    computer = ComputerOpponent("random", Side.PNORFS)
    session = GameSession.start(UWO_SPEC, UwoSetup(computer=computer), 4)
    assert session.apply(EndTurn()).applied  # the person's turn ends: the computer's comes
    session.close()  # left: one window at a time holds a game (test_save_lock)
    (record,) = SaveStore().unfinished("uwo").records
    replayed = resumed(record)
    app = BoardgamesApp(start=lambda: UWO.session_screen(replayed, app), seed=2, clock=ManualClock())
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, UwoScreen), "the duel")
        duel = app.screen
        assert isinstance(duel, UwoScreen)
        assert [type(s).__name__ for s in app.screen_stack] == ["Screen", "UwoScreen"]
        assert not any(isinstance(s, HandoverScreen) for s in app.screen_stack)
        await wait_for(pilot, lambda: settled(app), "the duel resumed")
        assert duel.computer == computer and duel.seat is Side.GNORFS  # the person's, for the whole duel
        assert duel.thinking  # the computer's turn: it thinks, behind no handover
