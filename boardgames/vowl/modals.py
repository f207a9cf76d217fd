"""Vowl's modal screens: the selection-mode discard and the after-turn review.

Names and answers are data (``common.text``): ``Text``/``Content`` through ``plain``,
or ``shown`` inside markup; a Rich table cell is always ``Text`` (a ``str`` cell is markup).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Self

from rich.table import Table
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import SelectionList, Static
from textual.widgets.selection_list import Selection

from boardgames.common.skeleton import SkeletonMatcher
from boardgames.common.text import plain, shown
from boardgames.common.ui.base import GateHint, OnceModalScreen
from boardgames.common.ui.colours import ansi
from boardgames.common.ui.footer import Footer
from boardgames.vowl.cards import Card, by_frequency
from boardgames.vowl.events import CardStatus, TurnCard, TurnSummary, name_of, race_lines
from boardgames.vowl.narrate import TIER_LETTER, TIER_STYLE

MAX_ALSO = 10  # "you could also have said ..." lists at most this many words, until "all answers"
#: The review's "all answers" key: ``+`` for "more" (``a`` is UWO's move-left, docs/keys.md).
ALL_ANSWERS_KEY = "plus"


class TickAtMost(SelectionList[int]):
    """A ``SelectionList`` that takes no more than ``limit`` ticks: one more is refused
    (``refused`` is then set), so the list never says "4 of 3 ticked"."""

    def __init__(self, *selections: tuple[Text, int], limit: int, id: str | None = None) -> None:
        super().__init__(*selections, id=id)
        self.limit = limit
        #: The last tick asked for was refused: every card to discard is already ticked.
        self.refused = False

    def toggle(self, selection: Selection[int] | int) -> Self:
        """Space, Enter or a click on a card: an untick always, a tick while there is room."""
        value = selection.value if isinstance(selection, Selection) else selection
        self.refused = value not in self.selected and len(self.selected) >= self.limit
        if self.refused:
            self.post_message(self.SelectedChanged(self))  # the status line says why
            return self
        return super().toggle(selection)


class DiscardScreen(OnceModalScreen[frozenset[Card]]):
    """Selection mode, for the selector's eyes only: tick exactly three cards to discard."""

    BINDINGS = [Binding("enter", "confirm", "Discard these 3", priority=True)]
    #: Here, not in vowl.tcss: the table's first frame does not parse it.  The
    #: ``:ansi`` rule keeps the opaque background over ``ModalScreen:ansi``'s transparent
    #: one, as the same rule in vowl.tcss (user CSS, above any default) did.
    DEFAULT_CSS = """
    DiscardScreen {
        align: center middle;
        background: $background;
        &:ansi { background: $background; }
        #discard-box { width: 64; max-width: 100%; height: auto; max-height: 100%; border: thick $text-success; background: $panel; padding: 0 1; }
        #discard-list { height: auto; max-height: 12; margin: 1 0; }
    }
    """

    def __init__(self, selector: str, player: str, hand: tuple[Card, ...], count: int) -> None:
        super().__init__()
        self.selector, self.player, self.hand, self.count = selector, player, hand, count

    def compose(self) -> ComposeResult:
        with Vertical(id="discard-box"):
            yield Static(
                f"{shown(self.selector)}: choose {self.count} cards to discard. The rest are shuffled "
                f"into {shown(self.player)}'s pile. Space ticks a card, Enter confirms.",
                id="discard-help",
            )
            yield TickAtMost(
                *((Text(c.skeleton, style=ansi(f"bold {TIER_STYLE[c.tier]}")), i) for i, c in enumerate(self.hand)),
                limit=self.count,
                id="discard-list",
            )
            yield Static("", id="discard-status")
        yield Footer()

    AUTO_FOCUS = "#discard-list"

    def on_mount(self) -> None:
        self._update_status()

    def on_selection_list_selected_changed(self) -> None:
        self._update_status()

    def _chosen(self) -> list[int]:
        return list(self.query_one(SelectionList).selected)

    def _update_status(self) -> None:
        """How many are ticked, and which: a tick is never told by its colour alone."""
        chosen = self._chosen()
        which = f": {', '.join(self.hand[i].skeleton for i in sorted(chosen))}" if chosen else ""
        full = " To discard another card, untick one first." if self.query_one(TickAtMost).refused else ""
        self.query_one("#discard-status", Static).update(Content(f"{len(chosen)} of {self.count} ticked{which}.{full}"))

    def action_confirm(self) -> None:
        chosen = self._chosen()
        if len(chosen) != self.count:
            self.notify(f"Tick exactly {self.count} cards (you have {len(chosen)}).", severity="warning", markup=False)
            return
        self.dismiss(frozenset(self.hand[i] for i in chosen))


