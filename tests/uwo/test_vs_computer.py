"""One person against the computer, through Textual's Pilot.

No handover ever: the person's seat keeps the keyboard and only its hand is drawn.
The computer decides in a worker (``UwoScreen._decide``); its steps are paced on
the app's injected clock (``ManualClock`` here), so nothing waits on the wall clock:
``step_delay=0`` plays the computer's steps as soon as they are decided, and the
pacing test moves the clock by hand.
"""

from __future__ import annotations

import subprocess
import sys
import threading

import pytest

from boardgames.app import BoardgamesApp, MainMenu
from boardgames.cli import build_parser
from boardgames.common.clock import ManualClock
from boardgames.common.errors import UserFacingError
from boardgames.common.session import GameSession
from boardgames.common.ui.choice import ChoiceScreen
from boardgames.common.ui.handover import HandoverScreen
from boardgames.uwo import ai
from boardgames.uwo.actions import Action, EndTurn
from boardgames.uwo.engine import Game
from boardgames.uwo.entry import computer_from_args
from boardgames.uwo.levels import OPPONENT_LEVELS, PLAYER_NAMES
from boardgames.uwo.players import PLAYERS, ComputerOpponent
from boardgames.uwo.screen import UwoScreen
from boardgames.uwo.setup import UwoSetupScreen
from boardgames.uwo.side import Side
from boardgames.uwo.spec import SPEC, UwoSetup
from boardgames.uwo.view import Phase, UwoView
from boardgames.uwo.widgets import HandCard
from tests.screen import deliberately, record_notifications, screen_text, settled, wait_for
from tests.uwo.positions import make
from tests.uwo.test_screen import end_turn, goto, log_text, record_notices, uwo

SIZE = (120, 40)


def app_against(
    game: Game | None,
    level: str = "normal",
    computer: Side = Side.PNORFS,
    *,
    clock: ManualClock | None = None,
    step_delay: float = 0.0,
    seed: int = 1,
) -> BoardgamesApp:
    opponent = ComputerOpponent(level, computer)
    return BoardgamesApp(
        start=lambda: UwoScreen(game=game, computer=opponent, step_delay=step_delay),
        clock=clock or ManualClock(),
        seed=seed,
    )


async def computer_done(pilot, limit: int = 200) -> None:
    """Let the computer play until the person must act (or the game is over).

    Its last step may have posted messages (a notification, a redraw) just before the
    turn came back: one more ``pause`` lets the app handle everything queued by then."""
    app = pilot.app
    screen = uwo(app)
    for _ in range(limit):
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        game = screen.game
        assert not isinstance(app.screen, HandoverScreen), "no handover against the computer"
        if screen.is_mounted and (
            game is None or game.is_over() or (game.to_act is screen.seat and not screen.thinking)
        ):
            await pilot.pause()
            return
    raise AssertionError("the computer did not hand back the turn")


async def test_a_full_turn_against_the_computer() -> None:
    """The person attacks, the computer answers; the person ends the turn, the computer plays
    its whole turn - attacking the person, who answers from the keyboard - and hands back."""
    g = make(
        "c2=G:troop d1=G:troop b3=G:troop c3=P:troop b4=P:brawler e6=P:troop",
        hands={"G": ["wisp"], "P": ["longeye"]},
    )
    app = app_against(g)
    async with app.run_test(size=SIZE) as pilot:
        await computer_done(pilot)
        screen = uwo(app)
        assert screen.seat is Side.GNORFS and g.to_act is Side.GNORFS
        assert "You play the Gnorfs; the computer (normal) plays the Pnorfs." in log_text(app)
        await goto(pilot, "c2")
        await pilot.press("enter")  # select the Trooper ...
        await goto(pilot, "c3")
        await pilot.press("enter")  # ... and attack c3: the computer must answer
        await computer_done(pilot)
        log = log_text(app)
        assert "Gnorf Trooper on c2 attacks the Pnorf Trooper on c3" in log
        # The computer answered with the engine's own duel actions, then the duel went on
        # (its counter-attack, if any, is answered here) until the Gnorfs' turn goes on.
        while g.phase is not Phase.TURN:
            assert g.to_act is Side.GNORFS
            await pilot.press("v" if g.phase is Phase.DEFEND else "p")
            await computer_done(pilot)
        assert g.current is Side.GNORFS and g.action_used
        await end_turn(pilot)  # end the turn: the computer's turn
        await computer_done(pilot)
        assert g.current is Side.GNORFS or g.is_over()
        log = log_text(app)
        assert "Turn 2: Pnorfs to play." in log
        assert screen.seat is Side.GNORFS
        # Its steps are marked on the board until the person plays.
        assert screen._last_squares
        for sq in screen._last_squares:
            assert "-last" in screen.board.cell(sq).classes


