"""One command, one table: boardgames' speed and memory against baselines measured in
the same run.

    .venv/bin/python benchmarks/run.py [--runs 7] [--keys 60] [--ai-games 3] [--cpu] [--only TEXT]

Rows, each with its baseline and target:

- **start-up**, in real processes (interpreter start and imports count), each run and
  its baseline *interleaved* (A B A B ...) so a machine that gets busier slows both
  alike; medians.  The first frame of the menu and of each game from its command line
  against a bare Textual app showing one line (``_first_frame.py``: the child reports
  the moment it hands its first frame to the driver, and its peak memory until then);
  targets menu ≤ 1.3×, each game ≤ 1.6×, memory ≤ 1.3×.  ``boardgames --help``
  against ``python -c pass``; ``vowl check SVR savor`` against a three-line pyenchant
  script (target ≤ 1.5×).
- **judges and solver**, in this process: Vowl's answer check and a VNTYPL8S plate
  against one raw enchant check; ``vowl solve`` on the slowest deck card against the
  old exhaustive search (target ≤ 50 ms); the turn review of the 12 busiest cards
  (target ≤ 50 ms) beside the one-time index build.
- **UWO**: random self-play against the bare engine playing the very same games (target
  ≤ 1.2×; in CPU time with ``--cpu``, and ``--only selfplay`` runs it alone); the hard level's
  p95 per planned turn on positions from normal-vs-normal games against the greedy
  player's (target ≤ 1 s; ``--ai-games``, 0 skips it).
- **key to frame** (``_key_to_frame.py``, Pilot, its own process): Vowl's Enter on an
  answer and UWO's cursor, also while the computer thinks, against a bare Input and
  OptionList (target p95 ≤ 16 ms on a quiet machine; the answer that opens the turn's
  review, a new screen, ≤ 50 ms as asked of the review; ``--keys``, 0 skips it).
- **a hosted table** (``net_bench.py``): a move on one seat's terminal to the
  frame on every other (target p95 ≤ 50 ms on loopback) and the host's memory per room;
  the first-frame rows measure ``boardgames host`` against the hot-seat game (peak memory
  ≤ 1.5×).
- **saves**: the listing of 50 saves of 1,000 actions from their headers against a
  bare scandir and 4 KiB read of each file (``saves_bench.py`` also times the old
  whole-file parse).

- **speed-ups** (``--patches``): each of ``textual_compat``'s speed-ups on and off
  (``BOARDGAMES_SPEED_UPS=-name``), on the first frames and key to frame; one that
  pays under 5% on every row is removed (docs/textual-workarounds.md).

``--cpu`` compares CPU time instead of wall time for the start-up rows (steadier on a
busy machine), adds key to frame in the main thread's CPU time beside its wall time,
and with ``--patches`` compares the key rows in CPU time.  The computer's strength has its own, hours-long benchmark
(``uwo_ai.py``); ``vowl_bench.py`` and ``uwo_engine.py`` give more detail.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from _timing import best_mean  # this folder: a script's own folder is on the path

HERE = Path(__file__).resolve().parent
PY = sys.executable
FIRST_FRAME = str(HERE / "_first_frame.py")
RAW_ENCHANT = (
    "import enchant\n"
    "b = enchant.Broker(); b.set_ordering('en_US', 'hunspell')\n"
    "print('accepted' if b.request_dict('en_US').check('savor') else 'rejected')\n"
)


@dataclass(frozen=True)
class Row:
    what: str
    command: list[str]
    baseline_name: str
    baseline: list[str]
    target: float | None  # the largest ratio allowed, None: no target
    memory: bool = False  # compare peak memory instead of time


def rows() -> list[Row]:
    bare = [PY, FIRST_FRAME, "bare"]
    suite = [PY, FIRST_FRAME, "suite"]
    games = {
        "Vowl": ["vowl", "--players", "Ann,Bob", "--seed", "1"],
        "UWO": ["uwo", "--seed", "1"],
        "VNTYPL8S": ["vntypl8s", "--players", "Ann,Bob,Cy", "--seed", "1"],
    }
    out = [Row("menu first frame", suite, "bare Textual app", bare, 1.3)]
    out += [
        Row(f"{name} first frame (CLI)", suite + args, "bare Textual app", bare, 1.6) for name, args in games.items()
    ]
    out += [
        Row("boardgames --help", [PY, "-m", "boardgames", "--help"], "python -c pass", [PY, "-c", "pass"], None),
        Row(
            "vowl check SVR savor",
            [PY, "-m", "boardgames", "vowl", "check", "SVR", "savor"],
            "3-line pyenchant script",
            [PY, "-c", RAW_ENCHANT],
            1.5,
        ),
        Row("peak memory: menu", suite, "bare Textual app", bare, 1.3, memory=True),
    ]
    out += [
        Row(f"peak memory: {name}", suite + args, "bare Textual app", bare, 1.3, memory=True)
        for name, args in games.items()
    ]
    # A hosted table's process (the room listening, its table screen) against the
    # hot-seat game of the same title.
    hosted = {
        "UWO": (["host", "uwo", "--seed", "1", "--port", "0"], games["UWO"]),
        "VNTYPL8S": (["host", "vntypl8s", "--players", "Ann,Bob,Cy", "--seed", "1", "--port", "0"], games["VNTYPL8S"]),
    }
    out += [
        Row(f"peak memory: host {name}", suite + host, f"hot-seat {name}", suite + seat, 1.5, memory=True)
        for name, (host, seat) in hosted.items()
    ]
    return out


def measure(command: list[str], env: dict[str, str], cpu: bool = False) -> tuple[float, int]:
    """Wall seconds (CPU seconds, user and system, with *cpu*) and peak resident memory
    (KiB) of one run of *command*: until its first frame when it reports one
    (``_first_frame.py``: what it does after, or while leaving, is not its start-up),
    else until it exits."""
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "frame.json"
        wall = time.time()
        start = time.perf_counter()
        process = subprocess.Popen(
            command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env={**env, "FIRST_FRAME_REPORT": str(report)}
        )
        _, status, usage = os.wait4(process.pid, 0)
        elapsed = usage.ru_utime + usage.ru_stime if cpu else time.perf_counter() - start
        peak = int(usage.ru_maxrss)
        process.returncode = os.waitstatus_to_exitcode(status)
        if process.returncode not in (0,):
            err = process.stderr.read().decode() if process.stderr else ""
            raise SystemExit(f"{' '.join(command)} failed ({process.returncode}): {err[-500:]}")
        if process.stderr:
            process.stderr.close()
        if report.exists():
            frame = json.loads(report.read_text(encoding="utf-8"))
            elapsed = float(frame["cpu"]) if cpu else float(frame["frame"]) - wall
            peak = int(frame["maxrss"])
    return elapsed, peak


def compile_bytecode() -> None:
    """Compile the package and the venv's libraries first, as an installed copy has them.

    An editable install leaves ``boardgames`` uncompiled, and a machine with
    ``PYTHONDONTWRITEBYTECODE`` set (CI images often are) never writes ``.pyc`` files:
    every run would then compile every module again and measure the compiler, not us.
    Python still *reads* bytecode that exists, so compiling once makes both sides fair.
    """
    import compileall  # noqa: PLC0415
    import sysconfig  # noqa: PLC0415

    for folder in (HERE.parent / "boardgames", Path(sysconfig.get_paths()["purelib"])):
        compileall.compile_dir(folder, quiet=1, workers=0)


# --- rows measured inside this process: judges, solver, review, UWO engine and computer -------


Line = tuple[str, str, str, str, str, str]


def _ratio_line(what: str, now: float, base_name: str, base: float, target: float | None, unit: str = "ms") -> Line:
    ratio = now / base if base else float("inf")
    scale = 1e3 if unit == "ms" else 1e6
    met = "—" if target is None else ("yes" if ratio <= target else "NO")
    return (
        what,
        f"{now * scale:.3f} {unit}",
        f"{base_name} {base * scale:.3f} {unit}",
        f"{ratio:.2f}×",
        "—" if target is None else f"≤ {target:g}×",
        met,
    )


def _absolute_line(what: str, now: float, base_name: str, base: float, limit: float) -> Line:
    """A row whose target is a time, not a ratio (the solver's 50 ms, a frame's 16 ms)."""
    ratio = now / base if base else float("inf")
    return (
        what,
        f"{now * 1e3:.2f} ms",
        f"{base_name} {base * 1e3:.2f} ms",
        f"{ratio:.2f}×",
        f"≤ {limit * 1e3:g} ms",
        "yes" if now <= limit else "NO",
    )


def word_rows() -> list[Line]:
    """The answer check, the plate judge, the solver and the review, against raw enchant."""
    from boardgames.common.dictionary import Dictionary, get_dictionary, load_curation  # noqa: PLC0415
    from boardgames.common.skeleton import SkeletonMatcher, exhaustive_solutions, skeleton_index  # noqa: PLC0415
    from boardgames.vntypl8s.spec import plate_judge  # noqa: PLC0415
    from boardgames.vowl.cards import load_decks  # noqa: PLC0415

    sys.path.insert(0, str(HERE))
    from vowl_bench import ANSWERS, review_ms  # noqa: PLC0415

    dictionary = get_dictionary()
    raw = best_mean(lambda: [dictionary.check_uncached(w) for _, w in ANSWERS], 200) / len(ANSWERS)
    matcher = SkeletonMatcher(dictionary)
    check = best_mean(lambda: [matcher.check(s, w) for s, w in ANSWERS], 200) / len(ANSWERS)
    judge = plate_judge()
    plates = [("N0FL4M3S", "Fire Fighter"), ("HT", "Fire Fighter"), ("LMBR", "Lumberjack"), ("KWN", "Queen")]
    fresh_judge = best_mean(lambda: [type(judge)(dictionary).judge(p, o) for p, o in plates], 5) / len(plates)
    built = time.perf_counter()
    skeleton_index(dictionary)
    built = time.perf_counter() - built
    cards = sorted({c.skeleton for deck in load_decks().values() for c in deck})
    slowest = max(cards, key=lambda sk: best_mean(lambda sk=sk: SkeletonMatcher(dictionary).solutions(sk), 20, 1))
    solve = best_mean(lambda: SkeletonMatcher(dictionary).solutions(slowest), 50)
    plain = Dictionary(
        dictionary._backend, curation=load_curation(), listed=dictionary.listed
    )  # no memo shared with the index
    exhaustive = best_mean(
        lambda: exhaustive_solutions(Dictionary(plain._backend, curation=plain.curation, listed=plain.listed), slowest),
        1,
        3,
    )
    review = review_ms(cards) / 1e3
    return [
        _ratio_line("Vowl answer check (judge)", check, "one raw enchant check", raw, None, "µs"),
        _ratio_line(
            "VNTYPL8S plate judged (a new judge each time)", fresh_judge, "one raw enchant check", raw, None, "µs"
        ),
        _absolute_line(
            f"vowl solve, slowest deck card ({slowest})", solve, "the old exhaustive search", exhaustive, 0.050
        ),
        _absolute_line("turn review opens (12 busiest cards)", review, "the one-time index build", built, 0.050),
    ]


def uwo_engine_alone(games: int, seed: int) -> int:
    """The baseline of "uwo selfplay, one random game": the very games ``selfplay(games,
    seed)`` plays (the same deals, each seat's random player from its own generator, so
    the same actions), with nothing but the engine and the players; the number of actions.

    It used to play other games (``random.Random(i)``, one player for both seats), about
    a fifth shorter than self-play's: the row's 1.20-1.39x was mostly that difference,
    not the harness (1.01x on the same games, CPU time, 2026-12-02)."""
    from boardgames.uwo.engine import Game  # noqa: PLC0415
    from boardgames.uwo.players import RandomPlayer, game_rng  # noqa: PLC0415
    from boardgames.uwo.side import Side  # noqa: PLC0415

    actions = 0
    for i in range(games):
        g = Game.new(game_rng(seed, i, "deal"))
        seats = {
            Side.GNORFS: RandomPlayer(game_rng(seed, i, "gnorfs")),
            Side.PNORFS: RandomPlayer(game_rng(seed, i, "pnorfs")),
        }
        while (side := g.to_act) is not None:
            g.apply(seats[side].pick(g.legal_list()))
            actions += 1
    return actions


def uwo_rows(ai_games: int, cpu: bool = False) -> list[Line]:
    """Random self-play against the bare engine on the same games (in CPU time with
    ``cpu``), and the hard level's time per planned turn."""
    from boardgames.uwo.players import percentile, selfplay  # noqa: PLC0415

    sys.path.insert(0, str(HERE))
    from uwo_turn_time import positions, turn_time  # noqa: PLC0415

    tick = time.process_time if cpu else time.perf_counter

    def once(fn: Callable[[], object]) -> float:
        started = tick()
        fn()
        return tick() - started

    engine_runs: list[float] = []
    played_runs: list[float] = []
    for _ in range(7):  # interleaved, the best of each: the same load on both
        engine_runs.append(once(lambda: uwo_engine_alone(10, 0)))
        played_runs.append(once(lambda: selfplay(10, 0)))
    engine, played = min(engine_runs) / 10, min(played_runs) / 10
    out = [_ratio_line("uwo selfplay, one random game", played, "the engine alone, same games", engine, 1.2)]
    if ai_games:
        found = positions(ai_games, 5, 1)
        hard = percentile([turn_time("hard", g, 1)[0] for g in found], 95)
        greedy = percentile([turn_time("greedy", g, 1)[0] for g in found], 95)
        out.append(
            _absolute_line(
                f"UWO hard, p95 per planned turn ({len(found)} turns)", hard, "greedy (one ply)", greedy, 1.0
            )
        )
    return out