STATUS_STYLE = {
    CardStatus.SOLVED: "green",
    CardStatus.PASSED: "yellow",
    CardStatus.SHOWN: "yellow",
    CardStatus.UNSEEN: "dim",
    CardStatus.DISCARDED: "dim",
}


#: Below this width (in cells) the review's table is narrow: its "whose" and "what
#: happened" columns wrap within ``NARROW_COLUMN`` cells, so the answers keep most of
#: the width (at 80 columns a long name's column left them a word a line).
NARROW_TABLE = 100
NARROW_COLUMN = 14


def _whose(summary: TurnSummary, tc: TurnCard, names: Sequence[str]) -> str:
    """Whose pile a card was in, as the review says it (*names*: the players' by seat)."""
    if tc.sudden_death:
        return "sudden death"
    if summary.partner is not None and tc.owner == summary.player:
        return f"{plain(name_of(summary.player, names))} & {plain(name_of(summary.partner, names))}"  # V23
    return "" if tc.owner is None else plain(name_of(tc.owner, names))


def review_table(
    summary: TurnSummary,
    matcher: SkeletonMatcher,
    *,
    show_all: bool = False,
    width: int | None = None,
    names: Sequence[str] = (),
) -> Table:
    """Every card of the turn with its accepted answers ("you could also have said …");
    whose pile each was, by the seat's name in *names* (a view's ``names``).

    Answers come most common first (``cards.by_frequency``): cut to
    ``MAX_ALSO`` alphabetically, "mono" hid behind "mene" and "mun".  *show_all*
    lifts the cut (the review's ``+`` key).  *width*: what the table has, in cells
    (``None``: room enough).  "whose" is a column only when the turn had more than one
    pile (a race, the selector's discards, sudden death): else the headline names them.
    """
    limit = None if show_all else MAX_ALSO
    whose = [_whose(summary, tc, names) for tc in summary.cards]
    narrow = width is not None and width < NARROW_TABLE
    table = Table(
        expand=True,
        show_lines=False,
        header_style="bold",
        caption="G green · Y yellow · R red",
        caption_style="dim",
        caption_justify="left",
    )
    table.add_column("card", no_wrap=True)
    # Long names and statuses wrap within a bound; the answers get the rest of the width.
    several = len(set(whose)) > 1
    if several:
        table.add_column("whose", max_width=NARROW_COLUMN if narrow else 22, overflow="fold")
    table.add_column("what happened", max_width=NARROW_COLUMN if narrow else 26)
    table.add_column("answers", ratio=1)
    for tc, owner in zip(summary.cards, whose, strict=True):
        card = tc.card
        words = by_frequency(matcher.solutions(card.skeleton))
        if tc.answer:
            others = [w for w in words if w != tc.answer.lower()]
            said = Text(plain(tc.answer), style="bold green")
            if others:
                said.append("; you could also have said " + ", ".join(others[:limit]), style="default")
                _more(said, len(others), limit)
        else:
            said = Text(", ".join(words[:limit]) or "(no answer in the dictionary)")
            _more(said, len(words), limit)
        table.add_row(  # every cell is Text: a str cell would be read as markup
            Text.assemble((card.skeleton, f"bold {TIER_STYLE[card.tier]}"), (f" {TIER_LETTER[card.tier]}", "dim")),
            *([Text(owner)] if several else []),
            Text(tc.status.value, style=STATUS_STYLE[tc.status]),
            said,
        )
    return table


def _more(text: Text, count: int, limit: int | None) -> None:
    """Say how many answers the cut left out, and which key shows them."""
    if limit is not None and count > limit:
        text.append(f" (+{count - limit} more: + shows all)", style="dim")


class _PlainText:
    """``events.Mark`` for a ``Content`` line: names made visible-safe (``plain``), no emphasis."""

    def text(self, value: str) -> str:
        return plain(value)

    def strong(self, text: str) -> str:
        return text

    def tier(self, text: str, tier: object) -> str:
        return text


_PLAIN_TEXT = _PlainText()


#: The review box's widest, in cells (``#review-box``'s ``max-width``).
REVIEW_WIDTH = 140


