"""What every screen of the suite has in common, and the one gate every key passes.

``GameScreen``: what every game screen has in common.

- ``GAME``: the game key, so the app's F1 opens the right rules;
- ``MIN_SIZE``: below it, the layout is hidden behind a plain "enlarge the
  terminal to W×H" message instead of drawing a broken board; when the terminal
  grows again the screen is simply shown again - nothing is rebuilt, so no state
  is lost by resizing.  While the message shows, keys do nothing (quitting works);
- ``clear_for_handover()``: what a handover wipes before the keyboard changes hands.

The key gate: the app asks the top screen ``accepts_key(event)`` /
``accepts_click(event)`` / ``accepts_paste(event)`` before any binding (priority ones included) or widget
sees a key or a click (``input_allowed``, called from ``BoardgamesApp.on_event``).
``GuardedModalScreen`` answers "not yet" until ``ARM`` seconds of quiet have
passed since it appeared: every key that arrives earlier is swallowed and starts
the quiet period again, so the key that opened a question, a double press, a held
key's auto-repeat or a player mashing keys never answers it.  The decision reads
the app's injected clock (``app.clock``), never a timer, so a ``ManualClock``
controls it fully in tests.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Generic, TypeVar
from weakref import WeakKeyDictionary

from textual import events
from textual.app import App, ScreenStackError
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Input, Static

from boardgames.common.clock import monotonic
from boardgames.common.ui.lazy import find_or_mount

T = TypeVar("T")

#: Keys that always work, whatever the screen: quitting the app.
QUIT_KEYS = frozenset({"ctrl+q", "ctrl+c"})
#: Seconds of quiet (no key) before a question or a handover takes an answer.
ARM = 0.6
#: What a guarded screen says while it still ignores keys.
IGNORED_HINT = "(keys pressed now are ignored)"


def clock_of(app: App[Any]) -> Callable[[], float]:
    """The app's injected clock (``BoardgamesApp.clock``); the real one for any other app."""
    return getattr(app, "clock", monotonic)


#: Per app: the key that passed a handover, and the quiet it waits for before it counts
#: again (``swallow_echoes``).
_ECHOES: WeakKeyDictionary[App[Any], tuple[str, QuietGate]] = WeakKeyDictionary()


def swallow_echoes(app: App[Any], key: str) -> None:
    """*key* just passed a handover: the same key again before ``ARM`` seconds of quiet
    (the second half of a double press, a held key's repeats) was meant for the
    handover, not for the incoming player's screen, and is swallowed; each one swallowed
    restarts the quiet.  Any other key goes through at once, and ends the double press:
    the player may start."""
    gate = QuietGate(ARM)
    gate.restart(clock_of(app)())
    _ECHOES[app] = (key, gate)


def input_allowed(app: App[Any], event: events.Event) -> bool:
    """The app's key gate: may this key, click or paste reach the bindings and widgets now?

    Quitting always may.  The echo of the key that passed a handover does not
    (``swallow_echoes``).  Otherwise the top screen decides, if it has a say
    (``accepts_key`` / ``accepts_click`` / ``accepts_paste``); screens without one
    take everything.
    """
    try:
        screen = app.screen
    except ScreenStackError:  # no screen yet (startup): nothing to guard
        return True
    if isinstance(event, events.Key):
        if event.key in QUIT_KEYS:
            return True
        echo = _ECHOES.get(app)
        if echo is not None:
            if event.key == echo[0] and not echo[1].admit(clock_of(app)()):
                return False
            del _ECHOES[app]  # a quiet moment or another key: the double press is over
        accepts_key = getattr(screen, "accepts_key", None)
        return accepts_key is None or bool(accepts_key(event))
    if isinstance(event, (events.MouseDown, events.MouseUp)):
        accepts_click = getattr(screen, "accepts_click", None)
        return accepts_click is None or bool(accepts_click(event))
    if isinstance(event, events.Paste):
        accepts_paste = getattr(screen, "accepts_paste", None)
        return accepts_paste is None or bool(accepts_paste(event))
    return True


