"""``LazyCommands``: the command line's subcommands, each parser built only when named.

Apart from ``cli`` so that ``boardgames`` with no argument (the main menu) imports
no ``argparse``: ``cli.build_parser`` imports this module.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from typing import Any, cast


class LazyCommands(argparse._SubParsersAction):
    """Subcommands whose parsers are built only when the command line names them.

    ``boardgames vowl check SVR savor`` should cost little more than the dictionary
    look-up it makes, yet building every game's options imports every game's entry and
    makes dozens of parsers.  ``add_lazy`` lists a command (its name among the choices,
    its one-line help in the parent's ``--help``) and keeps the function that builds
    its parser; argparse calls this action with the command's name once it has found
    it in the arguments (after the options before it, abbreviations and ``--opt=value``
    included), and only then is that one parser built.  The rest is argparse's own:
    the same ``--help`` at every level, the same usage errors
    (``tests/common/test_cli_parser.py`` compares them with the whole parser's).
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._builders: dict[str, Callable[[argparse._SubParsersAction], object]] = {}

    def add_lazy(self, name: str, help: str, build: Callable[[argparse._SubParsersAction], object]) -> None:
        """List *name* with *help*; *build* adds its parser (``add_parser(name, ...)``) when needed."""
        self._choices_actions.append(self._ChoicesPseudoAction(name, (), help))
        # Only the name counts until it is built: argparse checks a choice with ``in``
        # and lists the choices in an error from the keys.
        self._name_parser_map[name] = _NOT_BUILT
        self._builders[name] = build

    def add_parser(self, name: str, **kwargs: Any) -> argparse.ArgumentParser:
        """argparse's, except for a listed command: its stand-in gives way, its help is listed already."""
        if name in self._builders:
            if self._name_parser_map.get(name) is not _NOT_BUILT:
                raise ValueError(f"{name!r} was built already")
            del self._name_parser_map[name]
            kwargs.pop("help", None)
        return super().add_parser(name, **kwargs)

    def build(self, name: str) -> None:
        """Build *name*'s parser now, if it is listed and not built yet."""
        builder = self._builders.get(name)
        if builder is None or self._name_parser_map.get(name) is not _NOT_BUILT:
            return
        builder(self)
        if self._name_parser_map.get(name) in (None, _NOT_BUILT):
            raise ValueError(f"building {name!r} added no parser of that name")

    def build_all(self) -> None:
        """Every listed command's parser, and theirs in turn: the whole command line."""
        for name in list(self._builders):
            self.build(name)
            for action in self._name_parser_map[name]._actions:
                if isinstance(action, LazyCommands):
                    action.build_all()

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        self.build(values[0])
        super().__call__(parser, namespace, values, option_string)


#: The longest number a count or seed is read from: ``int`` of a longer text is slow (and
#: Python refuses past 4,300 digits with its own error); no bound below needs more than 20.
_MAX_DIGITS = 40


def whole_number(low: int, high: int) -> Callable[[str], int]:
    """An argparse ``type``: a whole number from *low* to *high*, else one usage line (exit 2).

    Every count and seed on the command line has a range the help states, so a
    mistyped ``--games 99999999999999999999`` is refused at once instead of running
    until it is killed.
    """

    def parse(text: str) -> int:
        shown = text if len(text) <= _MAX_DIGITS else text[:_MAX_DIGITS] + "..."
        if re.fullmatch(rf"\s*[+-]?[0-9]{{1,{_MAX_DIGITS}}}\s*", text) is None:
            raise argparse.ArgumentTypeError(f"expected a whole number from {low} to {high}, got {shown!r}")
        value = int(text)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"expected a whole number from {low} to {high}, got {value}")
        return value

    parse.__name__ = "whole number"  # what argparse would name the type in its own messages
    return parse


#: What a listed command maps to until its parser is built (never parsed with).
_NOT_BUILT = cast(argparse.ArgumentParser, object())


#: ``--seed``: what a save can hold (``saves.MAX_SEED``, the 64 bits ``BoardgamesApp.new_seed`` draws).
SEEDS = whole_number(0, 2**64 - 1)
SEED_HELP = "0 to 2**64-1"
