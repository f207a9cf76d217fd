"""Timing shared by the in-process benchmarks (``run.py``, ``saves_bench.py``)."""

from __future__ import annotations

import time
from collections.abc import Callable


def best_mean(fn: Callable[[], object], reps: int, rounds: int = 5) -> float:
    """Seconds per call of *fn*: the best of *rounds* means over *reps* calls.

    The best mean, not the mean of all: on a shared machine the slow rounds measure
    the other processes, the fastest what the code costs.
    """
    best = float("inf")
    for _ in range(rounds):
        started = time.perf_counter()
        for _ in range(reps):
            fn()
        best = min(best, (time.perf_counter() - started) / reps)
    return best
