"""Large terminals used: the menu in the middle of any terminal, Vowl's card in
big letters where it has room (a TV across the table), title bars that name the game first.

At 120×40 the menu's list stayed 80 columns wide at the left, the card's letters were one
small line in a large block, and the title bars began with a generic word ("duel — UWO —
…", "game — VNTYPL8S").
"""

from __future__ import annotations

import pytest
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from boardgames.app import BoardgamesApp
from boardgames.common import bigletters
from boardgames.common.ui.choice import ChoiceScreen
from boardgames.vntypl8s.screen import Vntypl8sScreen
from boardgames.vntypl8s.widgets import PlateView
from boardgames.vowl.kinds import Mode
from boardgames.vowl.widgets import BIG_GAP, CardFace, card_scale
from tests.screen import screen_text, settled, take_keyboard, wait_for
from tests.uwo.positions import make
from tests.uwo.test_screen import app_for
from tests.vntypl8s.ui import PLAYERS, game_screen, played_session, session_app
from tests.vowl.test_screen import make_app, vowl

#: Every character the font draws, from its own table: what a plate or a skeleton holds.
DRAWN = "".join(ch for ch in bigletters._GLYPHS if ch != " ")  # noqa: SLF001


def decode(lines: list[str], *, gap: int = 1, scale: int = 1) -> str:
    """The text big letters spell, read back glyph by glyph from the font's table (the
    double size read from its rows and cells of the single one: every other of each)."""
    if scale == 2:  # a cell drawn twice wide: its left half, but a rising diagonal leans right
        lines = [
            "".join("╱" if line[x : x + 2] == " ╱" else line[x] for x in range(0, len(line), 2)) for line in lines[::2]
        ]
    glyphs = {rows: ch for ch, rows in bigletters._GLYPHS.items() if ch != "0"}  # noqa: SLF001
    assert len(glyphs) == len(bigletters._GLYPHS) - 1, "only O and 0 share a glyph"  # noqa: SLF001
    width = len(lines[0])
    assert all(len(line) == width for line in lines)
    text = []
    for x in range(0, width, bigletters.ROWS + gap):
        rows = tuple(line[x : x + bigletters.ROWS] for line in lines)
        text.append(glyphs[rows])  # type: ignore[index]
    return "".join(text)


def same(text: str) -> str:
    """*text* as its big letters read: O and 0 are one glyph (the plain line tells them apart)."""
    return text.replace("0", "O")


# -- the big letters ---------------------------------------------------------------------


@pytest.mark.parametrize("gap", [1, 2])
@pytest.mark.parametrize("scale", [1, 2])
def test_big_letters_spell_what_they_were_given(gap: int, scale: int) -> None:
    for start in range(0, len(DRAWN), 8):
        text = DRAWN[start : start + 8]
        lines = bigletters.big_text(text, gap=gap)
        if scale == 2:
            lines = bigletters.double_size(lines)
        assert len(lines) == (bigletters.DOUBLE_ROWS if scale == 2 else bigletters.ROWS)
        assert {len(line) for line in lines} == {bigletters.big_width(len(text), scale=scale, gap=gap)}
        assert decode(lines, gap=gap, scale=scale) == same(text)


def test_the_scale_is_the_largest_that_fits() -> None:
    assert bigletters.fits(4, 200, 50) == 2
    assert bigletters.fits(4, bigletters.big_width(4, scale=2), bigletters.DOUBLE_ROWS) == 2
    assert bigletters.fits(4, bigletters.big_width(4, scale=2) - 1, 50) == 1
    assert bigletters.fits(4, 200, bigletters.DOUBLE_ROWS - 1) == 1
    assert bigletters.fits(4, bigletters.big_width(4) - 1, 50) == 0
    assert bigletters.fits(4, 200, bigletters.ROWS - 1) == 0


# -- Vowl's card -------------------------------------------------------------------------


async def _card_rows(size: tuple[int, int], *, opened_at: tuple[int, int] | None = None) -> tuple[str, list[str]]:
    """The face-up card's skeleton and the card's rows as drawn at *size* (the terminal
    resized to it once the card shows, from *opened_at*)."""
    app, _ = make_app(("Ann Lee", "Bob Roy"), Mode.SOLITAIRE)
    async with app.run_test(size=opened_at or size) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await take_keyboard(pilot)
        await wait_for(pilot, lambda: settled(app) and vowl(app).query_one(CardFace).has_class("-green"), "a card")
        if opened_at is not None:
            await pilot.resize_terminal(*size)
            await wait_for(pilot, lambda: settled(app) and app.size == size, "the new size")
            await pilot.pause()
        card = vowl(app).query_one(CardFace)
        region = card.content_region
        rows = screen_text(app).replace("\u00a0", " ").splitlines()  # as a reader hears it
        skeleton = card._put_key[0].skeleton  # type: ignore[attr-defined]  # the card it shows
        return skeleton, [row[region.x : region.right] for row in rows[region.y : region.bottom]]


@pytest.mark.parametrize("opened_at", [None, (120, 40)])
async def test_at_80x24_the_card_is_its_plain_line(opened_at: tuple[int, int] | None) -> None:
    skeleton, rows = await _card_rows((80, 24), opened_at=opened_at)
    assert any("   ".join(skeleton) in row for row in rows)
    assert not any(set(row) & set("┏┓┗┛┃━╻╹") for row in rows), rows


