"""The one shape every game engine has: the contract between rules and everything else.

The suite's three engines (Vowl, UWO, VNTYPL8S) are pure rules: no Textual, no clock,
no global random.  What a screen, the session layer (``common.session``), the saves
and the tests need from them is the same for all three, so it is written down once
here, in the manner of python-chess's ``Board`` and OpenSpiel's ``State``:

- **seats** are numbered ``0 .. seats - 1`` in table order (UWO's ``Side`` is an
  ``IntEnum``, so a side *is* a seat);
- ``actors()``: who may act now (several at once during a race, none when the game
  is over or waits for time to run out);
- ``legal_actions``: a lazy container, so ``action in game.legal_actions`` is cheap
  and listing every action is only paid for when iterated;
- ``why_illegal(action)``: ``None`` when legal, else the reason in plain words;
- ``apply(action) -> events``: changes the game or raises ``IllegalActionError``
  (the same class for every game, carrying the action and the reason);
- ``view(seat | None)``: what that seat may see (``None``: the table, what
  everyone may see) - the observer that strips secrets;
- ``outcome()``: ``None`` while the game goes on.

Events carry their **audience** (``None``: everyone at the table; otherwise the seats
that may see them) and their own wording (``str(event)``), so a log or a handover
summary shows each player only what is theirs to see (``visible_to``).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Container, Iterable, Iterator, Sequence
from types import UnionType
from typing import Protocol, TypeVar, runtime_checkable

Seat = int
"""A player's place at the table, ``0 .. seats - 1`` in table order."""

Audience = frozenset[Seat] | None
"""Who may see an event: ``None`` for everyone, else exactly these seats."""

A = TypeVar("A")
#: What ``view`` and ``outcome`` return only go out of an engine: covariant.
V_co = TypeVar("V_co", covariant=True)
Out_co = TypeVar("Out_co", covariant=True)


class IllegalActionError(ValueError):
    """An action the rules do not allow now.

    One class for every game, so the session layer can turn any refusal into words
    for the player without knowing which game it runs.  ``reason`` is a plain
    clause ("the Trooper on b2 cannot reach d4"), not a sentence: callers that show
    it use ``refusal_text``.
    """

    def __init__(self, action: object, reason: str) -> None:
        super().__init__(reason)
        self.action = action
        self.reason = reason

    def __reduce__(self) -> tuple[type[IllegalActionError], tuple[object, str]]:
        return (type(self), (self.action, self.reason))


def refusal_text(reason: str) -> str:
    """A refusal as a sentence: first letter up, a full stop, nothing else touched.

    ``str.capitalize`` would lower-case the rest ("Bob roy answered…"), which is
    why every game goes through this one function.
    """
    text = reason.strip()
    if not text:
        return "That is not allowed now."
    text = text[:1].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


@runtime_checkable
class GameEvent(Protocol):
    """Something that happened; ``str(event)`` is its wording for the table."""

    @property
    def audience(self) -> Audience: ...


def visible_to(event: object, seat: Seat | None) -> bool:
    """May *seat* (``None``: the whole table) see *event*?"""
    audience: Audience = getattr(event, "audience", None)
    return audience is None or (seat is not None and seat in audience)


class PublicEvent:
    """Mixin for events everyone at the table may see (most of them)."""

    __slots__ = ()

    @property
    def audience(self) -> Audience:
        return None


class LegalActions(Collection[A]):
    """The actions legal now, lazily: ``action in legal`` asks the rules about that one
    action (*why_illegal*), so a screen greying out its commands lists nothing; iterating
    or ``len`` lists them (*listing*), paid for only then.  It reads the game as it is
    when asked, not when it was made.

    *kind*: what an action of this game is (anything else is never legal, and
    *why_illegal* never sees it).  *any_legal*: a cheaper answer to ``bool(legal)``
    than listing, when the rules have one.
    """

    __slots__ = ("_any", "_kind", "_listing", "_why")

    def __init__(
        self,
        why_illegal: Callable[[A], str | None],
        listing: Callable[[], Iterable[A]],
        *,
        kind: type | UnionType = object,
        any_legal: Callable[[], bool] | None = None,
    ) -> None:
        self._why = why_illegal
        self._listing = listing
        self._kind = kind
        self._any = any_legal

    def __contains__(self, action: object) -> bool:
        return isinstance(action, self._kind) and self._why(action) is None  # type: ignore[arg-type]

    def __iter__(self) -> Iterator[A]:
        return iter(self._listing())

    def __len__(self) -> int:
        return sum(1 for _ in self._listing())

    def __bool__(self) -> bool:
        if self._any is not None:
            return self._any()
        return next(iter(self._listing()), None) is not None

    def __repr__(self) -> str:
        return f"LegalActions({list(self._listing())!r})"


@runtime_checkable
class Outcome(Protocol):
    """How a game ended, in seats: each game's outcome says more (scores, how), but every
    one says who won, so history, stats and rematches read it the same way."""

    @property
    def winners(self) -> frozenset[Seat]:
        """The seats that won (several share a win; none: a draw, or nobody reached the goal)."""
        ...


@runtime_checkable
class Engine(Protocol[A, V_co, Out_co]):
    """What every game engine offers (see the module docstring)."""

    @property
    def seats(self) -> int: ...

    def actors(self) -> frozenset[Seat]: ...

    @property
    def legal_actions(self) -> Container[A]: ...

    def why_illegal(self, action: A) -> str | None: ...

    def apply(self, action: A) -> Sequence[object]: ...

    def view(self, seat: Seat | None) -> V_co: ...

    def outcome(self) -> Out_co | None: ...
