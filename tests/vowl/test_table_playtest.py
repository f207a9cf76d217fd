"""What playtesters saw at the Vowl table in tmux at 80×24, each pinned by a test.

Every test plays through the real screen (Pilot, ManualClock) at 80×24 with names
as long as a name may be (``common.names.MAX_LENGTH``) and names that look like
markup: what the table shows must be whole, on the right line, and never read as markup.
"""

from __future__ import annotations

from rich.cells import cell_len
from textual.app import App

from boardgames.common.names import MAX_LENGTH
from boardgames.common.ui.choice import ChoiceScreen
from boardgames.common.ui.handover import HandoverScreen
from boardgames.vowl.kinds import Mode, Phase
from boardgames.vowl.modals import ReviewScreen
from boardgames.vowl.screen import VowlScreen
from tests.screen import deliberately, screen_text, settled, take_keyboard, wait_for
from tests.vowl.conftest import named, set_tokens
from tests.vowl.test_screen import MATCHER, expire_timer, make_app, solve_current_pile, vowl
from tests.vowl.test_table_80x24 import race

SMALL = (80, 24)
#: Names as long as the setup allows, and names that are markup if read as markup.
LONG = "Bartholomew Featherstone"
LONGER = "Maximiliana Wolfeschlegl"
BOLD = "[b]Bob[/b]"
CLICK = "[@click=app.quit]x[/]"
assert len(LONG) == len(LONGER) == MAX_LENGTH


def rows(app: App, selector: str) -> list[str]:
    """The terminal's rows inside one widget's region (inside its border and padding),
    each cut to the region's columns, trailing spaces dropped."""
    widget = app.screen.query_one(selector)
    r = widget.content_region
    out = []
    for line in screen_text(app).splitlines()[r.y : r.y + r.height]:
        cells: list[str] = []  # one entry per terminal cell: a wide character takes two
        for char in line:
            cells += [char] + [""] * (cell_len(char) - 1)
        out.append("".join(cells[r.x : r.x + r.width]).rstrip())
    return out


def region_text(app: App, selector: str) -> str:
    return " ".join(" ".join(rows(app, selector)).split())


def words(text: str) -> str:
    """What a framed box says, as one line of words (its frame dropped)."""
    return " ".join(text.replace("┃", " ").split())


def footer(app: App) -> str:
    return " ".join(screen_text(app).splitlines()[-1].split())


async def first_card_solved(pilot, screen: VowlScreen) -> str:
    """The player at the keyboard answers the face-up card right; returns the word."""
    run = screen.view().active_run
    assert run is not None and run.current is not None
    word = MATCHER.solutions(run.current.skeleton)[0]
    await pilot.press(*word, "enter")
    await wait_for(pilot, lambda: "accepted" in region_text(pilot.app, "#feedback"), "the verdict")
    return word


# --------------------------------------------------------------------------- the verdict line


async def test_a_verdict_goes_with_a_pass_and_never_reaches_the_next_roll() -> None:
    """Seen: "✓ bike — accepted" stayed under the next card after a pass, and under the
    next player's roll."""
    names = (LONG, CLICK)
    app, clock = make_app(names, Mode.SOLITAIRE)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = vowl(app)
        roller = named(screen.game, screen.game.current_player)
        await pilot.press("r")
        await take_keyboard(pilot)
        word = await first_card_solved(pilot, screen)
        assert region_text(app, "#feedback") == f"✓ {word} — accepted"
        await pilot.press("ctrl+x")
        await wait_for(pilot, lambda: len(screen.view().active_run.passed) == 1, "the pass")
        await pilot.pause()
        assert region_text(app, "#feedback") == ""  # the verdict was about another card
        await first_card_solved(pilot, screen)
        await expire_timer(pilot, app, clock)
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review")
        await deliberately(pilot, "enter")
        await wait_for(
            pilot,
            lambda: app.screen is screen and named(screen.game, screen.game.current_player) != roller,
            "the next turn",
        )
        await pilot.pause()
        assert screen.game.phase is Phase.ROLL
        assert region_text(app, "#feedback") == ""
        assert "accepted" not in screen_text(app)


# --------------------------------------------------------------------------- the review key


