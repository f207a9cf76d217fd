"""Key to frame: how long after a key the screen that answers it is written.

    .venv/bin/python benchmarks/_key_to_frame.py [--keys 60] [--json]

Rows, each against a bare Textual app measured in the same process, interleaved
(a round of the game, then a round of its baseline, again and again), so a machine
that gets busier during the run slows both alike:

- ``Vowl Enter (accepted)`` / ``Vowl Enter (rejected)``: a practice game of Vowl,
  a word typed into the answer box and Enter pressed; the baseline is a bare app
  with an ``Input`` whose ``Submitted`` handler empties it and writes one line;
  ``Vowl Enter (last card: review)``: the right answer to a pile's last card, whose
  frame is the turn's review opening (a new screen), kept out of ``accepted``;
- ``UWO cursor``: the arrow keys walking the cursor over a hot-seat duel's board;
  the baseline is a bare app with an ``OptionList`` and its arrow keys;
- ``UWO cursor (computer thinking)``: the same while the computer's search runs in
  its search process (``boardgames.uwo.thinker``: its real ``choose``, asked again and
  again until the round is over, so it thinks for as long as the keys take; the row
  checks that the answers came from another process).

What "frame" means here.  Headless, Textual computes every frame as a real terminal
would get it (the screen's update timer, the compositor, ``App._display``) but skips
turning it into bytes.  This module wraps ``App._display``: every frame is rendered
to its terminal sequence (``CompositorUpdate.render_segments``, the work a real
terminal write does), then timestamped.  A key's latency is from just before the key
is handed to the app (``send_key``: as the terminal driver hands it over) to the first frame written *after the app's
state shows the key's effect* (a predicate checked inside the hook: the answer was
judged and a line written; the cell under the new cursor wears ``-cursor``).
Keys come ``KEY_GAP`` (40 ms) after the last key's frame, a fast key repeat: a key
pressed sooner than one frame period (1/60 s) after the last frame would also wait for
Textual's frame clock, which measures the phase of that clock, not the app.  Since
Textual paints every widget marked dirty up to that moment in that frame, it is the
frame the player sees the answer in - not some earlier frame a timer or a spinner
wrote while the key was still being handled.  The write to the terminal itself is
not timed (the same for every row and its baseline).

``benchmarks/run.py`` runs it as a child, ``[PY, "benchmarks/_key_to_frame.py", "--json"]``
(its own process: the app's imports, its threads and ``BOARDGAMES_DATA`` stay out of
the table's), and adds one row per entry; in process, ``measure()`` does the same.
``measure(keys)`` returns ``[(row name, {"p50", "p95", "max", "n", "cpu_p50",
"cpu_p95", "cpu_max", "baseline", "baseline_p50", "baseline_p95", "baseline_max",
"baseline_cpu_p50", "baseline_cpu_p95", "target_p95"}), ...]`` in milliseconds (``cpu_*``:
the main thread's CPU time over the same spans, ``time.thread_time``: what the app
spent, which a busy machine does not stretch as it stretches the wall time); ``--json``
prints the same list.  Targets: every game row's p95 at most 16 ms (one frame at 60 Hz) on a quiet machine, but the review's opening
(a new screen), which the target gives 50 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import statistics
import sys
import tempfile
import threading
import time
import unicodedata
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from textual import events  # noqa: E402
from textual._compositor import CompositorUpdate  # noqa: E402
from textual.app import App, ComposeResult  # noqa: E402
from textual.keys import REPLACED_KEYS, _get_unicode_name_from_key  # noqa: E402
from textual.pilot import Pilot  # noqa: E402
from textual.widgets import Input, OptionList, Static  # noqa: E402

TARGET_P95_MS = 16.0
#: The answer that ends a pile opens the turn's review, a new screen: the target gives that
#: opening its own target ("the review then opens in <= 50 ms"), not one frame's.
REVIEW_TARGET_P95_MS = 50.0
#: Seconds from one key's frame to the next key: a fast key repeat (25 a second).  Keys
#: closer than a frame (1/60 s) also wait for Textual's frame clock, whatever the app.
KEY_GAP = 0.04
SIZE = (120, 40)


class Frames:
    """Timestamps the first frame written after a condition on the app's state holds."""

    def __init__(self, app: App[Any]) -> None:
        self.app = app
        self.count = 0
        self._condition: Callable[[], bool] | None = None
        self._at: float | None = None
        self._last: float | None = None
        #: The main thread's CPU seconds at the key and at its frame (``time.thread_time``).
        self._cpu_start = 0.0
        self._cpu_at: float | None = None
        #: CPU milliseconds of the main thread from the last key to its frame (``cpu_ms``).
        self.cpu_ms: float | None = None
        original = app._display

        def display(screen: Any, renderable: Any) -> None:
            if renderable is not None and not app._batch_count:
                if isinstance(renderable, CompositorUpdate):
                    renderable.render_segments(app.console)  # what a real terminal write costs
                now = time.perf_counter()
                self.count += 1
                if self._condition is not None and self._at is None and self._condition():
                    self._at = now
                    self._cpu_at = time.thread_time()
            original(screen, renderable)

        app._display = display  # type: ignore[method-assign]

    async def key(self, pilot: Pilot[Any], key: str, shown: Callable[[], bool], tries: int = 400) -> float | None:
        """Press *key* (``KEY_GAP`` after the last one was shown); milliseconds until the
        first frame written once *shown()* holds."""
        if self._last is not None:
            await asyncio.sleep(max(0.0, self._last + KEY_GAP - time.perf_counter()))
        self._condition, self._at, self._cpu_at = shown, None, None
        start = time.perf_counter()
        self._cpu_start = time.thread_time()
        send_key(pilot.app, key)
        for _ in range(tries):
            if self._at is not None:
                break
            await asyncio.sleep(0.001)
        at, self._condition = self._at, None
        self._last = at
        self.cpu_ms = None if self._cpu_at is None else (self._cpu_at - self._cpu_start) * 1000
        return None if at is None else (at - start) * 1000


