"""A corpus of hostile files: what a cat, a careless copy or an attacker could leave in the
data folder, generated from one good file of each kind.

Every case is a file name and the bytes to put there, and says *where* it must be
caught: ``LISTING`` (reading the file or its top-level schema: the menu and every
``--resume`` set it aside before anything is shown) or ``RESUME`` (it lists, and its
setup or an action fails on replay: ``GameSession.resume`` refuses it and the caller
sets it aside).  Special files (FIFO, links, a folder) are made by ``make_special``.

The good files each case is derived from are checked to list and resume (the
corpus tests do), so every bad case differs from a working save by one thing.
"""

from __future__ import annotations

import itertools
import json
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

GAMES = ("vowl", "uwo", "vntypl8s")
MIB = 1024 * 1024

#: Text that is dangerous on screen: markup that crashes, markup that acts, terminal escapes.
MARKUP = ("[/]", "[@click=app.quit]x[/]", "[bold red]x")
ESCAPES = ("\x1b]0;pwned\x07", "\x1b[2J\x1b[5m", "\u202eevil")
TRAVERSAL = ("x/../../../victim", "../victim", "/etc/passwd", "..", "a\\..\\b")


class Stage(Enum):
    LISTING = "listing"  # refused when the file is read: never listed
    RESUME = "resume"  # listed, refused when replayed


@dataclass(frozen=True)
class Case:
    """One hostile save: its file name, its bytes, and where it must be caught."""

    id: str
    game: str
    name: str
    content: bytes
    stage: Stage

    def write(self, saves: Path) -> Path:
        saves.mkdir(parents=True, exist_ok=True)
        path = saves / self.name
        path.write_bytes(self.content)
        return path


# --------------------------------------------------------------------------- good files


def good_setup(game: str) -> dict[str, Any]:
    if game == "vowl":
        return {"names": ["Ann", "Bob"], "timers": [25, 25], "advanced": False, "practice": False}
    if game == "uwo":
        return {"first_game": False, "computer": None}
    from boardgames.vntypl8s.spec import SPEC, Vntypl8sSetup

    return SPEC.setup_to_json(Vntypl8sSetup(("Ann", "Bob", "Cy")))


def good_actions(game: str) -> list[Any]:
    """A first action each game's rules accept (VNTYPL8S: none; a legal plate needs the judge)."""
    if game == "vowl":
        return [{"$type": "Roll"}]
    if game == "uwo":
        return [{"$type": "Move", "src": 7, "dst": 12}]  # c2-c3
    return []


def good_record(game: str, ident: str, updated: float = 1_700_000_000.0) -> dict[str, Any]:
    """A save of *game* that lists and resumes, as ``SaveRecord.to_json`` writes one."""
    return {
        "version": 1,
        "game": game,
        "id": ident,
        "setup": good_setup(game),
        "seed": 12345,
        "actions": good_actions(game),
        "title": f"a good {game} game",
        "started": updated - 60.0,
        "updated": updated,
        "finished": False,
    }


def dump(data: Any) -> bytes:
    return json.dumps(data, indent=1).encode()


# --------------------------------------------------------------------------- the corpus

#: Wrong values for each top-level field of a save (wrong types, out of range, hostile text).
BAD_FIELDS: dict[str, tuple[Any, ...]] = {
    "game": (None, 5, "", "Vowl", "../vowl", *MARKUP, *ESCAPES, "a" * 40, ["vowl"]),
    "id": (None, 5, "", *TRAVERSAL, "a.b", *MARKUP, *ESCAPES, "a" * 65, "abc def", True),
    "setup": (None, [], "x", 5, True),
    "seed": (None, "1", 1.5, True, -1, 2**64, 10**30, [], {}),
    "actions": (None, {}, "x", 5, True),
    "title": (None, 5, [], {}, True, "x" * 1001),
    "started": (None, "yesterday", True, -1, 1e20, 253402300800, [], {}),
    "updated": (None, "yesterday", True, -1, 1e20, 253402300800, [], {}),
    "finished": (None, 0, 1, "false", [], {}),
    "version": (None, 2, 0, True, "1", 1.0, [1]),
}

