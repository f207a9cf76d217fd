"""Vowl's sudden death on one keyboard - buzzing must reward knowing the word.

What players saw (``--players "Ann Lee,Bob Roy"``, a tied head-to-head race), each one
a test here, played through the real screen with Pilot on a ``ManualClock``:

- after ``z`` a late ``m`` typed into Ann's answer box;
- Ann buzzed, sent ``t0lerate`` ("not letters" kept her buzz), waited; Bob could not
  buzz, and at time-up a new card came with both free again: buzz-then-think won;
- the footer still offered ``m Buzz`` after Bob was locked out.

Interpretations V10 (lock-outs), V29 (the buzz countdown), V30 (both locked out) and
V31 (which key counts) in ``docs/rules/vowl.md``.  A "deliberate" key comes after a
pause past the gate moment (``tests.screen.deliberately``); a plain ``pilot.press``
with no time passing is a fast hand.
"""

from __future__ import annotations

from textual.widgets import Footer, Input

from boardgames.app import BoardgamesApp
from boardgames.common.clock import ManualClock
from boardgames.common.saves import SaveStore
from boardgames.common.ui.handover import HandoverScreen
from boardgames.vowl.kinds import Mode, Phase
from boardgames.vowl.modals import ReviewScreen
from boardgames.vowl.screen import BUZZ_GATE, VowlScreen
from boardgames.vowl.track import BUZZ_SECONDS
from boardgames.vowl.view import SuddenDeathView
from tests.screen import deliberately, record_notifications, screen_text, settled, take_keyboard, wait_for
from tests.vowl.test_screen import MATCHER, SIZE, expire_timer, make_app, vowl
from tests.vowl.test_table_80x24 import region_text

ANN, BOB = "Ann Lee", "Bob Roy"


def flat(text: str) -> str:
    return " ".join(text.split())


def sudden(screen: VowlScreen) -> SuddenDeathView:
    sd = screen.game.view(None).sudden_death
    assert sd is not None
    return sd


def footer_text(app: BoardgamesApp) -> str:
    """The footer's line, as one line of words."""
    footer = app.screen.query_one(Footer)
    line = screen_text(app).splitlines()[footer.region.y]
    return flat(line)


def answer_box(screen: VowlScreen) -> Input:
    return screen.query_one("#answer", Input)


async def to_sudden_death(pilot, app: BoardgamesApp, clock: ManualClock) -> str:
    """Roll head-to-head, both racers run out of time with nothing solved (a tie), and
    both take the keyboard for the sudden death; returns what that handover said."""
    await pilot.pause()
    await pilot.press("r")
    for _ in range(2):
        await take_keyboard(pilot)
        await expire_timer(pilot, app, clock)
    await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen), "the sudden-death handover")
    said = await take_keyboard(pilot, "Sudden death")
    assert vowl(app).game.phase is Phase.SUDDEN_DEATH
    return said


def right_word(screen: VowlScreen) -> str:
    card = sudden(screen).card
    assert card is not None
    return MATCHER.solutions(card.skeleton)[0]


async def test_v31_the_handover_names_each_buzzer_with_their_key_in_brackets() -> None:
    """Seen: "Buzz with  (Ann Lee) or  (Bob Roy)" - the [Z] and [M] read as markup."""
    app, clock = make_app((ANN, BOB), Mode.HEAD_TO_HEAD)
    async with app.run_test(size=SIZE) as pilot:
        said = flat((await to_sudden_death(pilot, app, clock)).replace("┃", ""))
        assert "Buzz with [Z] (Ann Lee) or [M] (Bob Roy) only when you know the word" in said
        assert f"you then have {BUZZ_SECONDS} s to type it" in said


