"""``common.ui.lazy.find_or_mount``: the one way a screen mounts a widget the first time
it is needed - found after that, never mounted twice, put where it was asked."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from boardgames.common.ui.lazy import find_or_mount


class Panel(Static):
    pass


class Table(App[None]):
    def compose(self) -> ComposeResult:
        with Vertical(id="table"):
            yield Static("first", id="first")
            yield Static("last", id="last")


async def test_mounted_once_where_asked_then_found() -> None:
    app = Table()
    async with app.run_test(size=(40, 10)) as pilot:
        table = app.query_one("#table", Vertical)
        made: list[Panel] = []

        def make() -> Panel:
            made.append(Panel("panel", id="panel"))
            return made[-1]

        panel = find_or_mount(table, Panel, make, after="#first")
        again = find_or_mount(table, Panel, make, after="#first")  # before its mount has run: found
        await pilot.pause()
        assert panel is again and made == [panel]
        assert [w.id for w in table.children] == ["first", "panel", "last"]
        assert find_or_mount(table, Panel, make) is panel and len(made) == 1


async def test_an_id_tells_two_of_one_kind_apart() -> None:
    """The card's sand timer and the buzzer's are both ``SandTimer``s: the id picks one."""
    app = Table()
    async with app.run_test(size=(40, 10)) as pilot:
        table = app.query_one("#table", Vertical)
        buzz = find_or_mount(table, Static, lambda: Static("buzz", id="buzz"), id="buzz", before="#first")
        await pilot.pause()
        assert buzz.id == "buzz" and [w.id for w in table.children] == ["buzz", "first", "last"]
        assert find_or_mount(table, Static, lambda: Static("again", id="buzz"), id="buzz") is buzz
        found = find_or_mount(table, Static, lambda: Static("never"))  # any Static: one is there
        assert found.id in {"buzz", "first", "last"}


async def test_several_classes_change_with_one_restyle() -> None:
    """``common.ui.classes.set_classes_once``: a UWO square's side and marks, a Vowl card's
    deck - each class changed by ``set_class`` restyled the widget once."""
    from textual.css.stylesheet import Stylesheet

    from boardgames.common.ui.classes import set_classes_once

    app = Table()
    async with app.run_test(size=(40, 10)) as pilot:
        first = app.query_one("#first", Static)
        restyled: list[object] = []
        original = Stylesheet.update_nodes

        def update_nodes(self: Stylesheet, nodes, animate: bool = False) -> None:
            nodes = list(nodes)
            restyled.extend(node for node in nodes if node is first)
            original(self, nodes, animate=animate)

        Stylesheet.update_nodes = update_nodes  # type: ignore[method-assign]
        try:
            assert set_classes_once(first, {"-a": True, "-b": True, "-c": False})
            assert first.classes == {"-a", "-b"} and len(restyled) == 1
            assert set_classes_once(first, {"-a": False, "-b": True, "-c": True})
            assert first.classes == {"-b", "-c"} and len(restyled) == 2
            assert not set_classes_once(first, {"-b": True, "-c": True}) and len(restyled) == 2
            await pilot.pause()
        finally:
            Stylesheet.update_nodes = original  # type: ignore[method-assign]
