"""Vowl through the UI with Pilot: real turns, handovers, timers on an injected clock.

The "players" here know the answers: they read the face-up card from the screen's
own view and answer with a word the dictionary accepts.
"""

from __future__ import annotations

import random

import pytest

from boardgames.app import BoardgamesApp
from boardgames.common.clock import ManualClock
from boardgames.common.dictionary import get_dictionary
from boardgames.common.skeleton import SkeletonMatcher
from boardgames.common.ui.choice import ChoiceScreen
from boardgames.common.ui.handover import HandoverScreen
from boardgames.vowl.actions import Roll
from boardgames.vowl.cards import load_decks
from boardgames.vowl.engine import PlayerSetup, VowlGame
from boardgames.vowl.kinds import Mode, Phase
from boardgames.vowl.modals import DiscardScreen, ReviewScreen
from boardgames.vowl.screen import VowlScreen, start_game
from boardgames.vowl.setup import VowlSetupScreen
from boardgames.vowl.spec import VowlSetup
from boardgames.vowl.stats import StatsStore
from tests.screen import deliberately, screen_text, settled, take_keyboard, wait_for

SIZE = (130, 44)
MATCHER = SkeletonMatcher(get_dictionary())


def game_rng_seed(app_seed: int) -> int:
    """The seed BoardgamesApp(seed=app_seed) gives its first game."""
    return random.Random(app_seed).getrandbits(64)


def app_seed_for(mode: Mode, names: tuple[str, ...]) -> int:
    """An app seed whose first game's first roll is *mode*."""
    for seed in range(500):
        game = VowlGame(
            [PlayerSetup(n) for n in names], decks=load_decks(), judge=MATCHER, rng=random.Random(game_rng_seed(seed))
        )
        game.apply(Roll())
        if game.mode is mode:
            return seed
    raise AssertionError(f"no seed rolls {mode}")


def make_app(
    names: tuple[str, ...], mode: Mode | None = None, *, practice: bool = False, seed: int | None = None
) -> tuple[BoardgamesApp, ManualClock]:
    clock = ManualClock()
    if seed is None:
        seed = app_seed_for(mode, names) if mode else 0
    setup = VowlSetup(names, tuple(25 for _ in names), practice=practice)
    app: BoardgamesApp

    def start() -> VowlScreen:
        return start_game(setup, app)

    app = BoardgamesApp(start=start, clock=clock, seed=seed)
    return app, clock


def vowl(app: BoardgamesApp) -> VowlScreen:
    for screen in reversed(app.screen_stack):
        if isinstance(screen, VowlScreen):
            return screen
    raise AssertionError("no Vowl screen")


async def solve_current_pile(pilot, app: BoardgamesApp, clock: ManualClock) -> None:
    """Answer every card of the active pile correctly, one second per card."""
    screen = vowl(app)
    while screen.game.phase is Phase.SOLVING:
        run = screen.view().active_run
        assert run is not None and run.current is not None
        word = MATCHER.solutions(run.current.skeleton)[0]
        clock.advance(1)
        await pilot.press(*word, "enter")
        await pilot.pause()


async def roll_and_start_pile(pilot, app: BoardgamesApp) -> VowlScreen:
    """The current player rolls, and (after the handover) the first card turns face up."""
    await pilot.pause()
    screen = vowl(app)
    await pilot.press("r")
    await take_keyboard(pilot)
    return screen


async def expire_timer(pilot, app: BoardgamesApp, clock: ManualClock) -> None:
    clock.advance(30)
    vowl(app).timer.tick()
    await pilot.pause()


