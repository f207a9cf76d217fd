"""Several CSS classes of a widget changed with one restyle.

Each ``set_class`` that changes something restyles the widget through the whole
stylesheet (``Stylesheet.apply``, about a millisecond); a widget whose look is a set
of classes (a Vowl card's deck, a UWO square's side and marks) changed several per
draw and was restyled once per class.
"""

from __future__ import annotations

from collections.abc import Mapping

from textual.dom import DOMNode

__all__ = ["set_classes_once"]


def set_classes_once(node: DOMNode, wanted: Mapping[str, bool]) -> bool:
    """Add each class of *wanted* whose value is true and remove the others, then restyle
    *node* once if anything changed; whether it did."""
    before = node.classes
    for name, on in wanted.items():
        node.set_class(on, name, update=False)
    if node.classes == before:
        return False
    node.update_node_styles()
    return True
