"""The handover screen: the terminal changes hands before anything private appears.

On one shared keyboard, a player's hand or secret card must not be on screen while
someone else is looking.  Every game pushes a ``HandoverScreen`` naming the next
player; it covers the whole terminal (nothing of the screen below shows through).

- As it appears it wipes what belonged to the previous player: the app's
  notifications (notices for the whole table, ``GameScreen.notify_everyone``,
  stay) and whatever the game screen beneath keeps for them
  (``GameScreen.clear_for_handover``: typed text, feedback lines).
- It is dismissed only by a deliberate act of the incoming player: Space, or a
  click on its "I'm ready" button - never Enter, the key that confirms actions in
  the games, so the outgoing player's double Enter cannot skip it.
- It is guarded (``GuardedModalScreen``): keys within ``ARM`` seconds of quiet
  since it appeared are swallowed and restart the quiet period, so neither a
  quick double press nor a held key's auto-repeat gets through.  Until then a
  muted line says keys are ignored; once armed it says "Ready when you are".

The player's name is data (``common.text``): the default headline escapes it.  A
``detail`` or ``title`` is markup the game writes, names in it passed through ``shown``.

A game that opens on a handover (``boardgames uwo``, ``boardgames vntypl8s --players
...``, and a resumed hot-seat game: ``--resume``, the menu's resume line) opens on an
``OpeningHandover``: that handover alone is the first frame, and the game screen is
built beneath it once that frame is painted.  Every game's is built here, by the common
rule and the game's words: ``opening_screen`` for a game opened on a session,
``new_game_screen`` for a new one opened before its engine exists.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.message_pump import MessagePump
from textual.screen import Screen
from textual.widgets import Button, Static

from boardgames.common import collector
from boardgames.common.text import shown
from boardgames.common.ui.base import GateHint, OnceModalScreen, swallow_echoes
from boardgames.common.ui.footer import Footer
from boardgames.common.ui.frames import after_first_frame
from boardgames.common.ui.lazy import find_or_mount
from boardgames.common.ui.textual_compat import notifications, slide_under

if TYPE_CHECKING:
    from boardgames.common.game import Seat
    from boardgames.common.handovers import Handover, HandoverWords
    from boardgames.common.session import GameSession

#: Shown once the handover takes Space (tmux tests wait for it).
ARMED_TEXT = "Ready when you are: press Space (or click I'm ready)."


class HandoverScreen(OnceModalScreen[None]):
    """ "Bob, take the keyboard — press Space when ready"."""

    DEFAULT_CSS = """
    HandoverScreen {
        background: $background;
        align: center middle;
    }
    HandoverScreen #handover-box {
        width: 64;
        height: auto;
        border: heavy $accent-frame;
        padding: 1 2;
        background: $panel;
    }
    HandoverScreen #handover-name {
        text-style: bold;
        text-align: center;
        width: 100%;
        color: $text;
    }
    HandoverScreen #handover-detail {
        text-align: center;
        width: 100%;
        color: $text-muted;
        margin-top: 1;
    }
    HandoverScreen #handover-hint {
        text-align: center;
        margin-top: 1;
    }
    HandoverScreen #handover-ready { margin-top: 1; }
    /* Textual's primary button, readable in every theme: the list highlight's pair. */
    HandoverScreen #handover-ready.-primary {
        background: $block-cursor-background; color: $block-cursor-foreground;
        border-top: tall $block-cursor-foreground; border-bottom: tall $block-cursor-foreground;
    }
    """

    BINDINGS = [Binding("space", "ready", "I'm ready", key_display="Space", priority=True)]

    def __init__(self, player: str, detail: str = "", *, title: str | None = None) -> None:
        """*player*: who takes the keyboard, as data (a name is escaped here); *detail* and
        *title*: markup written by the game, which passes every name in them through
        ``common.text.shown``."""
        super().__init__()
        self.player = player
        self.detail = detail
        self.headline = title or f"{shown(player)}, take the keyboard — press Space when ready"

    def compose(self) -> ComposeResult:
        with Middle(), Center(id="handover-box"):
            yield Static(self.headline, id="handover-name")
            if self.detail:
                yield Static(self.detail, id="handover-detail")
            yield GateHint(ARMED_TEXT, id="handover-hint")
            with Center():
                ready = Button("I'm ready", id="handover-ready", variant="primary")
                ready.can_focus = False  # Enter or Space on a focused button would press it
                yield ready
        yield Footer()

    def on_mount(self) -> None:
        self.wipe_previous_player()
        # The keyboard is changing hands and this screen takes no key yet (``ARM``): the
        # collector's full pass runs now, not on a racer's key.
        after_first_frame(self, collector.settle)

    def wipe_previous_player(self) -> None:
        """Notifications and the game screen's private lines go before anyone else looks."""
        app = self.app
        below: Any = next(
            (s for s in reversed(app.screen_stack) if s is not self and hasattr(s, "clear_for_handover")), None
        )
        is_public = getattr(below, "is_public_notice", lambda message: False)
        kept = [n for n in notifications(app) if is_public(n.message)]
        app.clear_notifications()
        for n in kept:
            app.notify(n.message, title=n.title, severity=n.severity, timeout=max(n.time_left, 1.0), markup=n.markup)
        if below is not None:
            below.clear_for_handover()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "ready":
            return True if self.armed else None  # greyed in the Footer until armed
        return True

    def on_armed(self, armed: bool) -> None:
        self.refresh_bindings()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if self.armed:
            self.dismiss(None)

    #: The last key this handover let through (the one that passes it, when it goes).
    _key: str | None = None

    def accepts_key(self, event: events.Key) -> bool:
        admitted = super().accepts_key(event)
        if admitted:
            self._key = event.key
        return admitted

    def action_ready(self) -> None:
        if self.armed:
            if self._key is not None:
                swallow_echoes(self.app, self._key)  # its double is not the incoming player's
            self.dismiss(None)


