"""Vowl played whole on an 80×24 terminal, clearly, with the suite's keys.

Every test here plays through the real screen (Pilot, ManualClock) at the smallest
size the screen accepts, and checks that what a player needs is on screen in full:
the status line, the dice, the answer box, the passed cards, the scoreboard's timers
and its legend, the race times once a race is over, the review's hint, the scoring
question, the end-of-game summary.
"""

from __future__ import annotations

import getpass
from pathlib import Path

from rich.cells import cell_len
from textual.app import App
from textual.widgets import Markdown

from boardgames.app import BoardgamesApp
from boardgames.common.clock import ManualClock
from boardgames.common.resources import read_rules
from boardgames.common.ui.choice import ChoiceScreen
from boardgames.common.ui.handover import HandoverScreen
from boardgames.common.ui.rules import RulesScreen
from boardgames.vowl import render
from boardgames.vowl import screen as vowl_screen
from boardgames.vowl.cards import Card, Tier
from boardgames.vowl.entry import practice_name
from boardgames.vowl.events import CardStatus, TurnCard, TurnSummary
from boardgames.vowl.kinds import Mode, Phase
from boardgames.vowl.modals import ReviewScreen
from boardgames.vowl.screen import VowlScreen, start_game
from boardgames.vowl.setup import VowlSetupScreen
from boardgames.vowl.spec import VowlSetup
from boardgames.vowl.widgets import CardFace, EventLog
from tests.screen import deliberately, record_notifications, screen_text, settled, take_keyboard, wait_for
from tests.vowl.conftest import set_tokens
from tests.vowl.test_screen import MATCHER, app_seed_for, expire_timer, make_app, solve_current_pile, vowl

SMALL = (80, 24)
LARGE = (120, 40)
ANN, BOB, CY = "Ann Lee", "Bob Roy", "Cy Twombly"


def flat(app: App) -> str:
    """The screen as one line of words: a sentence wrapped over two lines still matches."""
    return " ".join(screen_text(app).split())


def region_text(app: App, selector: str) -> str:
    """What the terminal shows inside one widget's region, as one line of words: a
    sentence wrapped inside its own box matches; one cut off by the layout does not."""
    widget = app.screen.query_one(selector)
    r = widget.content_region  # inside its border and padding
    rows = []
    for line in screen_text(app).splitlines()[r.y : r.y + r.height]:
        cells: list[str] = []  # one entry per terminal cell: a wide character takes two
        for char in line:
            cells += [char] + [""] * (cell_len(char) - 1)
        rows.append("".join(cells[r.x : r.x + r.width]))
    return " ".join(" ".join(rows).split())


def log_text(screen: VowlScreen) -> str:
    return " ".join(" ".join(line.text for line in screen.query_one(EventLog).lines).split())


def timed_app(names: tuple[str, ...], timers: tuple[int, ...], mode: Mode) -> tuple[BoardgamesApp, ManualClock]:
    """Like ``make_app``, with each player's own sand timer."""
    clock = ManualClock()
    setup = VowlSetup(names, timers)
    app: BoardgamesApp

    def start() -> VowlScreen:
        return start_game(setup, app)

    app = BoardgamesApp(start=start, clock=clock, seed=app_seed_for(mode, names))
    return app, clock


# --------------------------------------------------------------------------- sizes


def test_the_table_and_the_setup_need_no_more_than_80x24() -> None:
    assert VowlScreen.MIN_SIZE[0] <= 80 and VowlScreen.MIN_SIZE[1] <= 24
    assert VowlSetupScreen.MIN_SIZE[0] <= 80 and VowlSetupScreen.MIN_SIZE[1] <= 24


async def test_a_solitaire_turn_at_80x24_shows_everything_a_player_needs() -> None:
    app, clock = make_app((ANN, BOB), Mode.SOLITAIRE)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = vowl(app)
        assert not screen.too_small
        assert "Ann Lee's turn — press R to roll the dice." in flat(app)
        await pilot.press("r")
        await take_keyboard(pilot, ANN)
        text = flat(app)
        assert region_text(app, "#status") == "Ann Lee: solve the card! Enter answers, Ctrl+X passes."
        assert "the word, then Enter · 'pass' passes" in region_text(app, "#answer")  # whole
        assert "25 s" in text and "solitaire" in text
        first = screen.view().active_run.current
        await pilot.press(*"qqq", "enter")
        await pilot.pause()
        assert "rejected: does not fit the letters (its consonants are" in region_text(app, "#feedback")
        await pilot.press("ctrl+a", "ctrl+k", "ctrl+x")
        await pilot.pause()
        assert region_text(app, "#passed") == f"Passed (Ctrl+B back): {first.skeleton}"
        assert "1 passed" in region_text(app, "#pile-info")
        await expire_timer(pilot, app, clock)
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review")
        await deliberately(pilot)
        await wait_for(pilot, lambda: "Enter to continue" in flat(app), "the review's hint")
        assert "Turn 1 (solitaire): no success for Ann Lee this time." in region_text(app, "#review-headline")
        await deliberately(pilot, "enter")
        await wait_for(
            pilot, lambda: app.screen is screen and screen.game.names[screen.game.current_player] == BOB, "Bob's turn"
        )
        assert "Bob Roy's turn — press R" in flat(app)


