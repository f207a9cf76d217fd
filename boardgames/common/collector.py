"""Python's cyclic garbage collector, run when no one is racing.

Why: a game in play holds some 180,000 objects the collector tracks
(Textual keeps every line it drew, each with its own small caches).  Left alone, the
collector's full pass walks all of them whenever enough new objects have piled up:
15 to 170 ms, on whichever key happens to cross the threshold - a racer's Enter, a
cursor move, the answer that opens the review.  So:

- ``start()`` (``boardgames.app.run``, just before the app runs) freezes what exists:
  the imports and what was built so far are never walked again;
- ``settle()`` runs the pass at a moment the players are not waiting for the screen:
  a handover calls it once its first frame is on the terminal, while it still
  ignores keys (``ARM``, 0.6 s: the keyboard is changing hands).  The garbage goes,
  and what survives is frozen, so the next full pass walks only what the next turn
  makes - a few milliseconds if it comes at all;
- ``stop()`` undoes ``start`` (a benchmark runs many apps in one process).

Only an app started by ``run`` is managed: tests run their apps with ``run_test``, so
``settle`` does nothing there and they keep Python's own collector (the suite's
``conftest`` stops it again after a test that went through ``run``).
"""

from __future__ import annotations

import gc

__all__ = ["active", "settle", "start", "stop"]

_active = False


def start() -> None:
    """Freeze what exists now and run a pass at every ``settle()`` from here on."""
    global _active  # noqa: PLW0603 - one collector per process
    _active = True
    gc.freeze()


def stop() -> None:
    """Back to Python's own collector: nothing frozen, ``settle()`` does nothing."""
    global _active  # noqa: PLW0603 - one collector per process
    _active = False
    gc.unfreeze()


def active() -> bool:
    """Has ``start()`` been called (and no ``stop()`` since)?"""
    return _active


def settle() -> None:
    """A full pass now, then everything that survived frozen (only after ``start()``).

    Unfrozen first, so what the last turn left and no longer needs (a closed screen,
    its lines) is collected too; frozen after, so the next pass leaves the rest alone.
    """
    if not _active:
        return
    gc.unfreeze()
    gc.collect()
    gc.freeze()
