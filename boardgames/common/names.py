"""Players' names: one rule for the command line, the setup forms and the saves.

A name is typed by a player (a form, ``--players``) or read back from a save, and then
shown on every screen of the game, so it is checked once, here, the same way for all
three doors.  ``clean_names`` either returns the names as the game keeps them or
raises ``BadNames`` listing *every* problem at once, in words for the players (a form
shows them all and keeps what was typed; the command line prints them on one line and
exits 2; a save that breaks them is refused with that message).

The rules:

- **trimmed**, and each run of spaces inside a name becomes one space;
- **printable only**: a control or invisible format character (escape codes, a tab, a
  bidi override, a zero-width space...) is refused, never silently removed - the
  player sees what they typed and decides; a comma is refused too, since commas
  separate the names of ``--players`` and a name must be typable there as well;
- **at most ``MAX_LENGTH`` (24) characters**: enough for a full name ("Christopher
  Montgomery" is 22), short enough for the scoreboards and handovers;
- **not empty**, and **unique ignoring case, accents and Unicode look-alike forms**:
  ``Ann``, ``ann``, ``Ａｎｎ`` and ``Änn`` are one player, and so are ``Zoë`` typed with
  one character or with an ``e`` and a combining diaeresis (players at one table tell
  each other apart by ear and at a glance, not by a diacritic);
- as many names as the game takes (``at_least`` .. ``at_most``).

A valid name may still hold brackets or backslashes (``[b]Ann``): names are data, and
every screen shows them through ``common.text`` (``plain``/``shown``), never as markup.
Problems quote a name with visible stand-ins (``common.visible``), so the message is
itself safe to print on a terminal or put on screen (``Content``, never markup).  This
module imports neither Rich nor Textual: every engine reads its saves' names through it.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from boardgames.common.errors import UserFacingError
from boardgames.common.visible import visible

#: The longest name, in characters (written in both games' ``--players`` help).
MAX_LENGTH = 24

#: How much of a bad name a message quotes, in characters (a pasted novel is cut with ``…``).
QUOTED = 32

#: Unicode categories a name may not hold: controls (C0, C1, DEL), format characters
#: (bidi overrides, zero-width spaces and joiners, BOM), surrogates, private use,
#: unassigned code points, line and paragraph separators.
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})

#: The character that separates names on the command line.
SEPARATOR = ","


class BadNames(UserFacingError, ValueError):
    """The names break the rules; ``problems`` holds each one, ``message`` all of them.

    A ``ValueError`` too, so code that reads a setup (``setup_from_json``) and argparse
    type converters treat it like any other value that does not fit.
    """

    exit_code = 2

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems: tuple[str, ...] = tuple(problems)
        super().__init__(" ".join(self.problems))


def quoted(name: str) -> str:
    """*name* as a message quotes it: visible, cut to ``QUOTED`` characters, in double quotes."""
    shown = visible(name)
    return f'"{shown if len(shown) <= QUOTED else shown[: QUOTED - 1] + "…"}"'


def _refused(name: str) -> str | None:
    """The first character of *name* a name may not hold, described; ``None`` when all are fine."""
    for char in name:
        if unicodedata.category(char) in REFUSED_CATEGORIES:
            return f"an invisible or control character (U+{ord(char):04X}): names are printable text only"
        if char == SEPARATOR:
            return "a comma: commas separate names, so a name cannot hold one"
    return None


def key(name: str) -> str:
    """What two names must not share: the same letters ignoring case, accents and width forms.

    Compatibility decomposition (``NFKD``: ``Ａ`` is ``A``, ``é`` is ``e`` and a combining
    accent), the combining marks dropped, then case folded (``ß`` is ``ss``).
    """
    decomposed = unicodedata.normalize("NFKD", name)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return unicodedata.normalize("NFKC", bare.casefold())


def split_names(text: str) -> list[str]:
    """``--players "Ann Lee, Bob"`` -> ``["Ann Lee", " Bob"]``: split only (``clean_names`` checks)."""
    return text.split(SEPARATOR)


def clean_names(raw: Sequence[str], *, at_least: int, at_most: int, game: str = "This game") -> tuple[str, ...]:
    """*raw* names as the game keeps them, or ``BadNames`` with every problem in words.

    *game* names the game in the message about the number of players
    (``"Vowl needs 2 to 5 players; 1 named."``).
    """
    problems: list[str] = []
    n = len(raw)
    if not at_least <= n <= at_most:
        if at_least == at_most == 1:
            problems.append(f"{game} is for one player: type exactly one name.")
        elif at_least == at_most:
            problems.append(f"{game} needs exactly {at_least} players; {n} named.")
        else:
            problems.append(f"{game} needs {at_least} to {at_most} players; {n} named.")
    names: list[str] = []
    empty = 0
    for value in raw:
        bad = _refused(value)
        if bad is not None:
            problems.append(f"The name {quoted(value)} contains {bad}.")
            continue
        name = " ".join(value.split())
        if not name:
            empty += 1
        elif len(name) > MAX_LENGTH:
            problems.append(f"The name {quoted(name)} is {len(name)} characters long; a name has at most {MAX_LENGTH}.")
        else:
            names.append(name)
    if empty:  # said once, however many: "Ann,,,Bob" is one mistake, not two
        problems.append(
            "A player's name is empty: give every player a name."
            if empty == 1
            else f"{empty} players' names are empty: give every player a name."
        )
    seen: set[str] = set()
    told: set[str] = set()
    for name in names:
        folded = key(name)
        if folded in seen and folded not in told:
            problems.append(f"Two players are called {quoted(name)}; names must differ (ignoring case and accents).")
            told.add(folded)
        seen.add(folded)
    if problems:
        raise BadNames(problems)
    return tuple(names)
