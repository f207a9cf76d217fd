"""Vowl's events marked up for the screen's log (Rich markup).

The sentences are the events' own (``events.words``); this module only says how
the emphasised parts look - bold, the tier colours - and which events get no
log line at all (the ones that only move the screen along).  Pure (no Textual)
so the wording is tested without a terminal.

Names and answers are outside text: ``words`` passes each through ``Mark.text``,
which here escapes it (``common.text.shown``), so ``[/]Ann`` is shown as itself.
``log_line`` parses the markup into a Rich ``Text`` with emoji codes off (a name
``:smile:`` stays ``:smile:``): the log is given that, never a markup string.
"""

from __future__ import annotations

from rich.text import Text

from boardgames.common.text import shown
from boardgames.vowl.card import Tier
from boardgames.vowl.events import CardFlipped, Event, Names, TurnEnded, words

TIER_STYLE = {Tier.BASIC: "green", Tier.ADVANCED: "yellow", Tier.EXPERT: "red"}
#: Each deck's letter, shown beside its colour wherever a tier is marked: never colour alone.
TIER_LETTER = {Tier.BASIC: "G", Tier.ADVANCED: "Y", Tier.EXPERT: "R"}

#: How much of one name or answer a log line shows (a pasted novel is cut with ``…``).
LONGEST = 120


class _Markup:
    """``events.Mark`` in Rich markup."""

    def text(self, value: str) -> str:
        return shown(value, LONGEST)

    def strong(self, text: str) -> str:
        return f"[b]{text}[/b]"

    def tier(self, text: str, tier: Tier) -> str:
        return f"[{TIER_STYLE[tier]}]{text}[/]"


MARKUP = _Markup()

#: Events that only matter to the screen's flow: the card itself is on screen, and the
#: turn's review follows a finished turn.
_NO_LINE = (CardFlipped, TurnEnded)


def describe(event: Event, names: Names = ()) -> str | None:
    """One log line (Rich markup) for *event*, each seat called by its name in *names*
    (a view's ``names``), or ``None`` when it needs no line."""
    if isinstance(event, _NO_LINE):
        return None
    return words(event, MARKUP, names)


def log_line(event: Event, names: Names = ()) -> Text | None:
    """``describe(event, names)`` parsed for the log: styled ``Text``, every name in it as data."""
    line = describe(event, names)
    return None if line is None else Text.from_markup(line, emoji=False)
