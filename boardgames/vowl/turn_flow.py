"""The questions between piles and the after-turn review: small modals, each for one decision.

Whom to race or partner, where the tier's extras go, which cards the selector discards,
how the winner takes their points; and the review of a finished turn (``o`` shows the
last one again).  Each is a modal (``common.ui.choice`` or ``modals``) imported when it
is first asked: none is on the table's first frame.
"""

from __future__ import annotations

from boardgames.common.text import shown
from boardgames.vowl.actions import Action, ChooseOpponent, ChoosePartner, Discard, PlaceExtras, ScoreOne, ScoreTwo
from boardgames.vowl.events import TurnSummary, plural
from boardgames.vowl.render import asks_pile_order
from boardgames.vowl.table import VowlTable
from boardgames.vowl.track import extras_for


class TurnFlow(VowlTable):
    """Asks the player who decides now, through a modal; ``sync`` waits while one is open."""

    _reviewed_turn: int = 0

    def action_review(self) -> None:
        """``o``: the last finished turn's review again (docs/keys.md)."""
        summary = self.table.last_turn
        if summary is None or self.check_action("review", ()) is not True:
            return
        self._show_review(summary)

    def _choose_player(self, kind: type[ChooseOpponent] | type[ChoosePartner], question: str) -> None:
        from boardgames.common.ui.choice import Choice, ChoiceScreen  # noqa: PLC0415 - after the first roll

        options = [a for a in self.game.legal_actions if isinstance(a, kind)]
        players = self.table.players
        choices = [Choice(str(i + 1), shown(players[a.seat].name), a) for i, a in enumerate(options)]
        self._open(ChoiceScreen(question, choices), self.act)

    def _ask_pile_order(self) -> None:
        view = self.table
        owner = view.extras_owner if view.extras_owner is not None else view.current_player
        extras = extras_for(view.board, view.player(owner).score)
        if not asks_pile_order(view):
            # Interpretation V27: green extras on a green pile - top or under is the same
            # pile, so the question would mean nothing: they go under, unasked.
            self.act(PlaceExtras(False))
            return
        from boardgames.common.ui.choice import Choice, ChoiceScreen  # noqa: PLC0415 - after the first roll

        choices = [
            Choice("t", "on top — start with the harder cards", PlaceExtras(True)),
            Choice("u", "underneath — start with the easier cards", PlaceExtras(False)),
        ]
        question = f"{shown(view.name(owner))}: your tier draws {extras} face down. Where do they go?"
        self._open(ChoiceScreen(question, choices), self.act)

    def _discard(self) -> None:
        """The selector holds the keyboard: their hand, three cards to tick."""
        from boardgames.vowl.modals import DiscardScreen  # noqa: PLC0415 - after the first action

        sel = self.view().selection
        assert sel is not None and sel.hand is not None
        self._open(
            DiscardScreen(self.table.name(sel.selector), self.table.name(sel.player), sel.hand, sel.to_discard),
            lambda cards: self.act(Discard(frozenset(cards))),
        )

    def _show_review(self, summary: TurnSummary) -> None:
        from boardgames.vowl.modals import ReviewScreen  # noqa: PLC0415 - after the first turn

        self._reviewed_turn = summary.turn
        self._open(ReviewScreen(summary, self.matcher, self.table.names), lambda _: self.sync())

    def _score(self) -> None:
        view = self.table
        scorer = view.scorer
        assert scorer is not None
        if view.review is not None and view.review.turn != self._reviewed_turn:
            self._show_review(view.review)
            return
        from boardgames.common.ui.choice import Choice, ChoiceScreen  # noqa: PLC0415 - after the first pile

        choices: list[Choice[Action]] = []
        for action in self.game.view(scorer).legal:
            if isinstance(action, ScoreTwo):
                choices.insert(0, Choice("2", "take 2 points", action))
            elif isinstance(action, ScoreOne):
                key = "abcdefgh"[len([c for c in choices if c.key != "2"])]
                label = f"take 1 point; your victory token and {shown(view.players[action.other].name)}'s move down one space"
                choices.append(Choice(key, label, action))
        me = view.player(scorer)
        who = shown(view.name(scorer))
        detail = f"{who}: {plural(me.score, 'point')}, victory token on {me.victory}."
        self._open(ChoiceScreen(f"{who}, how do you take your points?", choices, detail=detail), self.act)
