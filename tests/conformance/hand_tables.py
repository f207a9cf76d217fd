"""The shipped games' tables for the handover guarantees (``tests.conformance.fast_hands``):
what is secret in each, who takes the keyboard, and how a decision is played with keys.
Each game's adapter (``tests/conformance/adapters.py``) names its table in ``hands``."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from textual.pilot import Pilot

from boardgames.common.dictionary import get_dictionary
from boardgames.common.skeleton import SkeletonMatcher
from boardgames.common.ui.base import GuardedModalScreen
from boardgames.common.ui.choice import ChoiceScreen
from boardgames.uwo import board as B
from boardgames.uwo.actions import Attack, Evade, Morph, Move
from boardgames.uwo.screen import UwoScreen
from boardgames.uwo.side import Side
from boardgames.uwo.view import Phase as UwoPhase
from boardgames.vntypl8s.engine import Phase as PlatePhase
from boardgames.vntypl8s.screen import GuessScreen, Stage, Vntypl8sScreen
from boardgames.vntypl8s.widgets import grid_key
from boardgames.vowl.kinds import Phase as VowlPhase
from boardgames.vowl.modals import DiscardScreen
from boardgames.vowl.screen import BUZZ_KEYS, VowlScreen
from tests.conformance.fast_hands import FastHands, Table, from_command, screen_of
from tests.screen import deliberately, pause_like_a_player, wait_for
from tests.vntypl8s.helpers import legal_plate

# UWO ------------------------------------------------------------------------------------


@dataclass
class Uwo(Table):
    """A hot-seat duel.  The secret of a side is its hand (``view(side).sides[side].hand``),
    drawn by the hand panel as "1 Bazooka"; a bare card name is no secret (the same
    kind stands on the board for everyone to see).  Each turn the side at the
    keyboard attacks when it can (the attack is confirmed with Enter and hands the
    keyboard to the defender), else moves a UMO (Enter, arrows, Enter), then ends the
    turn with ``e`` - UWO's own key for it, there is none with Enter."""

    #: The screen drops the hand from the widgets (``keyboard = None``) before it pushes
    #: the handover: the side that just acted must not leave its hand on the table.
    HIDES_OUTGOING: ClassVar[bool] = True

    @property
    def screen(self) -> UwoScreen:
        return screen_of(self.app, UwoScreen)

    @property
    def game(self) -> Any:
        game = self.screen.game
        assert game is not None
        return game

    def seats(self) -> list[Side]:
        return [Side.GNORFS, Side.PNORFS]

    def secrets(self, seat: Side) -> list[str]:
        if self.game.view(None).sides[seat].hand is not None:
            return []
        hand = self.game.view(seat).sides[seat].hand or ()
        return [f"Your hand ({seat.title})", *(f"{i + 1} {kind.name}" for i, kind in enumerate(hand))]

    def shown_on_taking(self, seats: frozenset[Side] | None) -> list[str]:
        return [s for seat in seats or () for s in self.secrets(seat)]

    def incoming(self) -> frozenset[Side]:
        return frozenset({self.game.to_act})

    def state(self) -> object:
        return self.game.view(None)

    def over(self) -> bool:
        return self.game.is_over()

    async def goto(self, pilot: Pilot, target: int) -> None:
        board = self.screen.board
        for _ in range(B.COLS + B.ROWS):
            cursor = board.cursor
            if cursor == target:
                return
            if B.col_of(cursor) != B.col_of(target):
                await pilot.press("right" if B.col_of(cursor) < B.col_of(target) else "left")
            else:
                await pilot.press("up" if B.row_of(cursor) < B.row_of(target) else "down")
            await pilot.pause()
        assert board.cursor == target, f"the cursor never reached {B.name(target)}"

    async def play(self, pilot: Pilot) -> None:
        screen, game = self.screen, self.game
        side = screen.seat
        assert side is not None and side is game.to_act, "the screen's keyboard is not the side to act"
        view = game.view(side)
        legal = list(view.legal)
        before = self.before()
        if game.phase is UwoPhase.DEFEND:
            morphs = [a for a in legal if isinstance(a, Morph)]
            hand = [k.key for k in view.sides[side].hand or ()]
            if morphs and self.rng.random() < 0.3:  # a defensive morph: a card, then Enter
                await pilot.press(str(hand.index(morphs[0].kind) + 1), "enter")
            else:
                await pilot.press("v" if Evade() in legal and self.rng.random() < 0.6 else "t")
        elif game.phase is UwoPhase.COUNTER:
            counters = [a for a in legal if isinstance(a, Attack)]
            await pilot.press("c" if counters and self.rng.random() < 0.5 else "p")
        elif view.action_used:
            await pilot.press("e")
            await deliberately(pilot, "y")  # "End the turn?" is asked once
        else:
            attacks = [a for a in legal if isinstance(a, Attack)]
            moves = [a for a in legal if isinstance(a, Move)]
            if not attacks and not moves:
                await pilot.press("e")
                await deliberately(pilot, "y")
            else:
                action = self.rng.choice(attacks or moves)
                await self.goto(pilot, action.src)
                await pilot.press("enter")  # select
                await pilot.pause()
                await self.goto(pilot, action.dst)
                await pilot.press("enter")  # confirm: move or attack
        await self.until_moved(pilot, before, "a UWO action")

    async def answer(self, pilot: Pilot, modal: GuardedModalScreen[Any]) -> None:
        assert isinstance(modal, ChoiceScreen), modal
        await deliberately(pilot, "enter")  # the highlighted first answer: a route, or a new game