async def test_a_larger_terminal_gives_the_card_and_the_scoreboard_more_room() -> None:
    sizes: dict[tuple[int, int], tuple[int, bool]] = {}
    for size in (SMALL, LARGE):
        app, _ = make_app((ANN, BOB), Mode.SOLITAIRE)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await pilot.press("r")
            await take_keyboard(pilot, ANN)
            screen = vowl(app)
            card = screen.query_one(CardFace).size.height
            sizes[size] = (card, "●" in screen_text(app))  # the track (scoring token) is drawn
    assert sizes[LARGE][0] > sizes[SMALL][0]
    assert sizes[LARGE][1] and not sizes[SMALL][1]


async def test_the_setup_form_at_80x24_wraps_its_labels_and_reaches_its_buttons() -> None:
    app = BoardgamesApp(start=VowlSetupScreen, clock=ManualClock(), seed=1)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert not app.screen.too_small
        assert "the one first alphabetically starts" in flat(app)  # the label wraps, not cut
        for _ in range(12):  # the board, five names and five timers, then the first button
            if app.focused is not None and app.focused.id == "start":
                break
            await pilot.press("tab")
            await pilot.pause()
        assert app.focused is not None and app.focused.id == "start"
        assert "Start game" in region_text(app, "#start")  # scrolled into view


# --------------------------------------------------------------------------- seen on screen (item 2)


async def test_a_forced_solitaire_dice_line_is_not_cut_under_the_timer() -> None:
    """The dice line once ran under the sand timer: ``(forced:╭───╮``."""
    app, _ = make_app((ANN, BOB), Mode.HEAD_TO_HEAD)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = vowl(app)
        set_tokens(screen.game, ANN, score=8)  # within 2 of her victory token: solitaire it must be
        screen.render_view()
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the pile-order question")
        await deliberately(pilot, "u")
        await take_keyboard(pilot, ANN)
        dice = region_text(app, "#dice")
        assert dice.endswith("(forced: within 2 of victory)"), screen_text(app)
        assert "(forced:╭" not in screen_text(app).replace(" ", "")


async def test_the_scoreboard_shows_every_players_timer_and_explains_its_markers() -> None:
    app, _ = timed_app((ANN, BOB), (25, 15), Mode.SOLITAIRE)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = vowl(app)
        set_tokens(screen.game, BOB, score=8)  # Bob within reach: the "!" marker, with its meaning
        screen.render_view()
        await pilot.pause()
        board = region_text(app, "#scoreboard")
        assert "timer" in board and "25 s" in board and "15 s" in board
        assert "! Bob Roy" in board
        assert "! within 2 of victory: must play solitaire" in board
        # Tiers are letters as well as colours: Bob's tier (7-10) draws a yellow and a red.
        assert "draws: G green Y yellow R red" in board
        assert "Y R" in board


# --------------------------------------------------------------------------- clarity (item 3)


async def test_v27_green_extras_go_under_unasked_and_one_point_is_singular() -> None:
    """Interpretation V27: all-green extras ask nothing; the scoring question says "1 point"."""
    app, clock = make_app((ANN, BOB), Mode.SOLITAIRE)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = vowl(app)
        set_tokens(screen.game, ANN, score=1)  # the 1-2 tier draws one green card
        screen.render_view()
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, (HandoverScreen, ChoiceScreen)), "the next step")
        assert isinstance(app.screen, HandoverScreen), "a top-or-under question that means nothing was asked"
        assert "put 1 extra card under the pile" in log_text(screen)
        await take_keyboard(pilot, ANN)
        await solve_current_pile(pilot, app, clock)
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review")
        await deliberately(pilot, "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the scoring question")
        await deliberately(pilot)
        text = flat(app)
        assert "Ann Lee: 1 point, victory token on 10." in text
        assert "1 points" not in text