class QuietGate:
    """Opens once ``arm`` seconds have passed since it was (re)started.

    ``admit(now)`` is the gate: open, it lets the key through; shut, it swallows it
    and starts the quiet period again (a repeat or a mashing hand never gets through).
    """

    def __init__(self, arm: float) -> None:
        self.arm = arm
        self.since: float | None = None

    def restart(self, now: float) -> None:
        self.since = now

    def is_open(self, now: float) -> bool:
        return self.since is not None and now - self.since >= self.arm

    def admit(self, now: float) -> bool:
        if self.is_open(now):
            return True
        self.since = now
        return False


class GuardedModalScreen(ModalScreen[T], Generic[T]):
    """A modal that takes no key before ``ARM`` seconds of quiet since it appeared.

    Keys are swallowed by the app before any binding or the focused widget sees
    them (``input_allowed``); each swallowed key restarts the quiet period.  A click
    is deliberate and needs no quiet, but is ignored too until the screen is armed.
    ``guards_key`` chooses which keys wait (all of them by default).
    """

    ARM: ClassVar[float] = ARM

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._gate = QuietGate(self.ARM)
        self._click_started = False

    def _now(self) -> float:
        return clock_of(self.app)()

    @property
    def armed(self) -> bool:
        """Has there been ``ARM`` seconds of quiet since this screen appeared?"""
        return self._gate.is_open(self._now())

    def guards_key(self, event: events.Key) -> bool:
        """Does *event* wait for the quiet period?  Every key does, unless a screen says otherwise."""
        return True

    def accepts_key(self, event: events.Key) -> bool:
        if not self.guards_key(event):
            return True
        return self._gate.admit(self._now())

    def accepts_click(self, event: events.MouseDown | events.MouseUp) -> bool:
        """A button press counts only if it started once the screen was armed."""
        if isinstance(event, events.MouseDown):
            self._click_started = self.armed
            return self._click_started
        started, self._click_started = self._click_started, False
        return started

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        # Shown (pushed, or uncovered again): the quiet period starts now.
        self._gate.restart(self._now())


class GateHint(Static):
    """A muted line that says keys are ignored while its guarded screen is not armed.

    Only the display runs on a timer; whether a key counts is decided from
    timestamps by the screen.  Armed, it shows ``armed_text`` and tells the screen
    (``on_armed(armed)``) so it can refresh its Footer.
    """

    DEFAULT_CSS = """
    GateHint { color: $text-muted; height: 1; width: 100%; }
    GateHint.-armed { color: $text; }
    """

    def __init__(self, armed_text: str = "", *, id: str | None = None) -> None:
        super().__init__(IGNORED_HINT, id=id)
        self.armed_text = armed_text
        self._armed: bool | None = None

    def on_mount(self) -> None:
        self.show_state()
        self.set_interval(0.1, self.show_state)

    def show_state(self) -> None:
        screen = self.screen
        armed = bool(getattr(screen, "armed", True))
        if armed == self._armed:
            return
        self._armed = armed
        self.update(self.armed_text if armed else IGNORED_HINT)
        self.set_class(armed, "-armed")
        on_armed = getattr(screen, "on_armed", None)
        if on_armed is not None:
            on_armed(armed)


def question_open(app: App[Any]) -> bool:
    """Whether a question (a screen with ``QUESTION``) is on *app*'s screen stack, unanswered."""
    return any(
        getattr(screen, "QUESTION", False) and not getattr(screen, "answered", False) for screen in app.screen_stack
    )


def may_open(app: App[Any], screen: object) -> bool:
    """The question gate: may *screen* be pushed now?  A question may not while another
    is open (the app asks this at every ``push_screen``).

    Questions are single-flight: a double Enter reaches the same handler twice before
    the first question is on screen, and the second copy outlived the first one's
    answer - a writer's "hand it in anyway?" with their plate and secret card was left
    for the next writer, over their own screen.  The asker acts only in its question's
    callback, which a refused question never calls: the second press does nothing.
    """
    return not (getattr(screen, "QUESTION", False) and question_open(app))