class OpeningHandover(HandoverScreen):
    """The first screen of a game that opens on a handover: the handover alone, the game
    built beneath it while the players read it.

    Its first frame needs nothing of the game: not its screen's module, its engine or
    its widgets (a game screen's imports, composing and styling took more than the
    rest of the start-up together).  Once that frame is painted, ``build`` makes the
    game screen (importing, dealing, composing), which is mounted *under* this handover
    and never shown before it goes.  The game's own first handover
    (``SessionScreen.hand_over``) is this one: it takes the game's words (the same, when
    the entry words its opening as the game does; a test checks that) and what the
    game does once the player takes the keyboard.

    Until the game screen is mounted this handover is not armed, whatever the time:
    every key is swallowed and starts the quiet period again, and the muted line says
    keys are ignored, so a key pressed that early is neither lost silently nor able to
    dismiss the handover before there is a game to show.
    """

    def __init__(
        self, player: str, detail: str = "", *, title: str | None = None, game: str, build: Callable[[], Screen[Any]]
    ) -> None:
        """*game*: the game's key (F1 shows its rules over this handover); *build*: the game
        screen, made after this handover's first frame (it may import the game's modules)."""
        super().__init__(player, detail, title=title)
        self.GAME = game
        self._build = build
        #: The game screen, once built and mounted beneath.
        self.game_screen: Screen[Any] | None = None
        #: What the game does when the player takes the keyboard (``adopt``), and on which screen.
        self._then: tuple[MessagePump, Callable[[Any], None]] | None = None

    @property
    def ready(self) -> bool:
        """Is the game screen beneath mounted (so dismissing shows a game)?"""
        return self.game_screen is not None and self.game_screen.is_mounted

    @property
    def armed(self) -> bool:
        return self.ready and super().armed

    def accepts_key(self, event: events.Key) -> bool:
        if not self.ready:
            self._gate.restart(self._now())  # the quiet period starts again: swallowed, and said so
            return False
        return super().accepts_key(event)

    @property
    def waiting(self) -> bool:
        """Still up: not dismissed, and on the screen stack."""
        return not self._answered and self in self.app.screen_stack

    def on_mount(self) -> None:
        # (Textual calls ``HandoverScreen.on_mount`` too: every class's handler runs.)
        # The game is built once this handover's first frame has gone to the terminal
        # (``call_after_refresh`` from here came too early: before the first layout).
        after_first_frame(self, self._build_game)

    async def _build_game(self) -> None:
        if not self.waiting or self.game_screen is not None:
            return  # gone already (the app quits): nothing to build
        screen = self._build()
        if hasattr(screen, "opening"):
            screen.opening = self  # its first handover is this one (``SessionScreen.hand_over``)
        mounted = slide_under(self, screen)
        self.game_screen = screen
        await mounted

    def adopt(self, handover: HandoverScreen, then: Callable[[Any], None], owner: MessagePump) -> None:
        """The game's first handover is this one: *handover*'s words, and *then* (called on
        *owner*, as a pushed screen's callback is) once the player takes the keyboard.

        What the game screen keeps for a player is wiped again, as a handover pushed
        over it would do as it appears.
        """
        self.player = handover.player
        if handover.headline != self.headline:
            self.headline = handover.headline
            self.query_one("#handover-name", Static).update(handover.headline)
        if handover.detail != self.detail:
            self.detail = handover.detail
            if handover.detail or self.query("#handover-detail"):
                find_or_mount(
                    self.query_one("#handover-box"),
                    Static,
                    lambda: Static("", id="handover-detail"),
                    id="handover-detail",
                    after=self.query_one("#handover-name"),
                ).update(handover.detail)
        self._then = (owner, then)
        self.wipe_previous_player()

    def dismiss(self, result: Any = None) -> Any:
        if not self._answered and self.is_active and self._then is not None:  # else held (OnceModalScreen)
            owner, then = self._then
            owner.call_next(then, result)  # as Textual calls a pushed screen's callback
        return super().dismiss(result)


