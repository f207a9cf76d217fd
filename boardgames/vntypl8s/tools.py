"""VNTYPL8S's tools for a real table: ``boardgames vntypl8s check PLATE --owner TITLE``
and ``... favourites``."""

from __future__ import annotations

import argparse
import sys

from boardgames.common.text import plain
from boardgames.vntypl8s.limits import MAX_JUDGED, MAX_LENGTH, MAX_OWNER


def cmd_check(args: argparse.Namespace) -> int:
    """``boardgames vntypl8s check PLATE --owner TITLE [--requirements XYZ]``.

    Prints ``legal`` or ``illegal:`` and every broken rule (a title word with the
    reading that represents it), then the requirements verdict when a card is given.  Exit 0 legal, 1 illegal, 2 bad usage.
    """
    from boardgames.vntypl8s.judge import check_requirements  # noqa: PLC0415
    from boardgames.vntypl8s.spec import plate_judge  # noqa: PLC0415

    if len(args.plate) > MAX_JUDGED:
        # Interpretation P21: longer than the plate editor holds; one line, never a slow judgement.
        print(
            f"plate too long to check: {len(args.plate)} characters; check reads at most {MAX_JUDGED} "
            f"(a legal plate has at most {MAX_LENGTH})",
            file=sys.stderr,
        )
        return 2
    owner = args.owner.strip()
    if not any(ch.isalpha() for ch in owner):
        print(f"bad owner {plain(args.owner)!r}: an owner title needs at least one word", file=sys.stderr)
        return 2
    if len(owner) > MAX_OWNER:
        print(f"owner title too long: {len(owner)} characters; an owner card has at most {MAX_OWNER}", file=sys.stderr)
        return 2
    card = None
    if args.requirements is not None:
        try:
            from boardgames.vntypl8s.cards import normalise_requirement  # noqa: PLC0415 - only when checking

            card = normalise_requirement(args.requirements)
        except ValueError as exc:
            print(f"bad requirements card {plain(args.requirements)!r}: {plain(exc, None)}", file=sys.stderr)
            return 2
    judgement = plate_judge().judge(args.plate, owner)
    # Each refusal names what the judge read (P22-P25: "CHMP reads as “champ”, a short
    # form of “Champion” in the owner's title"); the plate and title in it are outside text.
    for line in judgement.lines():
        print(plain(line, None))
    if card is not None:
        print(check_requirements(args.plate, card).message)
    return 0 if judgement.legal else 1


def cmd_favourites(args: argparse.Namespace) -> int:
    """``boardgames vntypl8s favourites``: the plates players marked, newest first."""
    from boardgames.vntypl8s.favourites import load_favourites  # noqa: PLC0415

    loaded = load_favourites()
    if loaded.warning:
        print(loaded.warning, file=sys.stderr)
    if not loaded.favourites:
        print("no favourite plates yet: mark some at the end of a game")
        return 0
    for fav in loaded.favourites:
        print(fav.line())
    return 0


def add(p: argparse.ArgumentParser) -> None:
    """The game's tools, as subcommands of its command."""
    sub = p.add_subparsers(title="tools for a real table", metavar="TOOL")
    c = sub.add_parser(
        "check",
        help="is PLATE legal for an owner, and does it meet a requirements card?",
        description=(
            "Print 'legal' or 'illegal:' with every broken rule, then 'requirements: met' or "
            "'requirements: missing ...' when --requirements is given. "
            f"Exit 0 legal, 1 illegal, 2 bad usage (a plate over {MAX_JUDGED} characters, what the plate "
            f"editor holds, is bad usage: a legal plate has at most {MAX_LENGTH}; Interpretation P21)."
        ),
    )
    c.add_argument("plate", help=f"the vanity plate, e.g. N0FL4M3S (at most {MAX_JUDGED} characters are read)")
    c.add_argument("--owner", required=True, metavar="TITLE", help='the owner card, e.g. "Fire Fighter"')
    c.add_argument("--requirements", metavar="XYZ", help="the requirements card, e.g. SH5")
    c.set_defaults(func=cmd_check)
    f = sub.add_parser("favourites", help="list the favourite plates saved at the end of games")
    f.set_defaults(func=cmd_favourites, needs_ready=False)  # a list of saved plates: no dictionary needed
