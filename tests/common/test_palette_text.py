"""Outside text in the command palette is shown as itself, never read as markup.

The palette listed "Resume …: <save title>" as a ``str``, and Textual reads a hit's
``str`` (``Hit``, ``DiscoveryHit``, ``Matcher.highlight``) as markup: a player named
``[/]`` crashed every Ctrl+P until the save was deleted, ``[@click=app.quit]Bo[/]``
made the entry a live link that quit, and ``[@click=app.screenshot(,'v')]Z`` wrote a
file anywhere.  Here every command the suite's provider lists, searched and
discovered, is checked with hostile titles; and a check over the source fails if a
hit, a highlight or a notification built from data skips ``common.text``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from textual.command import CommandInput, CommandList, CommandPalette, DiscoveryHit, Hit
from textual.content import Content
from textual.system_commands import SystemCommandsProvider
from textual.widgets import OptionList

import boardgames
from boardgames.app import BoardgamesApp, MainMenu
from boardgames.common.clock import ManualClock
from boardgames.common.text import BACKSLASH, plain
from boardgames.palette import GameCommands
from boardgames.uwo.screen import UwoScreen
from tests.hostile.corpus import dump, good_record
from tests.screen import deliberately, settled, take_keyboard, wait_for

SIZE = (120, 40)

#: Save titles a player's names can make (and a file can hold).
HOSTILE = (
    "[/]",
    "[@click=app.quit]x[/]",
    "[@click=app.screenshot(,'v')]Z",
    "Ann,[/]",
    "[bold red]loud",
    "a\x1b[31mred",
    "bell\x07\x08back",
    "back\\",
)


@pytest.fixture(autouse=True)
def _data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BOARDGAMES_DATA", str(tmp_path))
    (tmp_path / "saves").mkdir()
    for i, title in enumerate(HOSTILE):
        record = good_record("uwo", f"hostile{i}", updated=1_700_000_000.0 + i)
        record["title"] = title
        (tmp_path / "saves" / f"uwo-hostile{i}.json").write_bytes(dump(record))
    return tmp_path


def _links(content: Content) -> list[object]:
    """Every span of *content* that would act when clicked (a markup ``@click``)."""
    return [span for span in content.spans if "@click" in str(span.style) or "link" in str(span.style)]


async def _provider_hits(app: BoardgamesApp, query: str) -> list[Hit | DiscoveryHit]:
    provider = GameCommands(app.screen)
    await provider.startup()
    if query:
        return [hit async for hit in provider.search(query)]
    return [hit async for hit in provider.discover()]


@pytest.mark.parametrize("query", ["", "res", "resume uwo", "x", "[/]", "click"])
async def test_every_hit_of_the_suites_provider_is_inert_text(query: str) -> None:
    app = BoardgamesApp(clock=ManualClock(), seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu) and settled(app), "the menu")
        hits = await _provider_hits(app, query)
        assert hits or query in ("x", "[/]", "click"), "the provider lists nothing"
        for hit in hits:
            shown = hit.prompt
            # A ``str`` here is read as markup by the palette: only ``Content`` is safe.
            assert isinstance(shown, Content), (hit.text, type(shown))
            assert shown.plain == hit.text, (shown.plain, hit.text)
            assert not _links(shown), hit.text
            assert hit.text == plain(hit.text, None), f"control characters reach the palette: {hit.text!r}"
        resumes = [hit.text or "" for hit in hits if (hit.text or "").startswith("Resume")]
        if not query:
            for title in HOSTILE:
                assert any(plain(title) in text for text in resumes), (title, resumes)


async def test_ctrl_p_over_hostile_save_titles_lists_them_as_themselves() -> None:
    """The player's way: Ctrl+P on the menu, type ``res``; the app keeps running and
    each title reads as typed (control characters as visible stand-ins)."""
    app = BoardgamesApp(clock=ManualClock(), seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu) and settled(app), "the menu")
        await deliberately(pilot, "ctrl+p")
        await wait_for(
            pilot,
            lambda: isinstance(app.screen, CommandPalette) and isinstance(app.focused, CommandInput),
            "the palette, ready for typing",
        )
        palette = app.screen
        await pilot.press(*"res")

        def prompts() -> list[str]:
            found = palette.query(CommandList)
            if not found:
                return []
            listed = found.first()
            return [str(listed.get_option_at_index(i).prompt) for i in range(listed.option_count)]

        await wait_for(pilot, lambda: sum(p.startswith("Resume") for p in prompts()) >= len(HOSTILE), "the saves")
        assert app.is_running and app.crash is None
        listed = "\n".join(prompts())
        for title in HOSTILE:
            assert plain(title) in listed, (title, listed)


# --------------------------------------------------------------------------- the source check

#: Where Textual reads a ``str`` as markup, and what may be handed to it there.
DISPLAY_ARGUMENT = {"Hit": (1, "match_display"), "DiscoveryHit": (0, "display")}
#: The helpers that make a palette hit's text inert (``common.text.inert``, ``palette.highlighted``).
INERT_HELPERS = frozenset({"inert", "highlighted"})
NOTIFY = frozenset({"notify", "notify_everyone"})


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Attribute):
        return func.attr
    if isinstance(func, ast.Name):
        return func.id
    return None


def _bypasses(tree: ast.AST) -> list[tuple[int, str]]:
    """Every call in *tree* that hands text to a markup parser without ``common.text``."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _name(node.func)
        keywords = {k.arg: k.value for k in node.keywords}
        receiver = node.func.value if isinstance(node.func, ast.Attribute) else None
        # ``self.highlight``: a Rich ``Highlighter``'s own method, not the fuzzy matcher's.
        if (
            name == "highlight"
            and receiver is not None
            and not (isinstance(receiver, ast.Name) and receiver.id == "self")
        ):
            found.append((node.lineno, "Matcher.highlight reads its text as markup: use palette.highlighted"))
        elif name in DISPLAY_ARGUMENT:
            index, keyword = DISPLAY_ARGUMENT[name]
            shown = node.args[index] if len(node.args) > index else keywords.get(keyword)
            if not (isinstance(shown, ast.Call) and _name(shown.func) in INERT_HELPERS):
                found.append((node.lineno, f"{name}'s text must be inert(...) or highlighted(...)"))
        elif name in NOTIFY and node.args:
            message = node.args[0]
            markup = keywords.get("markup")
            forwarded = markup is not None and not isinstance(markup, ast.Constant)
            forwarded |= any(k.arg is None for k in node.keywords)  # **kwargs: a wrapper passing it on
            if forwarded or (isinstance(markup, ast.Constant) and markup.value is False):
                continue
            if isinstance(message, ast.JoinedStr):
                raw = [
                    v
                    for v in message.values
                    if isinstance(v, ast.FormattedValue)
                    and not (isinstance(v.value, ast.Call) and _name(v.value.func) == "shown")
                ]
                if raw:
                    found.append((node.lineno, "a notification built from values needs markup=False or shown()"))
            elif not isinstance(message, ast.Constant):
                found.append((node.lineno, "a notification of outside text needs markup=False"))
    return found


