"""Vowl speed figures, each against a baseline measured in the same run.

Run: ``.venv/bin/python benchmarks/vowl_bench.py``.  Prints three tables:

1. answering: one answer check (regex + dictionary) against one raw dictionary check;
2. ``solutions()`` for skeletons of 2-7 consonants against the bound the dictionary
   itself sets, candidates x one raw check;
3. time to the main menu's first frame against a bare Textual app showing one line.

Targets (not asserted anywhere; read the ratio column): an answer check within a
few raw checks; ``solutions()`` close to 1.0x its bound; the menu within a few
times a bare app (the dictionary load and deck validation are the difference).
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

from boardgames.common.dictionary import Dictionary, get_dictionary
from boardgames.common.skeleton import SkeletonMatcher, candidate_count

HERE = Path(__file__).resolve().parent
ANSWERS = [
    ("SVR", "savor"), ("SVR", "severe"), ("SVR", "savior"), ("BNN", "banana"), ("CT", "cute"),
    ("PLT", "pilot"), ("MNT", "minute"), ("TMT", "tomato"), ("DRM", "drama"), ("LMN", "lemon"),
    ("SVR", "sivor"), ("RDR", "radar"), ("HRS", "horse"), ("PPR", "paper"), ("BNS", "bonus"),
]
SKELETONS = {2: "CT", 3: "SVR", 4: "MNTR", 5: "PLTKL", 6: "CMPTRS", 7: "CMPTRZD"}


def per_call(fn, reps: int) -> float:
    """Best-of-5 mean seconds per call of fn() run reps times."""
    best = float("inf")
    for _ in range(5):
        t = time.perf_counter()
        for _ in range(reps):
            fn()
        best = min(best, (time.perf_counter() - t) / reps)
    return best


def table(title: str, header: list[str], rows: list[list[str]]) -> None:
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(header)]
    print(f"\n{title}")
    print("  ".join(h.ljust(w) for h, w in zip(header, widths, strict=True)))
    print("  ".join("-" * w for w in widths))
    for r in rows:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)))


def bench_answers(backend) -> None:
    # Cold answers: a fresh memo each round, so every answer pays its dictionary check.
    def raw() -> None:
        for _, word in ANSWERS:
            backend.check(word)

    def judged() -> None:
        m = SkeletonMatcher(Dictionary(backend))
        for sk, word in ANSWERS:
            m.check(sk, word)

    t_raw = per_call(raw, 200) / len(ANSWERS)
    t_judged = per_call(judged, 200) / len(ANSWERS)
    table(
        "1. One answer check vs one raw dictionary check",
        ["what", "µs/check", "ratio"],
        [
            ["raw enchant check (baseline)", f"{t_raw * 1e6:.2f}", "1.00x"],
            ["SkeletonMatcher.check (cold)", f"{t_judged * 1e6:.2f}", f"{t_judged / t_raw:.2f}x"],
        ],
    )


def candidates(skeleton: str) -> list[str]:
    """Every string the skeleton's regex admits, built outside the timed region."""
    s = skeleton.lower()
    stems = [s[0]]
    for c in s[1:]:
        stems = [stem + v + c for stem in stems for v in "aeiou"]
    return [stem + tail for stem in stems for tail in ("", "a", "e", "i", "o", "u")]


def bench_solutions(backend) -> None:
    rows = []
    for n, sk in SKELETONS.items():
        cands = candidates(sk)
        assert len(cands) == candidate_count(sk)
        reps = max(1, 20000 // len(cands))

        def bound_loop(cands: list[str] = cands) -> None:
            for w in cands:
                backend.check(w)

        def solve(sk: str = sk) -> None:
            SkeletonMatcher(Dictionary(backend)).solutions(sk)  # fresh: no memo

        bound = per_call(bound_loop, reps)
        t = per_call(solve, reps)
        rows.append([str(n), sk, str(len(cands)), f"{bound / len(cands) * 1e6:.2f}",
                     f"{bound * 1e3:.2f}", f"{t * 1e3:.2f}", f"{t / bound:.2f}x"])
    table(
        "2. solutions() vs its bound: candidates x one raw dictionary check",
        ["consonants", "skeleton", "candidates", "µs/check", "bound ms", "solutions ms", "ratio"],
        rows,
    )


def first_frame(kind: str) -> float:
    times = []
    for _ in range(5):
        t = time.perf_counter()
        done = subprocess.run([sys.executable, str(HERE / "_first_frame.py"), kind],
                              capture_output=True, text=True, timeout=120)
        if done.returncode:
            raise SystemExit(f"first-frame run '{kind}' failed:\n{done.stderr}")
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def bench_first_frame() -> None:
    bare = first_frame("bare")
    suite = first_frame("suite")
    table(
        "3. Process start to first frame (median of 5)",
        ["app", "ms", "ratio"],
        [["bare Textual app, one line (baseline)", f"{bare * 1e3:.0f}", "1.00x"],
         ["boardgames main menu (with preflight)", f"{suite * 1e3:.0f}", f"{suite / bare:.2f}x"]],
    )


def main() -> None:
    backend = get_dictionary()._backend  # the raw enchant dictionary
    bench_answers(backend)
    bench_solutions(backend)
    bench_first_frame()


if __name__ == "__main__":
    main()
