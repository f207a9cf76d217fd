"""What the duel's panels say, from one seat's view: pure functions, no Textual.

The screen hands them ``view(seat)`` (``seat``: the side at the keyboard, ``None``
while it changes hands) and what only the screen knows (the cursor, the UMO selected,
the card picked); they return what the widgets show.  Every phrase here is one a
player reads, so the snapshots pin them.
"""

from __future__ import annotations

import re

from rich.text import Text

from boardgames.common.ui.colours import ansi
from boardgames.uwo import board as B
from boardgames.uwo.actions import Action, Attack, Blast, Evade, Morph, Move, Ride, StopDuel, TakeHit
from boardgames.uwo.board import Square
from boardgames.uwo.cards import Role
from boardgames.uwo.events import Event, GameEnded, TurnStarted
from boardgames.uwo.side import Side
from boardgames.uwo.view import Duel, Phase, UmoView, UwoView

#: Each side's colour (the board, the side bars, the log).
#: The sides' colours as ANSI colours: the app draws bright green and bright magenta in
#: the theme's readable Gnorf green and Pnorf purple (``common.ui.colours.terminal_theme``);
#: fixed shades were 1.34:1 (green) and 2.18:1 (purple) on textual-light.
SIDE_STYLE = {Side.GNORFS: "bold bright_green", Side.PNORFS: "bold bright_magenta"}
#: What the marks on the squares mean (shown under the board when there is room; also in F1).
LEGEND = (
    "OUT out of play · new: morphed this turn · ×N stack · what Enter does: "
    "» move/ride · × attack · + morph · ◆ chosen · ! duel"
)
#: Against the computer its last turn stays marked too.
LEGEND_VS_COMPUTER = LEGEND + " · bold frame: the computer's last turn"

Marks = dict[Square, set[str]]
Hints = dict[Square, str]

#: A rule's row id in brackets ("(U26)", "(U11, U23)"): the rules page's, never a player's words.
_ROW_IDS = re.compile(r" ?\((?:U\d+)(?:, U\d+)*\)")


def for_players(text: str) -> str:
    """*text* without the rules page's row ids: the engine's reasons cite them for the
    code and its tests, a player reads only the words (F1 shows the rules with them)."""
    return _ROW_IDS.sub("", text)


def log_text(e: Event) -> Text:
    """An event as a log line, in its side's colour (a turn's start and the end in bold)."""
    side = getattr(e, "side", None)
    style = SIDE_STYLE[side].replace("bold ", "") if isinstance(side, Side) else ""
    if isinstance(e, (TurnStarted, GameEnded)):
        style = "bold " + style
    return Text(str(e), style=ansi(style))


def squares_of(action: Action, duel: Duel | None) -> set[Square]:
    """The squares a step touched (*duel*: the one it answered), to mark the computer's steps."""
    if isinstance(action, (Move, Attack)):
        return {action.src, action.dst}
    if isinstance(action, Ride):
        return {action.src, *action.path}
    if isinstance(action, Blast):
        return {action.src, *B.AROUND[action.src]}
    if isinstance(action, Morph):
        return {action.square}
    if isinstance(action, (Evade, TakeHit, StopDuel)) and duel is not None:
        return {duel.target}
    return set()


def legal_from(view: UwoView, sq: Square) -> list[Action]:
    """The moves, rides, attacks and blasts of the UMO on *sq* that the view allows."""
    return [a for a in view.legal if isinstance(a, (Move, Ride, Attack, Blast)) and a.src == sq]


def dynamites(view: UwoView, side: Side | None) -> list[Square]:
    """Where *side*'s Dynamites stand."""
    return [sq for sq, u in enumerate(view.board) if u is not None and u.side is side and u.kind.role is Role.DYNAMITE]