async def test_v31_a_key_pressed_with_the_handovers_space_never_buzzes() -> None:
    app, clock = make_app((ANN, BOB), Mode.HEAD_TO_HEAD)
    async with app.run_test(size=SIZE) as pilot:
        await to_sudden_death(pilot, app, clock)
        screen = vowl(app)
        await wait_for(pilot, lambda: "(keys pressed now are ignored)" in flat(screen_text(app)), "the gate hint")
        await pilot.press("z")  # the same moment as Space: a double press
        await pilot.press("m", "z")
        await wait_for(pilot, lambda: settled(app))
        assert sudden(screen).buzzer is None and answer_box(screen).value == ""
        clock.advance(BUZZ_GATE * 0.7)  # each early key started the moment again
        await pilot.press("m")
        await wait_for(pilot, lambda: settled(app))
        assert sudden(screen).buzzer is None
        await deliberately(pilot, "m")  # a pause, then the key: that one buzzes
        await wait_for(pilot, lambda: sudden(screen).buzzer == screen.game.names.index(BOB), "Bob's buzz")
        assert "(keys pressed now are ignored)" in flat(screen_text(app))  # and the buzz shuts it again


async def test_v31_a_late_buzz_is_ignored_with_a_notice_and_types_nothing() -> None:
    """Seen: after ``z``, a late ``m`` typed into Ann's answer box."""
    app, clock = make_app((ANN, BOB), Mode.HEAD_TO_HEAD)
    async with app.run_test(size=SIZE) as pilot:
        await to_sudden_death(pilot, app, clock)
        screen = vowl(app)
        said = record_notifications(app)
        await deliberately(pilot, "z")
        await wait_for(pilot, lambda: sudden(screen).buzzer == screen.game.names.index(ANN), "Ann's buzz")
        clock.advance(0.15)  # Bob, a fraction of a second slower
        await pilot.press("m")
        await wait_for(pilot, lambda: bool(said), "the notice")
        assert said == ["Ann Lee holds the buzz: Bob Roy's buzz came too late."]
        assert answer_box(screen).value == "" and sudden(screen).buzzer == screen.game.names.index(ANN)
        await pilot.press("z")  # Ann's own key again (a double press): ignored, no notice
        await wait_for(pilot, lambda: settled(app))
        assert answer_box(screen).value == "" and len(said) == 1
        # Once the moment has passed, every key is Ann's typing, m and z included.
        await deliberately(pilot, *"mz")
        await wait_for(pilot, lambda: answer_box(screen).value == "mz", "Ann's typing")
        assert sudden(screen).buzzer == screen.game.names.index(ANN)


async def test_v10_not_letters_locks_out_and_the_other_player_buzzes_on_a_clean_box() -> None:
    """Seen: Ann buzzed, sent ``t0lerate``, kept the buzz; Bob could not buzz."""
    app, clock = make_app((ANN, BOB), Mode.HEAD_TO_HEAD)
    async with app.run_test(size=SIZE) as pilot:
        await to_sudden_death(pilot, app, clock)
        screen = vowl(app)
        card = sudden(screen).card
        await deliberately(pilot, "z")
        await deliberately(pilot, *"t0lerate", "enter")
        await wait_for(pilot, lambda: sudden(screen).locked_out == (screen.game.names.index(ANN),), "Ann locked out")
        assert region_text(app, "#feedback") == (
            "✗ Ann Lee: t0lerate, not letters (type letters only) — locked out of this card"
        )
        assert region_text(app, "#status") == "Sudden death — buzz in: M Bob Roy" and sudden(screen).card == card
        assert answer_box(screen).disabled
        await deliberately(pilot, "m")
        await wait_for(pilot, lambda: sudden(screen).buzzer == screen.game.names.index(BOB), "Bob's buzz")
        box = answer_box(screen)
        assert box.value == "" and box.selection.is_empty and box.cursor_position == 0  # nothing pre-filled
        assert screen.focused is box
        await deliberately(pilot, *right_word(screen), "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review")
        assert "Race: Bob Roy" in screen_text(app)


