"""What everyone at the VNTYPL8S table looks at: the plate being guessed, its reveal, a
round's scores and the final table.  Each panel draws from the table's ``GameView``
(``render``); the screen decides which one shows and what the keys do."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import SelectionList, Static

from boardgames.common.text import plain
from boardgames.common.ui.colours import ansi
from boardgames.vntypl8s import render
from boardgames.vntypl8s.engine import GameView, PlateRecord
from boardgames.vntypl8s.widgets import (
    BuzzerBar,
    OwnerGrid,
    PlateView,
    plate_detail,
    plate_option,
    score_table,
    tiebreak_text,
)


class GuessingTable(Vertical):
    """The plate up for guessing, the buzzers beside it (so a guess dialog below leaves
    both in sight), a message line and the 0WN3R grid."""

    def compose(self) -> ComposeResult:
        yield Static(id="plate-title")
        with Horizontal(id="plate-row"):
            yield PlateView(id="guess-plate")
            yield BuzzerBar(id="buzzers")
        yield Static(id="guess-message")
        yield OwnerGrid(id="grid")

    def show(self, view: GameView, message: str | None) -> None:
        """A new plate; *message* replaces the hint (a resumed lock-out)."""
        assert view.plate is not None
        self.query_one("#plate-title", Static).update(render.plate_title(view))
        self.query_one("#guess-plate", PlateView).plate = view.plate
        self.query_one("#guess-message", Static).update(render.plate_message(view, message))
        self.refresh_table(view)

    def refresh_table(self, view: GameView) -> None:
        """Who may buzz, who holds the buzz, what is left of the grid."""
        names = render.names(view)
        self.query_one("#buzzers", BuzzerBar).show(view.players, view.active, view.locked_out, view.buzzer)
        self.query_one("#grid", OwnerGrid).show(view.grid_layout, view.grid, view.history, names, view.round)

    def tell(self, message: str, style: str) -> None:
        """*message* (a lock-out, a refusal: words with names in them) on the message line."""
        self.query_one("#guess-message", Static).update(Text(plain(message, None), style=ansi(style)))


class RevealPanel(Vertical):
    """How the last plate ended, each event in its own words."""

    def compose(self) -> ComposeResult:
        yield PlateView(id="reveal-plate")
        yield Static(id="reveal-text")

    def show(self, view: GameView, events: Sequence[object]) -> None:
        self.query_one("#reveal-plate", PlateView).plate = view.history[-1].plate
        self.query_one("#reveal-text", Static).update(render.reveal(events))


class RoundTable(VerticalScroll):
    """A round's scores, then its plates; it scrolls when eight players' plates do not fit."""

    def compose(self) -> ComposeResult:
        yield Static(id="round-table")
        yield Static(id="round-plates")

    def show(self, view: GameView, round_: int) -> None:
        scores, plates = render.round_table(view, round_)
        self.query_one("#round-table", Static).update(scores)
        self.query_one("#round-plates", Static).update(plates)
        self.scroll_home(animate=False)


class FinalTable(Vertical):
    """The final scores, then every plate of the game in one list that takes the rest of
    the screen and scrolls with its highlight (favourites are marked there)."""

    def __init__(self, *, id: str) -> None:
        super().__init__(id=id)
        self._history: tuple[PlateRecord, ...] = ()
        self._names: tuple[str, ...] = ()

    def compose(self) -> ComposeResult:
        yield Static(id="final-winner")
        yield Static(id="final-table")
        yield Static("Every plate: mark favourites with ↑↓ and Space, then press f to save them.", id="final-help")
        yield SelectionList[int](id="favourites")
        yield Static(id="favourite-detail")

    def show(self, view: GameView) -> None:
        outcome = view.outcome
        assert outcome is not None
        self._history, self._names = view.history, render.names(view)
        self.query_one("#final-winner", Static).update(tiebreak_text(outcome, self._names))
        self.query_one("#final-table", Static).update(score_table(outcome.standings, "Final scores", outcome.winners))
        marks = self.query_one("#favourites", SelectionList)
        marks.clear_options()
        marks.add_options([(plate_option(r, self._names), i) for i, r in enumerate(self._history)])
        if self._history:
            marks.highlighted = 0
            self._show_detail(0)

    @property
    def marked(self) -> list[PlateRecord]:
        """The plates marked as favourites, in the order they were played."""
        return [self._history[i] for i in sorted(self.query_one("#favourites", SelectionList).selected)]

    @on(SelectionList.SelectionToggled, "#favourites")
    def _toggled(self, event: SelectionList.SelectionToggled) -> None:
        """A plate marked or unmarked: its line says so in a sign (★), not in colour alone."""
        marks = self.query_one("#favourites", SelectionList)
        index = event.selection_index
        if 0 <= index < len(self._history):
            marked = index in marks.selected
            marks.replace_option_prompt_at_index(index, plate_option(self._history[index], self._names, marked=marked))

    @on(SelectionList.SelectionHighlighted, "#favourites")
    def _highlighted(self, event: SelectionList.SelectionHighlighted) -> None:
        self._show_detail(event.selection_index)

    def _show_detail(self, index: int | None) -> None:
        detail = self.query_one("#favourite-detail", Static)
        if index is None or not 0 <= index < len(self._history):
            detail.update("")
            return
        detail.update(plate_detail(self._history[index], self._names))
