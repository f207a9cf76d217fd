"""Finding and reading the card data in ``decks/``.

Every deck is a plain UTF-8 text file: one card per line, ``#`` starts a comment,
blank lines are ignored.  What a line means is up to each game; this module finds
the files (in a checkout *and* in an installed wheel, where they are packaged as
``boardgames/_decks``), reads them line by line, and turns any problem into a
``DeckError`` that names the file and the line, so a malformed file never ends in
a traceback.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import NamedTuple, TypeVar

from boardgames.common.errors import UserFacingError

T = TypeVar("T")

#: Overrides where decks are read from (tests point it at mutated copies).
DECKS_ENV = "BOARDGAMES_DECKS"


class DeckError(UserFacingError):
    """A deck file is missing or malformed; the message names file and line."""

    exit_code = 4

    def __init__(self, path: Path | str, line: int | None, problem: str) -> None:
        where = f"{path}, line {line}" if line is not None else f"{path}"
        super().__init__(f"Card data error in {where}: {problem}")
        self.path = Path(path)
        self.line = line
        self.problem = problem


class DeckLine(NamedTuple):
    """One meaningful line of a deck file, with where it came from.

    A ``NamedTuple``, not a dataclass: ``vowl check`` reads the curated word lists
    through it, and ``dataclasses`` (with ``inspect``) was a tenth of that command's
    time; lines are only read, never compared with other tuples."""

    path: Path
    number: int
    text: str

    def error(self, problem: str) -> DeckError:
        return DeckError(self.path, self.number, problem)


def decks_root() -> Path:
    """The folder holding every game's deck folder.

    Order: ``$BOARDGAMES_DECKS``; the copy packaged inside the wheel; the
    repository's top-level ``decks/`` (an editable install or a checkout).
    """
    override = os.environ.get(DECKS_ENV)
    if override:
        return Path(override)
    here = Path(__file__).resolve().parent.parent
    packaged = here / "_decks"
    if packaged.is_dir():
        return packaged
    return here.parent / "decks"


def deck_path(game: str, name: str) -> Path:
    """The path of deck *name* (e.g. ``basic.txt``) of *game*."""
    return decks_root() / game / name


def read_lines(path: Path) -> Iterator[DeckLine]:
    """Yield the meaningful lines of a deck file: comments and blanks stripped.

    Raises ``DeckError`` when the file is missing or not valid UTF-8 (naming the
    line where the bad bytes are).
    """
    for number, line in enumerate(read_text(path).split("\n"), start=1):
        text = line.split("#", 1)[0].strip()
        if text:
            yield DeckLine(path, number, text)


def read_text(path: Path) -> str:
    """The whole of a deck file as text (a leading byte-order mark dropped), for a reader
    that checks a well-formed file in one pass and goes through ``read_lines`` for the
    line to blame only when it is not (``vowl.cards.load_frequencies``).

    Raises ``DeckError`` as ``read_lines`` does.
    """
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise DeckError(path, None, "the file is missing") from None
    except OSError as exc:
        raise DeckError(path, None, f"the file cannot be read ({exc.strerror})") from None
    try:
        whole = raw.decode("utf-8")  # at once: a deck is read at every start
    except UnicodeDecodeError as exc:
        raise DeckError(path, raw.count(b"\n", 0, exc.start) + 1, "the line is not valid UTF-8 text") from None
    return whole.removeprefix("\ufeff")


def load_deck(path: Path, parse: Callable[[DeckLine], T]) -> list[T]:
    """Parse every meaningful line of *path* with *parse* (which raises ``line.error``)."""
    return [parse(line) for line in read_lines(path)]
