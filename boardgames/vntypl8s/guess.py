"""VNTYPL8S's guess dialog: the player holding the buzz picks a card of the grid (P29, P30)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import cast

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.geometry import Region
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from boardgames.common.game import refusal_text
from boardgames.common.text import plain, sentence
from boardgames.common.ui.base import OnceModalScreen, clock_of
from boardgames.common.ui.choice import Choice, ChoiceScreen
from boardgames.common.ui.footer import Footer
from boardgames.common.ui.sandtimer import SandTimer
from boardgames.common.ui.text_input import TextInput
from boardgames.vntypl8s.engine import MAX_PLAYERS, Buzz, Lapse, NobodyKnows
from boardgames.vntypl8s.limits import BUZZ_SECONDS
from boardgames.vntypl8s.widgets import GAME


def no_such_buzzer(seat: int, players: int) -> str:
    """A digit that is no player's buzzer (``9``, or ``6`` with five players), in words (P36)."""
    return f"Nobody has buzzer {seat + 1}: the buzzers are 1 to {players} (0: nobody knows)."


class NobodyKnowsQuestion(ChoiceScreen["bool | Buzz"]):
    """The writer's "Nobody knows?" (y/n); a buzz meanwhile answers it (P36).

    The writer asks because they think nobody knows; a player who presses their buzzer
    says they do, and the race is not over until the 0WN3R is revealed.  A buzz the
    engine would take closes the question with that ``Buzz``, once the question has been up
    a moment like any answer (a buzz pressed for the table as it opened never answers it
    unseen); one it refuses, and a digit that is nobody's buzzer, are said on the question."""

    def __init__(
        self, question: str, choices: Sequence[Choice[bool]], *, players: int, why_not: Callable[[object], str | None]
    ) -> None:
        super().__init__(question, cast("list[Choice[bool | Buzz]]", list(choices)), cancel=True)
        self.players = players
        self.why_not = why_not

    def on_key(self, event: events.Key) -> None:
        character = event.character or ""
        if not character.isdigit() or character == "0":
            super().on_key(event)
            return
        event.stop()
        event.prevent_default()
        seat = int(character) - 1
        if seat >= self.players:
            self._say(no_such_buzzer(seat, self.players))
            return
        reason = self.why_not(Buzz(seat))
        if reason is not None:
            self._say(refusal_text(reason))
            return
        self.dismiss(Buzz(seat))

    def _say(self, words: str) -> None:
        self.notify(words, title="Not allowed", severity="warning", markup=False)
        self.app.bell()


class GuessFilter(TextInput):
    """The guess dialog's filter: it never takes a digit, which is a buzzer (P30).

    Textual leaves a focused ``Input`` every printable key, hiding the screen's bindings
    for them; no title of the deck holds a digit, so the dialog's buzzer bindings keep
    theirs and a late buzz can be answered rather than typed into the filter.
    """

    def check_consume_key(self, key: str, character: str | None) -> bool:
        return super().check_consume_key(key, character) and not (character or "").isdigit()


