"""The speed-ups of ``textual_fixes`` replace Textual internals with copies, so they are
installed only on the Textual they were copied from; the crash fixes on every Textual."""

from __future__ import annotations

import subprocess
import sys

import textual

PROBE = """
import sys
from textual._compositor import Compositor
from textual.content import Content
from textual.css.stylesheet import Stylesheet
from boardgames.common.ui import textual_fixes
textual_fixes.SPEED_UPS_FOR = sys.argv[1]
before = (Compositor.render_partial_update, Compositor._get_renders, Stylesheet.reparse, Content._wrap_and_format)
textual_fixes.apply()
after = (Compositor.render_partial_update, Compositor._get_renders, Stylesheet.reparse, Content._wrap_and_format)
print(" ".join("same" if a is b else "patched" for a, b in zip(before, after)))
"""


def probe(version: str) -> str:
    done = subprocess.run([sys.executable, "-c", PROBE, version], capture_output=True, text=True, check=True)
    return done.stdout.strip()


def test_on_the_textual_they_were_copied_from_every_fix_is_installed() -> None:
    # As if SPEED_UPS_FOR named the Textual installed here, whichever that is.
    assert probe(textual.__version__) == "patched patched patched patched"


def test_on_another_textual_only_the_crash_fixes_are_installed() -> None:
    assert probe("0.0.0") == "same same same patched"