#: Raw texts: JSON Python reads that our code must not, and files that are not JSON.
RAW: dict[str, Callable[[dict[str, Any]], bytes]] = {
    "truncated": lambda r: dump(r)[:-20],
    "empty": lambda r: b"",
    "not-utf8": lambda r: dump(r).replace(b'"a good', b'"\xff\xfe good'),
    "utf8-bom": lambda r: b"\xef\xbb\xbf" + dump(r),
    "top-level-array": lambda r: dump([r]),
    "top-level-string": lambda r: b'"vowl"',
    "nan": lambda r: dump(r).replace(b'"seed": 12345', b'"seed": NaN'),
    "infinity": lambda r: dump(r).replace(b'"updated": 1700000000.0', b'"updated": Infinity'),
    "minus-infinity": lambda r: dump(r).replace(b'"updated": 1700000000.0', b'"updated": -Infinity'),
    "1e400": lambda r: dump(r).replace(b'"updated": 1700000000.0', b'"updated": 1e400'),
    "huge-int": lambda r: dump(r).replace(b'"seed": 12345', b'"seed": ' + b"9" * 5000),
    "long-int": lambda r: dump(r).replace(b'"seed": 12345', b'"seed": ' + b"9" * 41),
    "deep-100000": lambda r: dump(r).replace(b'"actions": [', b'"actions": [' + b"[" * 100_000 + b"]" * 100_000 + b","),
    "deep-40": lambda r: dump(r).replace(b'"setup": {', b'"setup": {"x": ' + b"[" * 40 + b"]" * 40 + b","),
    "too-large": lambda r: dump(r) + b" " * (2 * MIB),
    "nul-byte": lambda r: dump(r).replace(b"{", b"\x00{", 1),
}

#: Wrong setups, per game: each is refused when the save is resumed.
BAD_SETUPS: dict[str, tuple[dict[str, Any], ...]] = {
    "vowl": (
        {},
        {"names": "Ann,Bob", "timers": [25, 25], "advanced": False, "practice": False},
        {"names": [1, 2], "timers": [25, 25], "advanced": False, "practice": False},
        {"names": ["Ann", "Bob"], "timers": ["25", "25"], "advanced": False, "practice": False},
        {"names": ["Ann", "Bob"], "timers": [25], "advanced": False, "practice": False},
        {"names": ["Ann", "Bob"], "timers": [25, 25.0], "advanced": False, "practice": False},
        {"names": ["Ann", "Bob"], "timers": [True, 25], "advanced": False, "practice": False},
        {"names": ["Ann", "Bob"], "timers": [25, 25], "advanced": "false", "practice": False},
        {"names": ["Ann", "Bob"], "timers": [25, 25], "advanced": False, "practice": 1},
        {"names": ["Ann", "Ann"], "timers": [25, 25], "advanced": False, "practice": False},
        {"names": [], "timers": [], "advanced": False, "practice": False},
        {"names": ["A"] * 50, "timers": [25] * 50, "advanced": False, "practice": False},
        {"names": ["Ann", "Bob"], "timers": [25, 10**30], "advanced": False, "practice": False},
    ),
    "uwo": (
        {},
        {"first_game": "false", "computer": None},
        {"first_game": 0, "computer": None},
        {"first_game": False, "computer": "easy"},
        {"first_game": False, "computer": []},
        {"first_game": False, "computer": {"level": ["easy"], "side": "gnorfs"}},
        {"first_game": False, "computer": {"level": "godlike", "side": "gnorfs"}},
        {"first_game": False, "computer": {"level": "easy", "side": "trolls"}},
        {"first_game": False, "computer": {"level": "easy", "side": 1}},
        {"first_game": False, "computer": {"level": "easy"}},
    ),
    "vntypl8s": (
        {},
        {"players": "Ann,Bob,Cy", "timer": None},
        {"players": [1, 2, 3], "timer": None},
        {"players": ["Ann", "Bob"], "timer": None},
        {"players": ["Ann", "Ann", "Cy"], "timer": None},
        {"players": ["Ann", "Bob", "Cy"], "timer": "60"},
        {"players": ["Ann", "Bob", "Cy"], "timer": True},
        {"players": ["Ann", "Bob", "Cy"], "timer": -5},
        {"players": ["Ann", "Bob", "Cy"], "timer": 10**9},
        {"players": ["Ann", "Bob", "Cy"], "timer": None, "decks": 5},
        {"players": ["Ann", "Bob", "Cy"], "timer": None, "decks": "0123456789abcdef"},
    ),
}

