"""The names of UWO's computer players, without the players themselves.

The command line lists these names (``--level``, ``selfplay --gnorfs``) every time
``boardgames`` builds its parser, even for ``--help`` or another game; importing
the computer opponent (``boardgames.uwo.ai``, the engine, the catalog) just to spell
them would make every command pay for UWO's search.  ``boardgames.uwo.players``
builds its players under exactly these names (a test keeps the two in step).
"""

from __future__ import annotations

#: The levels a person may choose for the computer opponent, weakest first.
OPPONENT_LEVELS: tuple[str, ...] = ("beginner", "easy", "normal", "hard")

#: Every player ``selfplay`` knows by name, weakest first: the random legal player, the
#: one-ply greedy baseline, then the computer opponent's levels.
PLAYER_NAMES: tuple[str, ...] = ("random", "greedy", *OPPONENT_LEVELS)
