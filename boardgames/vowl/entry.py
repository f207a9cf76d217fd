"""Vowl's place in the suite (``ENTRY``): command line, deck validation, menu, resume.

- ``boardgames vowl [--players NAMES] [--timers S,S] [--board standard|advanced] [--seed N]``:
  the setup form, or straight into a game when the players are given;
- ``boardgames vowl --practice [--players NAME]``: solitaire practice;
- ``boardgames vowl --resume``: the latest unfinished game (``GameSession.latest``);
- ``boardgames vowl check SKELETON WORD`` and ``... solve SKELETON``: tools for a real table
  (``solve`` answers any skeleton from the dictionary's index, see ``cmd_solve``).

Reading the setup from the command line (``setup_from_args``) lives here, with the
command line.  Nothing imports this module but the game registry
(``boardgames.games``, by name): the screens and the spec are imported only when a
command runs or the menu opens the game, so there is no import circle.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from boardgames.common.dictionary import get_dictionary, load_curation
from boardgames.common.errors import UserFacingError
from boardgames.common.names import MAX_LENGTH as MAX_NAME
from boardgames.common.skeleton import (
    MAX_SKELETON,
    SkeletonError,
    SkeletonMatcher,
    SkeletonTooLong,
    normalise_skeleton,
)
from boardgames.common.text import plain, sentence
from boardgames.games import RESUME, SEED, GameEntry, MenuItem, Opener, Option
from boardgames.subcommands import SEED_HELP

if TYPE_CHECKING:
    from textual.screen import Screen

    from boardgames.common.session import GameSession, GameSpec
    from boardgames.common.ui.host import Host
    from boardgames.vowl.spec import VowlSetup


def matcher() -> SkeletonMatcher:
    """The tools' judge: the dictionary opened now (a tool judges at once, unlike a game,
    whose judge opens it after the first frame: ``vowl.spec.matcher``)."""
    return SkeletonMatcher(get_dictionary())


# --- the setup from the command line ---------------------------------------------------------


def practice_name() -> str:
    """The practising player's name when none is given: their login, capitalised."""
    import getpass  # noqa: PLC0415 - only for --practice: not for ``vowl check``

    try:
        return sentence(getpass.getuser()) or "Player"  # never lower-cases the rest (McKay)
    except (OSError, KeyError):
        return "Player"


def parse_timers(text: str | None, players: int) -> tuple[int, ...]:
    """``--timers 25,15`` -> ``(25, 15)``; everyone on 25 s when not given."""
    from boardgames.vowl.track import Timer  # noqa: PLC0415 - not for building the parser

    if not text:
        return tuple(int(Timer.GREEN) for _ in range(players))
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != players or not all(p.isdigit() for p in parts):
        raise UserFacingError(
            f"--timers needs one number of seconds per player ({players}), e.g. --timers "
            + ",".join(["25"] * players),
            exit_code=2,
        )
    return tuple(int(p) for p in parts)


def setup_from_args(args: argparse.Namespace) -> VowlSetup | None:
    """``--players/--board/--timers/--practice`` as a ``VowlSetup``; ``None`` means "show the form"."""
    from boardgames.vowl.spec import VowlSetup, parse_players  # noqa: PLC0415

    names = parse_players(args.players) if args.players else ()
    if args.practice:
        names = names or (practice_name(),)  # several names: refused by ``problems`` below, never cut
    elif not names:
        return None
    timers = parse_timers(getattr(args, "timers", None), len(names))
    setup = VowlSetup(names, timers, advanced=args.board == "advanced", practice=args.practice)
    problems = setup.problems()
    if problems:
        raise UserFacingError(" ".join(problems), exit_code=2)
    return setup


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


def start(args: argparse.Namespace) -> Opener:
    setup = setup_from_args(args)  # a bad --players ends here, before any screen
    return lambda host: start_screen(setup, host)