async def test_the_review_key_is_not_offered_before_a_turn_is_over() -> None:
    """Seen: "o Last turn's review" in the footer on turn 1, with nothing to review (a
    greyed key reads as offered in a terminal).  The house style hides what does not
    belong to this part of the game (``check_action`` False), as the pass keys between piles."""
    app, clock = make_app((BOLD, CLICK), Mode.SOLITAIRE)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = vowl(app)
        await wait_for(pilot, lambda: settled(app), "the table")
        assert "r Roll the dice" in footer(app)
        assert "review" not in footer(app)
        assert screen.check_action("review", ()) is False
        await pilot.press("o")
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("r")
        await take_keyboard(pilot)
        await expire_timer(pilot, app, clock)
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review")
        await deliberately(pilot, "enter")
        await wait_for(pilot, lambda: app.screen is screen and screen.game.phase is Phase.ROLL, "turn 2")
        await wait_for(pilot, lambda: "o Last turn's review" in footer(app), "the review key in the footer")
        assert screen.check_action("review", ()) is True


# --------------------------------------------------------------------------- selection mode


async def to_the_discard(pilot, app: App) -> VowlScreen:
    """Selection: the roller rolls, the selector takes the keyboard, their hand is shown."""
    await pilot.pause()
    screen = vowl(app)
    await pilot.press("r")
    await take_keyboard(pilot)
    await wait_for(pilot, lambda: type(app.screen).__name__ == "DiscardScreen" and settled(app), "the discard")
    return screen


async def test_the_discard_list_never_holds_more_ticks_than_the_cards_to_discard() -> None:
    """Seen: "4 of 3 ticked" - the list took a fourth tick, and Enter then refused all four."""
    app, _ = make_app((LONG, CLICK), Mode.SELECTION)
    async with app.run_test(size=SMALL) as pilot:
        screen = await to_the_discard(pilot, app)
        hand = screen.view().selection.hand
        assert len(hand) >= 6
        discard = app.screen
        await deliberately(pilot, "space", "down", "space", "down", "space", "down", "space")
        await pilot.pause()
        assert len(discard.query_one("SelectionList").selected) == 3
        status = region_text(app, "#discard-status")
        ticked = ", ".join(c.skeleton for c in hand[:3])
        assert status.startswith(f"3 of 3 ticked: {ticked}."), status
        assert "untick one first" in status
        await pilot.press("up", "space", "down", "space")  # untick the third, tick the fourth: allowed
        await pilot.pause()
        assert sorted(discard.query_one("SelectionList").selected) == [0, 1, 3]
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.game.phase is not Phase.SELECT_DISCARDS, "the discard made")


async def discard_three(pilot) -> None:
    await deliberately(pilot, "space", "down", "space", "down", "space")
    await pilot.pause()
    await pilot.press("enter")


async def test_the_rollers_pile_question_waits_for_the_rollers_handover() -> None:
    """Seen: with two players, the roller's "top or under?" came up while the selector
    still held the keyboard (and the roller was looking away, as the selector's handover
    asked).  Now the roller takes the keyboard first, deliberately: a key pressed at once
    (the selector's Enter, a double press) does not dismiss that handover."""
    app, _ = make_app((LONG, BOLD), Mode.SELECTION)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = vowl(app)
        roller = named(screen.game, screen.game.current_player)
        selector = next(n for n in (LONG, BOLD) if n != roller)
        set_tokens(screen.game, roller, score=3)  # the 3-4 tier draws a yellow card: a real question
        screen.render_view()
        await pilot.press("r")
        await take_keyboard(pilot, selector)  # markup-like names are shown as typed
        await wait_for(pilot, lambda: type(app.screen).__name__ == "DiscardScreen" and settled(app), "the discard")
        await discard_three(pilot)
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen | ChoiceScreen), "what follows the discard")
        assert isinstance(app.screen, HandoverScreen), "the roller's question was asked at the selector's keyboard"
        handover = app.screen
        await pilot.press("space", "enter")  # at once: the selector's hands, not the roller's
        await pilot.pause()
        assert app.screen is handover
        said = words(await take_keyboard(pilot, roller))
        assert "top of or under your pile" in said, said
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen) and settled(app), "the pile-order question")
        await pilot.pause()
        assert f"{roller}: your tier draws 1 yellow face down." in words(screen_text(app))
        await deliberately(pilot, "u")
        await take_keyboard(pilot, roller)  # the sand timer turns when the roller is ready
        assert screen.game.phase is Phase.SOLVING and named(screen.game, screen.view().active_run.runner) == roller