def send_key(app: App[Any], key: str) -> None:
    """Hand *key* to *app* as its terminal driver does (``driver.send_message``, the
    event ``Pilot.press`` builds), and nothing else.

    ``Pilot.press`` goes on to wait until every widget of the screen has processed a
    message of its own (``Pilot._wait_for_screen``): work no key from a terminal causes,
    which grows with the number of widgets and ran before the key's frame, so a UWO
    board of 30 squares paid for it and a bare ``OptionList`` hardly did.  The keys
    that set a round up still use ``Pilot.press``; only the timed key is sent this way,
    in every row and its baseline alike.
    """
    try:
        char: str | None = unicodedata.lookup(_get_unicode_name_from_key(REPLACED_KEYS.get(key, key)))
    except KeyError:
        char = key if len(key) == 1 else None
    event = events.Key(key, char)
    event.set_sender(app)
    assert app._driver is not None
    app._driver.send_message(event)


def as_run(job: Callable[[], Coroutine[Any, Any, None]]) -> None:
    """Run one round as ``boardgames.app.run`` runs the app: ``collector.start()``
    freezes everything made before it (the imports, the earlier rounds' survivors) out
    of the cyclic collector's reach, and from then on its full passes run at handovers.
    Without it every full pass walked the whole benchmark process - its imports and the
    caches of all earlier rounds, 15 to 220 ms each as they grew - and landed on keys of
    the game and of its baseline alike.  Stopped after the round, so its garbage goes.
    The baselines run the same way (they have no handover: Python's own passes)."""
    from boardgames.common import collector  # noqa: PLC0415 - the app's, imported with it

    gc.collect()
    collector.start()
    try:
        asyncio.run(job())
    finally:
        collector.stop()


class Samples(list[float]):
    """A row's key-to-frame milliseconds, and beside them (``cpu``) the main thread's CPU
    milliseconds over the same spans: what the app itself spent, whatever else the
    machine ran (a shared, busy machine stretches the wall time, not this)."""

    def __init__(self) -> None:
        super().__init__()
        self.cpu: list[float] = []

    def add(self, ms: float, frames: Frames) -> None:
        self.append(ms)
        self.cpu.append(float("nan") if frames.cpu_ms is None else frames.cpu_ms)


def _percentiles(samples: list[float]) -> tuple[float, float, float]:
    ordered = sorted(samples)
    if not ordered:
        return float("nan"), float("nan"), float("nan")
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return statistics.median(ordered), p95, ordered[-1]


def summary(samples: Samples) -> dict[str, float]:
    """p50, p95 and max in wall time, and the same in the main thread's CPU time (``cpu_*``)."""
    p50, p95, top = _percentiles(samples)
    cpu50, cpu95, cpu_top = _percentiles(samples.cpu)
    return {
        "p50": p50,
        "p95": p95,
        "max": top,
        "n": len(samples),
        "cpu_p50": cpu50,
        "cpu_p95": cpu95,
        "cpu_max": cpu_top,
    }