#: Codec damage any game's actions can hold (the issue's list, and more).
BAD_CODEC: tuple[Any, ...] = (
    {"$frozenset": [[1, 2]]},
    {"$dict": [1]},
    {"$dict": [[[1], 2]]},
    {"$tuple": 5},
    {"$frozenset": "ab"},
    {"$enum": "Nope", "value": 1},
    {"$type": "Nope"},
    {"$type": ["Roll"]},
    {"what": 1},
    {},
    5,
    "Roll",
    None,
    True,
    1.5,
    [],
    [{"$type": "Roll"}],
    {"$tuple": [1], "$type": "Roll"},
    {"$enum": 5, "value": 1},
    {"$tuple": [{"$tuple": [{"$tuple": []}]}]},
)

#: Actions of the right kind with wrong fields, per game.
BAD_ACTIONS: dict[str, tuple[Any, ...]] = {
    "vowl": (
        {"$type": "Answer", "word": 7},
        {"$type": "Answer", "word": "x", "elapsed": "3"},
        {"$type": "Answer", "word": "x", "elapsed": True},
        {"$type": "Answer", "word": "x", "extra": 1},
        {"$type": "Answer"},
        {"$type": "Roll", "x": 1},
        {"$type": "PlaceExtras", "on_top": "yes"},
        {"$type": "Card", "skeleton": "SVR", "tier": {"$enum": "Tier", "value": "green"}},  # not an action
        {"$type": "Revisit", "card": {"$type": "Roll"}},
        {
            "$type": "Revisit",
            "card": {"$type": "Card", "skeleton": "SVR", "tier": {"$enum": "Tier", "value": "purple"}},
        },
        {"$type": "Revisit", "card": {"$type": "Card", "skeleton": "SVR", "tier": {"$enum": "Tier"}}},
        {"$type": "Discard", "cards": [1, 2]},
        {"$type": "Discard", "cards": {"$frozenset": [1]}},
        {
            "$type": "Discard",
            "cards": {
                "$frozenset": [
                    {
                        "$type": "Card",
                        "skeleton": "SVR",
                        "tier": {"$enum": "Tier", "value": "green"},
                        "answers": {"$tuple": [1]},
                    }
                ]
            },
        },
        {"$type": "ChooseOpponent", "player": MARKUP[0]},  # well formed, refused by the rules
        {"$type": "Buzz", "player": ESCAPES[0]},
        {"$type": "StartRun"},  # well formed, but not now: the dice are rolled first
    ),
    "uwo": (
        {"$type": "Move", "src": "a", "dst": 12},
        {"$type": "Move", "src": True, "dst": 12},
        {"$type": "Move", "src": 7, "dst": 99},
        {"$type": "Move", "src": -1, "dst": 12},
        {"$type": "Move", "src": 7.0, "dst": 12},
        {"$type": "Move", "src": 7},
        {"$type": "Move", "src": 10**30, "dst": 12},
        {"$type": "Ride", "src": 7, "path": {"$tuple": ["a"]}},
        {"$type": "Ride", "src": 7, "path": [12]},
        {"$type": "Ride", "src": 7, "path": {"$tuple": []}},
        {"$type": "Morph", "kind": None, "square": 7},
        {"$type": "Morph", "kind": MARKUP[1], "square": 7},
        {"$type": "EndTurn", "drain": "yes"},
        {"$enum": "Side", "value": 5},
        {"$enum": "Side", "value": 0},
        {"$type": "Swap", "kind": ESCAPES[1]},
    ),
    "vntypl8s": (
        {"$type": "SubmitPlate", "player": 0, "plate": 7},
        {"$type": "SubmitPlate", "player": "0", "plate": "X"},
        {"$type": "SubmitPlate", "player": 99, "plate": "X"},
        {"$type": "SubmitPlate", "player": -1, "plate": "X"},
        {"$type": "SubmitPlate", "player": 0, "plate": MARKUP[0]},
        {"$type": "SubmitPlate", "player": 0, "plate": "X" * 100_000},
        {"$type": "WritingTimeUp", "player": True},
        {"$type": "Guess", "player": 0, "owner": 5},
        {"$type": "Guess", "player": 0, "owner": MARKUP[1]},
        {"$type": "NobodyKnows", "x": 1},
        {"$type": "NobodyKnows"},  # well formed, but not in the writing phase
        {"$type": "Standing", "player": 0, "name": "x", "owners": 0, "requirements": 0},  # not an action
    ),
}