async def test_green_extras_after_the_selection_bring_one_handover_not_two() -> None:
    """Interpretation V27: all-green extras go under unasked, so after the discard the
    roller's one handover is the sand timer's, as without extras."""
    app, _ = make_app((LONG, CLICK), Mode.SELECTION)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = vowl(app)
        roller = named(screen.game, screen.game.current_player)
        set_tokens(screen.game, roller, score=1)  # the 1-2 tier draws one green card
        screen.render_view()
        await pilot.press("r")
        await take_keyboard(pilot)
        await wait_for(pilot, lambda: type(app.screen).__name__ == "DiscardScreen" and settled(app), "the discard")
        await discard_three(pilot)
        said = words(await take_keyboard(pilot, roller))
        assert "Space flips the sand timer." in said, said
        assert screen.game.phase is Phase.SOLVING and named(screen.game, screen.view().active_run.runner) == roller


# --------------------------------------------------------------------------- Ctrl+B


async def test_v33_ctrl_b_goes_back_to_the_card_just_passed_then_further_back() -> None:
    """Seen: Ctrl+B brought back only the oldest passed card, when the player wanted the
    one they had just passed.  Interpretation V33: the card passed last; pressed again,
    the one passed before it, and so on through every passed card, then the card that was
    face up at the first press."""
    app, _ = make_app((CLICK, LONG), Mode.SOLITAIRE)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = vowl(app)
        await pilot.press("r")
        await take_keyboard(pilot)

        def face_up():
            return screen.view().active_run.current

        a = face_up()
        await pilot.press("ctrl+x")
        await wait_for(pilot, lambda: face_up() != a, "the first pass")
        b = face_up()
        await pilot.press("ctrl+x")
        await wait_for(pilot, lambda: face_up() != b, "the second pass")
        c = face_up()
        assert screen.view().active_run.passed == (a, b)
        seen = []
        for _ in range(4):
            before = face_up()
            await pilot.press("ctrl+b")
            await wait_for(pilot, lambda before=before: face_up() != before, "a card back")
            seen.append(face_up())
        assert seen == [b, a, c, b]
        assert app.focused is screen.query_one("#answer")
        # Anything else in between starts again from the card passed last.
        await pilot.press("ctrl+x")  # b is passed; a comes back (the oldest passed, V11)
        await wait_for(pilot, lambda: face_up() != b, "a pass")
        await pilot.press("ctrl+b")
        await wait_for(pilot, lambda: face_up() == b, "the card just passed back")


# --------------------------------------------------------------------------- the end of the game


async def test_the_end_of_game_table_keeps_its_headers_and_the_winners_star_beside_a_long_name() -> None:
    """Seen: "sc… victo…" for headers, and the winner's ★ cut off with the end of a long name."""
    app, clock = make_app((LONG, LONGER), Mode.SOLITAIRE)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = vowl(app)
        winner = named(screen.game, screen.game.current_player)
        loser = next(n for n in (LONG, LONGER) if n != winner)
        set_tokens(screen.game, winner, score=8)  # 2 points from the star: this turn wins
        screen.render_view()
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the pile-order question")
        await deliberately(pilot, "u")
        await take_keyboard(pilot, winner)
        await solve_current_pile(pilot, app, clock)
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review")
        await deliberately(pilot, "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the scoring question")
        await deliberately(pilot, "2")
        await wait_for(pilot, lambda: app.screen is screen and screen.game.phase is Phase.GAME_OVER, "the end")
        await wait_for(pilot, lambda: settled(app), "the summary drawn")
        await pilot.pause()
        shown = rows(app, "#game-over")
        text = " ".join(" ".join(shown).split())
        assert "…" not in text, shown
        header = next(r for r in shown if r.startswith("player"))
        assert header.split() == ["player", "score", "victory", "successes", "solved"], shown
        first, last = winner.split()
        star = next(r for r in shown if "★" in r)
        assert star.split()[:3] == [first, "★", "10"], shown  # on the winner's first line, beside the name
        assert last in text and loser.split()[0] in text and loser.split()[1] in text
        assert text.startswith(f"{winner} wins the game after 1 turn.")


# --------------------------------------------------------------------------- the review


def review_columns(app: App) -> dict[str, int]:
    """The review table's columns and their widths in cells, read off its header row."""
    text = screen_text(app).splitlines()
    head = next(line for line in text if "┃ card" in line)
    cells = head.split("┃")[1:-1]
    # A header may wrap onto a second row: the widths are the first row's cells.
    below = text[text.index(head) + 1]
    names = [c.strip() for c in cells]
    if below.count("┃") == head.count("┃"):
        names = [f"{a.strip()} {b.strip()}".strip() for a, b in zip(cells, below.split("┃")[1:-1], strict=True)]
    return {name: cell_len(cell) for name, cell in zip(names, cells, strict=True)}