def key_rows(keys: int, cpu: bool = False) -> list[Line]:
    """Key to frame (``_key_to_frame.py``, its own process): p95 against a bare app's; with
    *cpu*, also the main thread's CPU time over the same spans (what a busy machine does
    not stretch)."""
    done = subprocess.run(
        [PY, str(HERE / "_key_to_frame.py"), "--json", "--keys", str(keys)], capture_output=True, text=True, check=False
    )
    if done.returncode:
        raise SystemExit(f"_key_to_frame.py failed ({done.returncode}): {done.stderr[-500:]}")
    out: list[Line] = []
    measured = json.loads(done.stdout)
    for name, row in measured:
        out.append(
            _absolute_line(
                f"key to frame, p95: {name}",
                row["p95"] / 1e3,
                row["baseline"],
                row["baseline_p95"] / 1e3,
                row["target_p95"] / 1e3,
            )
        )
    if cpu:
        for name, row in measured:
            out.append(
                _absolute_line(
                    f"key to frame, p95 main-thread CPU: {name}",
                    row["cpu_p95"] / 1e3,
                    row["baseline"],
                    row["baseline_cpu_p95"] / 1e3,
                    row["target_p95"] / 1e3,
                )
            )
    return out


SAVES_ROW = "saves listed from their headers (50 games of 1,000 actions)"