async def test_the_computer_attacks_and_the_person_evades_at_the_keyboard() -> None:
    """A Pnorf Brawler faces a lone Gnorf Trooper: the computer attacks, the person is told
    (no handover) and evades with v."""
    g = make("c3=G:troop a1=G:troop c4=P:brawler e6=P:troop", current="P", turn=2, energy=(6, 6))
    app = app_against(g)
    said = record_notifications(app)  # before it runs: the computer may attack at once
    async with app.run_test(size=SIZE) as pilot:
        await computer_done(pilot)
        assert g.phase is Phase.DEFEND and g.to_act is Side.GNORFS, log_text(app)
        assert any("attacks you" in message for message in said), said
        assert "You are attacked!" in screen_text(app)
        assert uwo(app).board.cursor == g.duel.target  # type: ignore[union-attr]
        await deliberately(pilot, "v")  # the prompt takes no key for a moment after it appears
        await pilot.pause()
        assert g.evasions[Side.GNORFS] == 8
        assert "evades" in log_text(app)


async def test_the_computers_steps_wait_for_the_pace_on_the_injected_clock() -> None:
    g = make("c2=G:troop c5=P:troop e6=P:troop", hands={"P": ["skitter"]})
    clock = ManualClock()
    app = app_against(g, clock=clock, step_delay=1.0)
    async with app.run_test(size=SIZE) as pilot:
        screen = uwo(app)
        await wait_for(pilot, lambda: screen.is_mounted and screen.my_move(), "the Gnorfs' turn")
        await end_turn(pilot)  # the Gnorfs end their turn at once
        await wait_for(pilot, lambda: screen._pending is not None, "the computer's first decision")
        ticks = pace_ticks(screen)
        await wait_for(pilot, lambda: ticks[0] >= 5, "the pace's interval to tick (the clock does not move)")
        assert g.current is Side.PNORFS and g.paid == 0 and not g.morph_used and not g.action_used
        assert screen.thinking and "are thinking" in screen_text(app)  # ... but waits for the pace
        clock.advance(1.0)
        await wait_for(pilot, lambda: g.paid >= 1, "the computer's first step, once the pace allows")
        assert g.paid == 1 and g.current is Side.PNORFS, "one step, then the next one waits again"
        await wait_for(pilot, lambda: screen._pending is not None, "the computer's second decision")
        seen = ticks[0]
        await wait_for(pilot, lambda: ticks[0] >= seen + 5, "the pace's interval to tick again")
        assert screen._pending is not None and g.paid == 1
        for _ in range(20):  # the rest of its turn, a second of the injected clock per step
            clock.advance(1.0)
            await wait_for(  # a step stamps the clock's time
                pilot, lambda: g.current is Side.GNORFS or screen._last_step_at == clock(), "its next step"
            )
            if g.current is Side.GNORFS:
                break
        assert g.current is Side.GNORFS
        await wait_for(pilot, lambda: not screen.thinking, "the computer to stop thinking")


def pace_ticks(screen: UwoScreen) -> list[int]:
    """Count the pace's interval ticks from now on (``[count]``): time passing, seen as a state."""
    ticks = [0]
    assert screen._pace is not None
    step = screen._pace._callback

    def counted() -> None:
        ticks[0] += 1
        step()

    screen._pace._callback = counted
    return ticks


class SlowPlayer:
    """A computer that thinks until the test lets it answer: the screen must stay live."""

    name = "slow"
    release = threading.Event()
    asked: list[UwoView] = []

    def __init__(self, side: Side, rng: object) -> None:
        self.side = side

    def choose(self, view: UwoView) -> Action:
        SlowPlayer.asked.append(view)
        assert SlowPlayer.release.wait(10), "the test never released the computer"
        return EndTurn()


