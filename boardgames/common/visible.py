"""Text made visible character by character: the part of ``common.text`` an engine may use.

A control or invisible format character becomes a visible stand-in (``\\x1b`` shows as
``␛``, a bidi override as ``�``), so a value can be quoted in a message without moving
the cursor or reversing what follows.  Nothing here measures terminal cells (that takes
Rich: ``common.text.plain``) or builds markup, so the name rule (``common.names``), which
every engine reads, imports neither Rich nor Textual.
"""

from __future__ import annotations

import re
import unicodedata

#: C0 controls show as the Unicode "control pictures" (␀ … ␟), DEL as ␡.
_PICTURES = {code: chr(0x2400 + code) for code in range(0x20)} | {0x7F: "\u2421"}

#: Categories that never belong on screen as themselves: controls (Cc, C1 included),
#: format characters (Cf: bidi overrides, zero-width joiners and spaces, BOM),
#: surrogates (Cs), unassigned code points (Cn) and line/paragraph separators (Zl, Zp).
HIDDEN = frozenset({"Cc", "Cf", "Cs", "Cn", "Zl", "Zp"})

REPLACEMENT = "\ufffd"

#: Text that ``visible`` leaves as it is, checked in one pass: names, words and plates
#: are nearly always printable ASCII, and the screens pass thousands of them.
_PRINTABLE_ASCII = re.compile(r"[ -~]*")


def visible_char(char: str) -> str:
    """*char*, or its visible stand-in when it would not show as itself."""
    code = ord(char)
    picture = _PICTURES.get(code)
    if picture is not None:
        return picture
    if unicodedata.category(char) in HIDDEN:
        return REPLACEMENT
    return char


def visible(raw: str) -> str:
    """*raw* with every character that would not show as itself replaced by a stand-in."""
    return raw if _PRINTABLE_ASCII.fullmatch(raw) else "".join(visible_char(c) for c in raw)