def net_rows(moves: int) -> list[Line]:
    """A hosted table (``net_bench.py``, its own process): a move to the frame on every other
    terminal (p95 against two bare clients'), the host's memory per room."""
    done = subprocess.run(
        [PY, str(HERE / "net_bench.py"), "--json", "--moves", str(moves)], capture_output=True, text=True, check=False
    )
    if done.returncode:
        raise SystemExit(f"net_bench.py failed ({done.returncode}): {done.stderr[-500:]}")
    *frames, (memory_name, held) = json.loads(done.stdout)  # a process per terminal, then all in one
    ratio = held["bytes"] / held["baseline_bytes"]
    return [
        *(
            _absolute_line(
                f"{frame_name}, p95",
                frame["p95"] / 1e3,
                frame["baseline"],
                frame["baseline_p95"] / 1e3,
                frame["target_p95"] / 1e3,
            )
            for frame_name, frame in frames
        ),
        (
            memory_name,
            f"{held['bytes'] / 1024:.0f} KiB",
            f"{held['baseline']} {held['baseline_bytes'] / 1024:.0f} KiB",
            f"{ratio:.2f}×",
            f"≤ {held['target_ratio']:g}×",
            "yes" if ratio <= held["target_ratio"] else "NO",
        ),
    ]


def saves_row() -> Line:
    """The menu's listing of long games (``saves_bench.py``, which also times the old whole-file parse)."""
    sys.path.insert(0, str(HERE))
    from saves_bench import measure  # noqa: PLC0415

    got = measure()
    return _ratio_line(SAVES_ROW, got["now"], "scandir + 4 KiB read of each", got["baseline"], None)