async def test_solitaire_turn_through_the_ui() -> None:
    app, clock = make_app(("Ann Lee", "Bob Roy"), Mode.SOLITAIRE)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = vowl(app)
        assert "Ann Lee's turn" in screen_text(app)
        await pilot.press("r")
        await pilot.pause()
        # The handover comes before the first card is turned; no skeleton is on screen yet.
        assert isinstance(app.screen, HandoverScreen)
        assert "Ann Lee, take the keyboard" in screen_text(app)
        assert screen.game.phase is Phase.READY
        await take_keyboard(pilot, "Ann Lee")
        assert screen.game.phase is Phase.SOLVING and screen.timer.running
        # A wrong answer is refused with its reason and keeps what was typed.
        await pilot.press(*"qqq", "enter")
        await pilot.pause()
        assert "rejected: does not fit the letters" in screen_text(app)
        await pilot.press("ctrl+a", "ctrl+k")
        await solve_current_pile(pilot, app, clock)
        # After the turn: every card with its answers, then the scoring choice.
        assert isinstance(app.screen, ReviewScreen)
        assert "you could also have said" in screen_text(app) or "solved" in screen_text(app)
        await deliberately(pilot, "enter")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        await deliberately(pilot, "2")
        await pilot.pause()
        assert screen.game.player(screen.game.names.index("Ann Lee")).score == 2
        assert screen.game.names[screen.game.current_player] == "Bob Roy"
        assert "Bob Roy's turn" in screen_text(app)
        assert "2/10" in screen_text(app)


async def test_timer_running_out_fails_the_turn() -> None:
    app, clock = make_app(("Ann Lee", "Bob Roy"), Mode.SOLITAIRE)
    async with app.run_test(size=SIZE) as pilot:
        screen = await roll_and_start_pile(pilot, app)
        clock.advance(10)
        screen.timer.tick()
        await pilot.pause()
        assert "15 s" in screen_text(app)
        await pilot.press("ctrl+x")  # pass the first card: it shows among the passed cards
        await pilot.pause()
        assert "Passed (Ctrl+B back):" in screen_text(app)
        await expire_timer(pilot, app, clock)
        assert isinstance(app.screen, ReviewScreen)
        text = screen_text(app)
        assert "no success for Ann Lee" in text
        assert "passed, never solved" in text
        await deliberately(pilot, "enter")
        await pilot.pause()
        assert screen.game.names[screen.game.current_player] == "Bob Roy"
        assert screen.game.player(screen.game.names.index("Ann Lee")).score == 0


async def test_answer_typed_after_the_sand_ran_out_is_too_late() -> None:
    app, clock = make_app(("Ann Lee", "Bob Roy"), Mode.SOLITAIRE)
    async with app.run_test(size=SIZE) as pilot:
        screen = await roll_and_start_pile(pilot, app)
        word = MATCHER.solutions(screen.view().active_run.current.skeleton)[0]
        clock.advance(26)  # the interval has not redrawn yet, but the sand is out
        await pilot.press(*word, "enter")
        await pilot.pause()
        assert screen.game.phase is not Phase.SOLVING
        assert screen.game.last_turn is not None
        assert screen.game.last_turn.cards[0].answer is None  # the late answer did not count
        assert screen.game.player(screen.game.names.index("Ann Lee")).score == 0


async def test_the_sand_stands_still_while_the_leave_question_is_open() -> None:
    """Escape mid-pile asks the suite's leave question; the sand does not run meanwhile,
    and "no" lets it run on from where it stopped."""
    app, clock = make_app(("Ann Lee", "Bob Roy"), Mode.SOLITAIRE)
    async with app.run_test(size=SIZE) as pilot:
        screen = await roll_and_start_pile(pilot, app)
        clock.advance(5)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen) and "Leave this game?" in screen_text(app)
        assert "It is saved: resume it from the main menu." in screen_text(app)
        assert not screen.timer.running
        clock.advance(60)  # a long think: the sand would have run out twice over
        await deliberately(pilot, "n")
        await pilot.pause()
        assert app.screen is screen and screen.timer.running
        assert screen.game.phase is Phase.SOLVING
        assert round(screen.timer.countdown.remaining) == 20  # 25 s less the 5 s before Escape


