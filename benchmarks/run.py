"""One command, one table: boardgames' speed and memory against baselines measured in
the same run.

    .venv/bin/python benchmarks/run.py [--runs 7] [--markdown]

Every row runs a real process (interpreter start and imports count) and its baseline
the same number of times, *interleaved* (A B A B ...), so a machine that gets busier
during the run slows both alike; the table gives medians, the ratio and the target
(issue 16).  Rows:

- first frame: ``boardgames`` (the menu) and each game from its command line, against a
  bare Textual app showing one line (``_first_frame.py``); targets menu ≤ 1.3×, each
  game ≤ 1.6×;
- ``boardgames --help`` against ``python -c pass``;
- ``boardgames vowl check SVR savor`` against a three-line pyenchant script; target ≤ 1.5×;
- peak memory (the child's maximum resident set) of the menu and each game's first
  frame against the bare app; target ≤ 1.3×.

The solver, the judge and the UWO engine and computer players have their own
benchmarks (``vowl_bench.py``, ``uwo_engine.py``, ``uwo_ai.py``), which this command
lists at the end; key-to-frame latency is not measured here yet.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

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
    out += [Row(f"{name} first frame (CLI)", suite + args, "bare Textual app", bare, 1.6) for name, args in games.items()]
    out += [
        Row("boardgames --help", [PY, "-m", "boardgames", "--help"], "python -c pass", [PY, "-c", "pass"], None),
        Row("vowl check SVR savor", [PY, "-m", "boardgames", "vowl", "check", "SVR", "savor"],
            "3-line pyenchant script", [PY, "-c", RAW_ENCHANT], 1.5),
        Row("peak memory: menu", suite, "bare Textual app", bare, 1.3, memory=True),
    ]
    out += [Row(f"peak memory: {name}", suite + args, "bare Textual app", bare, 1.3, memory=True)
            for name, args in games.items()]
    return out


def measure(command: list[str], env: dict[str, str], cpu: bool = False) -> tuple[float, int]:
    """Wall seconds (CPU seconds, user and system, with *cpu*) and peak resident memory
    (KiB) of one run of *command*."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = usage.ru_utime + usage.ru_stime if cpu else time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode not in (0,):
        err = process.stderr.read().decode() if process.stderr else ""
        raise SystemExit(f"{' '.join(command)} failed ({process.returncode}): {err[-500:]}")
    if process.stderr:
        process.stderr.close()
    return elapsed, int(usage.ru_maxrss)


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="runs of each command and baseline (default 7)")
    parser.add_argument("--only", help="only the rows whose name contains this text")
    parser.add_argument("--no-compile", action="store_true", help="measure without compiling bytecode first")
    parser.add_argument("--cpu", action="store_true",
                        help="compare CPU time (user + system) instead of wall time: steadier on a busy machine")
    args = parser.parse_args(argv)
    if not args.no_compile:
        compile_bytecode()
    with tempfile.TemporaryDirectory() as data:
        env = {**os.environ, "BOARDGAMES_DATA": data}
        table: list[tuple[str, str, str, str, str, str]] = []
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
    print(f"| what | now | baseline | ratio | target | met |  (medians of {args.runs} interleaved runs, {clock})")
    print("| --- | --- | --- | --- | --- | --- |")
    for line in table:
        print("| " + " | ".join(line) + " |")
    print("\nAlso: benchmarks/vowl_bench.py (answer check, solver, review), benchmarks/uwo_engine.py "
          "(engine speed), benchmarks/uwo_ai.py (computer strength and decision time).")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
