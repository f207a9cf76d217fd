"""``common.text``: outside text is shown as itself, never as markup or terminal control."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.cells import cell_len
from rich.text import Text
from textual.content import Content

from boardgames.common.text import BACKSLASH, ELLIPSIS, LIMIT, _width, plain, shown
from boardgames.common.visible import visible_char as _visible

HOSTILE = [
    "[/]Ann",
    "[@click=app.quit]Bob[/]",
    "[@click=app.screenshot('/tmp/x')]Ann[/]",
    "[bold red]Cy[/]",
    "x[/",
    "Ann\\",
    "a\\[b]",
    "\\\\[b]x",
    "[$accent]Dee",
    "[link=https://example.com]Eve[/link]",
]

TEMPLATES = ["{}", "[b]{}[/b]", "[@click=app.bell]{}[/]", "[dim]({})[/dim] after"]


def _expected(value: str) -> str:
    """What the player must see: the same characters, backslashes at markup as ⧵."""
    out = plain(value, None)
    stripped = out.rstrip("\\")
    out = stripped + BACKSLASH * (len(out) - len(stripped))
    import re

    return re.sub(r"\\+(?=\[)", lambda m: BACKSLASH * len(m.group()), out)


@pytest.mark.parametrize("value", HOSTILE)
@pytest.mark.parametrize("template", TEMPLATES)
def test_hostile_markup_is_shown_literally_by_both_parsers(value: str, template: str) -> None:
    markup = template.format(shown(value))
    textual = Content.from_markup(markup)
    rich = Text.from_markup(markup)
    literal = Content.from_markup(template.format("\x00")).plain.replace("\x00", _expected(value))
    assert textual.plain == literal
    assert rich.plain == literal
    # no span the value could have opened: only the template's own style, if any
    assert all(span.style != "bold red" for span in rich.spans)
    assert all("@click" not in str(span.style) or "bell" in str(span.style) for span in textual.spans)


@given(st.text())
def test_any_text_survives_textual_markup_unchanged(value: str) -> None:
    markup = f"[b]{shown(value, None)}[/b]"
    content = Content.from_markup(markup)
    assert content.plain == _expected(value)
    assert [(s.start, s.end) for s in content.spans] == [(0, len(content.plain))] or not content.plain


@given(st.text())
def test_any_text_survives_rich_markup_unchanged(value: str) -> None:
    text = Text.from_markup(f"[b]{shown(value, None)}[/b]", emoji=False)
    assert text.plain == _expected(value)


@given(st.text())
def test_nothing_invisible_or_controlling_reaches_the_terminal(value: str) -> None:
    for char in plain(value, None):
        assert unicodedata.category(char) not in {"Cc", "Cf", "Cs", "Cn", "Zl", "Zp"}, repr(char)


@pytest.mark.parametrize(
    ("value", "seen"),
    [
        ("\x1b]0;pwned\x07Ann", "␛]0;pwned␇Ann"),
        ("\x1b[5mBlink", "␛[5mBlink"),
        ("Bob\nRoy\tX", "Bob␊Roy␉X"),
        ("a\x7fb", "a␡b"),
        ("a\u202eevil", "a\ufffdevil"),
        ("\x9b31m", "\ufffd31m"),
    ],
)
def test_escape_sequences_show_as_visible_stand_ins(value: str, seen: str) -> None:
    assert plain(value) == seen


@given(st.text(), st.integers(min_value=1, max_value=80))
def test_long_text_is_capped_in_cells_with_an_ellipsis(value: str, limit: int) -> None:
    out = plain(value, limit)
    assert cell_len(out) <= limit
    if cell_len(plain(value, None)) > limit:
        assert out.endswith(ELLIPSIS)
    else:
        assert out == plain(value, None)


@given(st.text())
def test_the_width_of_shown_text_is_richs_without_rich_for_ascii(value: str) -> None:
    """``plain`` measures visible ASCII itself (``vowl check`` imports no Rich) and the
    rest with Rich: the same widths either way."""
    shown_text = plain(value, None)
    assert _width(shown_text) == cell_len(shown_text)


@given(st.one_of(st.text(), st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=0x7F))))
def test_printable_ascii_is_kept_in_one_pass_and_the_rest_character_by_character(value: str) -> None:
    """``plain`` passes printable ASCII through whole (one regular expression, not a
    lookup per character: the screens show thousands of names and words); what it
    shows is the same as looking at every character."""
    assert plain(value, None) == "".join(_visible(c) for c in value)


def test_the_default_cap_keeps_real_names_whole() -> None:
    assert plain("Ann Lee") == "Ann Lee"
    assert cell_len(plain("名" * 100)) <= LIMIT


def test_sentence_keeps_the_case_of_names() -> None:
    from boardgames.common.text import sentence

    assert sentence("bob Roy answered wrong") == "Bob Roy answered wrong"
    assert sentence("the Pnorfs' next turn") == "The Pnorfs' next turn"
    assert sentence("") == ""