def tools(p: argparse.ArgumentParser) -> None:
    sub = p.add_subparsers(title="tools for a real table", metavar="TOOL")
    c = sub.add_parser("check", help="is WORD an answer to SKELETON?", description=(
        "Print 'accepted' or 'rejected: <reason>'. Exit 0 accepted, 1 rejected, 2 malformed skeleton."))
    c.add_argument("skeleton", help="the consonants on the card, e.g. SVR")
    c.add_argument("word", help="the proposed answer, e.g. savor")
    c.set_defaults(func=cmd_check, needs_ready=False)  # reads only the curated lists: checked as the dictionary opens
    s = sub.add_parser("solve", help="list every answer to SKELETON", description=(
        "Print every accepted answer, one per line, sorted. Exit 1 when there is none, 2 for a malformed "
        f"skeleton (more than {MAX_SKELETON} consonants is one: no word has so many)."))
    s.add_argument("skeleton", help=f"the consonants on the card, e.g. SVR (at most {MAX_SKELETON})")
    s.set_defaults(func=cmd_solve, needs_ready=False)  # the same lists, and no card


def _stats_screen() -> Screen:
    from boardgames.vowl.stats_screen import PracticeStatsScreen  # noqa: PLC0415 - plotext only when opened

    return PracticeStatsScreen()


def _spec() -> GameSpec[Any, Any]:
    from boardgames.vowl.spec import SPEC  # noqa: PLC0415 - the engine, only when a game runs

    return SPEC


def validate_decks() -> None:
    """The three decks and the curated word lists beside them (``DeckError``, exit 4)."""
    from boardgames.vowl.cards import check_frequencies, load_decks  # noqa: PLC0415 - not for the parser

    load_decks()
    load_curation()
    check_frequencies()  # the table itself is built when the review first lists answers


def check_ready() -> None:
    """Vowl judges every answer with the spell checker (``DictionaryUnavailable``, exit 3).

    The answer index is not built here: the game's screens start it in the
    background after their first frame (``SkeletonMatcher.prepare``), so that neither
    a tool (``check``) nor a screen's start waits or competes for it.
    """
    get_dictionary()


def new_game_screen() -> Screen:
    """The setup form: names, board side, a sand timer each."""
    from boardgames.vowl.setup import VowlSetupScreen  # noqa: PLC0415 - screens only when one opens

    return VowlSetupScreen()


def session_screen(session: GameSession[Any, Any], host: Host) -> Screen:
    """The table for *session*: a new game from its first roll, a resumed one where it
    stopped (behind a handover when it stopped mid-pile, Interpretation V26)."""
    from boardgames.vowl.screen import VowlScreen  # noqa: PLC0415

    return VowlScreen(session)


def menu_items() -> Sequence[MenuItem]:
    """The practice stats, as charts (also in the command palette)."""
    return (MenuItem("practice stats", _stats_screen),)


def start_screen(setup: VowlSetup | None, host: Host) -> Screen:
    """What ``boardgames vowl`` opens: the setup form when the command line named
    nobody, else straight into a game for *setup* (autosaved from its first action)."""
    from boardgames.vowl.screen import start_game  # noqa: PLC0415

    if setup is None:
        return new_game_screen()
    return start_game(setup, host)


ENTRY = GameEntry(
    load_spec=_spec,
    description=(
        "Vowl. With no options, opens the setup screen. --players skips setup; "
        "--practice starts solitaire practice."
    ),
    options=(
        Option("--players", f'comma-separated full names, 2 to 5 of them, each at most {MAX_NAME} characters '
               '(printable, different ignoring case): --players "Ann Lee,Bob Roy"', metavar="NAMES"),
        Option("--board", "standard board (victory at 10) or advanced (15); default standard",
               choices=("standard", "advanced")),  # None, not "standard", tells --resume it was not given
        Option("--timers", "each player's sand timer, 25 or 15, in the order of --players: --timers 25,15 "
               "(default 25 for everyone)", metavar="SECONDS"),
        SEED,
        Option("--practice", "solitaire practice for one player (one name at most)", switch=True),
        RESUME,
    ),
    seed_help=f"seed the shuffles and dice ({SEED_HELP})",
    resume_help="resume the most recent unfinished Vowl game (with no other option: the save keeps its own)",
    resume_keeps="the saved game keeps its own players, board, timers and seed.",
    start=start,
    new_game_screen=new_game_screen,
    session_screen=session_screen,
    validate_decks=validate_decks,
    check_ready=check_ready,
    ready_before_first_frame=False,  # the spell checker opens once the first screen has painted
    tools=tools,
    menu_items=menu_items,
)