async def test_partner_turn_through_the_ui() -> None:
    names = ("Ann Lee", "Bob Roy", "Cy Twombly")
    app, clock = make_app(names, Mode.PARTNER)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = vowl(app)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)  # choose a neighbour
        assert "choose a neighbour" in screen_text(app)
        await deliberately(pilot, "1")
        await pilot.pause()
        partner = screen.game.names[screen.game.view(None).partner]
        assert partner in ("Bob Roy", "Cy Twombly")
        assert isinstance(app.screen, HandoverScreen)
        assert f"Ann Lee and {partner}, take the keyboard" in screen_text(app)
        await take_keyboard(pilot)
        run = screen.view().active_run
        assert run is not None and run.total >= 6  # rolled 3 or 4, plus 3 partner cards
        await solve_current_pile(pilot, app, clock)
        await deliberately(pilot, "enter")  # review
        await pilot.pause()
        await deliberately(pilot, "2")  # Ann scores first
        await pilot.pause()
        await deliberately(pilot, "2")  # then the partner
        await pilot.pause()
        assert screen.game.player(screen.game.names.index("Ann Lee")).score == 2
        assert screen.game.player(screen.game.names.index(partner)).score == 2


async def test_head_to_head_turn_hides_each_racers_pile() -> None:
    names = ("Ann Lee", "Bob Roy")
    app, clock = make_app(names, Mode.HEAD_TO_HEAD)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = vowl(app)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen) and "Ann Lee, take the keyboard" in screen_text(app)
        await take_keyboard(pilot, "Ann Lee")
        ann_cards = [c.skeleton for _, c in screen.game.card_places() if _ == "Ann Lee's pile"]
        ann_first = screen.view().active_run.current.skeleton
        await solve_current_pile(pilot, app, clock)
        # Bob's handover: nothing of Ann's run (cards, log lines) may show.
        assert isinstance(app.screen, HandoverScreen)
        assert "Bob Roy, take the keyboard" in screen_text(app)
        await take_keyboard(pilot, "Bob Roy")
        text = screen_text(app)
        for skeleton in [ann_first, *ann_cards]:
            assert f"{skeleton} →" not in text
        assert "got through all" not in text  # Ann's result stays hidden from Bob
        await expire_timer(pilot, app, clock)  # Bob runs out of time: Ann wins the race
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen) and settled(app), "the review, drawn")
        assert "Race: Ann Lee" in screen_text(app)
        await deliberately(pilot, "enter")
        await pilot.pause()
        await deliberately(pilot, "2")
        await pilot.pause()
        assert screen.game.player(screen.game.names.index("Ann Lee")).score == 2
        assert screen.game.player(screen.game.names.index("Bob Roy")).score == 0


async def test_sudden_death_buzzers_and_lockout() -> None:
    names = ("Ann Lee", "Bob Roy")
    app, clock = make_app(names, Mode.HEAD_TO_HEAD)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = vowl(app)
        await pilot.press("r")
        await pilot.pause()
        for _ in range(2):  # both racers run out of time having solved nothing: a tie
            await take_keyboard(pilot)
            await expire_timer(pilot, app, clock)
        assert isinstance(app.screen, HandoverScreen)
        assert "Sudden death" in screen_text(app)
        await take_keyboard(pilot, "Sudden death")
        assert screen.game.phase is Phase.SUDDEN_DEATH
        card = screen.game.view(None).sudden_death.card
        assert card is not None and card.skeleton in screen_text(app).replace("   ", "")
        # Keys count after the gate moment (Interpretation V31): each press is deliberate.
        await deliberately(pilot, "z")  # Ann buzzes, answers wrong: locked out
        await pilot.pause()
        await deliberately(pilot, *"qqqq", "enter")
        await pilot.pause()
        assert "locked out" in screen_text(app)
        assert screen.game.view(None).sudden_death.locked_out == (screen.game.names.index("Ann Lee"),)
        await deliberately(pilot, "z")  # a locked-out buzzer does nothing
        await pilot.pause()
        assert screen.game.view(None).sudden_death.buzzer is None
        await deliberately(pilot, "m")
        await pilot.pause()
        await deliberately(pilot, *MATCHER.solutions(card.skeleton)[0], "enter")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        assert "Race: Bob Roy" in screen_text(app)