def board_marks(
    view: UwoView,
    seat: Side | None,
    *,
    cursor: Square,
    last: set[Square],
    picked_kind: str | None,
    selected: Square | None,
) -> tuple[Marks, Hints]:
    """The classes and hints of each marked square: the cursor, the computer's last steps,
    the duel, and for the side at the keyboard what Enter would do where."""
    marks: Marks = {}
    hints: Hints = {}

    def mark(sq: Square, cls: str, hint: str = "") -> None:
        marks.setdefault(sq, set()).add(cls)
        if hint:
            hints[sq] = hint

    def blast(a: Blast) -> None:
        for s in (a.src, *B.AROUND[a.src]):
            mark(s, "-blast")

    mark(cursor, "-cursor")
    for sq in last:
        mark(sq, "-last")
    if view.duel is not None:
        mark(view.duel.attacker, "-duel", "! shoots")
        mark(view.duel.target, "-duel", "! target")
    if seat is None or view.to_act is not seat:
        return marks, hints
    if picked_kind is not None:
        for a in view.legal:
            if isinstance(a, Morph) and a.kind == picked_kind:
                mark(a.square, "-morph", "morph")
    if selected is not None:
        mark(selected, "-selected")
        for a in legal_from(view, selected):
            if isinstance(a, Move):
                mark(a.dst, "-move", "move")
            elif isinstance(a, Ride):
                mark(a.dst, "-move", "ride")
            elif isinstance(a, Attack):
                mark(a.dst, "-attack", "attack")
            elif isinstance(a, Blast):
                blast(a)
                hints[a.src] = "b: blast"
    if view.phase is Phase.COUNTER and view.duel is not None:
        for a in view.legal:
            if isinstance(a, Attack):
                mark(a.dst, "-attack", "c attack")
            elif isinstance(a, Blast):
                blast(a)
    return marks, hints


def defence_keys(view: UwoView) -> str:
    """The answers to an attack the player at the keyboard really has, in keys (never a
    morph with no energy or no fitting card: only what ``view.legal`` holds)."""
    options = []
    if any(isinstance(x, Evade) for x in view.legal):
        options.append("v evade")
    if any(isinstance(x, Morph) for x in view.legal):
        options.append("a card (1-3) + Enter to morph in defence")
    options.append("t take the hit")
    return ", ".join(options[:-1]) + (" or " if len(options) > 1 else "") + options[-1]


def status(
    view: UwoView,
    seat: Side | None,
    *,
    computer: tuple[Side, str] | None,
    picked: int | None,
    selected: Square | None,
    ignored: str | None,
) -> tuple[str, list[str]]:
    """The status panel: whose move (its title), and what the player at the keyboard may do,
    one short line each, so that a narrow panel wraps between options, never inside one.
    *computer*: its side and level; *ignored*: said while keys wait for a moment of quiet."""
    cur = view.current
    title = f"Turn {view.turn} · {cur.title} to play"
    if view.to_act is not None and view.to_act is not cur:
        title = f"Turn {view.turn} · {view.to_act.title} to answer"
    if view.outcome is not None:
        o = view.outcome
        said = f"Draw: {o.reason}." if o.winner is None else f"The {o.winner.title} win: {o.reason}."
        return "Game over", [said, "n new game · Esc main menu"]
    if seat is None:
        return title, [f"Waiting for the {view.to_act.title if view.to_act else ''} to take the keyboard."]
    if computer is not None and view.to_act is computer[0]:
        return _computer_status(view, computer)
    return title, _your_status(view, picked=picked, selected=selected, ignored=ignored)


def _computer_status(view: UwoView, computer: tuple[Side, str]) -> tuple[str, list[str]]:
    side, level = computer
    who = f"{side.title} (computer, {level})"
    if view.to_act is view.current:
        return f"Turn {view.turn} · {who} to play", [
            "The computer plays its turn; watch the log and the marked squares."
        ]
    if view.phase is Phase.DRAW_OFFER:
        return f"Turn {view.turn} · {who} to answer", ["The computer considers your offer of a draw."]
    return f"Turn {view.turn} · your duel · {who} to answer", ["The computer answers your attack."]