async def test_the_screen_answers_keys_while_the_computer_thinks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(PLAYERS, "slow", SlowPlayer)
    SlowPlayer.release.clear()
    SlowPlayer.asked.clear()
    g = make("c2=G:troop e6=P:troop", hands={"G": ["wisp"], "P": ["bazooka"]})
    app = app_against(g, level="slow")
    async with app.run_test(size=SIZE) as pilot:
        screen = uwo(app)
        await wait_for(pilot, lambda: screen.is_mounted and screen.my_move(), "the Gnorfs' turn")
        await end_turn(pilot)
        await wait_for(pilot, lambda: SlowPlayer.asked, "the computer to be asked (in its thread)")
        assert screen.thinking
        view = SlowPlayer.asked[0]
        assert view.viewer is Side.PNORFS and view.sides[Side.GNORFS].hand is None, "its own seat's view only"
        before = screen.board.cursor
        await pilot.press("up")  # the cursor moves while the worker thinks
        await pilot.pause()
        assert screen.board.cursor != before
        assert "are thinking" in screen_text(app)
        notes = record_notices(app)
        await pilot.press("e")
        await pilot.pause()
        assert notes == ["Wait: the computer is playing."]
        SlowPlayer.release.set()
        await computer_done(pilot)
        assert g.current is Side.GNORFS and not screen.thinking
        assert "are thinking" not in screen_text(app)


async def test_only_the_persons_hand_is_ever_on_screen() -> None:
    """The computer's hand holds kinds found nowhere else: through whole turns of play
    they never show, while the person's own hand does."""
    g = make(
        "a2=G:troop b2=G:troop c2=G:troop a5=P:troop b5=P:troop e6=P:troop",
        hands={"G": ["skitter", "brawler", "longeye"], "P": ["dynamite", "bazooka", "bazooka"]},
        decks={"G": ["skitter", "longeye", "brawler"], "P": ["bazooka", "bazooka"]},
    )
    app = app_against(g, level="easy")
    hidden = ("Dynamite", "Bazooka")
    async with app.run_test(size=SIZE) as pilot:
        screen = uwo(app)
        for _ in range(4):
            await computer_done(pilot)
            if g.is_over():
                break
            text = screen_text(app)
            assert not any(n in text for n in hidden if n not in _public_names(g)), text
            cards = [str(c.render()) for c in screen.query(HandCard) if c.display]
            assert len(cards) == len(g.hands[Side.GNORFS])
            if g.phase is Phase.TURN:
                await end_turn(pilot)
            elif g.phase is Phase.DEFEND:
                await pilot.press("v")
            else:
                await pilot.press("p")


def _public_names(g: Game) -> set[str]:
    """Kind names anyone may see: on the board (whole stacks) and among removed cards."""
    names = set()
    for u in g.board:
        if u is not None:
            names.update(g.catalog.card_kinds[c].name for c in u.cards)
    for side in Side:
        names.update(g.catalog.card_kinds[c].name for c in g.removed[side])
    return names


async def open_the_form(pilot) -> UwoSetupScreen:
    """The menu's UWO line: the setup form (``uwo.setup``), its first option focused."""
    app = pilot.app
    await pilot.pause()
    app.open_game("uwo")
    await wait_for(
        pilot,
        lambda: isinstance(app.screen, UwoSetupScreen) and settled(app) and "Who plays?" in screen_text(app),
        "the setup form",
    )
    form = app.screen
    assert isinstance(form, UwoSetupScreen)
    return form