#: File names in ``saves/`` that are not a save's (``<game>-<id>.json``).
BAD_NAMES = (
    "[@click=app.quit].json",
    "vowl-a.b.json",
    "vowl-\x1b[2J.json",
    "vowl-.json",
    "notes.json",
    "Vowl-abc.json",
    "vowl-[b]x.json",
)


def _case_id(text: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in text)[:60]


def _numbering(prefix: str) -> Callable[[], str]:
    """Case ids in the order asked for: ``c0001``, ``c0002``... for *prefix* ``c``."""
    numbers = itertools.count(1)
    return lambda: f"{prefix}{next(numbers):04d}"


def cases(game: str) -> Iterator[Case]:
    """Every hostile save of *game*: each a good save with one thing wrong."""
    ident = _numbering("c")

    for key, values in BAD_FIELDS.items():
        for value in values:
            i = ident()
            record = good_record(game, i)
            record[key] = value
            yield Case(
                f"{game}-{i}-{key}={_case_id(repr(value))}", game, f"{game}-{i}.json", dump(record), Stage.LISTING
            )
        i = ident()
        record = good_record(game, i)
        del record[key]
        yield Case(f"{game}-no-{key}", game, f"{game}-{i}.json", dump(record), Stage.LISTING)
    i = ident()
    yield Case(f"{game}-other-id", game, f"{game}-{i}.json", dump(good_record(game, "someoneelse")), Stage.LISTING)
    i = ident()
    other = next(g for g in GAMES if g != game)
    yield Case(
        f"{game}-other-game", game, f"{game}-{i}.json", dump({**good_record(game, i), "game": other}), Stage.LISTING
    )
    for label, make in RAW.items():
        i = ident()
        yield Case(f"{game}-raw-{label}", game, f"{game}-{i}.json", make(good_record(game, i)), Stage.LISTING)
    for setup in BAD_SETUPS[game]:
        i = ident()
        record = {**good_record(game, i), "setup": setup}
        yield Case(f"{game}-{i}-setup={_case_id(repr(setup))}", game, f"{game}-{i}.json", dump(record), Stage.RESUME)
    for action in (*BAD_CODEC, *BAD_ACTIONS[game]):
        i = ident()
        record = good_record(game, i)
        record["actions"] = [action]  # first, where the game is as dealt
        yield Case(f"{game}-{i}-action={_case_id(repr(action))}", game, f"{game}-{i}.json", dump(record), Stage.RESUME)
    i = ident()
    record = good_record(game, i)
    record["actions"] = [{"$tuple": [{"$tuple": []}]}] * 3 + [{"$type": "Roll"} for _ in range(40)]
    yield Case(f"{game}-action-many", game, f"{game}-{i}.json", dump(record), Stage.RESUME)


def all_cases() -> list[Case]:
    return [c for g in GAMES for c in cases(g)]


def name_cases() -> list[Case]:
    """Files whose *name* is not a save's: set aside when listed, whatever they hold."""
    return [
        Case(f"name-{_case_id(name)}", "vowl", name, dump(good_record("vowl", "abc")), Stage.LISTING)
        for name in BAD_NAMES
    ]


# --------------------------------------------------------------------------- special files


SPECIAL = ("fifo", "link-dev-zero", "link-outside", "link-dangling", "link-to-fifo", "folder", "link-loop")


def make_special(kind: str, saves: Path, name: str, outside: Path) -> Path:
    """A special file at ``saves/name``; *outside* is a good save outside the data folder."""
    saves.mkdir(parents=True, exist_ok=True)
    path = saves / name
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "link-dev-zero":
        path.symlink_to("/dev/zero")
    elif kind == "link-outside":
        path.symlink_to(outside)
    elif kind == "link-dangling":
        path.symlink_to(saves / "nothing-here")
    elif kind == "link-to-fifo":
        os.mkfifo(saves / "pipe")
        path.symlink_to(saves / "pipe")
    elif kind == "folder":
        path.mkdir()
        (path / "inside.json").write_text("{}")
    elif kind == "link-loop":
        path.symlink_to(path)
    else:
        raise ValueError(kind)
    return path


def fingerprint(path: Path) -> tuple[bytes, int]:
    """A file's bytes and modification time: what "untouched" means for a sentinel."""
    return path.read_bytes(), path.stat().st_mtime_ns


def aside_of(folder: Path, name: str) -> list[Path]:
    """What a bad file named *name* was set aside as (``<name>.corrupt-<stamp>``)."""
    return [p for p in folder.iterdir() if p.name.startswith(f"{name}.corrupt-")]