class OnceModalScreen(GuardedModalScreen[T], Generic[T]):
    """A guarded modal that answers once: a key pressed twice in a row (a fast player,
    a cat) must not answer the same question twice or answer the next one.

    And it answers only in front.  Textual's ``dismiss`` pops whatever screen is on
    top, and an answer can arrive while another screen covers this one: Enter reaches
    the question's list, Ctrl+P right behind it opens the command palette before the
    list has handled Enter, and the answer then closed the palette and left the
    question on screen for good, answered, taking no key (the VNTYPL8S monkey; over a
    handover it would have closed the handover instead).  So an answer given while
    covered is held, and taken when this screen is in front again.
    """

    #: A question of the players (``ChoiceScreen``): only one is open at a time (``may_open``).
    QUESTION: ClassVar[bool] = False

    _answered = False
    #: The first answer given while another screen covered this one, still to be taken.
    _held: tuple[Any] | None = None

    @property
    def answered(self) -> bool:
        """Answered: it is closing, so another question may open (from its callback)."""
        return self._answered

    def dismiss(self, result: Any = None) -> Any:
        if self._answered:
            return None
        if not self.is_active:
            if self._held is None:
                self._held = (result,)
            return None
        self._answered = True
        return super().dismiss(result)

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        # Textual calls each class's own handler (GuardedModalScreen's restarts the quiet).
        if self._held is not None and self.is_active:
            (result,), self._held = self._held, None
            self.dismiss(result)


class TooSmall(Static):
    """The message shown instead of a screen that does not fit."""

    DEFAULT_CSS = """
    TooSmall {
        display: none;
        width: 100%;
        height: 100%;
        content-align: center middle;
        text-align: center;
        color: $text-warning;
        text-style: bold;
    }
    """


class GameScreen(Screen[None]):
    GAME: ClassVar[str] = ""
    MIN_SIZE: ClassVar[tuple[int, int]] = (80, 24)

    DEFAULT_CSS = """
    GameScreen.-too-small > * { display: none; }
    GameScreen.-too-small > TooSmall { display: block; }
    """

    def _on_mount(self, event: events.Mount) -> None:
        # ``TooSmall`` is mounted the first time the terminal is too small (``_check_size``),
        # not hidden with every game screen: styled and laid out before each first frame
        # for nothing.
        self._check_size(self.app.size.width, self.app.size.height)

    async def _on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    @property
    def too_small(self) -> bool:
        return self.has_class("-too-small")

    def accepts_key(self, event: events.Key) -> bool:
        """Behind the "too small" message no key acts on the unseen game (quitting works:
        ``input_allowed`` lets it through before asking)."""
        return not self.too_small

    def accepts_paste(self, event: events.Paste) -> bool:
        """Nor does a paste land in a text box nobody can see."""
        return not self.too_small

    def clear_for_handover(self) -> None:
        """The keyboard changes hands: wipe what the previous player typed or was told.

        A ``HandoverScreen`` calls this on the game screen beneath it as it appears.
        The default empties every text box; games extend it with their own private
        lines (feedback, messages).
        """
        for box in self.query(Input):
            with box.prevent(Input.Changed):
                box.value = ""

    #: Notices meant for the whole table (a save that failed): a handover keeps them.
    _public_notices: set[str] | None = None

    def notify_everyone(self, message: str, **kwargs: Any) -> None:
        """``notify`` a notice that is nobody's secret, so a handover does not wipe it."""
        if self._public_notices is None:
            self._public_notices = set()
        self._public_notices.add(message)
        self.notify(message, **kwargs)

    def is_public_notice(self, message: str) -> bool:
        return message in (self._public_notices or ())

    def _check_size(self, width: int, height: int) -> None:
        min_w, min_h = self.MIN_SIZE
        small = width < min_w or height < min_h
        if small:
            text = (
                f"This screen needs a terminal of at least {min_w}×{min_h}; it is {width}×{height}.\n"
                f"Enlarge the terminal to {min_w}×{min_h} (or shrink the font) and play goes on."
            )
            find_or_mount(self, TooSmall, lambda: TooSmall("", id="too-small")).update(text)
        was_small = self.too_small
        if small and not was_small:
            # Hiding the layout takes the focus away from it (a hidden widget cannot hold
            # it): remember where it was, so the board or the answer box has it again.
            self._focus_before_small = self.focused
        self.set_class(small, "-too-small")
        if was_small and not small:
            self.call_after_refresh(self._refocus)

    _focus_before_small: Widget | None = None

    def _refocus(self) -> None:
        """Give the focus back to what had it before the terminal got too small."""
        widget, self._focus_before_small = self._focus_before_small, None
        if self.too_small or self.focused is not None:
            return
        if widget is not None and widget.is_attached and widget.focusable:
            widget.focus()
        else:
            self.focus_next()
