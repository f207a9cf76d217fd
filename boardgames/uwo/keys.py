"""What the person does on the duel's screen: the board's Enter and Escape, the hand's
cards, and the game commands, each greyed out or hidden when the engine would refuse it
(``uwo.commands``) and asked once first when it ends a turn or cannot be taken back
(``uwo.modals``).
"""

from __future__ import annotations

from textual import events
from textual.notifications import SeverityLevel
from textual.widgets import RichLog

from boardgames.common.session import GameSession
from boardgames.common.ui.choice import ChoiceScreen
from boardgames.common.ui.host import host
from boardgames.uwo import commands, modals, render
from boardgames.uwo.actions import (
    Action,
    AnswerDraw,
    Attack,
    Blast,
    EndTurn,
    Evade,
    Morph,
    Move,
    OfferDraw,
    Resign,
    Ride,
    StopDuel,
    Swap,
    TakeHit,
    Undo,
)
from boardgames.uwo.computer import ComputerTurns, uwo_events
from boardgames.uwo.spec import SPEC
from boardgames.uwo.view import Phase
from boardgames.uwo.widgets import BoardGrid, HandCard


class DuelKeys(ComputerTurns):
    """The layer of ``UwoScreen`` that turns keys and clicks into the person's actions."""

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """One notice at a time, the newest: a key pressed again and again (a refusal, a step
        taken back) must not pile notices up the screen over the hand; and a notice says
        words, never the rules page's row ids (``render.for_players``)."""
        self.app.clear_notifications()
        super().notify(render.for_players(message), title=title, severity=severity, timeout=timeout, markup=markup)

    def refuse(self, reason: str) -> None:
        """The engine's reasons cite row ids for the code and tests; the player reads words."""
        super().refuse(render.for_players(reason))

    def play(self, action: Action) -> bool:
        """The person's ``action``, through the session; a refusal is shown with the engine's reason."""
        happened = self.act(action)
        if happened is None:
            return False
        self.selected = self.picked = None
        self._last_step_at = host(self).clock()
        self._last_squares = set()
        self.after_step(uwo_events(happened))
        return True

    def on_board_grid_cancelled(self, event: BoardGrid.Cancelled) -> None:
        """Escape: clear the selection (a UMO, a card); with nothing selected, leave."""
        if self.picked is None and self.selected is None:
            self.action_leave()
            return
        self.selected = self.picked = None
        self.redraw()

    def on_hand_card_clicked(self, event: HandCard.Clicked) -> None:
        self.action_pick(event.index)

    def on_board_grid_activated(self, event: BoardGrid.Activated) -> None:  # noqa: C901, PLR0911, PLR0912
        if not self.my_move():
            if self.computer_to_act():
                self.refuse("The computer is playing: wait for your turn (the cursor and F1 still work).")
            return
        view = self.view
        sq = event.square
        umo = view.board[sq]
        kind = self.hand_kind(self.picked)
        if view.phase is Phase.DEFEND:
            assert view.duel is not None
            if kind is None:
                self.refuse(f"You are attacked: {render.defence_keys(view)}.")
                return
            self.play(Morph(kind, view.duel.target))
            return
        if view.phase is Phase.COUNTER:
            assert view.duel is not None
            if sq == view.duel.attacker or sq == view.duel.target:
                self.action_counter()
            else:
                self.refuse("In a duel you may only counter-attack your attacker (c) or not (p).")
            return
        if kind is not None:
            self.play(Morph(kind, sq))
            return
        if self.selected is None or sq == self.selected:
            if sq == self.selected:
                self.selected = None
            elif umo is not None and umo.side is self.seat:
                self.selected = sq
                if not render.legal_from(view, sq):
                    self.notify(render.why_no_action(view, sq), title="This UMO cannot act now", markup=False)
            elif umo is not None:
                self.refuse(f"That is a {umo.side.singular} UMO: select one of yours, then Enter on your target.")
            else:
                self.refuse("Select one of your UMOs first (cursor on it, Enter).")
            self.redraw()
            return
        options = [
            a for a in render.legal_from(view, self.selected) if isinstance(a, Move | Ride | Attack) and a.dst == sq
        ]  # the actions aimed at a square
        if not options:
            if umo is not None and umo.side is self.seat:
                self.selected = sq
                self.redraw()
                return
            self.play(render.intended(view, self.selected, sq))  # refused, with the engine's reason
            return
        by_effect = modals.rides_by_effect(view, [a for a in options if isinstance(a, Ride)])
        if len(options) == 1 or len(by_effect) == 1:
            self.play(options[0] if len(options) == 1 else next(iter(by_effect.values())))
            return
        self.app.push_screen(modals.which_ride(view, by_effect), self._ridden)

    def _ridden(self, ride: Ride | None) -> None:
        if ride is not None:
            self.play(ride)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hide commands that belong to another phase; grey out those illegal right now."""
        if action in ("leave", "pick", "log_page") or self.session is None:
            return True
        legal = self.engine.legal_actions
        return commands.state(action, self.view, self.seat, legal, self.hand_kind(self.picked))

    def on_key(self, event: events.Key) -> None:
        """A command key that is greyed out or hidden right now still gets an answer: why not."""
        action = commands.KEYS.get(event.character or "")
        if action is None or self.session is None or self.check_action(action, ()) is True:
            return
        event.stop()
        event.prevent_default()
        self.refuse(self.why_not(action))

    def why_not(self, action: str) -> str:
        """Why a command cannot be used now, in the player's words (the engine's where it has one)."""
        return commands.why_not(
            action,
            self.view,
            self.seat,
            computer=self.computer.side if self.computer else None,
            picked_kind=self.hand_kind(self.picked),
            why_illegal=self.engine.why_illegal,
        )

    def action_pick(self, index: int) -> None:
        seat = self.seat
        if not self.my_move() or seat is None:
            return
        hand = self.view.sides[seat].hand or ()
        if index >= len(hand):
            self.refuse(f"You have only {len(hand)} card{'s' if len(hand) != 1 else ''} in your hand.")
            return
        self.picked = None if self.picked == index else index
        self.selected = None
        self.redraw()

    def confirm(self, question: ChoiceScreen[bool] | None, action: Action) -> None:
        """Ask *question* once before *action* (when it is the player's move)."""
        token = self._token
        if question is None or not self.my_move():
            return

        def answered(go: bool | None) -> None:
            # The duel may have changed under the question (a new game): act only on the one asked about.
            if go and token == self._token and self.my_move():
                self.play(action)

        self.app.push_screen(question, answered)

    def action_evade(self) -> None:
        if self.my_move():
            self.play(Evade())

    def action_take_hit(self) -> None:
        """``t``: the attacked UMO is destroyed - asked first, like every step that cannot be taken back."""
        if self.my_move():
            self.confirm(modals.take_hit(self.view), TakeHit())

    def action_counter(self) -> None:
        if not self.my_move():
            return
        counter = next((a for a in self.engine.legal_actions if isinstance(a, (Attack, Blast))), None)
        if counter is None:
            counter = render.counter_of(self.view)
        if isinstance(counter, Blast):  # a Dynamite counters by blowing itself up: asked first
            self.confirm_blast(counter)
        elif counter is not None:
            self.play(counter)

    def action_stop_duel(self) -> None:
        if self.my_move():
            self.play(StopDuel())

    def action_end_turn(self) -> None:
        if self.my_move():
            self.confirm(modals.end_turn(self.view), EndTurn())

    def action_drain(self) -> None:
        if self.my_move():
            self.confirm(modals.drain(self.view), EndTurn(drain=True))

    def action_swap(self) -> None:
        if not self.my_move():
            return
        kind = self.hand_kind(self.picked)
        if kind is None:
            self.refuse("Pick the card to swap first (1, 2 or 3), then press x.")
            return
        self.confirm(modals.swap(self.names[kind]), Swap(kind))

    def action_undo(self) -> None:
        if self.my_move():
            self.play(Undo())

    def action_resign(self) -> None:
        """``g``: give the game up (U26), after one question."""
        if self.my_move() and self.seat is not None:
            self.confirm(modals.resign(self.seat), Resign())

    def action_offer_draw(self) -> None:
        """``=``: offer a draw (U26), after one question; the other side answers."""
        if self.my_move() and self.seat is not None:
            self.confirm(modals.offer_draw(self.seat, against_computer=self.computer is not None), OfferDraw())

    def ask_draw(self) -> None:
        """The player at the keyboard answers a draw offer (U26): the game cannot go on until then."""
        token = self._token

        def answered(accept: bool | None) -> None:
            if accept is not None and token == self._token and self.my_move() and self.view.phase is Phase.DRAW_OFFER:
                self.play(AnswerDraw(accept=accept))

        self.app.push_screen(modals.draw_offered(self.view.current), answered)

    def action_new_game(self) -> None:
        """``n`` once the duel is over: the same setup, freshly dealt (as the end question's ``n``)."""
        if self.session is not None and self.view.outcome is not None:
            self._after_game("new")

    def _after_game(self, choice: str | None) -> None:
        if choice == "new":  # the same setup, freshly dealt and saved from its first action
            assert self.session is not None
            self.session = GameSession.start(SPEC, self.session.setup, host(self).new_seed())
            self.start()
        elif choice == "menu":
            host(self).back_to_menu()

    def action_log_page(self, direction: int) -> None:
        """PgUp / PgDn: page through the log, which may be only a few lines high."""
        log = self.query_one("#log", RichLog)
        if direction < 0:
            log.scroll_page_up(animate=False)
        else:
            log.scroll_page_down(animate=False)

    def action_blast(self) -> None:
        if not self.my_move():
            return
        view = self.view
        for sq in (self.selected, self.board.cursor):
            if sq is not None and sq in render.dynamites(view, self.seat):
                self.confirm_blast(Blast(sq))
                return
        blasts = [a for a in self.engine.legal_actions if isinstance(a, Blast)]
        if len(blasts) == 1:
            self.confirm_blast(blasts[0])
        else:
            self.refuse("Put the cursor on your Dynamite, then press b.")

    def confirm_blast(self, blast: Blast) -> None:
        """A blast destroys the Dynamite and all around it, yours too: asked once first."""
        if blast not in self.engine.legal_actions:
            self.play(blast)  # refused, with the engine's reason: nothing to ask about
            return
        self.confirm(modals.blast(blast), blast)