async def test_v29_buzz_then_wait_runs_out_the_buzz_not_the_card() -> None:
    """Seen: buzz, wait, a new card with both free: buzz-then-think always won.  Now the
    card's sand stands still during the buzz; the buzzer's own countdown runs out."""
    app, clock = make_app((ANN, BOB), Mode.HEAD_TO_HEAD)
    async with app.run_test(size=SIZE) as pilot:
        await to_sudden_death(pilot, app, clock)
        screen = vowl(app)
        card = sudden(screen).card
        await deliberately(pilot, "z")
        await wait_for(pilot, lambda: sudden(screen).buzzer == screen.game.names.index(ANN), "Ann's buzz")
        left_on_card = screen.timer.countdown.remaining
        assert not screen.timer.running and screen.buzz_timer.running
        assert screen.buzz_timer.display and screen.buzz_timer.countdown.limit == BUZZ_SECONDS
        await pilot.press(*"tol")  # thinking aloud on the keyboard...
        clock.advance(BUZZ_SECONDS + 1)  # ... and waiting
        screen.buzz_timer.tick()
        await wait_for(
            pilot, lambda: sudden(screen).locked_out == (screen.game.names.index(ANN),), "Ann's buzz to run out"
        )
        assert sudden(screen).card == card and screen.game.phase is Phase.SUDDEN_DEATH  # the same card
        assert region_text(app, "#feedback") == "✗ Ann Lee: ran out of buzz time — locked out of this card"
        assert screen.timer.countdown.remaining == left_on_card and screen.timer.running  # runs on for Bob
        assert not screen.buzz_timer.display
        await deliberately(pilot, "m")
        await wait_for(pilot, lambda: sudden(screen).buzzer == screen.game.names.index(BOB), "Bob's buzz")
        assert answer_box(screen).value == ""  # Ann's "tol" is not waiting for him
        await deliberately(pilot, *right_word(screen), "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review")
        assert "Race: Bob Roy" in screen_text(app)


async def test_v31_the_footer_offers_only_who_may_still_buzz() -> None:
    """Seen: the footer still offered ``m Buzz`` after Bob was locked out."""
    app, clock = make_app((ANN, BOB), Mode.HEAD_TO_HEAD)
    async with app.run_test(size=SIZE) as pilot:
        await to_sudden_death(pilot, app, clock)
        screen = vowl(app)
        await wait_for(pilot, lambda: "z Buzz: Ann Lee" in footer_text(app), "the footer")
        assert "m Buzz: Bob Roy" in footer_text(app)
        assert screen.check_action("buzz", (0,)) is True and screen.check_action("buzz", (1,)) is True
        await deliberately(pilot, "m")
        await wait_for(pilot, lambda: sudden(screen).buzzer == screen.game.names.index(BOB), "Bob's buzz")
        # Ann waits: her key greyed, Bob's gone; while Bob types every letter is his, so the
        # footer has his keys (Ctrl+X gives up) and the line under the card names Ann as next.
        assert screen.check_action("buzz", (0,)) is None and screen.check_action("buzz", (1,)) is False
        assert screen.check_action("pass_card", ()) is True
        await wait_for(pilot, lambda: "^x Pass" in footer_text(app), "the footer with Bob's Ctrl+X")
        assert "Buzz:" not in footer_text(app)
        assert region_text(app, "#pile-info") == "Sudden death card 1 · then Z Ann Lee"
        await deliberately(pilot, "ctrl+x")  # Bob backs out
        await wait_for(pilot, lambda: sudden(screen).locked_out == (screen.game.names.index(BOB),), "Bob locked out")
        assert screen.check_action("buzz", (1,)) is False and screen.check_action("buzz", (0,)) is True
        await wait_for(
            pilot,
            lambda: "Buzz: Bob Roy" not in footer_text(app) and "z Buzz: Ann Lee" in footer_text(app),
            "the footer with Ann's key alone",
        )
        assert "Pass" not in footer_text(app)
        said = record_notifications(app)
        await deliberately(pilot, "m")  # Bob again: refused, and told why
        await wait_for(pilot, lambda: bool(said), "the refusal")
        assert said == ["Bob Roy passed and is locked out of this card."]
        assert sudden(screen).buzzer is None