# ----------------------------------------------------------------------------- baselines


class BareInput(App[None]):
    """A bare Textual app: one ``Input``; Enter empties it and writes one line."""

    def compose(self) -> ComposeResult:
        yield Input(id="answer")
        yield Static("", id="said")

    def on_mount(self) -> None:
        self.answered = 0
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.answered += 1
        self.query_one("#said", Static).update(f"✓ {event.value} ({self.answered})")
        event.input.value = ""


class BareList(App[None]):
    """A bare Textual app: an ``OptionList`` of 30 lines and its arrow keys."""

    def compose(self) -> ComposeResult:
        yield OptionList(*[f"option {i}" for i in range(30)])

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()
        self.query_one(OptionList).highlighted = 0


async def bare_input_round(keys: int, out: Samples) -> None:
    app = BareInput()
    async with app.run_test(size=SIZE) as pilot:
        frames = Frames(app)
        await pilot.pause()
        for i in range(keys):
            await pilot.press(*"savor")
            done = app.answered + 1
            ms = await frames.key(pilot, "enter", lambda d=done: app.answered >= d)
            if ms is not None:
                out.add(ms, frames)
            del i


async def bare_list_round(keys: int, out: Samples) -> None:
    app = BareList()
    async with app.run_test(size=SIZE) as pilot:
        frames = Frames(app)
        await pilot.pause()
        options = app.query_one(OptionList)
        for i in range(keys):
            key = "down" if (i // 10) % 2 == 0 else "up"
            before = options.highlighted or 0
            want = before + (1 if key == "down" else -1)
            ms = await frames.key(pilot, key, lambda w=want: options.highlighted == w)
            if ms is not None:
                out.add(ms, frames)


# ----------------------------------------------------------------------------- Vowl


async def vowl_round(keys: int, accepted: Samples, rejected: Samples, last: Samples) -> None:
    """A practice game of Vowl: every card answered once wrongly, then rightly; the right
    answer to a pile's last card (the review opens) goes to *last*, not *accepted*."""
    from boardgames.app import BoardgamesApp  # noqa: PLC0415
    from boardgames.common.clock import ManualClock  # noqa: PLC0415
    from boardgames.common.ui.base import ARM  # noqa: PLC0415
    from boardgames.common.ui.choice import ChoiceScreen  # noqa: PLC0415
    from boardgames.common.ui.handover import HandoverScreen  # noqa: PLC0415
    from boardgames.vowl.events import AnswerAccepted, AnswerRejected  # noqa: PLC0415
    from boardgames.vowl.kinds import Phase  # noqa: PLC0415
    from boardgames.vowl.modals import ReviewScreen  # noqa: PLC0415
    from boardgames.vowl.screen import VowlScreen, start_game  # noqa: PLC0415
    from boardgames.vowl.spec import VowlSetup, matcher  # noqa: PLC0415

    clock = ManualClock()
    setup = VowlSetup(("Ann",), (25,), practice=True)
    app: BoardgamesApp = BoardgamesApp(start=lambda: start_game(setup, app), clock=clock, seed=3)
    judge = matcher()
    async with app.run_test(size=SIZE) as pilot:
        frames = Frames(app)
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, VowlScreen))
        target = len(accepted) + keys
        for _ in range(keys * 20):
            if len(accepted) >= target:
                break
            await pilot.pause()
            top = app.screen
            clock.advance(ARM + 0.1)
            if isinstance(top, HandoverScreen):
                await pilot.press("space")
            elif isinstance(top, ReviewScreen):
                await pilot.press("enter")
            elif isinstance(top, ChoiceScreen):
                await pilot.press(top.choices[0].key)
            elif top is screen and screen.game.phase is Phase.ROLL:
                await pilot.press("r")
            elif top is screen and screen.game.phase is Phase.GAME_OVER:
                await pilot.press("n")
                await pilot.pause()
                screen = next(s for s in app.screen_stack if isinstance(s, VowlScreen))
            elif top is screen and screen.game.phase is Phase.SOLVING:
                run = screen.view().active_run
                assert run is not None and run.current is not None
                clock.advance(0.5)
                for word, into, verdict in (
                    ("qqq", rejected, AnswerRejected),
                    (judge.solutions(run.current.skeleton)[0], accepted, AnswerAccepted),
                ):
                    # Ctrl+Shift+A selects all, so the word replaces what the box holds (after a
                    # rejection the screen has selected it already).  Not Ctrl+A: that is Home in
                    # Textual's Input, and every word was typed in front of the last one - no
                    # answer was ever accepted and the verdict grew by a word each Enter.
                    await pilot.press("ctrl+shift+a", *word)
                    done = len(screen._events) + 1
                    ms = await frames.key(pilot, "enter", lambda d=done, s=screen: len(s._events) >= d)
                    judged = screen._events[done - 1] if len(screen._events) >= done else None
                    assert isinstance(judged, verdict), f"{word!r}: {judged!r}, not {verdict.__name__}"
                    if ms is not None:
                        # The pile's last card: the turn's review opens, a new screen (its own row).
                        (into if screen.game.phase is Phase.SOLVING else last).add(ms, frames)
        await pilot.pause()


