"""The handover guarantees, proven for every game at once.

One test, parametrised over the three games and two seeds each, plays a seeded
game forward with real keys the way the friends at the shared keyboard would
(``boardgames <game> ... --seed N`` through the real command line, on a
``ManualClock``) and, at every handover it reaches, is the fast hand that used to
skip it: right after the key that led there, without letting any time pass, it
sends Enter Enter, Space, a letter, a digit, Escape and Enter again.  Then:

- the handover is still on top and the game has not moved;
- nothing private of any seat is rendered: a ``HandoverScreen`` covers the whole
  terminal in every game and wipes what the outgoing player saw, so not even the
  player who just confirmed may still see their secrets (UWO: the hand of the side
  that acted; VNTYPL8S: the writer's 0WN3R, R3QRMNTS and plate; Vowl: the racer's
  cards, typed words and verdicts - all gone before anyone else looks);
- then the incoming player takes the keyboard properly (a pause past ``ARM``,
  Space) and sees their own secrets, and nobody else's.

Every question (``ChoiceScreen``) and every other guarded modal met on the way
(Vowl's review and discard, VNTYPL8S's guess) gets the same fast hand - Enter
Enter and each of its answer keys - and must still be on top with the game
unchanged; then it is answered deliberately.

"Private" is what the engine's contract says (``common.game``): what ``view(seat)``
shows that ``view(None)`` does not, turned into the strings the screen would draw.
Waiting is always "until this state" (bounded ``pilot.pause()`` loops), never time.

``test_the_guarantee_test_fails_with_the_gate_off`` checks that this test has
teeth: with the quiet period set to 0 and Enter accepted by handovers, it fails.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

import boardgames.app as app_module
from boardgames import cli
from boardgames.app import BoardgamesApp
from boardgames.common.clock import ManualClock
from boardgames.common.dictionary import get_dictionary
from boardgames.common.skeleton import SkeletonMatcher
from boardgames.common.ui.base import ARM, GuardedModalScreen
from boardgames.common.ui.choice import ChoiceScreen
from boardgames.common.ui.handover import HandoverScreen
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
from tests import screen as shared
from tests.screen import deliberately, pause_like_a_player, screen_text, take_keyboard, wait_for
from tests.vntypl8s.helpers import legal_plate

#: Handovers each seeded game must reach (none of them ends sooner).
HANDOVERS = 6
#: The fast hand at a handover: the confirming Enter's double, its repeats, and a mashing hand.
HANDOVER_KEYS = ("enter", "enter", "space", "a", "1", "escape", "enter")
#: A bound on the loop: a game that stops making progress fails instead of hanging.
MAX_STEPS = 400

BOX = re.compile(r"[\u2500-\u259f]")


def settled(app: BoardgamesApp) -> bool:
    """Every screen mounted and no message waiting (``tests.screen.settled`` where it exists:
    on a busy machine ``pilot.pause()`` alone may return before the keys were handled)."""
    return getattr(shared, "settled", lambda app: True)(app)


async def handled(pilot: Pilot) -> None:
    """Let the app handle every key sent so far - by waiting for state, not time."""
    await wait_for(pilot, lambda: settled(pilot.app), "the app to settle")
    await pilot.pause()


# --- reading the screen -------------------------------------------------------------------


def flat(text: str) -> str:
    """Screen text as one line of words: box and bar characters dropped, wrapped lines joined."""
    return " ".join(BOX.sub(" ", text).split())


def _pattern(secret: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![A-Za-z0-9]){re.escape(secret)}(?![A-Za-z0-9])")


def shown(text: str, secret: str) -> bool:
    """Is *secret* on the screen, as a whole word, even if the layout wrapped or spaced it?"""
    return bool(_pattern(secret).search(text) or _pattern(" ".join(secret.split())).search(flat(text)))


def assert_hidden(text: str, secrets: Iterable[str], where: str) -> None:
    leaked = [s for s in secrets if shown(text, s)]
    assert not leaked, f"{where}: {leaked} on screen:\n{text}"


def assert_shown(text: str, secrets: Iterable[str], where: str) -> None:
    missing = [s for s in secrets if not shown(text, s)]
    assert not missing, f"{where}: {missing} not on screen:\n{text}"


# --- starting a game the way the command line does --------------------------------------


def app_from_command(argv: Sequence[str], clock: ManualClock, monkeypatch: pytest.MonkeyPatch) -> BoardgamesApp:
    """``boardgames <argv>`` exactly as typed, but on *clock* and not yet running.

    Every game's ``cmd_play`` builds ``BoardgamesApp(start=..., seed=...)`` and runs
    it; here that app gets the ``ManualClock`` and ``run()`` only hands it back, so
    the test drives it with Pilot.  The seed, the deal and the screens are the
    command line's own.
    """
    made: list[BoardgamesApp] = []

    class CommandLineApp(BoardgamesApp):
        def __init__(self, start: Any = None, *, seed: int | None = None, **_: Any) -> None:
            super().__init__(start, seed=seed, clock=clock)
            made.append(self)

        def run(self, *args: Any, **kwargs: Any) -> None:  # type: ignore[override]
            return None

    with monkeypatch.context() as m:
        m.setattr(app_module, "BoardgamesApp", CommandLineApp)
        assert cli.main(list(argv)) == 0
    (app,) = made
    return app


def screen_of(app: BoardgamesApp, kind: type) -> Any:
    for screen in reversed(app.screen_stack):
        if isinstance(screen, kind):
            return screen
    raise AssertionError(f"no {kind.__name__} on the stack {app.screen_stack}")


# --- one adapter per game -----------------------------------------------------------------


@dataclass
class Table:
    """What the generic test needs to know about one game.

    - ``seats()``: every seat, in the adapter's own terms;
    - ``secrets(seat)``: the strings the screen would draw for what ``view(seat)``
      shows and ``view(None)`` does not;
    - ``shown_on_taking(seats)``: the secrets the incoming seats must see at once;
    - ``incoming()``: the seats the handover on top hands the keyboard to (from the
      engine, not from the screen under test); ``None``: everyone at the table;
    - ``state()``: a fingerprint of the game (it must not change under a fast hand);
    - ``play(pilot)``: one decision with keys, the game screen on top;
    - ``answer(pilot, modal)``: answer a question or modal deliberately;
    - ``over()``: the game has ended;
    - ``HIDES_OUTGOING``: whether a handover hides the outgoing player's own secrets
      too (else only the incoming and other players' secrets must be hidden).
    """

    HIDES_OUTGOING: ClassVar[bool]

    app: BoardgamesApp
    clock: ManualClock
    rng: random.Random

    def seats(self) -> list[Any]:
        raise NotImplementedError

    def secrets(self, seat: Any) -> list[str]:
        raise NotImplementedError

    def shown_on_taking(self, seats: frozenset[Any] | None) -> list[str]:
        raise NotImplementedError

    def incoming(self) -> frozenset[Any] | None:
        raise NotImplementedError

    def state(self) -> object:
        raise NotImplementedError

    async def play(self, pilot: Pilot) -> None:
        raise NotImplementedError

    async def answer(self, pilot: Pilot, modal: GuardedModalScreen[Any]) -> None:
        raise NotImplementedError

    def over(self) -> bool:
        raise NotImplementedError

    def secrets_except(self, seats: frozenset[Any] | None) -> list[str]:
        """The secrets of every seat but *seats* (``None``: everyone may look, nobody's secret may show).

        A string that is also a secret of *seats* cannot tell whose it is (both UWO
        hands hold a Bazooka), so it is left out; each game has strings of its own
        per seat (UWO: "Your hand (Pnorfs)") that still tell.
        """
        allowed = {s for seat in seats or () for s in self.secrets(seat)}
        others = [s for seat in self.seats() if seats is None or seat not in seats for s in self.secrets(seat)]
        return [s for s in dict.fromkeys(others) if s not in allowed]

    def before(self) -> tuple[object, object]:
        return self.state(), self.app.screen

    async def until_moved(self, pilot: Pilot, before: tuple[object, object], what: str) -> None:
        """Wait until the keys sent since *before* changed something: the game, or the screen on top."""
        state, top = before
        await wait_for(pilot, lambda: self.app.screen is not top or self.state() != state, what)


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
            v.phase, v.turn, v.current_player, v.scorer,
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


# --- the guarantees -----------------------------------------------------------------------


@dataclass(frozen=True)
class Setup:
    make: Callable[..., Table]
    argv: tuple[str, ...]
    size: tuple[int, int]


GAMES = {
    "uwo": Setup(Uwo, ("uwo",), (120, 40)),
    "vntypl8s": Setup(Vntypl8s, ("vntypl8s", "--players", "Ann,Bob,Cy"), (110, 44)),
    "vowl": Setup(Vowl, ("vowl", "--players", "Ann Lee,Bob Roy"), (130, 44)),
}
SEEDS = {"uwo": (4, 7), "vntypl8s": (11, 3), "vowl": (6, 2)}
CASES = [pytest.param(game, seed, id=f"{game}-seed{seed}") for game, seeds in SEEDS.items() for seed in seeds]


@dataclass
class Tally:
    handovers: int = 0
    questions: int = 0
    modals: int = 0
    holders: list[object] = field(default_factory=list)
    headlines: list[str] = field(default_factory=list)
    #: The key that led to each handover (the last one pressed before it appeared).
    confirmed_by: list[str] = field(default_factory=list)
    last_key: str = ""
    modal_kinds: set[str] = field(default_factory=set)


async def check_handover(
    pilot: Pilot, table: Table, handover: HandoverScreen, outgoing: frozenset | None, tally: Tally
) -> frozenset | None:
    """The fast hand at a handover changes nothing and sees nothing; then the incoming player takes over.

    *outgoing*: who held the keyboard and confirmed the last action (``None``: the
    whole table); only where a game leaves their secrets up may they still show.
    """
    app = table.app
    before = table.state()
    incoming = table.incoming()
    tally.confirmed_by.append(tally.last_key)
    await pilot.press(*HANDOVER_KEYS)  # no time passes: the hand that confirmed is still on the keys
    await handled(pilot)
    where = f"handover {tally.handovers + 1} ({handover.headline!r}), after {HANDOVER_KEYS}"
    assert app.screen is handover, f"{where}: the handover is gone, {app.screen!r} is on top"
    assert table.state() == before, f"{where}: the game moved"
    # Nobody else's secrets; in all three games not even the outgoing player's (HIDES_OUTGOING).
    may_show = frozenset() if table.HIDES_OUTGOING or outgoing is None else outgoing
    assert_hidden(screen_text(app), table.secrets_except(may_show), where)
    # Then deliberately: a pause past ARM, Space.
    await take_keyboard(pilot)
    await handled(pilot)
    text = screen_text(app)
    assert_hidden(text, table.secrets_except(incoming), f"{where}, taken by {incoming}")
    assert_shown(text, table.shown_on_taking(incoming), f"{where}, taken by {incoming}")
    tally.handovers += 1
    tally.holders.append(incoming)
    tally.headlines.append(handover.headline)
    return incoming


async def check_modal(pilot: Pilot, table: Table, modal: GuardedModalScreen[Any], holder: frozenset | None,
                      tally: Tally) -> None:
    """A question or guarded modal: Enter Enter and every answer key, at once, answer nothing."""
    app = table.app
    before = table.state()
    keys = ["enter", "enter"]
    if isinstance(modal, ChoiceScreen):
        keys += [c.key for c in modal.choices]
        tally.questions += 1
    else:
        tally.modals += 1
    tally.modal_kinds.add(type(modal).__name__)
    keys += ["1", "escape", "enter"]
    await pilot.press(*keys)
    await handled(pilot)
    where = f"{type(modal).__name__} {getattr(modal, 'question', '')!r}, after {keys}"
    assert app.screen is modal, f"{where}: it was answered unseen, {app.screen!r} is on top"
    assert table.state() == before, f"{where}: the game moved"
    assert_hidden(screen_text(app), table.secrets_except(holder), f"{where} (keyboard: {holder})")
    await table.answer(pilot, modal)
    await wait_for(pilot, lambda: app.screen is not modal, f"{where}: answered deliberately")
    await pilot.pause()


async def play_checking(pilot: Any, table: Any, holder: frozenset | None, tally: Tally, game: str) -> None:
    """Play on until ``HANDOVERS`` handovers or the game's end, checking every handover,
    question and game screen on the way (any game's table: ``play``, ``answer``, ``over``)."""
    app = pilot.app
    for _ in range(MAX_STEPS):
        if tally.handovers >= HANDOVERS or table.over():
            return
        top = app.screen
        if isinstance(top, HandoverScreen):
            holder = await check_handover(pilot, table, top, holder, tally)
        elif isinstance(top, GuardedModalScreen):
            await check_modal(pilot, table, top, holder, tally)
        else:
            # The game screen: whoever holds the keyboard sees only their own secrets.
            assert_hidden(screen_text(app), table.secrets_except(holder), f"the game, keyboard: {holder}")
            await table.play(pilot)
    raise AssertionError(f"{game} made no progress in {MAX_STEPS} steps: {tally}")


async def play_and_check(game: str, seed: int, monkeypatch: pytest.MonkeyPatch) -> Tally:
    setup = GAMES[game]
    clock = ManualClock()
    app = app_from_command([*setup.argv, "--seed", str(seed)], clock, monkeypatch)
    table = setup.make(app=app, clock=clock, rng=random.Random(seed))
    tally = Tally()
    holder: frozenset | None = frozenset()  # nobody has the keyboard yet
    async with app.run_test(size=setup.size) as pilot:
        press = pilot.press

        async def recorded(*keys: str) -> None:
            if keys:
                tally.last_key = keys[-1]
            await press(*keys)

        pilot.press = recorded  # type: ignore[method-assign]
        await pilot.pause()
        await play_checking(pilot, table, holder, tally, game)
    return tally


@pytest.mark.slow  # a seeded game each, played with real keys: 7-30 s per case
@pytest.mark.parametrize(("game", "seed"), CASES)
async def test_no_fast_hand_skips_a_handover_or_answers_a_question(
    game: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    tally = await play_and_check(game, seed, monkeypatch)
    assert tally.handovers >= HANDOVERS, tally
    assert len({h for h in tally.holders if h}) >= 2, f"the keyboard never changed hands between players: {tally}"
    assert "enter" in tally.confirmed_by, f"no handover came right after an Enter: {tally}"


# --- the test's teeth ---------------------------------------------------------------------


def _gate_off(monkeypatch: pytest.MonkeyPatch) -> None:
    """The guarantee undone: no quiet period, and Enter takes a handover like Space."""
    from boardgames.common.ui import base
    from boardgames.vntypl8s import screen as vntypl8s_screen

    monkeypatch.setattr(base.GuardedModalScreen, "ARM", 0.0)
    monkeypatch.setattr(vntypl8s_screen, "ARM", 0.0)

    def on_key(self: HandoverScreen, event: Any) -> None:
        if event.key == "enter":
            self.action_ready()

    monkeypatch.setattr(HandoverScreen, "on_key", on_key, raising=False)


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_the_guarantee_test_fails_with_the_gate_off(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the gate, the very first handover is skipped by the fast hand: the check must see it."""
    _gate_off(monkeypatch)
    with pytest.raises(AssertionError, match="the handover is gone"):
        await play_and_check(game, SEEDS[game][0], monkeypatch)


# --- the key that passed a handover, pressed again ---------------------------------------


@pytest.mark.parametrize("keys", [("space", "space"), ("space", "space", "space", "space")], ids=["double", "held"])
async def test_the_double_of_the_key_that_passed_a_handover_reaches_nothing(keys: tuple[str, ...]) -> None:
    """Ann passes her handover with Space, pressed twice (or held): the second Space was
    for the handover, not for her plate, and is swallowed (it typed a space into her
    plate).  Each one swallowed restarts the quiet; another key goes through at once,
    and so does Space after it: the double press is over."""
    from tests.vntypl8s.ui import game_screen, make_app

    app, clock = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await handled(pilot)
        assert isinstance(app.screen, HandoverScreen)
        clock.advance(ARM + 0.1)
        await pilot.press(*keys)
        await handled(pilot)
        screen = game_screen(app)
        assert app.screen is screen
        plate = screen.query_one("#plate-input", Input)
        assert plate.value == "", "the handover's Space reached the plate"
        await pilot.press("b")
        await handled(pilot)
        assert plate.value == "B"  # the player's own key: at once
        await pilot.press("space")
        await handled(pilot)
        assert plate.value == "B "  # hers too (the editor shows why a plate has no spaces)