# --------------------------------------------------------------------------- version 2: a header line, then actions
#
# The same good saves written as version 2 writes them (``SaveRecord.to_text``), and what
# can be wrong with them: in the header (caught when listed, reading no further than the
# first line) or in the lines after it (listed, caught when resumed).

LINE_LIMIT = 64 * 1024  # saves.HEADER_LIMIT


def good_header(game: str, ident: str) -> dict[str, Any]:
    """The header line of ``good_record(game, ident)`` in version 2 (its actions counted)."""
    record = good_record(game, ident)
    actions = record.pop("actions")
    return {**record, "version": 2, "actions": len(actions)}


def lines(header: Any, actions: list[Any]) -> bytes:
    """A version-2 file: *header* on the first line, then one line per action."""
    return b"".join(json.dumps(v).encode() + b"\n" for v in (header, *actions))


def dump_v2(game: str, ident: str, /, **changed: Any) -> bytes:
    """``good_record(game, ident)`` as version 2, with *changed* header fields."""
    return lines({**good_header(game, ident), **changed}, good_actions(game))


#: Wrong header values: version 1's list, with the header's own ``actions`` (a count) and ``version``.
BAD_HEADER_FIELDS: dict[str, tuple[Any, ...]] = {
    **{k: v for k, v in BAD_FIELDS.items() if k not in ("actions", "version")},
    "actions": (None, -1, "1", 1.0, True, [], {}, [{"$type": "Roll"}], 2**40),
    "version": (None, 0, 3, 99, True, "2", 2.0, [2]),
}

