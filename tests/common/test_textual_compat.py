"""Textual is pinned exactly, and only ``common/ui/textual_compat.py`` reaches past its
public API: every other module of the suite would break unseen on another Textual."""

from __future__ import annotations

import ast
import functools
import os
import re
import subprocess
import sys
import tomllib
from importlib.metadata import version
from pathlib import Path

import pytest
import textual

from boardgames.common.ui import textual_compat

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "boardgames"
COMPAT = PACKAGE / "common" / "ui" / "textual_compat.py"
WORKAROUNDS = ROOT / "docs" / "textual-workarounds.md"


def pinned_in_pyproject() -> str:
    dependencies = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]
    [textual_line] = [d for d in dependencies if re.match(r"textual\s*[=<>!~]", d)]
    match = re.fullmatch(r"textual\s*==\s*([0-9][0-9a-z.]*)", textual_line)
    assert match, f"textual is not pinned exactly: {textual_line!r}"
    return match.group(1)


def test_textual_is_pinned_exactly_to_the_version_the_compat_module_was_written_for() -> None:
    assert pinned_in_pyproject() == textual_compat.TEXTUAL_VERSION


def test_the_installed_textual_is_the_pinned_one() -> None:
    assert version("textual") == textual_compat.TEXTUAL_VERSION, (
        "the installed Textual is not the pinned one: reinstall (./scripts/test) or follow "
        "CONTRIBUTING.md's 'Upgrading Textual'"
    )
    assert textual_compat.pinned_textual()


@functools.cache
def textual_private_names() -> frozenset[str]:
    """Every private name Textual's own classes define (methods and ``self._x`` attributes)."""
    names: set[str] = set()
    for path in Path(textual.__file__).parent.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                names.add(node.name)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                names.add(node.attr)
    # Textual's documented handler convention (``_on_mount``, ``_on_key``): dispatched per
    # class, not overridden.
    return frozenset(n for n in names if n.startswith("_") and not n.startswith(("__", "_on_")))


#: Private names of the suite's own objects that Textual happens to use too.
OWN = {"_active", "_done", "_cell", "_grid", "_locked", "_buzzer", "_values_of", "_actions", "_set"}
#: Modules whose private names are not Textual's.
NOT_TEXTUAL = {"os", "sys"}


def private_uses(source: str) -> list[str]:
    """Where *source* reaches into Textual: a private Textual module imported, or a private
    Textual member read on another object or through ``super()`` (overrides: below)."""
    found: list[str] = []
    private = textual_private_names() - OWN
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("textual"):
            if any(part.startswith("_") for part in (node.module or "").split(".")):
                found.append(f"line {node.lineno}: imports {node.module}")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("textual") and any(p.startswith("_") for p in alias.name.split(".")):
                    found.append(f"line {node.lineno}: imports {alias.name}")
        elif isinstance(node, ast.Attribute) and node.attr in private:
            owner = node.value
            through_super = isinstance(owner, ast.Call) and getattr(owner.func, "id", "") == "super"
            own = isinstance(owner, ast.Name) and owner.id in ("self", "cls", *NOT_TEXTUAL)
            if through_super or not own:
                found.append(f"line {node.lineno}: .{node.attr}")
    return found


def private_overrides(module: object) -> list[str]:
    """The classes of *module* that override a private member of a Textual base class."""
    found: list[str] = []
    for cls in vars(module).values():
        if not isinstance(cls, type) or cls.__module__ != getattr(module, "__name__", None):
            continue
        textual_bases = [base for base in cls.__mro__[1:] if base.__module__.split(".")[0] == "textual"]
        for name, value in vars(cls).items():
            method = callable(value) or isinstance(value, property | classmethod | staticmethod)
            if (
                method
                and name.startswith("_")
                and not name.startswith(("__", "_on_"))
                and any(name in vars(base) for base in textual_bases)
            ):
                found.append(f"{cls.__name__}.{name}")
    return found