async def test_from_the_menu_against_the_computer_as_the_pnorfs() -> None:
    app = BoardgamesApp(seed=3, clock=ManualClock())
    async with app.run_test(size=SIZE) as pilot:
        form = await open_the_form(pilot)
        assert "How strong" not in screen_text(app)  # a duel of two asks no level
        await pilot.press("down")  # against the computer: its level and your army appear
        await pilot.pause()
        text = screen_text(app)
        assert "How strong" in text and "Beginner" in text and "Hard" in text  # the ladder
        assert "Which army" in text
        await pilot.press("tab", "tab", "up")  # the standard duel kept; the level: normal, up to easy
        await pilot.press("tab", "down")  # the army: the Pnorfs (the computer begins)
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: any(isinstance(s, UwoScreen) for s in app.screen_stack), "the duel")
        assert form not in app.screen_stack
        screen = uwo(app)
        screen.step_delay = 0.0
        await computer_done(pilot)
        assert screen.computer == ComputerOpponent("easy", Side.GNORFS)
        game = screen.game
        assert game is not None and not game.first_game and game.alive[Side.PNORFS] == 10
        assert game.turn >= 2 and screen.seat is Side.PNORFS
        assert "Turn 1: Gnorfs to play." in log_text(app)
        assert "computer, easy" in screen_text(app) or game.to_act is Side.PNORFS


@pytest.mark.parametrize("level", OPPONENT_LEVELS)
@pytest.mark.parametrize("army", [Side.GNORFS, Side.PNORFS])
async def test_every_choice_of_the_form_is_reachable_by_keys(level: str, army: Side) -> None:
    """Each level and each army, with the first game, read from the keys pressed: the computer
    plays that level on the other side."""
    app = BoardgamesApp(seed=3, clock=ManualClock())
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_the_form(pilot)
        await pilot.press("down", "tab", "down", "tab")  # against the computer; the first game
        await pilot.press(*["up"] * OPPONENT_LEVELS.index("normal"))  # the level: up to the first
        await pilot.press(*["down"] * OPPONENT_LEVELS.index(level))
        await pilot.press("tab", *(["down"] if army is Side.PNORFS else []))
        await pilot.pause()
        assert form.read() == UwoSetup(True, ComputerOpponent(level, army.other))


async def test_escape_on_the_form_goes_back_with_nothing_started() -> None:
    app = BoardgamesApp(seed=3, clock=ManualClock())
    async with app.run_test(size=SIZE) as pilot:
        await open_the_form(pilot)
        await pilot.press("down", "tab", "down", "tab", "up")  # the computer, first game, easy ...
        await pilot.press("escape")  # ... then Escape
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "the menu")
        assert not any(isinstance(s, (UwoScreen, UwoSetupScreen)) for s in app.screen_stack)
        with pytest.raises(UserFacingError):  # nothing dealt, nothing saved
            GameSession.latest(SPEC)


async def test_a_new_game_after_the_end_keeps_the_computer() -> None:
    g = make("c2=G:troop c3=P:troop", hands={"G": []}, evasions=(9, 0), energy=(6, 6))
    app = app_against(g)
    async with app.run_test(size=SIZE) as pilot:
        await goto(pilot, "c2")
        await pilot.press("enter", "up", "enter")  # the last Pnorf cannot defend: it falls
        await pilot.pause()
        assert g.is_over() and isinstance(app.screen, ChoiceScreen)
        await deliberately(pilot, "n")
        screen = uwo(app)
        await computer_done(pilot)
        fresh = screen.game
        assert fresh is not g and fresh is not None and fresh.alive == [10, 10]
        assert screen.computer == ComputerOpponent("normal", Side.PNORFS) and screen.seat is Side.GNORFS


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["uwo"], None),
        (["uwo", "--vs-computer"], ComputerOpponent("normal", Side.PNORFS)),
        (["uwo", "--vs-computer", "--level", "easy"], ComputerOpponent("easy", Side.PNORFS)),
        (["uwo", "--level", "hard"], ComputerOpponent("hard", Side.PNORFS)),
        (["uwo", "--side", "pnorfs", "--first-game"], ComputerOpponent("normal", Side.GNORFS)),
    ],
)
def test_the_command_line_chooses_the_opponent(argv: list[str], expected: ComputerOpponent | None) -> None:
    assert computer_from_args(build_parser().parse_args(argv)) == expected


def test_an_unknown_level_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        build_parser().parse_args(["uwo", "--level", "grandmaster"])
    assert "invalid choice: 'grandmaster'" in capsys.readouterr().err
    with pytest.raises(ValueError, match="unknown level"):
        ComputerOpponent("grandmaster", Side.PNORFS)


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