#: Raw damage to the header line: each is refused reading at most the first line.
RAW_HEADER: dict[str, Callable[[bytes, bytes], bytes]] = {  # (header line, the rest) -> file
    "cut-header": lambda h, rest: h[:-20] + b"\n" + rest,
    "empty": lambda h, rest: b"",
    "only-a-newline": lambda h, rest: b"\n" + rest,
    "header-not-utf8": lambda h, rest: h.replace(b'"a good', b'"\xff\xfe good') + b"\n" + rest,
    "utf8-bom": lambda h, rest: b"\xef\xbb\xbf" + h + b"\n" + rest,
    "header-array": lambda h, rest: b"[" + h + b"]\n" + rest,
    "header-string": lambda h, rest: b'"vowl"\n' + rest,
    "nan": lambda h, rest: h.replace(b'"seed": 12345', b'"seed": NaN') + b"\n" + rest,
    "1e400": lambda h, rest: h.replace(b'"updated": 1700000000.0', b'"updated": 1e400') + b"\n" + rest,
    "long-int": lambda h, rest: h.replace(b'"seed": 12345', b'"seed": ' + b"9" * 41) + b"\n" + rest,
    "deep-40": lambda h, rest: (
        h.replace(b'"setup": {', b'"setup": {"x": ' + b"[" * 40 + b"]" * 40 + b", ") + b"\n" + rest
    ),
    "deep-100000": lambda h, rest: b"[" * 30_000 + b"]" * 30_000 + b"\n" + rest,
    "huge-header-line": lambda h, rest: h[:-1] + b', "pad": "' + b"x" * (LINE_LIMIT + 10) + b'"}\n' + rest,
    "no-newline-1.9MiB": lambda h, rest: h + b" " * (19 * MIB // 10),
    "binary": lambda h, rest: bytes(range(11, 256)) * 8000,  # no newline (byte 10) anywhere, 1.9 MB
    "binary-short-line": lambda h, rest: bytes(range(256)) * 10,  # a newline after 10 control bytes
    "nul-byte": lambda h, rest: b"\x00" + h + b"\n" + rest,
    "too-large": lambda h, rest: h + b"\n" + rest + b"\n" * (2 * MIB),  # refused by its size, never read
    "two-headers-on-one-line": lambda h, rest: h + b" " + h + b"\n" + rest,
}

#: Damage after the header: the file lists, and is refused when resumed.
RAW_BODY: dict[str, Callable[[bytes, list[bytes]], bytes]] = {  # (header line, action lines) -> file
    "garbage-body": lambda h, acts: h + b"\n" + b"\x00\xff garbage " * 10_000,
    "cut-short": lambda h, acts: h + b"\n" + b"\n".join([*acts, b'{"$type": "Ro']),
    "a-line-missing": lambda h, acts: h + b"\n",
    "a-line-too-many": lambda h, acts: h + b"\n" + b"".join(a + b"\n" for a in acts) + b'{"$type": "Roll"}\n',
    "blank-line": lambda h, acts: h + b"\n\n" + b"".join(a + b"\n" for a in acts),
    "not-json": lambda h, acts: h + b"\n" + b"this is not json\n" + b"".join(a + b"\n" for a in acts[1:]),
    "not-utf8": lambda h, acts: h + b"\n" + b'"\xff\xfe"\n' + b"".join(a + b"\n" for a in acts[1:]),
    "nan": lambda h, acts: (
        h + b"\n" + b'{"$type": "Answer", "word": "x", "elapsed": NaN}\n' + b"".join(a + b"\n" for a in acts[1:])
    ),
    "deep-40": lambda h, acts: h + b"\n" + b"[" * 40 + b"]" * 40 + b"\n" + b"".join(a + b"\n" for a in acts[1:]),
    "deep-100000": lambda h, acts: (
        h + b"\n" + b"[" * 100_000 + b"]" * 100_000 + b"\n" + b"".join(a + b"\n" for a in acts[1:])
    ),
    "two-actions-on-one-line": lambda h, acts: (
        h + b"\n" + b'{"$type": "Roll"}, {"$type": "Roll"}\n' + b"".join(a + b"\n" for a in acts[1:])
    ),
}


def header_cases(game: str) -> Iterator[Case]:
    """Every hostile version-2 save of *game*: a good one with one thing wrong."""
    ident = _numbering("h")

    acts = good_actions(game)
    for key, values in BAD_HEADER_FIELDS.items():
        for value in values:
            i = ident()
            yield Case(
                f"v2-{game}-{i}-{key}={_case_id(repr(value))}",
                game,
                f"{game}-{i}.json",
                dump_v2(game, i, **{key: value}),
                Stage.LISTING,
            )
        i = ident()
        header = good_header(game, i)
        del header[key]
        yield Case(f"v2-{game}-no-{key}", game, f"{game}-{i}.json", lines(header, acts), Stage.LISTING)
    i = ident()
    yield Case(f"v2-{game}-other-id", game, f"{game}-{i}.json", dump_v2(game, "someoneelse"), Stage.LISTING)
    i = ident()
    other = next(g for g in GAMES if g != game)
    yield Case(f"v2-{game}-other-game", game, f"{game}-{i}.json", dump_v2(game, i, game=other), Stage.LISTING)
    for label, make in RAW_HEADER.items():
        i = ident()
        head, *rest = dump_v2(game, i).split(b"\n", 1)
        yield Case(f"v2-{game}-raw-{label}", game, f"{game}-{i}.json", make(head, rest[0]), Stage.LISTING)
    roll = acts if acts else [*acts, {"$type": "Roll"}]  # a body of at least one line to damage
    for label, body in RAW_BODY.items():
        i = ident()
        head = json.dumps({**good_header(game, i), "actions": len(roll)}).encode()
        yield Case(
            f"v2-{game}-body-{label}",
            game,
            f"{game}-{i}.json",
            body(head, [json.dumps(a).encode() for a in roll]),
            Stage.RESUME,
        )
    for setup in BAD_SETUPS[game]:
        i = ident()
        yield Case(
            f"v2-{game}-{i}-setup={_case_id(repr(setup))}",
            game,
            f"{game}-{i}.json",
            dump_v2(game, i, setup=setup),
            Stage.RESUME,
        )
    for action in (*BAD_CODEC, *BAD_ACTIONS[game]):
        i = ident()
        yield Case(
            f"v2-{game}-{i}-action={_case_id(repr(action))}",
            game,
            f"{game}-{i}.json",
            lines({**good_header(game, i), "actions": 1}, [action]),
            Stage.RESUME,
        )


def count_reads(monkeypatch: Any) -> list[int]:
    """The sizes of every read ``boardgames.common.storage`` makes from now on (through
    its ``_read``), for a test's *monkeypatch*: how many bytes listing costs."""
    from boardgames.common import storage

    sizes: list[int] = []
    real = storage._read  # noqa: SLF001

    def counting(fd: int, size: int) -> bytes:
        chunk = real(fd, size)
        sizes.append(len(chunk))
        return chunk

    monkeypatch.setattr(storage, "_read", counting)
    return sizes


def all_header_cases() -> list[Case]:
    return [c for g in GAMES for c in header_cases(g)]
