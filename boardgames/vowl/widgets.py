"""Vowl's widgets: the face-up card, the scoreboard with both tokens on the track,
and the row of passed cards.  They render views; they never touch the engine.
Names are data: drawn as ``Text`` through ``common.text.plain``, never as markup."""

from __future__ import annotations

from dataclasses import dataclass

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.content import Content
from textual.message import Message
from textual.widgets import Button, Static

from boardgames.common.text import plain
from boardgames.vowl.cards import Card, Tier
from boardgames.vowl.narrate import TIER_STYLE
from boardgames.vowl.view import PlayerView, VowlView

TIER_CLASS = {Tier.BASIC: "-green", Tier.ADVANCED: "-yellow", Tier.EXPERT: "-red"}


class CardFace(Static):
    """The face-up card, large, framed in its deck's colour."""

    def show(self, card: Card | None, caption: str = "") -> None:
        for cls in TIER_CLASS.values():
            self.remove_class(cls)
        if card is None:
            self.add_class("-empty")
            self.update(Text(caption or "·", style="dim"))
            return
        self.remove_class("-empty")
        self.add_class(TIER_CLASS[card.tier])
        text = Text("   ".join(card.skeleton), style="bold")
        text.append(f"\n\n{card.tier.name.lower()} · {card.tier.value}", style="dim")
        self.update(text)


def track_line(p: PlayerView, star: int) -> Text:
    """The scoring track as one line: ● scoring token, ★ victory token."""
    line = Text()
    for space in range(star + 1):
        if space == p.score and space == p.victory:
            line.append("◉", style="bold magenta")
        elif space == p.score:
            line.append("●", style="bold cyan")
        elif space == p.victory:
            line.append("★", style="bold yellow")
        elif p.score < space < p.victory:
            line.append("─", style="dim")
        else:
            line.append("·", style="dim")
    return line


class Scoreboard(Static):
    """Every player: scoring token, victory token, distance, the tier they draw now."""

    def show(self, view: VowlView) -> None:
        table = Table(box=None, expand=True, show_header=True, header_style="dim", pad_edge=False)
        table.add_column("player", no_wrap=True, max_width=16)
        table.add_column("track", no_wrap=True)
        table.add_column("pts", justify="right")
        table.add_column("draws", no_wrap=True)
        star = view.board.victory_space
        for p in view.players:
            name = Text(plain(p.name), style="bold reverse" if p.name == view.current_player else "bold")
            if p.within_reach and not view.practice:
                name.append(" !", style="bold red")
            extras = Text()
            for tier in Tier:
                n = p.extras.count(tier)
                if n:
                    extras.append("▮" * n, style=TIER_STYLE[tier])
            if not extras:
                extras.append("–", style="dim")
            table.add_row(name, track_line(p, star), f"{p.score}/{p.victory}", extras)
        self.update(table)


class PassedCards(Horizontal):
    """The cards set aside face down; click one (or Ctrl+B) to go back to it."""

    @dataclass
    class Chosen(Message):
        card: Card

    _cards: tuple[Card, ...] = ()

    def show(self, cards: tuple[Card, ...]) -> None:
        """Rebuild the row only when the passed cards changed (mounting is not free)."""
        if cards == self._cards and self.children:
            return
        self._cards = cards
        self.remove_children()
        if not cards:
            self.mount(Static("No passed cards.", classes="passed-none"))
            return
        self.mount(Static("Passed:", classes="passed-label"))
        self.mount_all(
            Button(Content(c.skeleton), classes=f"passed-card {TIER_CLASS[c.tier]}", name=str(i))
            for i, c in enumerate(cards)
        )

    def compose(self) -> ComposeResult:
        yield Static("No passed cards.", classes="passed-none")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        assert event.button.name is not None
        self.post_message(self.Chosen(self._cards[int(event.button.name)]))