class GuessScreen(OnceModalScreen["str | Lapse | None"]):
    """The player holding the buzz picks a card: by its key, or by typing part of its title.

    The list narrows as they type; a key typed alone (``c``) puts that card first and
    highlights it.  Nothing is highlighted before the guesser types or moves (P30), so
    an Enter pressed right after the buzz guesses nothing.  Enter guesses the highlighted
    card; Escape lets the buzz go and, like the sand timer running out, uses up the
    guesser's chance on this plate (P29).  Answers are an owner's title or a ``Lapse``.

    The other players' buzzer keys never type into the filter: a digit is a buzz, and
    a buzz while this player holds it is refused in the dialog, naming the holder (P30).
    """

    GAME = GAME
    BINDINGS = [
        Binding("escape", "cancel", "Back out (uses your guess)"),
        Binding("down", "move(1)", "Next", show=False),
        Binding("up", "move(-1)", "Previous", show=False),
        # Digits are buzzers (docs/keys.md), here as on the table below: never typed.
        *[Binding(str(i + 1), f"buzz({i})", f"Buzz {i + 1}", show=False, priority=True) for i in range(MAX_PLAYERS)],
        Binding("0", "nobody", "Nobody knows", show=False, priority=True),
        Binding("9", "nothing", show=False, priority=True),
    ]

    #: The fewest rows the dialog takes, whatever it must leave in sight above it.
    MIN_ROWS = 9
    HELP = "Enter: guess   ↑↓: move   Esc: back out (uses your guess)"
    CHOOSE_FIRST = "Choose a card first: type its key or part of its title (↑↓ move)."

    def __init__(
        self,
        player: str,
        cards: Sequence[tuple[str, str]],
        *,
        holder: int = 0,
        names: Sequence[str] = (),
        why_not: Callable[[object], str | None] = lambda action: None,
        seconds: float = BUZZ_SECONDS,
        below: int = 0,
        beside: Region | None = None,
        grid: Region | None = None,
    ) -> None:
        """*player* (seat *holder*) holds the buzz; *names* are every seat's, for the
        buzzers pressed meanwhile, which *why_not* (the engine's ``why_illegal``) refuses
        in words.  *below*: the first screen row the dialog may use - the plate being
        guessed stays in sight while the guesser chooses.  *beside*: where the buzzers
        stand beside the plate, and *grid* where the 0WN3R grid is: when the room below
        the plate cannot list every card, the dialog takes the buzzers' place instead,
        and the grid stays in sight to choose from (``_place``)."""
        super().__init__()
        self.player = player
        self.cards = list(cards)
        self.holder = holder
        self.names = tuple(names)
        self.why_not = why_not
        self.seconds = seconds
        self.below = below
        self.beside = beside
        self.grid = grid
        #: the last buzz refused while this dialog is up (shown even before it mounts)
        self.note: str = ""
        #: the seats whose buzz came too late, in the order they pressed (each named once)
        self.late: list[int] = []
        self._paused_by_cover = False

    def compose(self) -> ComposeResult:
        with Vertical(id="guess-box"):
            with Horizontal(id="guess-head"):
                yield Static(Content(sentence(f"{plain(self.player)}, which 0WN3R is it?")), id="guess-title")
                yield SandTimer(self.seconds, clock_of(self.app), id="guess-timer")
            note = Static(Text(plain(self.note, None), style="bold"), id="guess-note")
            note.display = bool(self.note)  # a buzz refused before the dialog was drawn
            yield note
            yield GuessFilter(placeholder="a card's key, or part of its title", id="guess-filter", compact=True)
            yield OptionList(id="guess-options")
            yield Static(self.HELP, id="guess-help")
        yield Footer()

    def on_mount(self) -> None:
        self._place(self.app.size.height)
        self._refilter("")
        self.query_one("#guess-filter", Input).focus()
        self.query_one("#guess-timer", SandTimer).start()

    def on_resize(self, event: events.Resize) -> None:
        self._place(event.size.height)

    #: The dialog's rows besides its list: frame, question, filter and its gap, help.
    CHROME_ROWS = 7
    #: The fewest rows the dialog takes in the buzzers' place (one card of the list).
    BESIDE_ROWS = 8

    def _place(self, height: int) -> None:
        """Below the plate, down to the Footer, when that room lists every card of the grid
        (or there is no grid to keep in sight).  Otherwise the grid stays in sight: the
        dialog goes below it when the room there holds the dialog, else in the buzzers'
        place beside the plate (the buzzers are not needed while the buzz is held: the
        dialog names its holder and answers late buzzes)."""
        box = self.query_one("#guess-box")
        room = height - 1 - self.below
        beside, grid = self.beside, self.grid
        if beside is None or grid is None or room >= self.CHROME_ROWS + len(self.cards) or beside.width < 30:
            top = max(0, min(self.below, height - 1 - self.MIN_ROWS))
            box.styles.margin = (top, 0, 0, 0)
            return
        if height - 1 - grid.bottom >= self.BESIDE_ROWS:
            box.styles.margin = (grid.bottom, 0, 0, 0)
            return
        self.styles.align_horizontal = "left"
        rows = max(self.BESIDE_ROWS, grid.y - beside.y)
        top = max(0, min(beside.y, height - 1 - rows))
        box.styles.margin = (top, 0, 0, beside.x)
        box.styles.width = beside.width
        box.styles.height = rows

    # -- the countdown (P29): it waits while something covers the dialog, as the writer's does (P28)

    def on_screen_suspend(self) -> None:
        timer = self.query_one("#guess-timer", SandTimer)
        if timer.running:
            timer.pause()
            self._paused_by_cover = True

    def on_screen_resume(self) -> None:
        if self._paused_by_cover:
            self._paused_by_cover = False
            self.query_one("#guess-timer", SandTimer).resume()

    def on_sand_timer_expired(self, event: SandTimer.Expired) -> None:
        event.stop()
        self.dismiss(Lapse.TIME_UP)

    # -- keys ------------------------------------------------------------------------

    def guards_key(self, event: events.Key) -> bool:
        """Typing part of a title goes straight in (it chooses nothing by itself); the keys
        that answer (Enter, Esc), move the highlight or repeat this player's own buzzer wait
        for a moment of quiet.  Another player's buzzer never waits: it is answered at once."""
        character = event.character or ""
        if character.isdigit():
            return character == str(self.holder + 1)
        return not (event.is_printable and character)

    def action_buzz(self, seat: int) -> None:
        """Another player buzzed while this one holds the buzz: refused, and said so here.
        Several late buzzers are all named (P36), each once, in the order they pressed."""
        if seat == self.holder:
            return
        if seat >= len(self.names):
            self.tell(no_such_buzzer(seat, len(self.names)))
            return
        reason = self.why_not(Buzz(seat))
        if reason is None:
            return
        if seat not in self.late:
            self.late.append(seat)
        if len(self.late) == 1:
            self._refused(reason)
            return
        late = [f"{plain(self.names[s])}'s" for s in self.late]
        keys = ", ".join(late[:-1]) + " and " + late[-1]
        holder = plain(self.player)
        self.tell(sentence(f"{holder} holds the buzz, so {keys} keys are ignored; wait for {holder}'s guess."))

    def action_nobody(self) -> None:
        self._refused(self.why_not(NobodyKnows()))

    def action_nothing(self) -> None:
        """``9``: no player's buzzer (there are at most eight); it types nothing, and says so."""
        self.tell(no_such_buzzer(8, len(self.names)))

    def _refused(self, reason: str | None) -> None:
        if reason is not None:
            self.tell(refusal_text(reason))

    def tell(self, sentence_: str) -> None:
        """Say *sentence_* (a refused buzz, in the engine's words) where the table is looking."""
        self.note = sentence_
        self._show_note()
        self.app.bell()

    def _show_note(self) -> None:
        notes = self.query("#guess-note").results(Static)
        for note in notes:  # none yet before the dialog is composed: ``compose`` shows it then
            note.display = bool(self.note)
            # The reason names players: plain text, never markup.
            note.update(Text(plain(self.note, None), style="bold"))

    # -- choosing ------------------------------------------------------------------------

    def matches(self, text: str) -> list[tuple[str, str]]:
        """Cards for *text*: the card with that key first, then titles containing it."""
        t = text.strip().lower()
        if not t:
            return list(self.cards)
        by_key = [c for c in self.cards if c[0] == t]
        by_title = [c for c in self.cards if t in c[1].lower() and c not in by_key]
        return by_key + by_title

    def _refilter(self, text: str) -> None:
        options = self.query_one("#guess-options", OptionList)
        options.clear_options()
        found = self.matches(text)
        options.add_options(
            [Option(Text.assemble((key, "bold reverse"), "  ", plain(title)), id=title) for key, title in found]
        )
        # P30: what was typed chooses its best match; nothing typed chooses nothing.
        options.highlighted = 0 if found and text.strip() else None
        help_line = self.query_one("#guess-help", Static)
        if found:
            help_line.update(self.HELP)
        else:
            # What was typed is data ("[/" included): plain text, never markup.
            help_line.update(Content(f"No card of the grid matches {plain(text.strip())!r}. Backspace and try again."))

    @on(Input.Changed, "#guess-filter")
    def _filter_changed(self, event: Input.Changed) -> None:
        self._refilter(event.value)

    @on(Input.Submitted, "#guess-filter")
    def _filter_submitted(self) -> None:
        options = self.query_one("#guess-options", OptionList)
        if options.highlighted is None or options.option_count == 0:
            self.query_one("#guess-help", Static).update(self.CHOOSE_FIRST)
            self.app.bell()
            return
        self.dismiss(options.get_option_at_index(options.highlighted).id)

    @on(OptionList.OptionSelected, "#guess-options")
    def _picked(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_move(self, step: int) -> None:
        options = self.query_one("#guess-options", OptionList)
        if not options.option_count:
            return
        if options.highlighted is None:
            options.highlighted = 0 if step > 0 else options.option_count - 1
        else:
            options.highlighted = (options.highlighted + step) % options.option_count

    def action_cancel(self) -> None:
        self.dismiss(Lapse.BACKED_OUT)