@pytest.mark.parametrize(("size", "opened_at"), [((120, 40), None), ((200, 50), None), ((120, 40), (80, 24))])
async def test_a_large_terminal_draws_the_card_in_big_letters_that_spell_it(
    size: tuple[int, int],
    opened_at: tuple[int, int] | None,
) -> None:
    skeleton, rows = await _card_rows(size, opened_at=opened_at)
    big = [row.rstrip() for row in rows if set(row) & set("┏┓┗┛┃━╻╹╺╸")]
    assert big, rows
    scale = 2 if len(big) == bigletters.DOUBLE_ROWS else 1
    assert len(big) == (bigletters.DOUBLE_ROWS if scale == 2 else bigletters.ROWS)
    assert scale == card_scale(skeleton, len(rows[0]), len(rows))
    left = min(len(row) - len(row.lstrip()) for row in big)
    width = bigletters.big_width(len(skeleton), scale=scale, gap=BIG_GAP)
    block = [row[left : left + width].ljust(width) for row in big]
    assert decode(block, gap=BIG_GAP, scale=scale) == same(skeleton)
    assert any("   ".join(skeleton) in row for row in rows), "the plain line stays for readers"


# -- the menu ----------------------------------------------------------------------------


async def _menu_regions(size: tuple[int, int], extra: int = 0) -> tuple[object, list[object], int]:
    app = BoardgamesApp(seed=1)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#menu-games", OptionList)
        for i in range(extra):  # as many lines as a table's saves may add
            menu.add_option(Option(f"Resume line {i}", id=f"extra-{i}"))
        await pilot.pause()
        await wait_for(pilot, lambda: settled(app))
        pieces = [app.screen.query_one(f"#{name}").region for name in ("menu-title", "menu-subtitle")]
        return menu.region, pieces, menu.max_scroll_y


@pytest.mark.parametrize("size", [(120, 40), (200, 50)])
async def test_the_menu_is_in_the_middle_of_a_large_terminal(size: tuple[int, int]) -> None:
    width, height = size
    region, pieces, _ = await _menu_regions(size)
    left, right = region.x, width - region.right  # type: ignore[attr-defined]
    assert abs(left - right) <= 1, (left, right)
    for piece in pieces:
        assert abs(piece.x - (width - piece.right)) <= 1  # type: ignore[attr-defined]
    top = pieces[0].y - 1  # type: ignore[attr-defined]  # under the title bar
    bottom = (height - 1) - region.bottom  # type: ignore[attr-defined]  # above the Footer
    assert abs(top - bottom) <= 1, (top, bottom)


@pytest.mark.parametrize("extra", [0, 12])
async def test_at_80x24_nothing_of_the_menu_is_cut(extra: int) -> None:
    region, pieces, scroll = await _menu_regions((80, 24), extra)
    assert pieces[0].y >= 1 and region.bottom <= 23  # type: ignore[attr-defined]  # between the bars
    assert region.x == 0 and region.width == 80  # type: ignore[attr-defined]
    if not extra:
        assert scroll == 0  # every game's line shown, none scrolled away


# -- title bars --------------------------------------------------------------------------


async def test_uwo_title_bar_names_the_game_first_and_leaving_still_asks_about_the_duel() -> None:
    app = app_for(make("c2=G:troop e6=P:troop"))
    async with app.run_test(size=(120, 40)) as pilot:
        await take_keyboard(pilot, "Gnorfs")
        top = screen_text(app).splitlines()[0]
        assert top.split("⭘", 1)[1].strip().startswith("UWO — Gnorfs against Pnorfs"), top
        assert "duel" not in top.lower().split("against")[0]
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the leave question")
        assert "Leave this duel?" in screen_text(app)


async def test_vowl_title_bar_names_the_game_first() -> None:
    app, _ = make_app(("Ann Lee", "Bob Roy"), Mode.SOLITAIRE)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await take_keyboard(pilot)
        top = screen_text(app).splitlines()[0]
        assert top.split("⭘", 1)[1].strip().startswith("Vowl"), top


def test_vntypl8s_title_bar_names_the_game_first() -> None:
    title = BoardgamesApp(seed=1).format_title(Vntypl8sScreen.TITLE, Vntypl8sScreen.SUB_TITLE).plain
    assert title == "VNTYPL8S"
    assert Vntypl8sScreen.NOUN == "game"


# -- VNTYPL8S's plate --------------------------------------------------------------------


@pytest.mark.parametrize(("size", "scale"), [((80, 24), 1), ((120, 40), 2)])
async def test_the_plate_to_guess_spells_its_plate_inside_its_board(size: tuple[int, int], scale: int) -> None:
    """Its letters as big as the terminal allows, inside the board, and the plain line under them."""
    app, _ = session_app(played_session(PLAYERS))
    async with app.run_test(size=size) as pilot:
        await take_keyboard(pilot, "Everyone")
        screen = game_screen(app)
        await wait_for(pilot, lambda: settled(app))
        board = screen.query_one("#guess-plate", PlateView)
        plate = screen.g.view(None).plate
        region = board.content_region
        rows = screen_text(app).replace("\u00a0", " ").splitlines()
        inside = [row[region.x : region.right] for row in rows[region.y : region.bottom]]
    big = [row for row in inside if set(row) & set("┏┓┗┛┃━╻╹╺╸")]
    assert len(big) == (bigletters.DOUBLE_ROWS if scale == 2 else bigletters.ROWS), inside
    width = bigletters.big_width(len(plate), scale=scale)
    left = min(len(row) - len(row.lstrip()) for row in big)
    assert left + width <= region.width  # inside the board
    assert decode([row[left : left + width].ljust(width) for row in big], scale=scale) == same(plate)
    assert any(" ".join(plate) in row for row in inside), "the plain line stays for readers"
