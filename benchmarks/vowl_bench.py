"""Vowl speed figures, each against a baseline measured in the same run.

Run: ``.venv/bin/python benchmarks/vowl_bench.py``.  Prints three tables:

1. answering: one answer check (regex + dictionary) against one raw dictionary check;
2. ``solutions()`` for skeletons of 2-7 consonants against the bound the dictionary
   itself sets, candidates x one raw check;
3. the indexed solver against the old exhaustive search, per skeleton
   length and over every deck card, plus the one-time index build;
4. time to the main menu's first frame against a bare Textual app showing one line.

Targets (not asserted anywhere; read the ratio column): an answer check within a
few raw checks; the exhaustive search close to 1.0x its bound; the indexed solver
far under 50 ms per deck card once the index is built (a ratio far below 0.01x the
exhaustive search from 5 consonants on); the menu within a few times a bare app (the
dictionary load and deck validation are the difference).
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from boardgames.common.dictionary import Dictionary, WordChecker, get_dictionary, load_curation
from boardgames.common.skeleton import (
    SkeletonMatcher,
    build_index,
    candidate_count,
    exhaustive_solutions,
    skeleton_index,
)
from boardgames.vowl.cards import load_decks

HERE = Path(__file__).resolve().parent
ANSWERS = [
    ("SVR", "savor"),
    ("SVR", "severe"),
    ("SVR", "savior"),
    ("BNN", "banana"),
    ("CT", "cute"),
    ("PLT", "pilot"),
    ("MNT", "minute"),
    ("TMT", "tomato"),
    ("DRM", "drama"),
    ("LMN", "lemon"),
    ("SVR", "sivor"),
    ("RDR", "radar"),
    ("HRS", "horse"),
    ("PPR", "paper"),
    ("BNS", "bonus"),
]
SKELETONS = {2: "CT", 3: "SVR", 4: "MNTR", 5: "PLTKL", 6: "CMPTRS", 7: "CMPTRZD"}


def per_call(fn: Callable[[], object], reps: int) -> float:
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


def bench_answers(backend: WordChecker) -> None:
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


def bench_solutions(backend: WordChecker) -> None:
    rows = []
    for n, sk in SKELETONS.items():
        cands = candidates(sk)
        assert len(cands) == candidate_count(sk)
        reps = max(1, 20000 // len(cands))

        def bound_loop(cands: list[str] = cands) -> None:
            for w in cands:
                backend.check(w)

        def solve(sk: str = sk) -> None:
            exhaustive_solutions(Dictionary(backend), sk)  # fresh: no memo

        bound = per_call(bound_loop, reps)
        t = per_call(solve, reps)
        rows.append(
            [
                str(n),
                sk,
                str(len(cands)),
                f"{bound / len(cands) * 1e6:.2f}",
                f"{bound * 1e3:.2f}",
                f"{t * 1e3:.2f}",
                f"{t / bound:.2f}x",
            ]
        )
    table(
        "2. the exhaustive search vs its bound: candidates x one raw dictionary check",
        ["consonants", "skeleton", "candidates", "µs/check", "bound ms", "solutions ms", "ratio"],
        rows,
    )


def bench_solver() -> None:
    """The index lookup against the exhaustive search it replaced, same dictionary, same run."""
    dictionary = get_dictionary()
    started = time.perf_counter()
    words = dictionary.candidate_words()
    assert words is not None, "no second word list: the solver falls back to the search"
    fresh = Dictionary(dictionary._backend, curation=load_curation(), listed=dictionary.listed)
    build_index(words, fresh)
    build = time.perf_counter() - started
    skeleton_index(dictionary)  # the process's own, for the lookups below

    def lookup(sk: str) -> None:
        SkeletonMatcher(dictionary).solutions(sk)  # a fresh matcher: no per-matcher memo

    rows = []
    for n, sk in SKELETONS.items():
        reps = max(1, 20000 // candidate_count(sk))
        old = per_call(
            lambda sk=sk: exhaustive_solutions(
                Dictionary(dictionary._backend, curation=load_curation(), listed=dictionary.listed), sk
            ),
            reps,
        )
        new = per_call(lambda sk=sk: lookup(sk), 2000)
        rows.append([f"{n} consonants ({sk})", f"{old * 1e3:.3f}", f"{new * 1e3:.4f}", f"{new / old:.5f}x"])
    cards = sorted({c.skeleton for deck in load_decks().values() for c in deck})

    def all_old() -> None:
        d = Dictionary(dictionary._backend, curation=load_curation(), listed=dictionary.listed)
        for sk in cards:
            exhaustive_solutions(d, sk)

    def all_new() -> None:
        for sk in cards:
            lookup(sk)

    old_all, new_all = per_call(all_old, 1), per_call(all_new, 20)
    worst = max(per_call(lambda sk=sk: lookup(sk), 200) for sk in cards)
    rows.append(
        [f"all {len(cards)} deck cards", f"{old_all * 1e3:.1f}", f"{new_all * 1e3:.3f}", f"{new_all / old_all:.5f}x"]
    )
    rows.append(["slowest single deck card (index)", "", f"{worst * 1e3:.4f}", "target <= 50 ms"])
    rows.append(["one-time index build", "", f"{build * 1e3:.0f}", "once per process, in the background"])
    rows.append(["review of a 12-card turn, rendered (index)", "", f"{review_ms(cards):.2f}", "target <= 50 ms"])
    table(
        "3. Indexed solver vs the old exhaustive search (ms per call, same run)",
        ["what", "exhaustive ms", "index ms", "ratio"],
        rows,
    )


def review_ms(cards: list[str]) -> float:
    """What opening the turn review costs once the index is built: its table, with the
    answers of the 12 deck cards that have the most, ordered by frequency and rendered."""
    import io  # noqa: PLC0415

    from rich.console import Console  # noqa: PLC0415

    from boardgames.vowl.cards import Card, Tier  # noqa: PLC0415
    from boardgames.vowl.events import CardStatus, TurnCard, TurnSummary  # noqa: PLC0415
    from boardgames.vowl.kinds import Mode  # noqa: PLC0415
    from boardgames.vowl.modals import review_table  # noqa: PLC0415

    matcher = SkeletonMatcher(get_dictionary())
    busiest = sorted(cards, key=lambda sk: -len(matcher.solutions(sk)))[:12]
    turn = tuple(TurnCard(Card(sk, Tier.BASIC), "Ann", CardStatus.PASSED) for sk in busiest)
    summary = TurnSummary(1, "Ann", Mode.SOLITAIRE, None, None, turn, (), None)

    def render() -> None:
        Console(file=io.StringIO(), width=120).print(review_table(summary, SkeletonMatcher(get_dictionary())))

    return per_call(render, 20) * 1e3


def first_frame(kind: str) -> float:
    times = []
    for _ in range(5):
        t = time.perf_counter()
        done = subprocess.run(
            [sys.executable, str(HERE / "_first_frame.py"), kind], capture_output=True, text=True, timeout=120
        )
        if done.returncode:
            raise SystemExit(f"first-frame run '{kind}' failed:\n{done.stderr}")
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def bench_first_frame() -> None:
    bare = first_frame("bare")
    suite = first_frame("suite")
    table(
        "4. Process start to first frame (median of 5)",
        ["app", "ms", "ratio"],
        [
            ["bare Textual app, one line (baseline)", f"{bare * 1e3:.0f}", "1.00x"],
            ["boardgames main menu (with preflight)", f"{suite * 1e3:.0f}", f"{suite / bare:.2f}x"],
        ],
    )


def main() -> None:
    backend = get_dictionary()._backend  # the raw enchant dictionary
    bench_answers(backend)
    bench_solutions(backend)
    bench_solver()
    bench_first_frame()


if __name__ == "__main__":
    main()
