"""The duel's questions: each a shared guarded ``ChoiceScreen`` (the key that opened it,
or a double press, never answers), worded from the seat's view.

Steps that end a turn or cannot be taken back ask once first (``confirm`` and the
questions built on it); a draw offered is answered with no way out (the game cannot
go on until it is); a duel's end offers what comes next.
"""

from __future__ import annotations

from boardgames.common.text import sentence
from boardgames.common.ui.choice import Choice, ChoiceScreen
from boardgames.uwo import board as B
from boardgames.uwo.actions import Blast, Ride
from boardgames.uwo.board import Square
from boardgames.uwo.side import Side
from boardgames.uwo.view import UwoView


def confirm(question: str, detail: str, yes: str) -> ChoiceScreen[bool]:
    """Yes (*yes*) or "No, go on playing"; Escape is no."""
    return ChoiceScreen(
        question, [Choice("y", yes, True), Choice("n", "No, go on playing", False)], detail=detail, cancel=True
    )


def end_turn(view: UwoView) -> ChoiceScreen[bool]:
    unused = [what for what, used in (("morphed", view.morph_used), ("acted", view.action_used)) if not used]
    detail = f"You have not {' or '.join(unused)} this turn. " if unused else ""
    cost = "It costs 1 energy: nothing was paid this turn. " if not view.paid else ""
    return confirm("End the turn?", detail + cost, "Yes, end the turn")


def drain(view: UwoView) -> ChoiceScreen[bool]:
    left = view.sides[view.current].energy
    return confirm(
        "End the turn spending all your energy?",
        f"All {left} energy left in your row is spent, so you draw no cards at the end of this turn.",
        f"Yes, spend all {left} and end the turn",
    )


def swap(name: str) -> ChoiceScreen[bool]:
    return confirm(
        f"Swap the {name}?",
        "It goes face down under your deck, you draw the top card, and your turn ends at once.",
        "Yes, swap it and end the turn",
    )


def take_hit(view: UwoView) -> ChoiceScreen[bool] | None:
    """``None`` when there is no attacked UMO to ask about."""
    target = view.board[view.duel.target] if view.duel is not None else None
    if target is None:
        return None
    return confirm(
        "Take the hit?", f"Your {target.kind.name} on {B.name(target.square)} is destroyed.", "Yes, take the hit"
    )


def blast(action: Blast) -> ChoiceScreen[bool]:
    return confirm(
        f"Blast the Dynamite on {B.name(action.src)}?",
        "It explodes with every UMO on the 8 squares around it, yours included.",
        "Yes, blast it",
    )


def resign(side: Side) -> ChoiceScreen[bool]:
    return confirm("Resign the game?", f"The {side.other.title} win at once.", "Yes, resign")


def offer_draw(side: Side, *, against_computer: bool) -> ChoiceScreen[bool]:
    if against_computer:
        how = "The computer accepts in a level bare endgame, or when it judges that it is not winning."
    else:
        how = f"The {side.other.title} are handed the keyboard to accept or decline."
    return confirm("Offer a draw?", f"{how} Declined, your turn goes on.", "Yes, offer a draw")


def draw_offered(offerer: Side) -> ChoiceScreen[bool]:
    """The player at the keyboard answers a draw offer (U26): no Escape."""
    return ChoiceScreen(
        f"The {offerer.title} offer a draw",
        [
            Choice("y", "Accept: the game is a draw", True),
            Choice("n", f"Decline: the {offerer.possessive} turn goes on", False),
        ],
        detail="Accepted, the game ends as a draw.",
    )


def rides_by_effect(view: UwoView, rides: list[Ride]) -> dict[tuple[Square, ...], Ride]:
    """Rides ending on the same square, one per effect (who is trampled), shortest first."""
    by_effect: dict[tuple[Square, ...], Ride] = {}
    for r in sorted(rides, key=lambda r: len(r.path)):
        trampled = tuple(s for s in r.path[:-1] if view.board[s] is not None)
        by_effect.setdefault(trampled, r)
    return by_effect


def kind_on(view: UwoView, square: Square) -> str:
    """The kind of the UMO on *square* (a ride tramples only squares with a UMO on them)."""
    umo = view.board[square]
    return umo.kind.name if umo is not None else "empty square"


def which_ride(view: UwoView, by_effect: dict[tuple[Square, ...], Ride]) -> ChoiceScreen[Ride]:
    """Several rides end on the same square: which way (named by who is trampled)."""
    choices = []
    for i, (trampled, ride) in enumerate(sorted(by_effect.items(), key=lambda kv: len(kv[0]))):
        route = " → ".join(B.name(s) for s in (ride.src, *ride.path))
        if trampled:
            who = ", ".join(f"the {kind_on(view, s)} on {B.name(s)}" for s in trampled)
            label = f"{route}: tramples {who}"
        else:
            label = f"{route}: tramples nobody"
        choices.append(Choice(str(i + 1), label, ride))
    return ChoiceScreen("Which way does the Rider go?", choices, cancel=True)


def game_over(view: UwoView) -> ChoiceScreen[str]:
    """What comes after a duel: a new one, the main menu, or a look at the board."""
    outcome = view.outcome
    assert outcome is not None
    headline = "Draw!" if outcome.winner is None else f"The {outcome.winner.title} win!"
    return ChoiceScreen(
        headline,
        [Choice("n", "New game", "new"), Choice("m", "Main menu", "menu"), Choice("b", "Look at the board", "board")],
        detail=f"{sentence(outcome.reason)}, after {view.turn} turn{'s' if view.turn != 1 else ''}.",
    )
