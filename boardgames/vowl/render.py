"""What the Vowl table writes, from a view alone: ``VowlView`` -> markup, no widget, no engine.

Each function is pure, so what a player reads is decided here once and can be tested
without an app; every name in it passes through ``common.text.shown``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from boardgames.common.text import shown
from boardgames.vowl.kinds import Phase
from boardgames.vowl.view import SuddenDeathView, VowlView

if TYPE_CHECKING:
    from boardgames.vowl.stats import StatsStore

#: Sudden-death buzzer keys: far apart on the keyboard, one per racer.
BUZZ_KEYS = ("z", "m")


def status(view: VowlView) -> str:
    """The status line."""
    name = view.name
    p = shown(name(view.current_player))
    match view.phase:
        case Phase.ROLL:
            return f"[b]{p}[/b]'s turn — press [b]R[/b] to roll the dice."
        case Phase.SOLVING:
            run = view.active_run
            who = (
                shown(name(run.runner))
                if run and run.partner is None
                else (
                    f"{shown(name(run.runner))} & {shown(name(run.partner))}" if run and run.partner is not None else p
                )
            )
            return f"[b]{who}[/b]: solve the card! Enter answers, Ctrl+X passes."
        case Phase.SUDDEN_DEATH:
            sd = view.sudden_death
            assert sd is not None
            if sd.buzzer is not None:
                return f"[b]{shown(name(sd.buzzer))}[/b], type your answer and press Enter."
            keys = "  ".join(
                f"[b]{k.upper()}[/b] {shown(name(seat))}"
                for k, seat in zip(BUZZ_KEYS, sd.players, strict=True)
                if seat not in sd.locked_out
            )
            return f"Sudden death — buzz in: {keys}"
        case Phase.GAME_OVER:
            o = view.outcome
            who = shown(view.players[o.winner].name) if o else "?"
            if view.practice:
                return f"[b]Practice complete![/b] {who} reached the star. N: another session · Esc: menu."
            return f"[b]{who} wins the game![/b]  N: new game with the same players · Esc: menu."
    actor = view.actors[0] if view.actors else view.current_player
    if actor != view.current_player:
        # Someone else decides (a partner scoring, an opponent's extras): name them,
        # not the roller, who may not even be at the keyboard.
        return f"[b]{shown(name(actor))}[/b] — {view.phase.value} ({p}'s turn)."
    return f"[b]{p}[/b]'s turn — {view.phase.value}."


def dice(view: VowlView) -> str:
    """The dice row: the number, the mode face, the mode it means."""
    if view.number is None:
        return "🎲 –"
    face = f"  ·  {view.face.value}" if view.face else ""
    face_shown = view.face.value if view.face else None
    mode = f"  →  [b]{view.mode.value}[/b]" if view.mode and view.mode.value != face_shown else ""
    forced = " (forced: within 2 of victory)" if view.forced_solitaire else ""
    return f"🎲 [b]{view.number}[/b]{face}{mode}{forced}"


def idle_caption(view: VowlView) -> str:
    """What the card's place says when no card is face up."""
    if view.phase is Phase.GAME_OVER:
        return "Game over"
    run = view.active_run
    if run is not None and view.phase is Phase.READY:
        return f"{run.total} cards face down"
    return "Vowl"


def pile_info(view: VowlView) -> str:
    """The line under the card: the pile's counts, or sudden death's (empty otherwise)."""
    run = view.active_run
    if view.phase is Phase.SOLVING and run is not None and run.visible:
        solved = run.solved_count or 0
        return f"{run.pile_left} face down · {len(run.passed)} passed · {solved} of {run.total} solved"
    if view.phase is Phase.SUDDEN_DEATH and view.sudden_death is not None:
        return sudden_info(view.sudden_death, view.names)
    return ""


def sudden_info(sd: SuddenDeathView, names: Sequence[str]) -> str:
    """The card's number, who may still buzz with which key, who is locked out (V31)."""
    waiting = [(k, n) for k, n in zip(BUZZ_KEYS, sd.players, strict=True) if n not in sd.locked_out and n != sd.buzzer]
    nxt = ""
    if sd.buzzer is not None and waiting:
        nxt = " · then " + ", ".join(f"{k.upper()} {shown(names[n])}" for k, n in waiting)
    locked = f" · locked out: {', '.join(shown(names[n]) for n in sd.locked_out)}" if sd.locked_out else ""
    return f"Sudden death card {sd.cards_tried}{nxt}{locked}"


def buzz_keys(sd: SuddenDeathView, names: Sequence[str]) -> str:
    """ "[Z] (Ann Lee) or [M] (Bob Roy)": who may buzz and with which key (markup, brackets shown)."""
    keys = [
        f"{shown(f'[{k.upper()}]')} ({shown(names[n])})"
        for k, n in zip(BUZZ_KEYS, sd.players, strict=True)
        if n not in sd.locked_out
    ]
    return " or ".join(keys) or "nobody"


def asks_pile_order(view: VowlView) -> bool:
    """Is the extra cards' owner asked whether they go on top of or under the pile?

    Not when the tier's extras are all green, like the pile (Interpretation V27): they go
    under it unasked."""
    if view.phase is not Phase.PLACE_EXTRAS:
        return False
    owner = view.current_player if view.extras_owner is None else view.extras_owner  # seat 0 is an owner too
    extras = view.player(owner).extras
    return extras.total != extras.basic


def can_type(view: VowlView) -> bool:
    """Is the answer box open: a pile in play, or a buzz held in sudden death."""
    if view.phase is Phase.SOLVING:
        return True
    sd = view.sudden_death
    return view.phase is Phase.SUDDEN_DEATH and sd is not None and sd.buzzer is not None


def practice_stats(stats: StatsStore, view: VowlView) -> str:
    """The practice panel: the player's record, read from their stats file (shown as data)."""
    from boardgames.vowl.stats import seconds  # noqa: PLC0415 - practice only

    s = stats.get(view.players[0].name)
    best = ", ".join(f"{shown(n)} cards {seconds(t)}" for n, t in sorted(s.best_times.items())) or "none yet"
    text = (
        f"[b]Your practice[/b]\ncards solved {shown(s.cards_solved)} · piles beaten "
        f"{shown(s.piles_beaten)}/{shown(s.piles_played)}\nstreak {shown(s.streak)} (best {shown(s.best_streak)})\n"
        f"best times: {best}"
    )
    if stats.warning:
        text += f"\n[$text-warning]⚠ {shown(stats.warning, None)}[/]"
    return text
