"""Locating the rule documents, in a checkout and in an installed wheel."""

from __future__ import annotations

from pathlib import Path

_PKG = Path(__file__).resolve().parent.parent


def rules_path(game: str) -> Path:
    """``docs/rules/<game>.md``: packaged as ``boardgames/_docs/rules`` in a wheel."""
    packaged = _PKG / "_docs" / "rules" / f"{game}.md"
    if packaged.is_file():
        return packaged
    return _PKG.parent / "docs" / "rules" / f"{game}.md"


def read_rules(game: str) -> str:
    path = rules_path(game)
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return f"# Rules\n\nThe rules file `{path}` could not be read."