# ----------------------------------------------------------------------------- UWO

WALK = ["right"] * 4 + ["up"] + ["left"] * 4 + ["up"] + ["right"] * 4 + ["down"] + ["left"] * 4 + ["down"]


async def uwo_round(keys: int, out: Samples, *, thinking: bool) -> None:
    """A hot-seat duel's board (or one against a computer that is thinking): arrows only."""
    from boardgames.app import BoardgamesApp  # noqa: PLC0415
    from boardgames.common.clock import ManualClock  # noqa: PLC0415
    from boardgames.common.ui.base import ARM  # noqa: PLC0415
    from boardgames.common.ui.handover import HandoverScreen  # noqa: PLC0415
    from boardgames.uwo import board as B  # noqa: PLC0415
    from boardgames.uwo.players import ComputerOpponent  # noqa: PLC0415
    from boardgames.uwo.screen import UwoScreen  # noqa: PLC0415
    from boardgames.uwo.side import Side  # noqa: PLC0415
    from boardgames.uwo.thinker import Thinker  # noqa: PLC0415

    stop = threading.Event()
    computer = None
    if thinking:
        computer = ComputerOpponent("hard", Side.GNORFS)  # the computer begins: it thinks at once
        original = Thinker.choose

        def keep_thinking(self: Thinker, level: str, player: Any, view: Any) -> Any:
            """The real search in the real search process, again and again until the round is over."""
            action = original(self, level, player, view)
            while not stop.is_set():
                original(self, level, player, view)
            return action

        Thinker.choose = keep_thinking  # type: ignore[method-assign]
    clock = ManualClock()
    app = BoardgamesApp(start=lambda: UwoScreen(computer=computer), clock=clock, seed=5)
    async with app.run_test(size=SIZE) as pilot:
        frames = Frames(app)
        await pilot.pause()
        if not thinking:
            for _ in range(50):
                if isinstance(app.screen, HandoverScreen):
                    break
                await pilot.pause()
            clock.advance(ARM + 0.1)
            await pilot.press("space")
        for _ in range(50):
            if isinstance(app.screen, UwoScreen):
                break
            await pilot.pause()
        screen = app.screen
        assert isinstance(screen, UwoScreen)
        if thinking:
            assert screen.thinking, "the computer should be thinking"
        grid = screen.board
        for i in range(keys):
            key = WALK[i % len(WALK)]
            dx, dy = {"right": (1, 0), "left": (-1, 0), "up": (0, 1), "down": (0, -1)}[key]
            col, row = B.col_of(grid.cursor) + dx, B.row_of(grid.cursor) + dy
            if not B.on_board(col, row):
                continue
            want = B.square(col, row)
            cell = grid.cell(want)
            ms = await frames.key(pilot, key, lambda w=want, c=cell: grid.cursor == w and c.has_class("-cursor"))
            if ms is not None:
                out.add(ms, frames)
        stop.set()
        if thinking:
            thinker = screen.thinker
            assert thinker is not None and thinker.broken is None, "the computer should think in its process"
            # Until its first answer (and so its pid) is in: a search at the lowest priority
            # (``thinker.NICENESS``) on a loaded machine may take many seconds; where it ran
            # is asked, not how soon.
            for _ in range(6000):
                if thinker.last_pid is not None:
                    break
                await asyncio.sleep(0.01)
            assert thinker.last_pid not in (None, os.getpid()), "the search ran in the app's process"
        await pilot.pause()
    if thinking:
        Thinker.choose = original  # type: ignore[method-assign]


# ----------------------------------------------------------------------------- the table


