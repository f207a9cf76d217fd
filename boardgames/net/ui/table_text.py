"""What the host's table screen shows of a game: its public view (``view(None)``) in words,
as a TV in the middle of the table would, and who holds each seat.

Pure (Rich ``Text`` only, no Textual): every name and plate is outside text, so lines are
built as ``Text`` (never markup), through ``common.text.plain``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from boardgames.common.text import plain
from boardgames.net.protocol import Countdown, Seating


def seating_line(seat: Seating, address: str | None = None) -> Text:
    """One seat: its name, whether a device holds it, and (the host's own screen only) its address."""
    line = Text()
    line.append(f"{plain(seat.name, 24):<12} ", style="bold")
    line.append("joined" if seat.connected else "not here", style="green" if seat.connected else "yellow")
    if address is not None:
        # on a line of its own: at 80 columns the whole command fits, to be copied in one piece
        line.append(f"\n  boardgames join {address}")
    return line


def away_line(seating: Sequence[Seating], *, joined_once: set[int]) -> Text | None:
    """ "Bob is reconnecting…" for every seat that was here and went away (``None``: nobody)."""
    away = [plain(s.name, 24) for s in seating if not s.connected and s.seat in joined_once]
    if not away:
        return None
    return Text(
        f"{', '.join(away)} {'is' if len(away) == 1 else 'are'} reconnecting… (their timers wait)", style="bold yellow"
    )


#: What a timer is called on the table, by the first part of its key (VNTYPL8S's writing
#: timers are ``writing:...``; Vowl's piles ``pile:...`` and sudden death's card ``card:...``).
_TIMER_NAMES = {"buzz": "buzz", "pile": "sand", "card": "card"}


def countdown_line(countdowns: Sequence[Countdown], remaining: dict[str, float | None]) -> Text | None:
    """The host's timers: seconds left (``remaining``: by key, ``None`` while paused)."""
    if not countdowns:
        return None
    parts = []
    for c in countdowns:
        left = remaining.get(c.key)
        what = _TIMER_NAMES.get(c.key.split(":")[0], "writing")
        parts.append(f"{what}: paused" if left is None else f"{what}: {max(0, round(left))} s")
    return Text("Timer — " + ", ".join(parts), style="bold")


def public_view(key: str, view: Any) -> Text:
    """The game as everyone may see it (``key``: the title)."""
    if key == "uwo":
        return _uwo(view)
    if key == "vntypl8s":
        return _vntypl8s(view)
    if key == "vowl":
        return _vowl(view)
    return Text(plain(view, 400))


def _uwo(view: Any) -> Text:
    from boardgames.uwo import board as B  # noqa: PLC0415 - only when hosting UWO

    out = Text()
    if view.outcome is not None:
        out.append(f"The duel is over: {plain(view.outcome.reason, 200)}\n", style="bold")
    else:
        acting = view.to_act.title if view.to_act is not None else "nobody"
        out.append(
            f"Turn {view.turn}: the {view.current.title}' turn; {acting} to decide ({view.phase.value}).\n",
            style="bold",
        )
    for side in view.sides:
        out.append(
            f"{side.side.title}: energy {side.energy}/{side.energy_max}, evasions {side.evasions}, "
            f"{side.hand_size} in hand, {side.deck_size} in deck, {side.umos} UMOs\n"
        )
    out.append("\n")
    for row in reversed(range(B.ROWS)):
        out.append(f" {row + 1} ")
        for col in range(B.COLS):
            umo = view.board[B.square(col, row)]
            if umo is None:
                out.append("  ·   ")
                continue
            label = plain(umo.kind.name, None)[:4]
            style = "green" if int(umo.side) == 0 else "magenta"
            out.append(f" {label:<4}{umo.height if umo.height > 1 else ' '}", style=style)
        out.append("\n")
    out.append("    " + "".join(f"  {f}   " for f in B.FILES) + "\n")
    return out


def _vntypl8s(view: Any) -> Text:
    from boardgames.vntypl8s.engine import Phase  # noqa: PLC0415 - only when hosting VNTYPL8S

    out = Text()
    out.append(f"Round {view.round} of {view.rounds} — {view.phase.value}\n", style="bold")
    if view.phase is Phase.WRITING:
        writing = [plain(p.name, 24) for p in view.players if not p.done_writing]
        out.append(f"Still writing: {', '.join(writing) if writing else 'nobody'}\n")
    elif view.phase is Phase.GUESSING and view.plate is not None and view.active is not None:
        out.append("Whose plate is ")
        out.append(plain(view.plate, 20), style="bold reverse")
        out.append(f"?  (written by {plain(view.players[view.active].name, 24)})\n")
        if view.buzzer is not None:
            out.append(f"{plain(view.players[view.buzzer].name, 24)} holds the buzz.\n", style="bold yellow")
        out.append("Owners: " + ", ".join(plain(o, 40) for o in view.grid) + "\n")
    out.append("\n")
    for p in sorted(view.players, key=lambda p: -p.score):
        out.append(f"{plain(p.name, 24):<14} {p.score} point{'s' if p.score != 1 else ''}\n")
    if view.outcome is not None:
        out.append("\nThe game is over.\n", style="bold")
    return out


def _vowl(view: Any) -> Text:
    """Vowl's table: whose turn and what it is waiting for, each pile in play (a racer's
    cards only once public), sudden death's card, and the scoring track."""
    from boardgames.vowl.kinds import Phase  # noqa: PLC0415 - only when hosting Vowl

    name = view.name
    out = Text()
    if view.outcome is not None:
        out.append(f"{plain(name(view.outcome.winner), 24)} wins after {view.outcome.turns} turns!\n", style="bold")
    else:
        mode = f", {view.mode.value}" if view.mode is not None else ""
        out.append(
            f"Turn {view.turn}: {plain(name(view.current_player), 24)}{mode} — {view.phase.value}\n", style="bold"
        )
    if view.phase in (Phase.READY, Phase.SOLVING):
        for run in view.runs:
            who = plain(name(run.runner), 24) + (
                f" and {plain(name(run.partner), 24)}" if run.partner is not None else ""
            )
            if not run.started:
                state = "getting ready"
            elif run.finished:
                state = "done"
            else:
                state = "solving"
            out.append(f"{who}: {run.total} cards, {state}")
            if run.visible and run.solved_count is not None:
                out.append(f", {run.solved_count} solved")
            out.append("\n")
            if run.visible and run.current is not None and run.started and not run.finished:
                out.append("  ")
                out.append(f" {plain(run.current.skeleton, 20)} ", style="bold reverse")
                out.append("\n")
    sd = view.sudden_death if view.phase is Phase.SUDDEN_DEATH else None
    if sd is not None and sd.card is not None:
        out.append("Sudden death: ")
        out.append(f" {plain(sd.card.skeleton, 20)} ", style="bold reverse")
        out.append("\n")
        if sd.buzzer is not None:
            out.append(f"{plain(name(sd.buzzer), 24)} holds the buzz.\n", style="bold yellow")
    if view.race is not None and view.race.winner is not None:
        out.append(f"{plain(name(view.race.winner), 24)} won the race.\n", style="bold")
    out.append("\n")
    for p in view.players:
        out.append(f"{plain(p.name, 24):<14} {p.score:>2} points, victory token on {p.victory}\n")
    return out
