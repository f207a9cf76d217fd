"""Which of the duel's commands the Footer offers now, and why one is refused: from the
seat's view and the engine's legal actions alone (no Textual).

A command is shown (``True``), greyed out (``None``: the engine would refuse it now) or
hidden (``False``: it belongs to another phase); a greyed or hidden key still gets an
answer, in the player's words (``why_not``; the engine's reason where it has one).
"""

from __future__ import annotations

from collections.abc import Callable, Container

from boardgames.common.game import refusal_text
from boardgames.uwo import render
from boardgames.uwo.actions import Action, Attack, Blast, EndTurn, Evade, OfferDraw, Swap, TakeHit, Undo
from boardgames.uwo.side import Side
from boardgames.uwo.view import Phase, UwoView

#: The keys whose command may be refused, and the command each is bound to.
KEYS = {
    "v": "evade",
    "t": "take_hit",
    "c": "counter",
    "p": "stop_duel",
    "b": "blast",
    "u": "undo",
    "x": "swap",
    "e": "end_turn",
    "E": "drain",
    "n": "new_game",
    "g": "resign",
    "=": "offer_draw",
}


def state(
    action: str,
    view: UwoView,
    seat: Side | None,
    legal: Container[Action],  # noqa: C901, PLR0911, PLR0912
    picked_kind: str | None,
) -> bool | None:
    """Shown, greyed out or hidden (see the module); *legal*: the engine's legal actions."""
    phase = view.phase
    if action == "new_game":
        return phase is Phase.OVER
    mine = seat is not None and view.to_act is seat
    if action == "resign":  # U26: whoever must act, in any phase
        return True if mine else None
    if action == "offer_draw":
        return True if mine and OfferDraw() in legal else None
    listed = view.legal if mine else ()
    if action in ("evade", "take_hit"):
        if phase is not Phase.DEFEND:
            return False
        wanted = Evade if action == "evade" else TakeHit
        return True if mine and any(isinstance(a, wanted) for a in listed) else None
    if action in ("counter", "stop_duel"):
        if phase is not Phase.COUNTER:
            return False
        if action == "stop_duel":
            return True if mine else None
        return True if mine and any(isinstance(a, (Attack, Blast)) for a in listed) else None
    if phase is not Phase.TURN:
        return False
    if action == "end_turn":
        return True if mine else None
    if action == "undo":  # shown only when there is something to take back: the Footer is short
        return bool(mine and Undo() in legal)
    if action == "drain":
        return True if mine and EndTurn(drain=True) in legal else None
    if action == "swap":
        if picked_kind is None:
            return False  # shown once a card is picked (x swaps the picked card)
        return True if mine and Swap(picked_kind) in legal else None
    if action == "blast":
        if any(isinstance(a, Blast) for a in listed):
            return True
        return None if seat is not None and render.dynamites(view, seat) else False
    return True


def why_not(
    action: str,
    view: UwoView,
    seat: Side | None,
    *,
    computer: Side | None,  # noqa: C901, PLR0911, PLR0912
    picked_kind: str | None,
    why_illegal: Callable[[Action], str | None],
) -> str:
    """Why a command cannot be used now, in the player's words (the engine's where it has one)."""
    if action == "new_game":
        return "A new game can begin once this duel is over (Escape leaves it)."
    if view.outcome is not None:
        return "The game is over: n starts a new one."
    if seat is None or view.to_act is not seat:
        if computer is not None and view.to_act is computer:
            return "Wait: the computer is playing."
        return "Wait for the other player."
    phase = view.phase
    candidate: Action | None = None
    if action == "offer_draw":
        candidate = OfferDraw()
    elif action in ("evade", "take_hit"):
        if phase is not Phase.DEFEND:
            return "There is no attack to answer right now."
        candidate = Evade()
    elif action in ("counter", "stop_duel"):
        if phase is not Phase.COUNTER or view.duel is None:
            return "You can counter-attack only right after defending yourself in a duel."
        candidate = render.counter_of(view)
        assert candidate is not None
    elif phase is Phase.DEFEND:
        return f"You are attacked: first answer it ({render.defence_keys(view)})."
    elif phase is Phase.COUNTER:
        return "First finish the duel: c counter-attack or p no counter-attack."
    elif action == "undo":
        candidate = Undo()
    elif action == "swap":
        if picked_kind is None:
            return "Pick the card to swap first (1, 2 or 3), then press x."
        candidate = Swap(picked_kind)
    elif action == "drain":
        candidate = EndTurn(drain=True)
    elif action == "blast":
        mine = render.dynamites(view, seat)
        if not mine:
            return "You have no Dynamite on the board."
        candidate = Blast(mine[0])
    if candidate is not None:
        reason = why_illegal(candidate)
        if reason is not None:
            return refusal_text(render.for_players(reason))
    return "That is not possible right now."