# VNTYPL8S -------------------------------------------------------------------------------


@dataclass
class Vntypl8s(Table):
    """Hot-seat writing, then a public guessing table.  The secrets of a writer are
    their 0WN3R title, their R3QRMNTS letters and the plate they wrote, until the
    table may see them; a title also dealt face up into the public grid is no
    secret as a string.  Writers type a legal plate and hand it in with Enter (now
    and then one that misses the card: "Hand in ... anyway?" is answered with Enter
    on "yes"); at the table the next seat buzzes and guesses, or "nobody knows"."""

    #: The writer's cards and plate are wiped from the editor as the plate is handed in
    #: (``_clear_writer``): the next writer must not find them under the handover.
    HIDES_OUTGOING: ClassVar[bool] = True

    @property
    def screen(self) -> Vntypl8sScreen:
        return screen_of(self.app, Vntypl8sScreen)

    @property
    def game(self) -> Any:
        return self.screen.game

    def seats(self) -> list[int]:
        return list(range(len(self.game.players)))

    def secrets(self, seat: int) -> list[str]:
        mine = self.game.view(seat).players[seat]
        public = self.game.view(None)
        table = public.players[seat]
        titles = set(public.grid_layout)
        out = []
        if mine.owner and table.owner is None and mine.owner not in titles:
            out.append(mine.owner)
        if mine.requirements and table.requirements is None:
            out.append(mine.requirements)
        if mine.plate and table.plate is None:
            out += [mine.plate, " ".join(mine.plate)]  # the editor draws it spaced
        return out

    def shown_on_taking(self, seats: frozenset[int] | None) -> list[str]:
        if seats is None:
            return []
        (writer,) = seats
        me = self.game.view(writer).players[writer]
        return [me.owner, me.requirements]

    def incoming(self) -> frozenset[int] | None:
        game = self.game
        if game.phase is not PlatePhase.WRITING:
            return None  # everyone gathers round the guessing table
        public = game.view(None)
        return frozenset({next(p for p in game.writing_order if not public.players[p].done_writing)})

    def state(self) -> object:
        return (self.game.view(None), self.screen.stage)

    def over(self) -> bool:
        return self.game.phase is PlatePhase.GAME_OVER

    async def play(self, pilot: Pilot) -> None:
        screen, game = self.screen, self.game
        before = self.before()
        if screen.stage is Stage.WRITING:
            writer = screen.writer
            assert writer is not None
            plate = legal_plate(game, writer, meet=self.rng.random() > 0.3)
            await pilot.press(*plate.lower())  # the editor upper-cases
            await wait_for(pilot, lambda: screen.query_one("#plate-input").value == plate, "the plate typed")
            await pilot.press("enter")  # hand it in
        elif screen.stage is Stage.PLATE:
            if self.rng.random() < 0.25:
                await pilot.press("0")  # nobody knows: a yes/no question
            else:
                guesser = (game.active + 1) % len(game.players)
                await pilot.press(str(guesser + 1))  # buzz: the guess screen
        elif screen.stage in (Stage.REVEAL, Stage.ROUND_END):
            await deliberately(pilot, "enter")  # read, then on (a round's end leads to a handover)
        else:
            raise AssertionError(f"nothing to play at stage {screen.stage}")
        await self.until_moved(pilot, before, "a VNTYPL8S step")

    async def answer(self, pilot: Pilot, modal: GuardedModalScreen[Any]) -> None:
        if isinstance(modal, GuessScreen):
            game = self.game
            owner = game.view(game.active).players[game.active].owner
            await pilot.press(*grid_key(game.view(None).grid_layout.index(owner)))
            await pilot.pause()
            await deliberately(pilot, "enter")
        else:
            assert isinstance(modal, ChoiceScreen), modal
            await deliberately(pilot, "enter")  # "yes" is highlighted: hand it in anyway, nobody knows


