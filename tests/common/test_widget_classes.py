"""Widget classes defined through ``textual_fixes._widget_classes_defined_without_dir``
get what Textual's own ``DOMNode.__init_subclass__`` gives them (issue 16).

Every DOMNode class the suite defines - Textual's widgets, screens and app, the games'
screens and widgets - is checked against Textual's reading of it: the reactives (same
names, same objects, same order of precedence) and the compute methods from ``dir``.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from textual.dom import DOMNode
from textual.reactive import Reactive, reactive
from textual.widget import Widget
from textual.widgets import Static

import boardgames.app  # noqa: F401 - the speed-ups installed, the suite's classes defined
from boardgames.common.ui.textual_fixes import speed_ups_apply

pytestmark = pytest.mark.skipif(not speed_ups_apply(), reason="speed-ups are for textual_fixes.SPEED_UPS_FOR only")


def every_class(cls: type[DOMNode]) -> Iterator[type[DOMNode]]:
    for sub in cls.__subclasses__():
        yield sub
        yield from every_class(sub)


def textuals_reactives(cls: type) -> dict[str, Reactive[object]]:
    """Textual 8.2.8's ``DOMNode.__init_subclass__``, its reactives."""
    found: dict[str, Reactive[object]] = {}
    for base in reversed(cls.__mro__):
        found.update({name: value for name, value in base.__dict__.items() if isinstance(value, Reactive)})
    return found


def textuals_computes(cls: type) -> frozenset[str]:
    return frozenset([name.lstrip("_")[8:] for name in dir(cls) if name.startswith(("_compute_", "compute_"))])


def test_every_class_gets_textuals_reactives_and_computes() -> None:
    import boardgames.uwo.screen  # the games' screens and widgets too
    import boardgames.vntypl8s.screen
    import boardgames.vowl.screen  # noqa: F401

    classes = set(every_class(DOMNode))
    assert len(classes) > 60
    for cls in classes:
        assert list(cls._reactives.items()) == list(textuals_reactives(cls).items()), cls
        assert cls._computes == textuals_computes(cls), cls


def test_a_class_with_its_own_reactives_computes_and_mixins() -> None:
    class Mixin:
        def compute_doubled(self) -> int:
            return 2

    class Counter(Static):
        count = reactive(1)
        doubled = reactive(0)

        def _compute_doubled(self) -> int:
            return self.count * 2

    class Both(Mixin, Counter):
        count = reactive(5)

    for cls in (Counter, Both):
        assert list(cls._reactives.items()) == list(textuals_reactives(cls).items())
        assert cls._computes == textuals_computes(cls) == {"doubled"}
    assert Both._reactives["count"] is Both.__dict__["count"]
    assert issubclass(Both, Widget) and Both._css_type_names == Counter._css_type_names | {"Both"}
