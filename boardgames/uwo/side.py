"""The two armies."""

from __future__ import annotations

import enum


class Side(enum.IntEnum):
    """Gnorfs (green) begin; Pnorfs (purple) answer.  Values index per-side lists."""

    GNORFS = 0
    PNORFS = 1

    @property
    def other(self) -> Side:
        return Side(1 - self)

    @property
    def title(self) -> str:
        """``"Gnorfs"`` / ``"Pnorfs"``: spelt out, so no case conversion can ever garble a name."""
        return _TITLES[self]

    @property
    def singular(self) -> str:
        """``"Gnorf"`` / ``"Pnorf"``: "the Gnorf Skitter on b2"."""
        return self.title[:-1]

    @property
    def possessive(self) -> str:
        return f"{self.title}'"


_TITLES = {Side.GNORFS: "Gnorfs", Side.PNORFS: "Pnorfs"}
