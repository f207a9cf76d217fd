"""Outside text on screen: the one place names, answers, plates and titles are made safe.

Anything that did not come from our own code - a player's name, an answer, a plate, a
save's title, a value read from a file or the command line - is *data*.  Shown raw, it
is an attack surface: ``[/]`` crashes Rich's and Textual's markup parsers,
``[@click=app.quit]Bob[/]`` becomes a live action, ``\\x1b]0;…\\x07`` rewrites the
terminal's title, a right-to-left override reverses what follows it.  So every such
value goes through this module on its way to the screen:

- ``plain(value)`` - the visible text: control, format and line-breaking characters
  replaced by visible stand-ins (``\\x1b`` shows as ``␛``), capped to a width in
  terminal cells with ``…``.  Use it where text is *not* parsed as markup: Header
  titles, ``Content``/``Text`` objects, ``markup=False`` widgets, ``Input`` values.
- ``inert(value)`` - ``plain`` as a Textual ``Content``: for an API that would parse a
  ``str`` as markup (the command palette's hits).
- ``shown(value)`` - ``plain`` made inert inside a markup string: every ``[`` is
  escaped, so it can sit in an f-string such as ``f"[b]{shown(name)}[/b]"`` read by
  either Textual's or Rich's markup parser.

Why not ``rich.markup.escape``?  It only escapes brackets that look like a complete
tag (``x[/`` passes through and later pairs with the template's own ``]``), and the
two parsers read backslashes differently (``\\\\[b]`` is bold for Rich and literal
for Textual), so a name ending in ``\\`` could escape the template's closing tag in
one and not in the other.  Here every ``[`` becomes ``\\[`` - which both parsers read as
a literal bracket - and a backslash that would touch a bracket (before a ``[`` or at
the very end of the value) is shown as the look-alike ``⧵`` (U+29F5), so no backslash of
the player's ever meets markup.

Rich's parser (``Text.from_markup``, ``RichLog(markup=True)``) also turns ``:smile:``
into an emoji; where outside text meets markup, parse it with Textual's
``Content.from_markup`` (or Rich with ``emoji=False``), which has no such codes.

**The rule for wording built by engines** (events, refusals, verdicts): it is plain
text with the raw values in it (``str(event)``, ``why_illegal``), and a screen shows
it as ``Text``/``Content`` through ``plain`` - never as markup, and a notification
of it with ``markup=False``.  Where a screen wants emphasis inside such a sentence
(Vowl's log, ``vowl.events.words(event, mark)``), the wording passes every outside
value through ``mark.text``, which the markup ``Mark`` escapes with ``shown``.  The
shared screens that take markup (a ``ChoiceScreen``'s question, detail and labels, a
``HandoverScreen``'s detail and title) expect names in it already passed through
``shown``; a ``HandoverScreen``'s ``player`` is data and is escaped there.  A Rich
``Table`` reads a ``str`` cell as markup: its cells with outside text are ``Text``.
Names themselves are checked where they enter (``common.names``): printable only.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from boardgames.common.visible import visible

if TYPE_CHECKING:
    from textual.content import Content

#: Default display cap, in terminal cells: long enough for any real name or title,
#: short enough that a pasted novel cannot push a screen's layout apart.
LIMIT = 60

ELLIPSIS = "…"

#: A stand-in for a backslash that would otherwise meet markup (see the module doc).
BACKSLASH = "\u29f5"

#: Backslashes that would touch markup: before a bracket, or ending the value.
_BACKSLASHES_AT_MARKUP = re.compile(r"\\+(?=\[|\Z)")


def _width(text: str) -> int:
    """Terminal cells *text* takes.  Visible ASCII (all that ``visible`` leaves of ASCII)
    is one cell a character; anything else asks Rich, imported only then: ``vowl check``
    and the other commands that print a name or a word need no Rich."""
    if text.isascii():
        return len(text)
    from rich.cells import cell_len  # noqa: PLC0415 - see above

    return cell_len(text)


def plain(value: object, limit: int | None = LIMIT) -> str:
    """*value* as text that is safe to put on a terminal, at most *limit* cells wide.

    Control and invisible format characters become visible stand-ins (nothing can
    move the cursor, change the title, blink or reverse the text); a value wider than
    *limit* cells is cut and ends with ``…``.  ``limit=None`` keeps everything.
    """
    text = visible(str(value))
    if limit is None or _width(text) <= limit:
        return text
    if limit <= 0:
        return ""
    kept: list[str] = []
    width = 0
    budget = limit - _width(ELLIPSIS)
    for char in text:
        w = _width(char)
        if width + w > budget:
            break
        kept.append(char)
        width += w
    return "".join(kept) + ELLIPSIS


def escape_markup(text: str) -> str:
    """*text* made inert inside Textual or Rich markup (already-visible text only).

    Every ``[`` is escaped; backslashes before a ``[`` or at the end become ``⧵``.
    """
    text = _BACKSLASHES_AT_MARKUP.sub(lambda m: BACKSLASH * len(m.group()), text)
    return text.replace("[", "\\[")


def shown(value: object, limit: int | None = LIMIT) -> str:
    """*value* for a markup string: ``plain(value, limit)`` with its brackets escaped."""
    return escape_markup(plain(value, limit))


def inert(value: object, limit: int | None = LIMIT) -> Content:
    """*value* as a Textual ``Content`` that is never read as markup: ``plain(value, limit)``.

    For the places Textual parses a ``str`` as markup and takes ``Content`` as it is - the
    command palette's hits above all (``Hit``, ``DiscoveryHit``, ``Matcher.highlight``
    parse a ``str``), so a save titled ``[/]`` cannot crash it and ``[@click=...]`` is
    never a live action.  Textual is imported only here, when it is asked for: the
    commands that print a name need none of it.
    """
    from textual.content import Content  # noqa: PLC0415 - see above

    return Content(plain(value, limit))


def sentence(text: str) -> str:
    """*text* with its first letter made upper case and nothing else touched.

    ``str.capitalize`` lower-cases the rest, so "bob Roy answered" became "Bob roy
    answered" and "the Pnorfs' turn" "The pnorfs' turn": names keep their case here.
    """
    return text[:1].upper() + text[1:]