async def test_v30_both_locked_out_nobody_wins_the_card_and_a_new_one_turns() -> None:
    app, clock = make_app((ANN, BOB), Mode.HEAD_TO_HEAD)
    async with app.run_test(size=SIZE) as pilot:
        await to_sudden_death(pilot, app, clock)
        screen = vowl(app)
        first = sudden(screen).card
        await deliberately(pilot, "z")
        await deliberately(pilot, *"qqqq", "enter")  # Ann: wrong
        await wait_for(pilot, lambda: sudden(screen).locked_out == (screen.game.names.index(ANN),), "Ann locked out")
        await deliberately(pilot, "m")
        await deliberately(pilot, *"pass", "enter")  # Bob: typing "pass" backs out too
        await wait_for(pilot, lambda: sudden(screen).cards_tried == 2, "a new card")
        sd = sudden(screen)
        assert sd.card != first and sd.locked_out == () and sd.buzzer is None
        assert [p.score for p in screen.game.players] == [0, 0]
        assert region_text(app, "#feedback") == f"Both locked out: nobody wins {first.skeleton}; a new card."
        assert region_text(app, "#status") == "Sudden death — buzz in: Z Ann Lee M Bob Roy"
        assert screen.timer.running and screen.timer.countdown.elapsed == 0  # a full timer for the new card
        await pilot.press("z")  # the new card has just turned: too soon
        await wait_for(pilot, lambda: settled(app))
        assert sudden(screen).buzzer is None
        await deliberately(pilot, "z")
        await wait_for(
            pilot, lambda: sudden(screen).buzzer == screen.game.names.index(ANN), "Ann's buzz on the new card"
        )


async def test_v29_a_game_resumed_while_a_buzz_was_held_gives_a_full_countdown_again() -> None:
    app, clock = make_app((ANN, BOB), Mode.HEAD_TO_HEAD)
    async with app.run_test(size=SIZE) as pilot:
        await to_sudden_death(pilot, app, clock)
        screen = vowl(app)
        await deliberately(pilot, "m")
        await wait_for(pilot, lambda: sudden(screen).buzzer == screen.game.names.index(BOB), "Bob's buzz")
        await pilot.press(*"half")
        clock.advance(6)
        (record,) = SaveStore().unfinished("vowl").records
        app.back_to_menu()
        await pilot.pause()
        app.resume_game(record)
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen), "the resume handover")
        said = flat((await take_keyboard(pilot, "interrupted")).replace("┃", ""))
        assert f"Bob Roy holds the buzz: {BUZZ_SECONDS} s to answer." in said
        resumed = vowl(app)
        assert resumed is not screen and sudden(resumed).buzzer == resumed.game.names.index(BOB)
        assert resumed.buzz_timer.running and resumed.buzz_timer.countdown.remaining == BUZZ_SECONDS
        assert not resumed.timer.running and resumed.timer.countdown.remaining == resumed.timer.countdown.limit
        assert answer_box(resumed).value == "" and resumed.focused is answer_box(resumed)
        await pilot.press("z")  # the gate moment after the handover: Ann's key does not type
        await wait_for(pilot, lambda: settled(app))
        assert answer_box(resumed).value == ""
        await deliberately(pilot, *right_word(resumed), "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review")
        assert "Race: Bob Roy" in screen_text(app)


async def test_sudden_deaths_widgets_are_mounted_when_it_comes_not_before_the_first_frame() -> None:
    """The buzz countdown, the gate hint and the game-over panel were mounted
    hidden with the table, styled and laid out before its first frame; they come when
    first needed, in the places they had."""
    from boardgames.common.ui.base import GateHint
    from boardgames.vowl.widgets import GameOverPanel

    app, clock = make_app((ANN, BOB), Mode.HEAD_TO_HEAD)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = vowl(app)
        assert not screen.query("#buzz-timer") and not screen.query(GateHint) and not screen.query(GameOverPanel)
        await to_sudden_death(pilot, app, clock)
        await wait_for(pilot, lambda: bool(screen.query(GateHint)), "the gate hint")
        table = [child.id for child in screen.query_one("#vowl-table").children]
        assert table.index("buzz-gate") == table.index("passed") + 1 == table.index("answer") - 1
        assert not screen.query("#buzz-timer")
        await deliberately(pilot, "z")
        await wait_for(pilot, lambda: sudden(screen).buzzer == screen.game.names.index(ANN), "Ann's buzz")
        row = [child.id for child in screen.query_one("#dice-row").children]
        assert row == ["dice", "buzz-timer", "timer"]
        assert screen.buzz_timer.running and screen.buzz_timer.border_title == "buzz"
        interval = screen.buzz_timer._interval  # noqa: SLF001 - its ticks run: started before its mount
        assert interval is not None and interval._active.is_set()  # noqa: SLF001