class ReviewScreen(OnceModalScreen[None]):
    """After a turn: what happened to every card, and every word that would have done.

    A long review does not fit a small terminal: its table scrolls (the arrow keys,
    Page Up/Down, Home/End: the scroll has the focus), the headline and the hint stay.
    """

    HINT = "Enter to continue · ↑↓ PgUp PgDn scroll · + all answers."
    #: Shown for the moment the answers are still being worked out.
    WORKING = "Finding every answer…"
    AUTO_FOCUS = "#review-scroll"

    BINDINGS = [
        Binding("enter,escape", "close", "Continue", priority=True),
        Binding(ALL_ANSWERS_KEY, "all_answers", "All answers", key_display="+"),
    ]
    #: Here, not in vowl.tcss: the table's first frame does not parse it.
    DEFAULT_CSS = """
    ReviewScreen {
        align: center middle;
        /* Opaque: a see-through modal paints the whole table beneath it again, tinted,
           a third of the time from the turn's last answer to the review. */
        background: $background;
        /* Fills the terminal when the review is long; its table scrolls (the headline and the hint stay). */
        #review-box { width: 100%; max-width: 140; height: auto; max-height: 100%; border: thick $text-accent; background: $panel; padding: 0 1; }
        #review-headline { dock: top; text-style: bold; margin-bottom: 1; }
        #review-hint { dock: bottom; color: $text-muted; }
        #review-scroll { height: auto; }  /* its max-height: ReviewScreen._fit */
    }
    """

    def __init__(self, summary: TurnSummary, matcher: SkeletonMatcher, names: Sequence[str] = ()) -> None:
        super().__init__()
        self.summary = summary
        self.matcher = matcher
        self.names = tuple(names)  # the players' names by seat (the summary holds seats)
        self.show_all = False
        #: whether the table drawn was narrow (``None``: none drawn yet)
        self._drawn_narrow: bool | None = None

    def compose(self) -> ComposeResult:
        s = self.summary

        def name(seat: int) -> str:
            return plain(name_of(seat, self.names))

        if s.succeeded:
            headline = f"Turn {s.turn} ({s.mode.value}): success for {' and '.join(map(name, s.succeeded))}!"
        else:
            who = " and ".join(map(name, (s.player, s.partner) if s.partner is not None else (s.player,)))
            headline = f"Turn {s.turn} ({s.mode.value}): no success for {who} this time."
        if s.race is not None:
            # Interpretation V18: the race is over, so both racers' counts and times are told.
            results = f" ({race_lines(s.race.results, _PLAIN_TEXT, self.names)})" if s.race.results else ""
            winner = "nobody" if s.race.winner is None else name(s.race.winner)
            headline += f"  Race: {winner} — {s.race.how.value}{results}."
        # Every card's answers come from the dictionary's index: at once when it is built,
        # else (the first review, the index still building) from a worker thread, so the
        # key that ended the turn never waits for the dictionary.
        table = self._table() if self.matcher.ready() else Text(self.WORKING, style="dim")
        with Vertical(id="review-box"):
            yield Static(Content(headline), id="review-headline")  # names in it: plain text
            with VerticalScroll(id="review-scroll"):
                yield Static(table, id="review-table")
            yield GateHint(self.HINT, id="review-hint")
        yield Footer()

    def on_mount(self) -> None:
        self.call_after_refresh(self._fit)
        if not self.matcher.ready():
            self._work_out_answers()

    @work(thread=True, exclusive=True, group="vowl-review")
    def _work_out_answers(self) -> None:
        """The review's table, built off the UI thread (the dictionary's index first)."""
        table = self._table()
        self.app.call_from_thread(self._show_table, table)

    def _show_table(self, table: Table) -> None:
        # Only while this review is still on the stack: the worker may finish as the app
        # shuts down, with the stack already emptied (seen once as "No screens on stack").
        if self.is_mounted and self in self.app.screen_stack:
            self.query_one("#review-table", Static).update(table)
            self.call_after_refresh(self._fit)

    def _table(self) -> Table:
        """The table for the terminal's width now (``review_table``'s *width*: the box's inside)."""
        width = min(self.app.size.width, REVIEW_WIDTH) - 4  # the box's frame and padding
        self._drawn_narrow = width < NARROW_TABLE
        return review_table(self.summary, self.matcher, show_all=self.show_all, width=width, names=self.names)

    def on_resize(self) -> None:
        if (
            self.matcher.ready()
            and self._drawn_narrow is not None
            and self._drawn_narrow != (min(self.app.size.width, REVIEW_WIDTH) - 4 < NARROW_TABLE)
        ):
            self.query_one("#review-table", Static).update(self._table())  # narrow, or no longer
        self.call_after_refresh(self._fit)

    def _fit(self) -> None:
        """Let the table scroll within what the terminal has left after the headline,
        the hint, the frame and the footer (CSS cannot say "the rest" in an auto-height box)."""
        head = self.query_one("#review-headline")
        overhead = head.outer_size.height + 1 + 2 + 1  # headline, hint, frame, footer
        self.query_one("#review-scroll").styles.max_height = max(3, self.size.height - overhead)

    def action_all_answers(self) -> None:
        """Every answer of every card, or back to the ten most common (a toggle)."""
        self.show_all = not self.show_all
        if not self.matcher.ready():
            self._work_out_answers()  # still building the index: the worker draws the table
            return
        self.query_one("#review-table", Static).update(self._table())

    def action_close(self) -> None:
        self.dismiss(None)
