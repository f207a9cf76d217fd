"""What the VNTYPL8S game screen draws, as pure functions of a view (and the events shown).

Each takes ``GameView``s, events or judgements and returns Rich ``Text``/``Group`` or
Textual ``Content``; none reads the engine or the screen.  Names, plates and events'
words are data: drawn through ``common.text.plain``, never parsed as markup.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.text import Text
from textual.content import Content
from textual.notifications import SeverityLevel

from boardgames.common.text import plain, sentence
from boardgames.common.ui.colours import ansi
from boardgames.vntypl8s.engine import (
    BuzzLapsed,
    GameView,
    GuessedRight,
    GuessedWrong,
    OwnerRevealed,
    Phase,
    PlateForfeited,
    PlateSubmitted,
    RequirementsRevealed,
    Standing,
)
from boardgames.vntypl8s.judge import Judgement, RequirementsCheck
from boardgames.vntypl8s.widgets import plates_table, requirement_ticks, score_table, status_text

PHASES = {Phase.WRITING: "writing", Phase.GUESSING: "guessing", Phase.GAME_OVER: "game over"}


def names(view: GameView) -> tuple[str, ...]:
    return tuple(p.name for p in view.players)


def standings(view: GameView) -> tuple[Standing, ...]:
    """Every player's scoring piles, in seat order."""
    return tuple(Standing(p.seat, p.name, len(p.owners_won), len(p.requirements_won)) for p in view.players)


def status(view: GameView, round_: int, phase: str, width: int) -> Text:
    """Round, phase and every score (*round_*, *phase*: what the screen shows, not the engine's next)."""
    scores = [(p.name, p.score) for p in view.players]
    return status_text(f"Round {round_} of {view.rounds} · {phase}", scores, width)


def writing_between(view: GameView, writer: int, *, resumed: bool) -> Content:
    """Behind a writer's handover: how far the round's writing is, and who is next (P13)."""
    done = sum(1 for p in view.players if p.done_writing)
    total = len(view.writing_order)
    where = (
        f"the game resumes ({done} of {total} plates written)"
        if resumed
        else f"writing plates ({done} of {total} done)"
    )
    return Content(f"Round {view.round}: {where}.\nNext: {plain(view.players[writer].name)}.")


def requirement_line(check: RequirementsCheck, text: str) -> Text:
    """The writer's R3QRMNTS card, each character ticked when the plate uses it."""
    ticks = Text.assemble(("R3QRMNTS ", "bold"), requirement_ticks(check.card, check.used))
    if text and not check.met:
        ticks.append(f"   missing {', '.join(check.missing)}: this plate cannot score the card", style="yellow")
    return ticks


def rules_line(text: str, judgement: Judgement | None) -> Text:
    """Under the plate editor: what to write, that the plate is legal, or every rule it breaks."""
    if not text or judgement is None:
        return Text(
            "Write a vanity plate for your 0WN3R without any word of its title: "
            "capitals and digits, no vowels, at most 8.",
            style="dim",
        )
    if judgement.legal:
        return Text("✓ legal plate: Enter to hand it in", style=ansi("bold green"))
    return Text("\n".join(f"✗ {v.reason}" for v in judgement.violations), style=ansi("red"))


def writing_notices(events: Sequence[object]) -> list[tuple[str, SeverityLevel]]:
    """What the whole table is told of a plate handed in: forfeited, or handed in as time ran
    out (the words tell no secret, only that time ran out, P17)."""
    notices: list[tuple[str, SeverityLevel]] = []
    for e in events:
        if isinstance(e, PlateForfeited):
            notices.append((sentence(plain(e, None)), "warning"))
        elif isinstance(e, PlateSubmitted) and e.timed_out:
            notices.append((sentence(plain(e, None)), "information"))
    return notices


def plate_title(view: GameView) -> Content:
    assert view.active is not None
    played = sum(1 for r in view.history if r.round == view.round)
    total = len(view.turns)  # only plates that exist: a writer who timed out has none (P17)
    writer = view.players[view.active].name
    return Content(f"Plate {played + 1} of {total}, written by {plain(writer)}: whose 0WN3R is it?")


def plate_message(view: GameView, message: str | None) -> Text:
    """The line under the plate: *message* (a lock-out, a refusal), else the writer's way out."""
    if message:
        return Text(plain(message, None), style=ansi("bold red"))
    assert view.active is not None
    return Text(sentence(f"{plain(view.players[view.active].name)}: press 0 if nobody knows it."), style="dim")


def reveal(events: Sequence[object]) -> Group:
    """Steps 5-7 of the guessing phase, each event in its own words; Enter moves on."""
    lines: list[Text] = []
    for e in events:
        if isinstance(e, GuessedWrong | BuzzLapsed):
            lines.append(Text(sentence(plain(e, None)), style=ansi("red")))
        elif isinstance(e, GuessedRight):
            lines.append(Text(sentence(plain(e, None)), style=ansi("bold green")))
        elif isinstance(e, OwnerRevealed):
            lines.append(Text(sentence(plain(e, None)), style="bold"))
        elif isinstance(e, RequirementsRevealed):
            lines.append(Text(sentence(plain(e, None))))
    lines.append(Text("Enter: continue", style="dim"))
    return Group(*lines)


def round_table(view: GameView, round_: int) -> tuple[Group, RenderableType]:
    """The scores after round *round_*, then its plates."""
    this_round = [r for r in view.history if r.round == round_]
    more = "final scores" if view.phase is Phase.GAME_OVER else "next round"
    # The key comes first: with 8 players the plates run below an 80x24 screen (↑↓ scroll).
    scores = Group(
        Text(f"Enter: {more}   ↑↓: scroll", style="dim"),
        score_table(standings(view), f"Scores after round {round_} of {view.rounds}"),
    )
    # A writer whose time ran out has no record of the round (P17): listed all the same (P35).
    wrote = {r.writer for r in this_round}
    without = [p.seat for p in view.players if p.seat not in wrote]
    plates = (
        plates_table(this_round, names(view), f"Plates of round {round_}", without)
        if this_round or without
        else Text("Nobody handed in a plate this round.")
    )
    return scores, plates


def wrong_guess(event: GuessedWrong | BuzzLapsed) -> str:
    """A chance used while the plate is still up (a wrong guess, a buzz let go, P29):
    what happened, and that the player is out.

    A sentence may start with a name: ``sentence`` raises its first letter and leaves
    the rest as the player wrote it ("McKay", never "Mckay" as ``str.capitalize`` would).
    """
    return f"{event} {sentence(event.name)} is locked out for this plate."


def lock_out_message(events: Sequence[object]) -> str | None:
    """The words for the last chance used among *events*, if any."""
    used = [e for e in events if isinstance(e, GuessedWrong | BuzzLapsed)]
    return wrong_guess(used[-1]) if used else None
