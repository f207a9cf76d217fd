"""Vowl's tools for a real table: ``boardgames vowl check SKELETON WORD`` and ``... solve SKELETON``.

They judge with the game's own judge (the curated dictionary too) and open no screen;
``solve`` answers any skeleton from the dictionary's index (``cmd_solve``).
"""

from __future__ import annotations

import argparse
import sys

from boardgames.common.dictionary import get_dictionary
from boardgames.common.skeleton import (
    MAX_SKELETON,
    SkeletonError,
    SkeletonMatcher,
    SkeletonTooLong,
    normalise_skeleton,
)
from boardgames.common.text import plain


def matcher() -> SkeletonMatcher:
    """The tools' judge: the dictionary opened now (a tool judges at once, unlike a game,
    whose judge opens it after the first frame: ``vowl.spec.matcher``)."""
    return SkeletonMatcher(get_dictionary())


def cmd_check(args: argparse.Namespace) -> int:
    """``boardgames vowl check SKELETON WORD``: exit 0 accepted, 1 rejected, 2 bad skeleton.

    The game's own judge, so the curated dictionary too: abbreviations and lone letters
    are rejected, accents folded (Interpretation V32).
    """
    try:
        skeleton = normalise_skeleton(args.skeleton)
    except SkeletonError as exc:
        print(f"malformed skeleton {plain(args.skeleton)!r}: {plain(exc, None)}", file=sys.stderr)
        return 2
    verdict = matcher().check(skeleton, args.word)
    print(verdict.message)
    return 0 if verdict.accepted else 1


def cmd_solve(args: argparse.Namespace) -> int:
    """``boardgames vowl solve SKELETON``: every answer, sorted; exit 1 when there is none.

    Any length up to ``MAX_SKELETON`` consonants (a malformed skeleton beyond it,
    exit 2): answers come from the dictionary's index, one lookup.  Only
    where no hunspell word list can be read does the matcher fall back to the
    exhaustive search, which refuses long skeletons (``SkeletonTooLong``, exit 2).
    """
    try:
        skeleton = normalise_skeleton(args.skeleton)
    except SkeletonError as exc:
        print(f"malformed skeleton {plain(args.skeleton)!r}: {plain(exc, None)}", file=sys.stderr)
        return 2
    try:
        words = matcher().solutions(skeleton)
    except SkeletonTooLong as exc:
        print(f"too long to solve: {exc}; test one word with: boardgames vowl check {skeleton} WORD", file=sys.stderr)
        return 2
    for word in words:
        print(word)
    if not words:
        print(f"no word fits {skeleton}", file=sys.stderr)
        return 1
    return 0


def add(p: argparse.ArgumentParser) -> None:
    """The game's tools, as subcommands of its command."""
    sub = p.add_subparsers(title="tools for a real table", metavar="TOOL")
    c = sub.add_parser(
        "check",
        help="is WORD an answer to SKELETON?",
        description=("Print 'accepted' or 'rejected: <reason>'. Exit 0 accepted, 1 rejected, 2 malformed skeleton."),
    )
    c.add_argument("skeleton", help="the consonants on the card, e.g. SVR")
    c.add_argument("word", help="the proposed answer, e.g. savor")
    c.set_defaults(func=cmd_check, needs_ready=False)  # reads only the curated lists: checked as the dictionary opens
    s = sub.add_parser(
        "solve",
        help="list every answer to SKELETON",
        description=(
            "Print every accepted answer, one per line, sorted. Exit 1 when there is none, 2 for a malformed "
            f"skeleton (more than {MAX_SKELETON} consonants is one: no word has so many)."
        ),
    )
    s.add_argument("skeleton", help=f"the consonants on the card, e.g. SVR (at most {MAX_SKELETON})")
    s.set_defaults(func=cmd_solve, needs_ready=False)  # the same lists, and no card