async def test_a_solitaire_review_gives_the_answers_the_width_no_whose_column() -> None:
    """Seen: the "whose" column took 23 columns for a long name, and the answers were
    squeezed to a word a line.  One pile's cards are all one player's (the headline names
    them): no such column then."""
    app, clock = make_app((LONG, CLICK), Mode.SOLITAIRE)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = vowl(app)
        await pilot.press("r")
        await take_keyboard(pilot)
        await expire_timer(pilot, app, clock)
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen) and settled(app), "the review")
        await wait_for(pilot, lambda: "┃ card" in screen_text(app), "the review's table")
        columns = review_columns(app)
        assert "whose" not in columns, columns
        assert columns["answers"] >= 40, columns
        assert f"no success for {named(screen.game, screen.game.last_turn.player)} this time" in words(screen_text(app))


async def test_a_race_review_names_each_pile_in_a_narrow_column() -> None:
    """Two piles (head-to-head): "whose" is told, within a narrow column (a long name wraps
    in it, whole), and the answers keep most of the width."""
    app, clock = make_app((LONG, LONGER), Mode.HEAD_TO_HEAD)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = vowl(app)
        await pilot.press("r")
        for seconds in (1, 2):  # the second racer slower: no tie, no sudden death
            await take_keyboard(pilot)
            await race(pilot, app, clock, seconds)
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen) and settled(app), "the review")
        await wait_for(pilot, lambda: "┃ card" in screen_text(app), "the review's table")
        columns = review_columns(app)
        assert columns["whose"] <= 16 and columns["what happened"] <= 16, columns
        assert columns["answers"] >= 28, columns
        text = screen_text(app)
        for name in (LONG, LONGER):
            assert all(part in text for part in name.split()), name  # wrapped, never cut
        assert "…" not in text.split("┃ card")[1]
        assert screen.game.phase is Phase.SCORE


# --------------------------------------------------------------------------- the scoreboard


async def scoreboard_rows(pilot, names: tuple[str, ...], within_reach: tuple[str, ...]) -> list[str]:
    app = pilot.app
    screen = vowl(app)
    for name in within_reach:
        set_tokens(screen.game, name, score=8)  # within 2 of victory: the "!" marker
    screen.render_view()
    await wait_for(pilot, lambda: settled(app), "the scoreboard redrawn")
    await pilot.pause()
    return rows(app, "#scoreboard")


async def test_the_scoreboard_keeps_each_player_on_one_line_with_the_marker_beside_the_name() -> None:
    """Seen: long names wrapped over two or three lines, and the "!" (within 2 of victory)
    stood alone on a line above its name."""
    names = (LONG, CLICK, LONGER, BOLD, "Ann Lee")
    app, _ = make_app(names, Mode.SOLITAIRE)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        board = await scoreboard_rows(pilot, names, within_reach=(LONG, BOLD))
        assert board[0].split() == ["player", "pts", "timer", "draws"], board
        players = board[1 : 1 + len(names)]
        for row, name in zip(players, names, strict=True):
            start = name[:6]
            assert start in row, (name, board)  # one row each, in seating order
            points = "8/10" if name in (LONG, BOLD) else "0/10"
            assert points in row and "25 s" in row, (name, board)
            assert row.startswith("!") == (name in (LONG, BOLD)), board
        assert not any(row.strip() == "!" for row in board), board
        assert "Ann Lee" in players[4] and "…" not in players[4]  # a short name is never cut
        assert "! within 2 of victory: must play solitaire" in " ".join(" ".join(board).split())


async def test_names_that_would_look_alike_cut_keep_their_ends() -> None:
    """Cut at their ends, "Bartholomew Featherstone" and "Bartholomew Fairweather" would be
    the same "Bartholom…": cut in the middle they keep their ends, one line each."""
    twin = "Bartholomew Fairweather"
    names = (LONG, twin)
    app, _ = make_app(names, Mode.SOLITAIRE)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        board = await scoreboard_rows(pilot, names, within_reach=(twin,))
        first, second = board[1], board[2]
        assert "0/10" in first and first.startswith(" ") and "8/10" in second and second.startswith("!"), board
        labels = [row[2:].split()[0] for row in (first, second)]
        assert labels[0] != labels[1], board
        assert labels[0].startswith("Bart") and labels[0].endswith("tone"), board
        assert labels[1].startswith("Bart") and labels[1].endswith("ther"), board