# Vowl -----------------------------------------------------------------------------------


MATCHER = SkeletonMatcher(get_dictionary())


def wrong_word(n: int) -> str:
    """The racer's *n*-th wrong answer of the game: not a word, never the same twice, so
    it is theirs alone (its verdict is for their eyes only while the race is on)."""
    return "xq" + "".join("bcdfghjklmnpqrstvwxz"[int(d)] for d in f"{n:03d}")


@dataclass
class Vowl(Table):
    """Two players; every roll deals a pile.  The secrets of a racer are, while their
    pile is private (head-to-head, until both races are over): its cards (drawn as
    ``S   V   R`` on the card face, ``SVR`` elsewhere), the words they solved them
    with, and what they typed (a wrong word's verdict included); of a selector,
    the selection hand.  Racers answer with a right word and Enter (now and then a
    wrong one first); the roll is ``r``, Vowl's own key for it."""

    #: The handover wipes the racer's answer box and verdict (``clear_for_handover``) and
    #: the screen redraws for nobody (``hand_to(None)``): the next racer must not read them.
    HIDES_OUTGOING: ClassVar[bool] = True

    typed: dict[str, list[str]] = field(default_factory=dict)
    turn: int = -1
    wrong: int = 0

    @property
    def screen(self) -> VowlScreen:
        return screen_of(self.app, VowlScreen)

    @property
    def game(self) -> Any:
        return self.screen.game

    def seats(self) -> list[str]:
        """Vowl's screen and views speak of players by name; seats are named here too."""
        return [p.name for p in self.game.view(None).players]

    def view(self, name: str | None) -> Any:
        """``view(seat)`` of the player called *name* (the contract's seats are numbers)."""
        game = self.game
        return game.view(None if name is None else game.names.index(name))

    @staticmethod
    def card_strings(cards: Iterable[Any]) -> list[str]:
        return [s for c in cards for s in (c.skeleton, "   ".join(c.skeleton))]

    def secrets(self, seat: str) -> list[str]:
        mine, public = self.view(seat), self.view(None)
        out: list[str] = []
        if mine.selection is not None and mine.selection.hand is not None and public.selection.hand is None:
            out += self.card_strings(mine.selection.hand)
        for run, seen in zip(mine.runs, public.runs, strict=True):
            if self.game.names[run.runner] != seat or not run.visible or seen.visible:
                continue
            cards = [*([run.current] if run.current else []), *run.passed, *(c for c, _ in run.solved)]
            out += self.card_strings(cards)
            out += [word for _, word in run.solved]
            out += self.typed.get(seat, [])
        return out

    def shown_on_taking(self, seats: frozenset[str] | None) -> list[str]:
        """A racer finds their first card face up; a selector, the hand to choose from."""
        view = self.game.view(None)
        names = self.game.names
        if view.phase is VowlPhase.SELECT_DISCARDS and names[view.selection.selector] in (seats or ()):
            return [c.skeleton for c in self.view(names[view.selection.selector]).selection.hand]
        if view.phase is not VowlPhase.SOLVING or not seats:
            return []
        runner = names[view.active_run.runner]
        run = self.view(runner).active_run
        return ["   ".join(run.current.skeleton)] if run.current and runner in seats else []

    def incoming(self) -> frozenset[str]:
        game = self.game
        return frozenset(game.names[seat] for seat in game.actors())  # by name

    def state(self) -> object:
        v = self.game.view(None)
        return (
            v.phase,
            v.turn,
            v.current_player,
            v.scorer,
            tuple((p.score, p.victory) for p in v.players),
            tuple((r.runner, r.started, r.finished, r.pile_left, r.solved_count) for r in v.runs),
            v.sudden_death,
        )

    def over(self) -> bool:
        return self.game.phase is VowlPhase.GAME_OVER

    async def type_answer(self, pilot: Pilot, who: str, skeleton: str) -> None:
        """*who* answers the card: now and then a wrong word first, then a right one."""
        if self.rng.random() < 0.3:
            self.wrong += 1
            wrong = wrong_word(self.wrong)
            self.typed.setdefault(who, []).append(wrong)
            await pilot.press(*wrong, "enter")  # rejected: the word stays in the box, selected
            await pilot.pause()
        word = MATCHER.solutions(skeleton)[0]
        self.typed.setdefault(who, []).append(word)
        self.clock.advance(1)  # a second per card: the sand timer runs on the app's clock
        await pilot.press(*word, "enter")

    async def play(self, pilot: Pilot) -> None:
        game = self.game
        view = game.view(None)
        if view.turn != self.turn:
            self.turn, self.typed = view.turn, {}
        before = self.before()
        if view.phase is VowlPhase.ROLL:
            await pilot.press("r")
        elif view.phase is VowlPhase.SOLVING:
            runner = game.names[view.active_run.runner]
            run = self.view(runner).active_run
            assert run.current is not None
            await self.type_answer(pilot, runner, run.current.skeleton)
        elif view.phase is VowlPhase.SUDDEN_DEATH:
            sd = view.sudden_death
            pause_like_a_player(self.app)  # Vowl V31: a key counts once the gate moment is over
            if sd.buzzer is None:
                await pilot.press(BUZZ_KEYS[sd.players.index(next(p for p in sd.players if p not in sd.locked_out))])
            else:  # Vowl V10: any refused answer locks the buzzer out, so only the right word
                await pilot.press(*MATCHER.solutions(sd.card.skeleton)[0], "enter")
        else:
            raise AssertionError(f"nothing to play in phase {view.phase}")
        await self.until_moved(pilot, before, f"a Vowl step in {view.phase}")

    async def answer(self, pilot: Pilot, modal: GuardedModalScreen[Any]) -> None:
        if isinstance(modal, ChoiceScreen):
            await deliberately(pilot, "enter")  # the highlighted first answer
        elif isinstance(modal, DiscardScreen):  # the selector ticks three cards, then Enter
            for key in ("space", "down", "space", "down", "space"):
                await deliberately(pilot, key)
            await deliberately(pilot, "enter")
        else:  # the review: read, then Enter
            await deliberately(pilot, "enter")


UWO = FastHands(Uwo, from_command("uwo"), (120, 40), (4, 7))
VNTYPL8S = FastHands(Vntypl8s, from_command("vntypl8s", "--players", "Ann,Bob,Cy"), (110, 44), (11, 3))
VOWL = FastHands(Vowl, from_command("vowl", "--players", "Ann Lee,Bob Roy"), (130, 44), (6, 2))