async def test_the_status_line_names_whoever_decides_not_the_roller() -> None:
    app, clock = make_app((ANN, BOB, CY), Mode.PARTNER)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = vowl(app)
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the partner question")
        await deliberately(pilot, "1")
        partner = screen.game.names[screen.game.view(None).partner]
        await take_keyboard(pilot)
        await solve_current_pile(pilot, app, clock)
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review")
        # The shared pile is both partners': the headline names them (one pile: no "whose" column).
        await wait_for(pilot, lambda: "┃ card" in screen_text(app), "the review's table")
        assert f"success for {ANN} and {partner}!" in flat(app) and "whose" not in flat(app)
        await deliberately(pilot, "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "Ann's scoring")
        await deliberately(pilot, "2")
        await wait_for(
            pilot, lambda: screen.game.view(None).scorer == screen.game.names.index(partner), "the partner's scoring"
        )
        status = render.status(screen.game.view(None))  # the line as written
        assert status.startswith(f"[b]{partner}[/b]") and f"({ANN}'s turn)" in status


def test_a_login_keeps_its_capitals_as_the_practice_name(monkeypatch) -> None:
    monkeypatch.setattr(getpass, "getuser", lambda: "mcKay")
    assert practice_name() == "McKay"  # str.capitalize made it "Mckay"


# --------------------------------------------------------------------------- race times (item 4)


async def race(pilot, app, clock, seconds_per_card: float) -> None:
    screen = vowl(app)
    holder = screen.holder
    while screen.game.phase is Phase.SOLVING and screen.holder == holder:
        run = screen.view().active_run
        clock.advance(seconds_per_card)
        await pilot.press(*MATCHER.solutions(run.current.skeleton)[0], "enter")
        await pilot.pause()


async def test_race_times_are_told_once_the_race_is_over_and_never_before() -> None:
    """Interpretation V18: both results, times included, in the review and the log -
    and the second racer never sees the first one's time before racing."""
    app, clock = make_app((ANN, BOB), Mode.HEAD_TO_HEAD)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = vowl(app)
        await pilot.press("r")
        await take_keyboard(pilot, ANN)
        ann_total = screen.view().active_run.total
        await race(pilot, app, clock, 1)
        ann_time = f"{ann_total:.1f} s"
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen), "Bob's handover")
        assert ann_time not in flat(app)
        await take_keyboard(pilot, BOB)
        assert f"in {ann_time}" not in flat(app) and f"in {ann_time}" not in log_text(screen)
        bob_total = screen.view().active_run.total
        await race(pilot, app, clock, 2)
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review")
        text = flat(app)
        ann_line = f"Ann Lee {ann_total} of {ann_total} in {ann_time}"
        bob_line = f"Bob Roy {bob_total} of {bob_total} in {2 * bob_total:.1f} s"
        assert ann_line in text and bob_line in text, text
        await deliberately(pilot, "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the scoring question")
        await deliberately(pilot, "2")
        await wait_for(pilot, lambda: app.screen is screen, "the table")
        log = log_text(screen)
        assert ann_line in log and bob_line in log  # the public log, for everyone at the table


async def test_o_shows_the_last_turns_review_again_and_is_hidden_before_any() -> None:
    app, clock = make_app((ANN, BOB), Mode.SOLITAIRE)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = vowl(app)
        assert screen.check_action("review", ()) is False  # hidden: no turn is over yet
        await pilot.press("o")
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("r")
        await take_keyboard(pilot, ANN)
        assert screen.check_action("review", ()) is False  # a pile in play owns the keys
        await expire_timer(pilot, app, clock)
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review")
        await deliberately(pilot, "enter")
        await wait_for(pilot, lambda: app.screen is screen and screen.game.phase is Phase.ROLL, "Bob's turn")
        assert screen.check_action("review", ()) is True
        await pilot.press("o")
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review again")
        assert "Turn 1 (solitaire): no success for Ann Lee" in flat(app)
        await deliberately(pilot, "enter")
        await wait_for(pilot, lambda: app.screen is screen, "the table again")
        assert screen.game.phase is Phase.ROLL and screen.game.names[screen.game.current_player] == BOB


