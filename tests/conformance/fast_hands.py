"""The fast hand at every handover, for any game: the machinery of the handover guarantees
(``tests/common/test_handover_guarantees.py``), which plays each registered game (and
Tricks) through it.

A game plugs in with a ``Table`` (what is secret, who takes the keyboard, how a decision
is played with keys) and a ``FastHands`` row, its adapter's ``hands``
(``tests/conformance/adapters.py``): how its app starts, at which size, with which seeds.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

import pytest
from textual.pilot import Pilot

import boardgames.app as app_module
from boardgames import cli
from boardgames.app import BoardgamesApp
from boardgames.common.clock import ManualClock
from boardgames.common.ui.base import GuardedModalScreen
from boardgames.common.ui.choice import ChoiceScreen
from boardgames.common.ui.handover import HandoverScreen
from tests import screen as shared
from tests.screen import screen_text, take_keyboard, wait_for

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


# --- one table per game -----------------------------------------------------------------


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


@dataclass(frozen=True)
class FastHands:
    """How the guarantees play one game: its ``Table``, how its app starts (*open(clock,
    seed, monkeypatch)*, not yet running), the terminal's size and the seeds played;
    *enter_confirms*: some handover must come right after an Enter (the games that
    confirm with Enter; Tricks plays a card with its digit)."""

    table: Callable[..., Table]
    open: Callable[[ManualClock, int, pytest.MonkeyPatch], BoardgamesApp]
    size: tuple[int, int]
    seeds: tuple[int, ...]
    enter_confirms: bool = True


def from_command(*argv: str) -> Callable[[ManualClock, int, pytest.MonkeyPatch], BoardgamesApp]:
    """A game opened as ``boardgames ARGV --seed N`` opens it (``app_from_command``)."""
    return lambda clock, seed, monkeypatch: app_from_command([*argv, "--seed", str(seed)], clock, monkeypatch)


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


async def check_modal(
    pilot: Pilot, table: Table, modal: GuardedModalScreen[Any], holder: frozenset | None, tally: Tally
) -> None:
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


async def play_and_check(hands: FastHands, seed: int, monkeypatch: pytest.MonkeyPatch, game: str) -> Tally:
    """Play *game* from its start with *seed* until ``HANDOVERS`` handovers, checking each."""
    clock = ManualClock()
    app = hands.open(clock, seed, monkeypatch)
    table = hands.table(app=app, clock=clock, rng=random.Random(seed))
    tally = Tally()
    holder: frozenset | None = frozenset()  # nobody has the keyboard yet
    async with app.run_test(size=hands.size) as pilot:
        press = pilot.press

        async def recorded(*keys: str) -> None:
            if keys:
                tally.last_key = keys[-1]
            await press(*keys)

        pilot.press = recorded  # type: ignore[method-assign]
        await pilot.pause()
        await play_checking(pilot, table, holder, tally, game)
    return tally


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