def opening_screen(
    session: GameSession[Any, Any],
    words: HandoverWords,
    *,
    game: str,
    build: Callable[[], Screen[Any]],
    people: frozenset[int] | None = None,
) -> Screen[Any]:
    """What a game opened on *session* shows first, the same for every game: its opening
    handover (``common.handovers.opening``, worded by *words*) alone in the first frame,
    the game screen (*build*) made beneath it after that frame (``OpeningHandover``); the
    game screen itself when it opens on no handover (a new game at the table, one over).

    The game screen's own first handover is that one (``SessionScreen.hand_over``)."""
    from boardgames.common.handovers import opening  # noqa: PLC0415 - no engine needed to import this module

    _, handover = opening(session, words, people)
    if handover is None:
        return build()
    return _opening_handover(words, session.engine, handover, game=game, build=build)


def new_game_screen(
    words: HandoverWords, table: Any, seat: Seat, *, game: str, build: Callable[[], Screen[Any]]
) -> Screen[Any]:
    """A new game's opening handover before its engine exists (``boardgames uwo``, ``boardgames
    vntypl8s --players ...``), alone in the first frame, the game (*build*: its screen, engine
    and deal) made beneath it after that frame - the same handover ``opening_screen`` shows.

    *seat* is the game's first holder, as the rules say before anything is dealt; *table* is
    what *words* read of the new game (its players' names, its round), the engine standing in
    for itself once it exists: the words are the same (``common.handovers.worded``), so the
    first frame and the game's own opening handover cannot drift apart.
    """
    from boardgames.common.handovers import Why, worded  # noqa: PLC0415

    return _opening_handover(words, table, worded(words, table, seat, Why.OPENING), game=game, build=build)


def _opening_handover(
    words: HandoverWords, engine: Any, handover: Handover, *, game: str, build: Callable[[], Screen[Any]]
) -> OpeningHandover:
    """*handover* as a game's first screen: its holder named, its words, the game built beneath."""
    player = words.player(engine, handover.seat)
    return OpeningHandover(player, handover.detail, title=handover.title or None, game=game, build=build)