def test_no_module_but_the_compat_module_uses_textuals_private_api() -> None:
    offenders = {
        str(path.relative_to(ROOT)): uses
        for path in sorted(PACKAGE.rglob("*.py"))
        if path != COMPAT and (uses := private_uses(path.read_text(encoding="utf-8")))
    }
    assert not offenders, f"Textual's private API outside textual_compat: {offenders}"


def test_no_class_but_the_compat_modules_overrides_a_private_textual_member() -> None:
    import importlib
    import pkgutil

    import boardgames

    offenders: dict[str, list[str]] = {}
    for info in pkgutil.walk_packages(boardgames.__path__, "boardgames."):
        if info.name in ("boardgames.common.ui.textual_compat", "boardgames.__main__"):
            continue
        module = importlib.import_module(info.name)
        if found := private_overrides(module):
            offenders[info.name] = found
    assert not offenders, f"private Textual members overridden outside textual_compat: {offenders}"


def test_control_an_override_of_a_private_textual_member_is_found() -> None:
    from types import ModuleType

    from textual.app import App

    module = ModuleType("probe")

    class Probe(App[None]):
        def _handle_exception(self, error: Exception) -> None:
            pass

    Probe.__module__ = "probe"
    module.Probe = Probe  # type: ignore[attr-defined]
    assert private_overrides(module) == ["Probe._handle_exception"]


@pytest.mark.parametrize(
    "source, expected",
    [
        ("from textual._compositor import Compositor", "imports textual._compositor"),
        ("from textual.widgets._footer import FooterKey", "imports textual.widgets._footer"),
        ("def f(app):\n    return app._notifications", "._notifications"),
        ("class A:\n    def f(self):\n        return super()._handle_exception(1)", "._handle_exception"),
    ],
)
def test_control_the_source_check_finds_each_kind_of_private_use(source: str, expected: str) -> None:
    assert any(expected in use for use in private_uses(source)), private_uses(source)


def test_control_the_compat_module_itself_is_full_of_private_use() -> None:
    assert len(private_uses(COMPAT.read_text(encoding="utf-8"))) > 20


def probe(code: str, **env: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env={**os.environ, **env}
    )
    return done.stdout.strip()


INSTALLED = """
from boardgames.common.ui import textual_compat as c
{before}
c.apply()
print(" ".join(sorted(c._active)) or "none")
"""


def test_on_the_pinned_textual_every_speed_up_is_installed() -> None:
    assert probe(INSTALLED.format(before="")).split() == sorted(textual_compat.SPEED_UPS)


def test_on_another_textual_no_speed_up_is_installed() -> None:
    assert probe(INSTALLED.format(before="c.TEXTUAL_VERSION = '0.0.0'")) == "none"


def test_the_environment_turns_speed_ups_off_all_or_by_name() -> None:
    assert probe(INSTALLED.format(before=""), BOARDGAMES_SPEED_UPS="off") == "none"
    some = probe(INSTALLED.format(before=""), BOARDGAMES_SPEED_UPS="-partial-frames,-log-rows").split()
    assert some == sorted(set(textual_compat.SPEED_UPS) - {"partial-frames", "log-rows"})


def test_a_crash_fix_whose_internal_was_renamed_does_nothing_rather_than_fail() -> None:
    code = """
from textual.content import Content
from textual.widgets import OptionList
del Content._wrap_and_format
del OptionList._move_page
from boardgames.common.ui import textual_compat
textual_compat.apply()
print(hasattr(Content, "_wrap_and_format"), hasattr(OptionList, "_move_page"))
"""
    assert probe(code) == "False False"


def test_every_work_around_has_its_upstream_report() -> None:
    text = WORKAROUNDS.read_text(encoding="utf-8")
    for name in [*textual_compat.CRASH_FIXES, *textual_compat.SPEED_UPS]:
        section = re.search(rf"^### `{re.escape(name)}`\n(.*?)(?=^### |\Z)", text, re.M | re.S)
        assert section, f"docs/textual-workarounds.md has no section for {name}"
        for part in ("Textual 8.2.8", "Reproduction", "Proposed fix"):
            assert part in section.group(1), f"{name}: no {part!r}"