async def test_a_long_review_scrolls_by_keyboard_with_its_hint_in_view() -> None:
    skeletons = ["SVR", "PLT", "RN", "CK", "LG", "MX", "CN", "FM", "RC", "BT", "DG", "TP", "MN", "ST"]
    cards = tuple(TurnCard(Card(s, Tier.BASIC), 0, CardStatus.PASSED) for s in skeletons)
    summary = TurnSummary(3, 0, Mode.SOLITAIRE, None, None, cards, (), None)

    class ReviewHost(App):
        CSS_PATH = Path(vowl_screen.__file__).with_name("vowl.tcss")
        clock = ManualClock()

        def on_mount(self) -> None:
            self.push_screen(ReviewScreen(summary, MATCHER, (ANN,)))  # seat 0 is Ann

    app = ReviewHost()
    async with app.run_test(size=SMALL) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen) and settled(app), "the review")
        await pilot.pause()
        top = screen_text(app)
        assert "│ ST " not in top  # the last card is below the fold
        assert "(keys pressed now are ignored)" in top  # the hint line is in view
        await pilot.press("end")
        await wait_for(pilot, lambda: "│ ST " in screen_text(app), "the last card scrolled into view")
        bottom = screen_text(app)
        assert "(keys pressed now are ignored)" in bottom or "Enter to continue" in bottom
        assert "Turn 3 (solitaire)" in bottom  # the headline stays too


# --------------------------------------------------------------------------- keys (item 5)


async def test_ctrl_x_passes_and_ctrl_n_does_not() -> None:
    app, _ = make_app((ANN, BOB), Mode.SOLITAIRE)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = vowl(app)
        await pilot.press("r")
        await take_keyboard(pilot, ANN)
        await pilot.press("ctrl+n")  # a browser's new window: never the game's
        await pilot.pause()
        assert screen.view().active_run.passed == ()
        await pilot.press("ctrl+x")
        await pilot.pause()
        assert len(screen.view().active_run.passed) == 1
        assert "^x Pass" in screen_text(app)


async def test_ctrl_e_starts_practice_from_the_setup_and_ctrl_t_does_not() -> None:
    app = BoardgamesApp(start=VowlSetupScreen, clock=ManualClock(), seed=1)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press(*"Ann")
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert isinstance(app.screen, VowlSetupScreen)
        await pilot.press("ctrl+e")
        await wait_for(pilot, lambda: isinstance(app.screen, VowlScreen), "the practice table")
        assert app.screen.game.is_practice


async def test_escape_asks_the_shared_leave_question() -> None:
    app, _ = make_app((ANN, BOB), Mode.SOLITAIRE)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = vowl(app)
        await pilot.press("r")
        await take_keyboard(pilot, ANN)
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the leave question")
        assert "Leave this game?" in flat(app) and "It is saved" in flat(app)
        await deliberately(pilot, "n")
        await wait_for(pilot, lambda: app.screen is screen, "back at the table")


def test_the_rules_page_lists_vowls_keys() -> None:
    rules = read_rules("vowl")
    keys = rules[rules.index("## Keys") :]
    for key in ("`r`", "`Ctrl+X`", "`Ctrl+B`", "`z` / `m`", "`o`", "`n`", "`Escape`", "`Ctrl+E`"):
        assert key in keys, key
    assert "Ctrl+N" not in rules and "Ctrl+T" not in rules


async def test_f1_shows_the_rules_with_the_keys() -> None:
    app, _ = make_app((ANN, BOB), Mode.SOLITAIRE)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen), "the rules")
        shown_rules = app.screen.query_one(Markdown).source
        assert "## Keys" in shown_rules and "`Ctrl+X`" in shown_rules and "`o`" in shown_rules


# --------------------------------------------------------------------------- the end of the game


async def test_the_end_of_the_game_shows_a_summary_and_n_starts_again() -> None:
    app, clock = make_app((ANN, BOB), Mode.SOLITAIRE)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = vowl(app)
        set_tokens(screen.game, ANN, score=8)  # 2 points from the star: this turn can win
        screen.render_view()
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the pile-order question")
        await deliberately(pilot, "u")
        await take_keyboard(pilot, ANN)
        await solve_current_pile(pilot, app, clock)
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review")
        review = screen.game.view(None).review
        solved = sum(1 for c in review.cards if c.status is CardStatus.SOLVED)
        await deliberately(pilot, "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the scoring question")
        await deliberately(pilot, "2")
        await wait_for(pilot, lambda: app.screen is screen and screen.game.phase is Phase.GAME_OVER, "the end")
        await pilot.pause()
        text = region_text(app, "#game-over")
        assert text.startswith("Ann Lee wins the game after 1 turn.")
        assert "player score victory successes solved" in text
        assert f"Ann Lee ★ 10 10 1 {solved}" in text and "Bob Roy 0 10 0 0" in text
        assert "n: new game" in text
        assert screen.check_action("review", ()) is True
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, VowlScreen) and app.screen is not screen, "a new game")
        assert app.screen.game.names == (ANN, BOB) and app.screen.game.phase is Phase.ROLL


