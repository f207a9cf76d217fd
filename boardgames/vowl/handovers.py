"""What Vowl says when the keyboard changes hands (``common.handovers`` decides when).

The policy hands over where a seat's view holds secrets: a head-to-head racer's pile,
the selector's hand.  The rulebook adds courtesy handovers where nothing is secret: the
racer (or both partners, or both sudden-death racers) turns the sand timer when ready,
and a game resumed mid-pile restarts its sand only when they are back (Interpretation V26).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from boardgames.common.game import Seat
from boardgames.common.handovers import Why
from boardgames.common.text import sentence, shown
from boardgames.vowl.events import Rolled, SelectionMade, plural
from boardgames.vowl.kinds import Mode, Phase
from boardgames.vowl.render import asks_pile_order, buzz_keys

#: Where the rules ask whoever plays next to say when they are ready.
READY_PHASES = (Phase.READY, Phase.SUDDEN_DEATH_READY)
#: Where a resumed game stopped with sand running (Interpretation V26).
RUNNING = (Phase.SOLVING, Phase.SUDDEN_DEATH)


def interrupted(engine: Any, why: Why) -> bool:
    """Is this the handover of a game resumed with its sand running?"""
    return why is Why.RESUMED and engine.phase in RUNNING


def chosen_for(engine: Any, why: Why, events: Sequence[object]) -> bool:
    """Selection: has the selector just chosen the roller's cards, and is the roller now
    asked where their extra cards go?  Then the roller takes the keyboard first: the
    selector holds it, and the roller was told to look away (Interpretation V16)."""
    return (
        why is Why.TURN
        and any(isinstance(e, SelectionMade) for e in events)
        and not any(isinstance(e, Rolled) for e in events)  # chosen by a player, not discarded at the roll (V16)
        and asks_pile_order(engine.view(None))
    )


def resumed_at_pile_order(engine: Any, why: Why) -> bool:
    """A game resumed where the extras' owner is asked "top or under?" (after a Selection,
    where nothing is secret): whoever sits down, the owner takes the keyboard before the
    question is asked (never a question before a handover dismissed deliberately)."""
    return why is Why.RESUMED and asks_pile_order(engine.view(None))


def extras_owner(view: Any) -> Seat:
    """Whose extras are being placed (the roller's unless the view names another seat: seat 0 too)."""
    return view.current_player if view.extras_owner is None else view.extras_owner


def time_left(engine: Any) -> tuple[float, float]:
    """A resumed pile's sand: (the timer's limit, the seconds already used at the last answer)."""
    view = engine.view(None)
    used = 0.0
    actors = sorted(engine.actors())
    if view.phase is Phase.SOLVING and actors:
        rule = engine.view(actors[0]).answer  # the racer's own view: what they may answer now
        used = rule.min_elapsed if rule is not None else 0.0
    return float(view.time_limit or 25), used


def _take(who: str) -> str:
    return f"{shown(who)}, take the keyboard — press Space when ready"


class VowlWords:
    """Vowl's ``HandoverWords``: the headline and the line under it, by the phase handed over to."""

    shows_last = False

    def player(self, engine: Any, seat: Seat | None) -> str:
        return "Everyone" if seat is None else str(engine.view(None).players[seat].name)

    def courtesy(self, engine: Any, why: Why, events: Sequence[object]) -> bool:
        return (
            engine.phase in READY_PHASES
            or interrupted(engine, why)
            or chosen_for(engine, why, events)
            or resumed_at_pile_order(engine, why)
        )

    def title(self, engine: Any, seat: Seat | None, why: Why, seen: Sequence[object]) -> str:
        view = engine.view(None)
        if interrupted(engine, why):
            return _take(_racers(view))
        match view.phase:
            case Phase.SELECT_DISCARDS:
                assert view.selection is not None
                return _take(view.name(view.selection.selector))
            case Phase.PLACE_EXTRAS:
                return _take(view.name(extras_owner(view)))
            case Phase.SUDDEN_DEATH_READY:
                assert view.sudden_death is not None
                a, b = (view.name(seat) for seat in view.sudden_death.players)
                return f"Sudden death! {shown(a)} and {shown(b)}, both at the keyboard — press Space when ready"
        return _take(_racers(view))

    def detail(self, engine: Any, seat: Seat | None, why: Why, seen: Sequence[object]) -> str:
        view = engine.view(None)
        if interrupted(engine, why):
            limit, used = time_left(engine)
            text = f"The game was interrupted mid-pile. Space restarts the sand timer with {limit - used:.0f} s left."
            sd = view.sudden_death if view.phase is Phase.SUDDEN_DEATH else None
            if sd is not None and sd.buzzer is not None:
                # Interpretation V29: a full buzz countdown again; the card's sand stands still.
                text += f" {shown(view.name(sd.buzzer))} holds the buzz: {sd.buzz_seconds} s to answer."
            elif sd is not None:
                text += f" Buzz with {buzz_keys(sd, view.names)}."
            return text
        match view.phase:
            case Phase.SELECT_DISCARDS:
                sel = view.selection
                assert sel is not None
                selector, player = shown(view.name(sel.selector)), shown(view.name(sel.player))
                return f"{selector} picks which cards {player} must solve. {player}, look away!"
            case Phase.PLACE_EXTRAS:
                # After the selection (``chosen_for``) the roller's question; in a head-to-head
                # the opponent's too (V9: the policy's handover, their view holds the question);
                # or a game resumed at either: in the name of the one asked, once they hold it.
                owner = extras_owner(view)
                lead = "your pile is chosen. Your" if view.mode is Mode.SELECTION else "your"
                resumed = "The game resumes. " if why is Why.RESUMED else ""
                return (
                    f"{resumed}{shown(view.name(owner))}, {lead} tier draws {view.player(owner).extras} "
                    "face down: Space, then choose whether they go on top of or under your pile."
                )
            case Phase.SUDDEN_DEATH_READY:
                sd = view.sudden_death
                assert sd is not None
                return (
                    f"One red card. Buzz with {buzz_keys(sd, view.names)} only when you know the word: "
                    f"you then have {sd.buzz_seconds} s to type it. A wrong answer, a pass or the end "
                    "of those seconds locks you out of the card. Space turns the card."
                )
        run = view.active_run
        assert run is not None
        mode = view.mode.value if view.mode else ""
        text = f"{sentence(mode)}: {plural(run.total, 'card')} face down, {run.time_limit} seconds. Space flips the sand timer."
        if view.mode is Mode.HEAD_TO_HEAD:
            text += " Everyone else: no peeking at the other racer's pile."
        return text


def _racers(view: Any) -> str:
    """Who takes the keyboard for the pile or the card in play: "Ann Lee and Bob Roy" for two."""
    name = view.name
    if view.phase is Phase.SUDDEN_DEATH and view.sudden_death is not None:
        return " and ".join(name(seat) for seat in view.sudden_death.players)
    run = view.active_run
    if run is None:
        return name(view.current_player)
    return f"{name(run.runner)} and {name(run.partner)}" if run.partner is not None else name(run.runner)


#: The one ``HandoverWords`` Vowl needs (it keeps nothing).
WORDS = VowlWords()
