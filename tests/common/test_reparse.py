"""``textual_fixes._reparse_with_the_parse_cache``: a reparse hands the fresh stylesheet
the parse cache and the variables' tokens (issue 16), and gives the rules Textual's
own reparse gives."""

from __future__ import annotations

import pytest
from textual.app import App
from textual.css import stylesheet as stylesheet_module
from textual.css.stylesheet import Stylesheet

import boardgames.app  # noqa: F401 - the speed-ups installed
from boardgames.common.ui.textual_fixes import speed_ups_apply

pytestmark = pytest.mark.skipif(not speed_ups_apply(), reason="speed-ups are for textual_fixes.SPEED_UPS_FOR only")

CSS = "Static { height: auto; color: $accent; }\nStatic.-x { background: $panel; & > Label { margin: 1; } }"


def test_a_reparse_tokenizes_the_variables_once_and_parses_only_the_new_source(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    variables = App().get_css_variables()
    sheet = Stylesheet(variables=variables)
    sheet.add_source(CSS, read_from=("one.tcss", ""))
    sheet.parse()
    tokenized: list[object] = []
    parsed: list[object] = []
    tokenize, parse = stylesheet_module.tokenize_values, stylesheet_module.parse
    monkeypatch.setattr(stylesheet_module, "tokenize_values", lambda v: tokenized.append(v) or tokenize(v))
    monkeypatch.setattr(stylesheet_module, "parse", lambda *a, **k: parsed.append(a[2]) or parse(*a, **k))
    sheet.add_source("Label { width: 1fr; }", read_from=("two.tcss", ""))
    sheet.reparse()
    assert tokenized == [] and parsed == [("two.tcss", "")]

    fresh = Stylesheet(variables=variables)  # what Textual's reparse parses from nothing
    fresh.add_source(CSS, read_from=("one.tcss", ""))
    fresh.add_source("Label { width: 1fr; }", read_from=("two.tcss", ""))
    fresh.parse()
    assert [rule.css for rule in sheet.rules] == [rule.css for rule in fresh.rules]
    assert [rule.tie_breaker for rule in sheet.rules] == [rule.tie_breaker for rule in fresh.rules]
