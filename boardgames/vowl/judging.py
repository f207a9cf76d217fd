"""What Vowl's engine asks of whoever judges answers, and the ruling it keeps.

The engine is pure: it imports no dictionary (and so no spell checker).  Its judge is
given to it by whoever builds the game (``spec.build_game``: the dictionary-backed
``common.skeleton.SkeletonMatcher``; a test: a fake), behind ``Judge``.  What the judge
says is copied into a ``Ruling``, a plain value, so the events that carry it
(``AnswerRejected``, ``LockedOut``) are values like every other (saved, compared, sent
over the wire) whatever the judge returned.
"""

from __future__ import annotations

from typing import Protocol

from msgspec import Struct


class Checked(Protocol):
    """What a judge's answer offers (``common.skeleton.Verdict`` is one)."""

    @property
    def word(self) -> str:
        """The answer as it was judged (lower-cased, trimmed)."""
        ...

    @property
    def accepted(self) -> bool: ...

    @property
    def message(self) -> str:
        """One line for the player: ``accepted`` or ``rejected: <reason>``."""
        ...


class Judge(Protocol):
    """Decides whether *word* answers *skeleton* (``SkeletonMatcher`` is one)."""

    def check(self, skeleton: str, word: str) -> Checked: ...


class Ruling(Struct, frozen=True):
    """A judge's answer as the events keep it: the word, accepted or not, and why in words."""

    word: str
    accepted: bool
    message: str

    @classmethod
    def of(cls, checked: Checked) -> Ruling:
        return cls(str(checked.word), bool(checked.accepted), str(checked.message))