def test_no_hit_highlight_or_notification_reads_data_as_markup() -> None:
    root = Path(boardgames.__file__).parent
    found = [
        f"{path.relative_to(root.parent)}:{line}: {why}"
        for path in sorted(root.rglob("*.py"))
        for line, why in _bypasses(ast.parse(path.read_text(encoding="utf-8")))
    ]
    assert not found, "\n".join(found)


OLD_PALETTE = """
async def discover(self):
    for name, cb, help_text in self._all():
        yield DiscoveryHit(name, cb, help=help_text)

async def search(self, query):
    matcher = self.matcher(query)
    for name, cb, help_text in self._all():
        yield Hit(score, matcher.highlight(name), cb, help=help_text)

def warn(app, record):
    app.notify(f"Resume {plain(record.title)}")
    app.notify(record.title)
"""


def test_the_source_check_catches_the_old_palette() -> None:
    """The control: the check fails on the palette as it was (and on a raw notice)."""
    found = _bypasses(ast.parse(OLD_PALETTE))
    assert len(found) == 5, found


# --------------------------------------------------------------------------- no screenshots


async def test_the_palette_offers_no_screenshot_and_the_action_writes_nothing(tmp_path: Path) -> None:
    """Textual's Screenshot wrote the whole terminal - a UWO player's private hand in it -
    to the Downloads folder; the palette no longer lists it and the action (which a key
    or a link could still reach) writes no file."""
    app = BoardgamesApp(start=lambda: UwoScreen(), clock=ManualClock(), seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await take_keyboard(pilot)
        await wait_for(pilot, lambda: isinstance(app.screen, UwoScreen) and settled(app), "the duel, a hand showing")
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert "Theme" in titles and "Screenshot" not in titles, titles
        provider = SystemCommandsProvider(app.screen)
        await provider.startup()
        found = [hit.text async for hit in provider.discover()]
        found += [hit.text async for hit in provider.search("screenshot")]
        assert not any("Screenshot" in (text or "") for text in found), found
        delivered: list[object] = []
        app.deliver_screenshot = lambda *args, **kwargs: delivered.append(args)  # type: ignore[method-assign]
        await app.run_action(f"screenshot('hand.svg', {str(tmp_path)!r})")
        await wait_for(pilot, lambda: settled(app), "the action to be handled")
        assert not delivered


async def test_the_menu_lists_the_same_titles_as_themselves() -> None:
    """The other way to the same saves: the main menu's resume lines (markup with the
    titles through ``shown``) read as the titles, and nothing in them is a link."""
    app = BoardgamesApp(clock=ManualClock(), seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu) and settled(app), "the menu")
        menu = app.screen.query_one(OptionList)
        lines = [menu.get_option_at_index(i).prompt for i in range(menu.option_count)]
        shown = [Content.from_markup(line) if isinstance(line, str) else line for line in lines]
        resumes = [c for c in shown if isinstance(c, Content) and c.plain.startswith("Resume")]
        assert len(resumes) == len(HOSTILE)
        for content in resumes:
            assert not _links(content), content.plain
        listed = "\n".join(c.plain for c in resumes)
        for title in HOSTILE:
            # In markup a backslash that ends a value shows as its look-alike (``common.text``).
            assert plain(title).replace("\\", BACKSLASH) in listed, (title, listed)
