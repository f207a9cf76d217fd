"""Listing the saves: from their headers (version 2) against a bare read of each file's
first 4 KiB, and against the whole-file parse every save needed before (version 1).

Run: ``.venv/bin/python benchmarks/saves_bench.py [--saves 50] [--actions 1000]``.

Three figures, measured in the same run on the same folder layout (in a temporary
folder, so the page cache holds every file for all three alike):

- **now**: ``SaveStore.unfinished()`` over *saves* version-2 saves of *actions*
  actions each: what the main menu, the palette and ``--resume`` cost;
- **baseline**: ``os.scandir`` of the folder and one ``read`` of 4 KiB of each file,
  which is as little as any listing that opens every file can do;
- **before**: the same games as version-1 files (one JSON object each), listed by the
  same code, which reads and checks each of them whole as every save was before.

Target (not asserted anywhere; read the ratio column): the listing within a few times
the baseline, and flat in the length of the games; the whole-file parse grows with it.
``benchmarks/run.py`` prints the first against the baseline as one row.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

from _timing import best_mean  # this folder: a script's own folder is on the path

from boardgames.common.saves import SaveRecord, SaveStore


def make_saves(root: Path, saves: int, actions: int, *, old: bool) -> SaveStore:
    """*saves* Vowl games of *actions* answers each, written as version 2 (or 1 with *old*)."""
    store = SaveStore(root)
    store.saves.mkdir(parents=True, exist_ok=True)
    for n in range(saves):
        record = SaveRecord(
            "vowl",
            {"names": ["Ann Lee", "Bob Roy"], "timers": [25, 25], "advanced": False, "practice": False},
            1234567890 + n,
            title=f"Ann Lee {n}, Bob Roy 0 — turn 40",
            id=f"{n:012x}",
        )
        record.actions = [{"$type": "Answer", "elapsed": 3.25, "word": f"savor{i}"} for i in range(actions)]
        if old:  # exactly as the previous version wrote it
            text = json.dumps(record.to_json(), indent=1, sort_keys=True, allow_nan=False)
            (store.saves / record.filename).write_text(text, encoding="utf-8")
        else:
            assert store.write(record) is None
    return store


def bare_reads(folder: Path) -> None:
    """The baseline: list the folder and read the first 4 KiB of each file."""
    with os.scandir(folder) as entries:
        for entry in entries:
            fd = os.open(entry.path, os.O_RDONLY)
            try:
                os.read(fd, 4096)
            finally:
                os.close(fd)


def measure(saves: int = 50, actions: int = 1000, reps: int = 20) -> dict[str, float]:
    """Seconds per listing: ``now`` (version 2), ``baseline`` (scandir + 4 KiB), ``before`` (version 1)."""
    with tempfile.TemporaryDirectory() as folder:
        new = make_saves(Path(folder) / "new", saves, actions, old=False)
        old = make_saves(Path(folder) / "old", saves, actions, old=True)
        for store in (new, old):
            listing = store.unfinished()
            assert len(listing.records) == saves and not listing.warnings, listing.warnings
        return {
            "now": best_mean(new.unfinished, reps),
            "baseline": best_mean(lambda: bare_reads(new.saves), reps),
            "before": best_mean(old.unfinished, max(1, reps // 4)),
            "bytes": sum(p.stat().st_size for p in new.saves.iterdir()) / saves,
        }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--saves", type=int, default=50, help="how many saves (default 50)")
    parser.add_argument("--actions", type=int, default=1000, help="actions in each (default 1000)")
    args = parser.parse_args(argv)
    got = measure(args.saves, args.actions)
    base = got["baseline"]
    print(f"{args.saves} saves of {args.actions} actions ({got['bytes'] / 1024:.0f} KiB each); best of 5 means")
    print("| what | time | ratio to the baseline |")
    print("| --- | --- | --- |")
    for what, key in (
        ("listed from their headers (version 2)", "now"),
        ("baseline: scandir + 4 KiB read of each", "baseline"),
        ("before: each parsed whole (version 1)", "before"),
    ):
        print(f"| {what} | {got[key] * 1e3:.3f} ms | {got[key] / base:.2f}× |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