def _your_status(view: UwoView, *, picked: int | None, selected: Square | None, ignored: str | None) -> list[str]:
    lines: list[str] = []
    if view.phase is Phase.TURN:
        lines.append(turn_left(view))
        lines.append(f"Paid {view.paid} this turn")
        if picked is not None:
            lines += ["Enter on a UMO marked 'morph'", "x swap the card · Esc clear"]
        elif selected is not None:
            lines += ["Enter on a marked square", "Esc clear"]
        else:
            lines += ["Enter select a UMO · 1-3 pick a card", "e end the turn"]
        if view.undoable:
            lines.append(f"u take back the last {'morph or move' if view.undoable > 1 else 'step'}")
    elif view.phase is Phase.DEFEND and view.duel is not None:
        a = view.board[view.duel.attacker]
        t = view.board[view.duel.target]
        assert a is not None and t is not None
        lines.append(
            f"You are attacked! The {a.side.singular} {a.kind.name} on {B.name(a.square)} "
            f"attacks your {t.kind.name} on {B.name(t.square)}."
        )
        if ignored is not None:
            lines.append(ignored)
        if any(isinstance(x, Evade) for x in view.legal):
            lines.append(f"v evade ({view.sides[t.side].evasions} left)")
        if any(isinstance(x, Morph) for x in view.legal):
            lines.append(f"1-3 + Enter: morph (shield vs {a.kind.name})")
        lines.append("No defence in your hand: t take the hit" if len(view.legal) == 1 else "t take the hit")
    elif view.phase is Phase.DRAW_OFFER:
        lines += [f"The {view.current.title} offer a draw.", "y accept · n decline"]
    elif view.phase is Phase.COUNTER and view.duel is not None:
        a = view.board[view.duel.attacker]
        assert a is not None
        lines += [
            "You defended.",
            f"c counter-attack the {a.kind.name} on {B.name(a.square)}",
            "p no counter-attack (the duel ends)",
        ]
    return lines


def turn_left(view: UwoView) -> str:
    """What is left of the turn: the morph and the action, each ``used``, ``free`` or, with
    the energy row empty, ``no energy`` (both cost energy: a morph 1, an action its card's)."""
    empty = view.sides[view.current].energy == 0

    def state(used: bool) -> str:
        return "used" if used else "no energy" if empty else "free"

    return f"Morph {state(view.morph_used)} · action {state(view.action_used)}"


#: What Enter does on a marked square (``board_marks``'s hints), said in the cursor line.
_ENTER_DOES = {
    "move": "Enter moves there",
    "ride": "Enter rides there",
    "attack": "Enter attacks it",
    "c attack": "c counter-attacks it",
    "morph": "Enter morphs it",
    "b: blast": "b blasts",
}


def cursor_text(view: UwoView, cursor: Square, selected: Square | None, hints: Hints) -> str | None:
    """While a UMO is selected and the cursor is elsewhere: where the cursor is and what
    Enter does there - the info panel may still describe the selected UMO, and the board's
    colours alone must not be the only sign of the cursor."""
    if selected is None or cursor == selected:
        return None
    umo = view.board[cursor]
    what = f"{umo.side.singular} {umo.kind.name}" if umo is not None else "empty"
    does = _ENTER_DOES.get(hints.get(cursor, ""), "not a target")
    return f"Cursor {B.name(cursor)}: {what}\n{does}"  # two short lines: a narrow panel never cuts one


def umo_to_read(view: UwoView, cursor: Square, selected: Square | None) -> UmoView | None:
    """The UMO whose card the info panel shows: under the cursor, else the one selected."""
    for sq in (cursor, selected):
        if sq is not None and view.board[sq] is not None:
            return view.board[sq]
    return None


def empty_square(cursor: Square) -> str:
    return f"{B.name(cursor)}: an empty square. Move the cursor onto a UMO to read its card."


def intended(view: UwoView, src: Square, dst: Square) -> Action:
    """The action a player most likely meant by pointing at ``dst`` (to explain a refusal)."""
    mover = view.board[src]
    assert mover is not None
    target = view.board[dst]
    if mover.kind.role is Role.RIDER:
        return Ride(src, (dst,))
    if target is not None and target.side is not mover.side:
        return Attack(src, dst)
    return Move(src, dst)


def why_no_action(view: UwoView, sq: Square) -> str:
    """Why the UMO selected on *sq* has nothing to do."""
    if view.action_used:
        return "You have already used this turn's action (a morph is still possible if unused)."
    umo = view.board[sq]
    assert umo is not None
    if umo.out_of_play:
        return f"It is {umo.out_text}; it could still move if the way were free."
    return "No move or attack is possible for it right now (blocked, out of range, or not enough energy)."


def counter_of(view: UwoView) -> Attack | Blast | None:
    """The counter-attack the duel's defender would make (a Dynamite counters by blasting)."""
    if view.duel is None:
        return None
    me = view.board[view.duel.target]
    if me is None:
        return None
    if me.kind.role is Role.DYNAMITE:
        return Blast(view.duel.target)
    return Attack(view.duel.target, view.duel.attacker)