def measure(keys: int = 60, rounds: int = 3, only: str = "") -> list[tuple[str, dict[str, Any]]]:
    """Every row with its baseline, in milliseconds (``keys`` keys per row, over *rounds*
    interleaved rounds); *only* ("vowl", "uwo", "thinking"): just that row and its baseline."""
    from boardgames.common.storage import DATA_ENV  # noqa: PLC0415

    before = os.environ.get(DATA_ENV)
    os.environ[DATA_ENV] = tempfile.mkdtemp(prefix="k2f-")  # the games' saves and stats: not the player's
    try:
        return _measure(keys, rounds, only)
    finally:
        if before is None:
            os.environ.pop(DATA_ENV, None)
        else:
            os.environ[DATA_ENV] = before


def _measure(keys: int, rounds: int, only: str) -> list[tuple[str, dict[str, Any]]]:
    samples: dict[str, Samples] = {
        k: Samples() for k in ("accepted", "rejected", "last", "input", "uwo", "thinking", "list")
    }
    per = max(1, keys // rounds)
    jobs: list[Callable[[], Coroutine[Any, Any, None]]] = [
        lambda: vowl_round(per, samples["accepted"], samples["rejected"], samples["last"]),
        lambda: bare_input_round(per, samples["input"]),
        lambda: uwo_round(per, samples["uwo"], thinking=False),
        lambda: bare_list_round(per, samples["list"]),
        lambda: uwo_round(per, samples["thinking"], thinking=True),
        lambda: bare_list_round(per, samples["list"]),
    ]
    if only:
        chosen = {"vowl": jobs[0:2], "uwo": jobs[2:4], "thinking": jobs[4:6]}[only]
        jobs = chosen
    for _ in range(rounds):
        for job in jobs:
            as_run(job)
    rows = [
        ("Vowl Enter (accepted)", "accepted", "bare Input + Enter", "input", TARGET_P95_MS),
        ("Vowl Enter (rejected)", "rejected", "bare Input + Enter", "input", TARGET_P95_MS),
        ("Vowl Enter (last card: review)", "last", "bare Input + Enter", "input", REVIEW_TARGET_P95_MS),
        ("UWO cursor", "uwo", "bare OptionList + arrow", "list", TARGET_P95_MS),
        ("UWO cursor (computer thinking)", "thinking", "bare OptionList + arrow", "list", TARGET_P95_MS),
    ]
    out = []
    for name, key, base_name, base, target in rows:
        if not samples[key]:
            continue
        row: dict[str, Any] = summary(samples[key])
        b = summary(samples[base])
        row.update(
            baseline=base_name,
            baseline_p50=b["p50"],
            baseline_p95=b["p95"],
            baseline_max=b["max"],
            baseline_cpu_p50=b["cpu_p50"],
            baseline_cpu_p95=b["cpu_p95"],
            target_p95=target,
        )
        out.append((name, row))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--keys", type=int, default=60, help="keys per row (spread over the rounds)")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds of each row and baseline")
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    parser.add_argument("--only", choices=("vowl", "uwo", "thinking"), default="", help="one row and its baseline")
    args = parser.parse_args(argv)
    rows = measure(args.keys, args.rounds, args.only)
    if args.json:
        print(json.dumps(rows))
        return 0
    print(f"{'key to frame (ms)':34} {'p50':>6} {'p95':>6} {'max':>6} {'n':>4}   baseline p50/p95/max   target")
    for name, r in rows:
        ok = "ok" if r["p95"] <= r["target_p95"] else "MISSED"
        print(
            f"{name:34} {r['p50']:6.1f} {r['p95']:6.1f} {r['max']:6.1f} {r['n']:4}   "
            f"{r['baseline_p50']:5.1f}/{r['baseline_p95']:5.1f}/{r['baseline_max']:5.1f}  "
            f"p95 ≤ {r['target_p95']:.0f} {ok}"
        )
    print(f"\n{'main thread CPU (ms)':34} {'p50':>6} {'p95':>6} {'max':>6} {'n':>4}   baseline p50/p95")
    for name, r in rows:
        ok = "ok" if r["cpu_p95"] <= r["target_p95"] else "MISSED"
        print(
            f"{name:34} {r['cpu_p50']:6.1f} {r['cpu_p95']:6.1f} {r['cpu_max']:6.1f} {r['n']:4}   "
            f"{r['baseline_cpu_p50']:5.1f}/{r['baseline_cpu_p95']:5.1f}        p95 ≤ {r['target_p95']:.0f} {ok}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
