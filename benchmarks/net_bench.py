"""A hosted table's costs: a move on one seat's terminal to the frame on every other, and
the host's memory per room.

    .venv/bin/python benchmarks/net_bench.py [--moves 60] [--json]

- ``move to frame on every other terminal``: a UWO duel hosted in this process, its
  table screen and two seat screens (one ``BoardgamesApp`` each, headless, over
  loopback websockets).  A move is made on the acting seat's screen (its ``play``, what
  the key's binding calls); the time is until the first frame written *after* the
  move shows, on the other seat's screen and on the host's table alike (the later of
  the two; frames timed as ``_key_to_frame.Frames`` does).  Baseline: the same moves
  between two bare ``RoomClient``s (the act, the other's update), no screen.  Target
  p95 ≤ 50 ms.
- ``host memory per room``: what a hosted UWO duel holds (``tracemalloc``: the session,
  its ``Room``, the server listening and two seats connected, after the same moves)
  against the same duel's hot-seat ``GameSession`` alone.  Target ≤ 1.5×.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import random
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from _key_to_frame import Frames, summary  # noqa: E402

TARGET_P95_MS = 50.0
MEMORY_TARGET = 1.5
SIZE = (120, 40)


def _move(view: Any, rng: random.Random) -> Any:
    from boardgames.uwo.actions import OfferDraw  # noqa: PLC0415

    return rng.choice([a for a in view.legal if not isinstance(a, OfferDraw)])


async def _wait(condition: Any, pilots: list[Any], tries: int = 2000) -> None:
    for _ in range(tries):
        if condition():
            return
        for pilot in pilots:
            await pilot.pause(0)
    raise RuntimeError("never happened")


async def screens_round(moves: int, out: list[float], data: Path) -> None:
    from boardgames.app import BoardgamesApp  # noqa: PLC0415
    from boardgames.common.clock import ManualClock  # noqa: PLC0415
    from boardgames.common.saves import SaveStore  # noqa: PLC0415
    from boardgames.common.session import GameSession  # noqa: PLC0415
    from boardgames.net.ui.hosting import Hosting  # noqa: PLC0415
    from boardgames.net.ui.remote_uwo import RemoteUwoScreen  # noqa: PLC0415
    from boardgames.net.ui.seat import ConnectingScreen  # noqa: PLC0415
    from boardgames.net.ui.table import table_screen  # noqa: PLC0415
    from boardgames.uwo.spec import SPEC, UwoSetup  # noqa: PLC0415

    store = SaveStore(data)
    hosting = Hosting(GameSession.start(SPEC, UwoSetup(), 5, store=store), port=0, store=store)
    host = BoardgamesApp(start=lambda: table_screen(hosting), clock=ManualClock())
    rng = random.Random(2)
    async with host.run_test(size=SIZE) as hp:
        await _wait(hosting.listening_now, [hp])
        addresses = [hosting.address(s) for s in (0, 1)]
        apps = [BoardgamesApp(start=lambda a=a: ConnectingScreen(a), clock=ManualClock()) for a in addresses]
        async with apps[0].run_test(size=SIZE) as p0, apps[1].run_test(size=SIZE) as p1:
            pilots = [hp, p0, p1]
            await _wait(lambda: all(isinstance(a.screen, RemoteUwoScreen) for a in apps), pilots)
            screens: list[Any] = [a.screen for a in apps]
            frames = {id(app): Frames(app) for app in (host, *apps)}
            engine = hosting.room.engine
            for _ in range(moves):
                if engine.outcome() is not None:
                    break
                seat = int(engine.view(None).to_act)
                other = 1 - seat
                await _wait(lambda: all(s.client.state_id == hosting.room.state_id for s in screens), pilots)
                await asyncio.sleep(0.04)  # as between two keys (``_key_to_frame.KEY_GAP``)
                target = hosting.room.state_id + 1
                watched = [
                    (frames[id(host)], lambda t=target: hosting.room.state_id >= t),
                    (frames[id(apps[other])], lambda t=target, o=other: screens[o].client.state_id >= t),
                ]
                for frame, shown in watched:
                    frame._condition, frame._at = shown, None
                start = time.perf_counter()
                screens[seat].play(_move(screens[seat].view, rng))
                await _wait(lambda w=watched: all(f._at is not None for f, _ in w), pilots)
                out.append((max(f._at for f, _ in watched) - start) * 1000)
                for frame, _ in watched:
                    frame._condition = None


async def bare_round(moves: int, out: list[float]) -> None:
    from boardgames.common.session import GameSession  # noqa: PLC0415
    from boardgames.net.client import RoomClient  # noqa: PLC0415
    from boardgames.net.protocol import Update  # noqa: PLC0415
    from boardgames.net.room import Room  # noqa: PLC0415
    from boardgames.net.server import RoomServer  # noqa: PLC0415
    from boardgames.net.titles import UwoNet  # noqa: PLC0415
    from boardgames.uwo.spec import SPEC, UwoSetup  # noqa: PLC0415

    net = UwoNet()
    room = Room(net, GameSession.start(SPEC, UwoSetup(), 5, save=False), now=time.monotonic())
    server = RoomServer(room, rate=1e6, burst=10**6)
    await server.start()
    clients = [RoomClient(server.address(s), net) for s in (0, 1)]
    for c in clients:
        await c.connect()
    rng = random.Random(2)
    try:
        for _ in range(moves):
            if room.engine.outcome() is not None:
                break
            seat = int(room.engine.view(None).to_act)
            me, other = clients[seat], clients[1 - seat]
            while me.state_id != room.state_id:
                await me.receive()
            start = time.perf_counter()
            await me.act(_move(me.view, rng))
            while not isinstance(await other.receive(), Update):
                pass
            out.append((time.perf_counter() - start) * 1000)
    finally:
        for c in clients:
            await c.close()
        await server.stop()


# --------------------------------------------------------------------------- a process per terminal
#
# A real table runs each terminal as its own process: the host (its server and its table
# screen in one event loop) and each seat's ``join``.  Here each is a headless app in its
# own process; every process stamps its frames with ``time.monotonic()`` (on Linux one
# clock for the whole machine, CLOCK_MONOTONIC, so stamps compare across processes): the
# host the first frame it writes at each ``state_id``, each seat the same, and the time it
# made each of its moves.  A move's latency is from the acting seat's ``play`` to the later
# of the other seat's and the host table's first frame at the new state.


def _stamp_frames(app: Any, state: Any, frames: dict[int, float]) -> None:
    """Record, per state id, when *app* wrote its first frame there (``state()``)."""
    from textual._compositor import CompositorUpdate  # noqa: PLC0415

    original = app._display

    def display(screen: Any, renderable: Any) -> None:
        if renderable is not None and not app._batch_count:
            if isinstance(renderable, CompositorUpdate):
                renderable.render_segments(app.console)  # what a real terminal write costs
            sid = state()
            if sid is not None and sid not in frames:
                frames[sid] = time.monotonic()
        original(screen, renderable)

    app._display = display


async def _host_process(data: Path) -> None:
    """The host's terminal: its table screen; prints the seats' addresses, then (when told
    on stdin) the time of its first frame at each state."""
    from boardgames.app import BoardgamesApp  # noqa: PLC0415
    from boardgames.common.clock import ManualClock  # noqa: PLC0415
    from boardgames.common.saves import SaveStore  # noqa: PLC0415
    from boardgames.common.session import GameSession  # noqa: PLC0415
    from boardgames.net.ui.hosting import Hosting  # noqa: PLC0415
    from boardgames.net.ui.table import table_screen  # noqa: PLC0415
    from boardgames.uwo.spec import SPEC, UwoSetup  # noqa: PLC0415

    store = SaveStore(data)
    hosting = Hosting(GameSession.start(SPEC, UwoSetup(), 5, store=store), port=0, store=store)
    host = BoardgamesApp(start=lambda: table_screen(hosting), clock=ManualClock())
    frames: dict[int, float] = {}
    async with host.run_test(size=SIZE) as hp:
        await _wait(hosting.listening_now, [hp])
        _stamp_frames(host, lambda: hosting.room.state_id, frames)
        print(json.dumps([hosting.address(0), hosting.address(1)]), flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    print(json.dumps({str(k): v for k, v in frames.items()}), flush=True)


async def _seat_process(address: str, moves: int, seed: int) -> None:
    """One seat's terminal: it plays its moves (``KEY_GAP`` after the frame that showed its
    turn) until *moves* were made at the table, and prints when it made each and when it
    first drew each state."""
    from _key_to_frame import KEY_GAP  # noqa: PLC0415

    from boardgames.app import BoardgamesApp  # noqa: PLC0415
    from boardgames.common.clock import ManualClock  # noqa: PLC0415
    from boardgames.net.ui.remote_uwo import RemoteUwoScreen  # noqa: PLC0415
    from boardgames.net.ui.seat import ConnectingScreen  # noqa: PLC0415

    app = BoardgamesApp(start=lambda: ConnectingScreen(address), clock=ManualClock())
    rng = random.Random(seed)
    frames: dict[int, float] = {}
    acts: dict[int, float] = {}
    async with app.run_test(size=SIZE) as pilot:
        await _wait(lambda: isinstance(app.screen, RemoteUwoScreen), [pilot], tries=20000)
        screen: Any = app.screen
        client = screen.client
        _stamp_frames(app, lambda: client.state_id, frames)
        while client.state_id < moves and client.view.outcome is None:
            sid = client.state_id
            if int(client.view.to_act) == client.seat and sid in frames and sid not in acts:
                await asyncio.sleep(max(0.0, frames[sid] + KEY_GAP - time.monotonic()))
                acts[sid] = time.monotonic()
                screen.play(_move(screen.view, rng))
            await asyncio.sleep(0.001)
        await asyncio.sleep(0.3)  # the last frames
    print(json.dumps({"acts": acts, "frames": frames}), flush=True)


def processes_round(moves: int) -> list[float]:
    """A host and two seats, a process each (see above); the milliseconds of each move."""
    import subprocess  # noqa: PLC0415
    import tempfile  # noqa: PLC0415

    me = [sys.executable, str(Path(__file__).resolve())]
    with tempfile.TemporaryDirectory() as data:
        host = subprocess.Popen(
            [*me, "--role", "host", "--data", data], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        assert host.stdin is not None and host.stdout is not None
        addresses = json.loads(host.stdout.readline())
        seats = [
            subprocess.Popen(
                [*me, "--role", "seat", "--address", a, "--moves", str(moves), "--seed", str(i + 2)],
                stdout=subprocess.PIPE,
                text=True,
            )
            for i, a in enumerate(addresses)
        ]
        played = [json.loads(s.communicate(timeout=600)[0].strip().splitlines()[-1]) for s in seats]
        host.stdin.write("stop\n")
        host.stdin.flush()
        table = {int(k): v for k, v in json.loads(host.communicate(timeout=60)[0].strip().splitlines()[-1]).items()}
    out = []
    for me_, other in ((0, 1), (1, 0)):
        theirs = {int(k): v for k, v in played[other]["frames"].items()}
        for sid, at in played[me_]["acts"].items():
            after = int(sid) + 1
            if after in theirs and after in table:
                out.append((max(theirs[after], table[after]) - at) * 1000)
    return out


def memory(moves: int) -> tuple[int, int]:
    """Bytes held by a hosted duel (room, server, two seats connected) and by its hot-seat session."""
    from boardgames.common.session import GameSession  # noqa: PLC0415
    from boardgames.net.client import RoomClient  # noqa: PLC0415
    from boardgames.net.room import Room  # noqa: PLC0415
    from boardgames.net.server import RoomServer  # noqa: PLC0415
    from boardgames.net.titles import UwoNet  # noqa: PLC0415
    from boardgames.net.values import to_wire  # noqa: PLC0415
    from boardgames.uwo.spec import SPEC, UwoSetup  # noqa: PLC0415

    rng = random.Random(3)
    GameSession.start(SPEC, UwoSetup(), 1, save=False)  # catalogs and caches loaded, for both alike
    gc.collect()
    tracemalloc.start()
    session = GameSession.start(SPEC, UwoSetup(), 5, save=False)
    for _ in range(moves):
        if session.engine.outcome() is not None:
            break
        view = session.engine.view(session.engine.view(None).to_act)
        session.apply(_move(view, rng))
    gc.collect()
    hot_seat = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    del session
    gc.collect()

    async def hosted() -> int:
        tracemalloc.start()
        rng.seed(3)
        net = UwoNet()
        room = Room(net, GameSession.start(SPEC, UwoSetup(), 5, save=False), now=time.monotonic())
        server = RoomServer(room)
        await server.start()
        clients = [RoomClient(server.address(s), net) for s in (0, 1)]
        for c in clients:
            await c.connect()
        for _ in range(moves):
            if room.engine.outcome() is not None:
                break
            seat = room.engine.view(None).to_act
            room.submit(room.codes[int(seat)], room.state_id, to_wire(_move(room.engine.view(seat), rng)), 0.0)
        server._send([])  # noqa: SLF001 - nothing new: the queues as they are
        await asyncio.sleep(0.2)  # what was queued is sent
        gc.collect()
        held = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        for c in clients:
            await c.close()
        await server.stop()
        return held

    return asyncio.run(hosted()), hot_seat


def measure(moves: int = 60) -> list[tuple[str, dict[str, Any]]]:
    import tempfile  # noqa: PLC0415

    screens: list[float] = []
    bare: list[float] = []
    with tempfile.TemporaryDirectory() as data:
        asyncio.run(screens_round(moves, screens, Path(data)))
    apart = processes_round(moves)
    asyncio.run(bare_round(moves, bare))
    held, hot_seat = memory(moves)
    return [
        (
            "move to frame on every other terminal (UWO, loopback, a process per terminal)",
            {
                **summary(apart),
                "baseline": "two bare RoomClients",
                "baseline_p95": summary(bare)["p95"],
                "target_p95": TARGET_P95_MS,
            },
        ),
        (
            "move to frame on every other terminal (UWO, loopback, three apps in one process)",
            {
                **summary(screens),
                "baseline": "two bare RoomClients",
                "baseline_p95": summary(bare)["p95"],
                "target_p95": TARGET_P95_MS,
            },
        ),
        (
            "host memory per room (UWO)",
            {
                "bytes": held,
                "baseline": "the hot-seat GameSession",
                "baseline_bytes": hot_seat,
                "target_ratio": MEMORY_TARGET,
            },
        ),
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--role", choices=("host", "seat"), help=argparse.SUPPRESS)  # one terminal's process
    parser.add_argument("--data", help=argparse.SUPPRESS)
    parser.add_argument("--address", help=argparse.SUPPRESS)
    parser.add_argument("--seed", type=int, default=2, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.role == "host":
        asyncio.run(_host_process(Path(args.data)))
        return 0
    if args.role == "seat":
        asyncio.run(_seat_process(args.address, args.moves, args.seed))
        return 0
    rows = measure(args.moves)
    if args.json:
        print(json.dumps(rows))
        return 0
    for name, row in rows:
        print(name, row)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