async def test_selection_mode_discard_is_private_to_the_selector() -> None:
    names = ("Ann Lee", "Bob Roy")
    app, _clock = make_app(names, Mode.SELECTION)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = vowl(app)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
        assert "Bob Roy, take the keyboard" in screen_text(app)
        await take_keyboard(pilot, "Bob Roy")
        assert isinstance(app.screen, DiscardScreen)
        await deliberately(pilot, "enter")  # nothing ticked: refused with a reason
        await pilot.pause()
        assert isinstance(app.screen, DiscardScreen)
        await deliberately(pilot, "space", "down", "space", "down", "space", "enter")
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
        assert "Ann Lee, take the keyboard" in screen_text(app)
        run = screen.game.view(None).active_run
        assert run is not None and run.total == screen.game.view(None).number


async def test_practice_records_stats_and_shows_them() -> None:
    app, clock = make_app(("Ann",), practice=True, seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = vowl(app)
        assert "Your practice" in screen_text(app)
        await pilot.press("r")
        await pilot.pause()
        if isinstance(app.screen, ChoiceScreen):  # pragma: no cover - extras only after scoring
            await deliberately(pilot, "u")
        await take_keyboard(pilot, "Ann")
        await solve_current_pile(pilot, app, clock)
        assert isinstance(app.screen, ReviewScreen)
        await deliberately(pilot, "enter")
        await pilot.pause()
        assert screen.game.player(screen.game.names.index("Ann")).score == 2  # taken automatically in practice
        stats = StatsStore().get("Ann")
        assert stats.piles_beaten == 1 and stats.cards_solved >= 3
        assert "piles beaten 1/1" in screen_text(app)
        # For the charts: the session, one solve time per card, the best time at its level.
        [session] = stats.sessions
        assert (session.piles, session.beaten) == (1, 1)
        assert len(session.times) == stats.cards_solved and all(t >= 0 for t in session.times)
        assert set(stats.best_by_level) == {"standard 25"}


async def test_setup_form_reports_problems_and_starts_a_game() -> None:
    app = BoardgamesApp(start=VowlSetupScreen, clock=ManualClock(), seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(*"Ann Lee", "ctrl+s")
        await pilot.pause()
        assert "Vowl needs 2 to 5 players" in screen_text(app)
        await pilot.press("tab", "tab")  # past the first timer to the second name
        await pilot.press(*"ann lee", "ctrl+s")
        await pilot.pause()
        assert "names must differ" in screen_text(app)
        assert app.screen.query_one("#name-0").value == "Ann Lee"  # nothing typed is lost
        app.screen.query_one("#name-1").value = "Bob Roy"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, VowlScreen)
        assert app.screen.game.names == ("Ann Lee", "Bob Roy")


@pytest.mark.parametrize("key", ["x", "ctrl+n", "ctrl+x", "ctrl+b", "z", "m", "n", "o"])
async def test_wrong_keys_change_nothing(key: str) -> None:
    app, _ = make_app(("Ann Lee", "Bob Roy"), seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = vowl(app)
        await pilot.press(key)
        await pilot.pause()
        assert screen.game.phase is Phase.ROLL and app.screen is screen


async def test_f1_shows_the_vowl_rules_over_the_game() -> None:
    from boardgames.common.ui.rules import RulesScreen

    app, _ = make_app(("Ann Lee", "Bob Roy"), seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen) and app.screen.game == "vowl"
        assert "Interpretations" in screen_text(app) or "Vowl" in screen_text(app)
        await deliberately(pilot, "f1")
        await pilot.pause()
        assert isinstance(app.screen, VowlScreen)


async def test_corrupt_stats_file_is_set_aside_with_a_message(_private_data_dir) -> None:
    (_private_data_dir / "vowl-stats.json").write_text("{ not json")
    app, _ = make_app(("Ann",), practice=True, seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.pause(0.3)
        assert "vowl-stats.json was unreadable" in " ".join(screen_text(app).split())
        assert isinstance(app.screen, VowlScreen)
        assert any(p.name.startswith("vowl-stats.json.corrupt-") for p in _private_data_dir.iterdir())