PATCH_GAIN = 0.05  # what a speed-up must pay on at least one row to stay


def patch_rows(runs: int, keys: int, cpu: bool) -> list[Line]:
    """Each speed-up off against all of them on: first frames (interleaved medians) and
    key to frame (p95), on this interpreter; the gain is what turning it off costs."""
    from boardgames.common.ui.textual_compat import SPEED_UPS  # noqa: PLC0415

    games = {
        "menu": [],
        "Vowl": ["vowl", "--players", "Ann,Bob", "--seed", "1"],
        "UWO": ["uwo", "--seed", "1"],
        "VNTYPL8S": ["vntypl8s", "--players", "Ann,Bob,Cy", "--seed", "1"],
    }
    names = list(SPEED_UPS)
    out: list[Line] = []
    best: dict[str, float] = dict.fromkeys(names, 0.0)
    with tempfile.TemporaryDirectory() as data:
        for row, args in games.items():
            times: dict[str, list[float]] = {name: [] for name in ["", *names]}
            for _ in range(runs):
                for name in times:
                    env = {**os.environ, "BOARDGAMES_DATA": data, "BOARDGAMES_SPEED_UPS": f"-{name}" if name else ""}
                    times[name].append(measure([PY, FIRST_FRAME, "suite", *args], env, cpu)[0])
            on = statistics.median(times[""])
            for name in names:
                off = statistics.median(times[name])
                best[name] = max(best[name], off / on - 1)
                out.append(
                    (
                        f"{name}: {row} first frame",
                        f"{on:.3f} s",
                        f"off {off:.3f} s",
                        f"{off / on:.2f}×",
                        f"≥ {1 + PATCH_GAIN:.2f}×",
                        "—",
                    )
                )
            print(f"  measured the speed-ups on the {row} first frame", file=sys.stderr, flush=True)
    if keys:
        # In CPU time the app's own rows are compared as they are (the main thread's CPU
        # milliseconds, p50: steady on a busy machine); in wall time over the bare app's p95
        # measured in the same process, which the load stretches alike.  The speed-ups patch
        # Textual itself, the bare apps' too: in wall time that hides part of what one pays.
        def measured(skip: str) -> dict[str, float]:
            env = {**os.environ, "BOARDGAMES_SPEED_UPS": f"-{skip}" if skip else ""}
            done = subprocess.run(
                [PY, str(HERE / "_key_to_frame.py"), "--json", "--keys", str(keys)],
                capture_output=True,
                text=True,
                check=True,
                env=env,
            )
            rows = json.loads(done.stdout)
            if cpu:
                return {name: row["cpu_p50"] for name, row in rows}
            return {name: row["p95"] / row["baseline_p95"] for name, row in rows}

        unit = " ms CPU p50" if cpu else "× bare p95"
        first_on = measured("")
        offs = {name: measured(name) for name in names}
        last_on = measured("")  # all on again, at the end: the mean of both is the baseline
        on_keys = {row: (first_on[row] + last_on[row]) / 2 for row in first_on}
        for name, off_keys in offs.items():
            for row, value in off_keys.items():
                gain = value / on_keys[row] - 1
                best[name] = max(best[name], gain)
                out.append(
                    (
                        f"{name}: key to frame, {row}",
                        f"{on_keys[row]:.2f}{unit}",
                        f"off {value:.2f}{unit}",
                        f"{1 + gain:.2f}×",
                        f"≥ {1 + PATCH_GAIN:.2f}×",
                        "—",
                    )
                )
        print("  measured the speed-ups on key to frame", file=sys.stderr, flush=True)
    out += [
        (
            f"{name}: the most it pays on a row",
            f"{gain:+.1%}",
            "—",
            "—",
            f"≥ {PATCH_GAIN:.0%}",
            "yes" if gain >= PATCH_GAIN else "NO",
        )
        for name, gain in best.items()
    ]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="runs of each command and baseline (default 7)")
    parser.add_argument("--only", help="only the rows whose name contains this text")
    parser.add_argument("--no-compile", action="store_true", help="measure without compiling bytecode first")
    parser.add_argument("--keys", type=int, default=60, help="keys per key-to-frame row (0: skip; default 60)")
    parser.add_argument(
        "--ai-games",
        type=int,
        default=3,
        help="normal-vs-normal games whose turns the hard level is timed on (0: skip; default 3)",
    )
    parser.add_argument(
        "--patches",
        action="store_true",
        help="only the speed-ups of textual_compat, each on and off (first frames, key to frame)",
    )
    parser.add_argument(
        "--cpu",
        action="store_true",
        help="compare CPU time (user + system) instead of wall time: steadier on a busy machine",
    )
    args = parser.parse_args(argv)
    if not args.no_compile:
        compile_bytecode()
    print(f"Python {sys.version.split()[0]}", file=sys.stderr)
    if args.patches:
        _print_table(
            patch_rows(args.runs, args.keys, args.cpu),
            f"Python {sys.version.split()[0]}; speed-ups off "
            f"against all on: first frames medians of {args.runs} interleaved runs "
            f"({'CPU' if args.cpu else 'wall'} time), key to frame p95 over a bare app's",
        )
        return 0
    with tempfile.TemporaryDirectory() as data:
        env = {**os.environ, "BOARDGAMES_DATA": data}
        table: list[Line] = []
        for row in rows():
            if args.only and args.only.lower() not in row.what.lower():
                continue
            mine: list[float] = []
            base: list[float] = []
            for _ in range(args.runs):  # interleaved: the same load on both
                for command, into in ((row.command, mine), (row.baseline, base)):
                    seconds, kib = measure(command, env, args.cpu)
                    into.append(kib / 1024 if row.memory else seconds)
            now, then = statistics.median(mine), statistics.median(base)
            ratio = now / then if then else float("inf")
            unit = (lambda v: f"{v:.0f} MiB") if row.memory else (lambda v: f"{v:.3f} s")
            target = "—" if row.target is None else f"≤ {row.target:.1f}×"
            ok = "—" if row.target is None else ("yes" if ratio <= row.target else "NO")
            table.append((row.what, unit(now), f"{row.baseline_name} {unit(then)}", f"{ratio:.2f}×", target, ok))
            print(f"  measured {row.what}", file=sys.stderr, flush=True)
    clock = "CPU time" if args.cpu else "wall time"
    if not args.only:
        table += word_rows()
        print("  measured the judges, the solver and the review", file=sys.stderr, flush=True)
    if not args.only or args.only.lower() in "uwo selfplay, one random game":
        table += uwo_rows(args.ai_games if not args.only else 0, args.cpu)
        print("  measured UWO self-play and the computer", file=sys.stderr, flush=True)
    if not args.only and args.keys:
        table += key_rows(args.keys, args.cpu)
        print("  measured key to frame", file=sys.stderr, flush=True)
    if not args.only or args.only.lower() in SAVES_ROW.lower():
        table.append(saves_row())
    if (not args.only or "host" in args.only.lower()) and args.keys:
        table += net_rows(args.keys)
        print("  measured the hosted table", file=sys.stderr, flush=True)
    _print_table(
        table,
        f"Python {sys.version.split()[0]}; processes: medians of {args.runs} interleaved runs, "
        f"{clock}; in-process rows: best of several means",
    )
    print(
        "\nMore detail: benchmarks/vowl_bench.py, benchmarks/uwo_engine.py; the computer's strength: "
        "benchmarks/uwo_ai.py (hours)."
    )
    return 0


def _print_table(table: list[Line], how: str) -> None:
    print(f"| what | now | baseline | ratio | target | met |  ({how})")
    print("| --- | --- | --- | --- | --- | --- |")
    for line in table:
        print("| " + " | ".join(line) + " |")


if __name__ == "__main__":
    raise SystemExit(main())