# --------------------------------------------------------------------------- the other phases and dialogs


async def test_sudden_death_at_80x24() -> None:
    app, clock = make_app((ANN, BOB), Mode.HEAD_TO_HEAD)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = vowl(app)
        await pilot.press("r")
        for _ in range(2):  # both run out of time with nothing solved: a tie
            await take_keyboard(pilot)
            await expire_timer(pilot, app, clock)
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen), "the sudden-death handover")
        said = (await take_keyboard(pilot, "Sudden death")).replace("┃", "")
        said = " ".join(said.split())
        assert "Buzz with [Z] (Ann Lee) or [M] (Bob Roy)" in said and "Space turns the card." in said
        assert region_text(app, "#status") == "Sudden death — buzz in: Z Ann Lee M Bob Roy"
        card = screen.game.view(None).sudden_death.card
        assert "   ".join(card.skeleton) in screen_text(app)
        assert "Sudden death card 1" in region_text(app, "#pile-info")
        totals = [r.total for r in screen.game.view(None).runs]
        assert f"A tie (Ann Lee 0 of {totals[0]}, out of time; Bob Roy 0 of {totals[1]}, out of time)!" in log_text(
            screen
        )
        assert "z Buzz: Ann Lee" in flat(app) and "m Buzz: Bob Roy" in flat(app)  # the footer names both
        await deliberately(pilot, "z")
        await pilot.pause()
        assert region_text(app, "#status") == "Ann Lee, type your answer and press Enter."
        # Interpretation V29: the buzz countdown shows in full beside the card's timer.
        assert region_text(app, "#buzz-timer") == "⏳ 10 s" and region_text(app, "#timer") == "⏳ 25 s"
        assert "Sudden death card 1 · then M Bob Roy" in region_text(app, "#pile-info")
        await deliberately(pilot, *"qqqq", "enter")
        await pilot.pause()
        assert "locked out of this card" in region_text(app, "#feedback")
        said = record_notifications(app)
        await deliberately(pilot, "z")  # Ann again: refused, her name as she wrote it (no "Ann lee")
        await wait_for(pilot, lambda: bool(said), "the refusal")
        assert said == ["Ann Lee answered wrong and is locked out of this card."]
        assert "m Buzz: Bob Roy" in flat(app) and "Buzz: Ann Lee" not in flat(app)


async def test_the_selection_discard_at_80x24_names_what_is_ticked() -> None:
    app, _ = make_app((ANN, BOB), Mode.SELECTION)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = vowl(app)
        await pilot.press("r")
        await take_keyboard(pilot, BOB)
        await wait_for(pilot, lambda: type(app.screen).__name__ == "DiscardScreen", "the discard")
        hand = screen.view().selection.hand
        text = screen_text(app)
        assert all(f" {c.skeleton} " in text for c in hand)
        assert "Space ticks a card, Enter confirms." in flat(app)
        await deliberately(pilot, "space", "down", "space")
        await pilot.pause()
        # Ticked is not told by colour alone: the status line names the cards.
        assert region_text(app, "#discard-status") == f"2 of 3 ticked: {hand[0].skeleton}, {hand[1].skeleton}."


async def test_the_scoring_question_for_five_players_fits_80x24() -> None:
    names = (ANN, BOB, CY, "Dee Fox", "Eve Gray")
    app, clock = make_app(names, Mode.SOLITAIRE)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await take_keyboard(pilot, ANN)
        await solve_current_pile(pilot, app, clock)
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review")
        await deliberately(pilot, "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the scoring question")
        text = flat(app)
        assert "Ann Lee, how do you take your points?" in text and "Ann Lee: 0 points, victory token on 10." in text
        assert "2 take 2 points" in text
        for key, other in zip("abcd", names[1:], strict=True):
            assert f"{key} take 1 point; your victory token and {other}'s move" in text
        assert region_text(app, "#choice-options").endswith("Eve Gray's move down one space")  # whole


async def test_a_click_on_a_passed_card_goes_back_to_it() -> None:
    app, _ = make_app((ANN, BOB), Mode.SOLITAIRE)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = vowl(app)
        await pilot.press("r")
        await take_keyboard(pilot, ANN)
        first = screen.view().active_run.current
        await pilot.press("ctrl+x")
        await pilot.pause()
        assert screen.view().active_run.current != first
        await pilot.click("#passed", offset=(len("Passed (Ctrl+B back): ") + 1, 0))
        await wait_for(pilot, lambda: screen.view().active_run.current == first, "the passed card back face up")
        assert app.focused is screen.query_one("#answer")
