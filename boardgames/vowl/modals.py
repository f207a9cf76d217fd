"""Vowl's modal screens: the selection-mode discard and the after-turn review.

Names and answers are data (``common.text``): ``Text``/``Content`` through ``plain``,
or ``shown`` inside markup; a Rich table cell is always ``Text`` (a ``str`` cell is markup).
"""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import SelectionList, Static

from boardgames.common.skeleton import SkeletonMatcher
from boardgames.common.text import plain, shown
from boardgames.common.ui.base import GateHint, OnceModalScreen
from boardgames.common.ui.colours import ansi
from boardgames.common.ui.footer import Footer
from boardgames.vowl.cards import Card, by_frequency
from boardgames.vowl.events import CardStatus, TurnSummary, race_lines
from boardgames.vowl.narrate import TIER_LETTER, TIER_STYLE

MAX_ALSO = 10  # "you could also have said ..." lists at most this many words, until "all answers"
#: The review's "all answers" key: ``+`` for "more" (``a`` is UWO's move-left, docs/keys.md).
ALL_ANSWERS_KEY = "plus"


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
            yield SelectionList[int](
                *((Text(c.skeleton, style=ansi(f"bold {TIER_STYLE[c.tier]}")), i) for i, c in enumerate(self.hand)),
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
        self.query_one("#discard-status", Static).update(
            Content(f"{len(chosen)} of {self.count} ticked{which}.")
        )

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


def review_table(summary: TurnSummary, matcher: SkeletonMatcher, *, show_all: bool = False) -> Table:
    """Every card of the turn with its accepted answers ("you could also have said …").

    Answers come most common first (``cards.by_frequency``): cut to
    ``MAX_ALSO`` alphabetically, "mono" hid behind "mene" and "mun".  *show_all*
    lifts the cut (the review's ``+`` key).
    """
    limit = None if show_all else MAX_ALSO
    table = Table(expand=True, show_lines=False, header_style="bold",
                  caption="G green · Y yellow · R red", caption_style="dim", caption_justify="left")
    table.add_column("card", no_wrap=True)
    # Long names and statuses wrap within a bound; the answers get the rest of the width.
    table.add_column("whose", max_width=22)
    table.add_column("what happened", max_width=26)
    table.add_column("answers", ratio=1)
    for tc in summary.cards:
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
        if tc.sudden_death:
            whose = "sudden death"
        elif summary.partner and tc.owner == summary.player:
            whose = f"{plain(summary.player)} & {plain(summary.partner)}"  # the shared pile (V23)
        else:
            whose = plain(tc.owner or "")
        table.add_row(  # every cell is Text: a str cell would be read as markup
            Text.assemble((card.skeleton, f"bold {TIER_STYLE[card.tier]}"), (f" {TIER_LETTER[card.tier]}", "dim")),
            Text(whose),
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

    def __init__(self, summary: TurnSummary, matcher: SkeletonMatcher) -> None:
        super().__init__()
        self.summary = summary
        self.matcher = matcher
        self.show_all = False

    def compose(self) -> ComposeResult:
        s = self.summary
        if s.succeeded:
            headline = f"Turn {s.turn} ({s.mode.value}): success for {' and '.join(map(plain, s.succeeded_names))}!"
        else:
            who = " and ".join(map(plain, (s.player, s.partner) if s.partner else (s.player,)))
            headline = f"Turn {s.turn} ({s.mode.value}): no success for {who} this time."
        if s.race is not None:
            # Interpretation V18: the race is over, so both racers' counts and times are told.
            results = f" ({race_lines(s.race.results, _PLAIN_TEXT)})" if s.race.results else ""
            headline += f"  Race: {plain(s.race.winner_name or 'nobody')} — {s.race.how.value}{results}."
        # Every card's answers come from the dictionary's index: at once when it is built,
        # else (the first review, the index still building) from a worker thread, so the
        # key that ended the turn never waits for the dictionary.
        table = review_table(s, self.matcher) if self.matcher.ready() else Text(self.WORKING, style="dim")
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
        table = review_table(self.summary, self.matcher, show_all=self.show_all)
        self.app.call_from_thread(self._show_table, table)

    def _show_table(self, table: Table) -> None:
        # Only while this review is still on the stack: the worker may finish as the app
        # shuts down, with the stack already emptied (seen once as "No screens on stack").
        if self.is_mounted and self in self.app.screen_stack:
            self.query_one("#review-table", Static).update(table)
            self.call_after_refresh(self._fit)

    def on_resize(self) -> None:
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
        self.query_one("#review-table", Static).update(review_table(self.summary, self.matcher, show_all=self.show_all))

    def action_close(self) -> None:
        self.dismiss(None)
