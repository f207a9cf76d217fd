"""UWO's card catalog: the kinds of UMO, read from ``decks/uwo/cards.txt``.

The file format is documented in the file's own header.  The catalog is data so
that balance can be tuned without touching the engine; the engine only knows the
five *roles* (troop, regular, bazooka, rider, dynamite), because those carry the
rulebook's special rules.  Loading checks everything the engine relies on, and a
mistake is reported as a ``DeckError`` naming the file and the line.
"""

from __future__ import annotations

import enum
import functools
import re
from dataclasses import dataclass
from pathlib import Path

from boardgames.common.decks import DeckError, DeckLine, deck_path, read_lines

#: Cards per side besides the energy and evasion cards (rulebook, "Game Components").
DECK_SIZE = 40
#: The regular troops fill each side's first two rows of five (rulebook, "Beginning the Game").
TROOPS = 10
CATALOG_FILE = "cards.txt"

_KEY = re.compile(r"[a-z]+")
_NAME = re.compile(r"[A-Za-z]{1,9}")
_RANGE_COST = re.compile(r"(\d+)/(\d+)")


class Role(enum.Enum):
    """What a kind is for; the special roles carry the rulebook's "red exclamation mark" rules."""

    TROOP = "troop"
    REGULAR = "regular"
    BAZOOKA = "bazooka"
    RIDER = "rider"
    DYNAMITE = "dynamite"

    @property
    def special(self) -> bool:
        return self in (Role.BAZOOKA, Role.RIDER, Role.DYNAMITE)


_RULE_TEXT = {
    Role.TROOP: "Regular troop: the ten of them start on the board.",
    Role.REGULAR: "",
    Role.BAZOOKA: "Out of play after each shot, until the end of its owner's next turn.",
    Role.RIDER: (
        "Rides up to 3 steps, turning if it likes, over enemies (they are trampled out of play), "
        "never over friends; cannot attack; out of play after a ride."
    ),
    Role.DYNAMITE: (
        "Its attack blows up itself and every UMO on the 8 squares around; no evasion. "
        "May attack right after morphing if it has not moved."
    ),
}


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Kind:
    """One kind of UMO card, as printed.

    Kinds are singletons of their catalog, so they compare (and hash) by identity:
    cheap in the engine's hot path.
    """

    key: str
    name: str
    role: Role
    count: int
    move: int
    move_cost: int
    #: How far it shoots; 0 when it cannot attack (the rider); 1 for dynamite (the blast).
    attack: int
    attack_cost: int
    #: Keys of the kinds that cannot attack this one.
    shield: frozenset[str]
    #: Its position in the catalog (fast lookups in the engine).
    index: int = 0

    def __repr__(self) -> str:
        return f"Kind({self.key})"

    @property
    def can_attack(self) -> bool:
        return self.attack > 0

    @property
    def rule_text(self) -> str:
        return _RULE_TEXT[self.role]

    def shields_against(self, attacker: Kind) -> bool:
        return attacker.key in self.shield

    def move_text(self) -> str:
        unit = "step" if self.role is Role.RIDER else "square"
        plural = "" if self.move == 1 else "s"
        turns = ", turns allowed" if self.role is Role.RIDER else ""
        return f"{self.move} {unit}{plural}{turns}, {self.move_cost} energy"

    def attack_text(self) -> str:
        if self.role is Role.DYNAMITE:
            return f"blast (8 squares around), {self.attack_cost} energy"
        if not self.can_attack:
            return "cannot attack"
        return f"range {self.attack}, {self.attack_cost} energy"


@dataclass(frozen=True)
class Catalog:
    """Every kind, each side's 40 cards, and the energy and evasion supply."""

    kinds: tuple[Kind, ...]
    energy: int
    evasion: int
    path: Path

    @functools.cached_property
    def by_key(self) -> dict[str, Kind]:
        return {k.key: k for k in self.kinds}

    @functools.cached_property
    def card_kinds(self) -> tuple[Kind, ...]:
        """Card id -> kind: each side's cards are numbered 0..39 in catalog order."""
        return tuple(k for k in self.kinds for _ in range(k.count))

    @functools.cached_property
    def _roles(self) -> dict[Role, Kind]:
        return {k.role: k for k in self.kinds if k.role is not Role.REGULAR}

    def of_role(self, role: Role) -> Kind:
        """The one kind of a special role (or the troop); not for ``Role.REGULAR``."""
        return self._roles[role]

    @functools.cached_property
    def rider_key(self) -> str:
        return self.of_role(Role.RIDER).key

    @property
    def troop(self) -> Kind:
        return self.of_role(Role.TROOP)

    @property
    def deck_size(self) -> int:
        return len(self.card_kinds)

    def __getitem__(self, key: str) -> Kind:
        return self.by_key[key]


def _fields(line: DeckLine, words: list[str], allowed: set[str]) -> dict[str, str]:
    fields: dict[str, str] = {}
    for word in words:
        key, sep, value = word.partition("=")
        if not sep or not value:
            raise line.error(f"expected key=value, found {word!r}")
        if key not in allowed:
            raise line.error(f"unknown field {key!r} (allowed: {', '.join(sorted(allowed))})")
        if key in fields:
            raise line.error(f"field {key!r} is given twice")
        fields[key] = value
    missing = allowed - fields.keys()
    if missing:
        raise line.error(f"missing field(s): {', '.join(sorted(missing))}")
    return fields


def _int(line: DeckLine, field: str, text: str, low: int, high: int) -> int:
    if not text.isdigit():
        raise line.error(f"{field} must be a whole number, found {text!r}")
    value = int(text)
    if not low <= value <= high:
        raise line.error(f"{field} must be between {low} and {high}, found {value}")
    return value


def _range_cost(line: DeckLine, field: str, text: str) -> tuple[int, int]:
    m = _RANGE_COST.fullmatch(text)
    if m is None:
        raise line.error(f"{field} must look like RANGE/COST (e.g. 2/1), found {text!r}")
    rng = _int(line, f"{field} range", m.group(1), 1, 5)
    cost = _int(line, f"{field} cost", m.group(2), 1, 6)
    return rng, cost


_KIND_FIELDS = {"name", "role", "count", "move", "attack", "shield"}


def parse_kind(line: DeckLine, index: int) -> tuple[Kind, list[str]]:
    """A ``kind`` line -> the kind and its shield keys (checked once every kind is known)."""
    words = line.text.split()
    if len(words) < 2:
        raise line.error("a kind line needs a key after 'kind'")
    key = words[1]
    if not _KEY.fullmatch(key):
        raise line.error(f"kind key {key!r} must be lower-case letters")
    f = _fields(line, words[2:], _KIND_FIELDS)
    if not _NAME.fullmatch(f["name"]):
        raise line.error(f"name {f['name']!r} must be 1 to 9 letters")
    try:
        role = Role(f["role"])
    except ValueError:
        raise line.error(f"unknown role {f['role']!r} (one of: {', '.join(r.value for r in Role)})") from None
    count = _int(line, "count", f["count"], 1, DECK_SIZE)
    move, move_cost = _range_cost(line, "move", f["move"])
    attack_text = f["attack"]
    if role is Role.DYNAMITE:
        if not attack_text.startswith("blast/"):
            raise line.error("a dynamite's attack must be blast/COST")
        attack, attack_cost = 1, _int(line, "attack cost", attack_text[6:], 1, 6)
    elif role is Role.RIDER:
        if attack_text != "-":
            raise line.error("a rider cannot attack: its attack must be '-' (rulebook, Rider UMO)")
        attack, attack_cost = 0, 0
        if (move, move_cost) != (3, 2):
            raise line.error("a rider moves up to 3 steps for 2 energy: move=3/2 (rulebook, Rider UMO)")
    else:
        if attack_text == "-" or attack_text.startswith("blast"):
            raise line.error(f"only the rider has no attack and only dynamite blasts; {key} needs RANGE/COST")
        attack, attack_cost = _range_cost(line, "attack", attack_text)
    shield = [] if f["shield"] == "-" else f["shield"].split(",")
    for s in shield:
        if not _KEY.fullmatch(s):
            raise line.error(f"shield entry {s!r} must be a kind key")
    if len(set(shield)) != len(shield):
        raise line.error("shield names a kind twice")
    kind = Kind(key, f["name"], role, count, move, move_cost, attack, attack_cost, frozenset(shield), index)
    return kind, shield


def parse_supply(line: DeckLine) -> tuple[str, int]:
    words = line.text.split()
    if len(words) < 2 or words[1] not in ("energy", "evasion"):
        raise line.error("a supply line is 'supply energy count=N' or 'supply evasion count=N'")
    f = _fields(line, words[2:], {"count"})
    return words[1], _int(line, f"{words[1]} count", f["count"], 1, 20)


def parse_catalog(path: Path) -> Catalog:
    """Read and check one catalog file (``DeckError`` naming file and line on any problem)."""
    kinds: list[Kind] = []
    lines: dict[str, DeckLine] = {}
    shields: dict[str, list[str]] = {}
    supply: dict[str, int] = {}
    for line in read_lines(path):
        record = line.text.split()[0]
        if record == "kind":
            kind, shield = parse_kind(line, len(kinds))
            if kind.key in lines:
                raise line.error(f"kind {kind.key!r} is already defined on line {lines[kind.key].number}")
            if any(k.name == kind.name for k in kinds):
                raise line.error(f"another kind is already named {kind.name!r}")
            kinds.append(kind)
            lines[kind.key] = line
            shields[kind.key] = shield
        elif record == "supply":
            what, count = parse_supply(line)
            if what in supply:
                raise line.error(f"supply {what} is given twice")
            supply[what] = count
        else:
            raise line.error(f"unknown record {record!r}: lines start with 'kind' or 'supply'")
    for what in ("energy", "evasion"):
        if what not in supply:
            raise DeckError(path, None, f"missing the line 'supply {what} count=N'")
    energy = supply["energy"]
    by_key = {k.key: k for k in kinds}
    for kind in kinds:
        line = lines[kind.key]
        for s in shields[kind.key]:
            if s not in by_key:
                raise line.error(f"shield names {s!r}, which is not a kind in this file")
            if by_key[s].role is Role.DYNAMITE:
                raise line.error("no shield may name dynamite: its blast ignores shields (docs/rules/uwo.md U9)")
        if kind.move_cost > energy or kind.attack_cost > energy:
            raise line.error(f"a cost above the energy supply ({energy}) could never be paid")
    for role in Role:
        having = [k for k in kinds if k.role is role]
        if role is not Role.REGULAR and len(having) != 1:
            raise DeckError(path, None, f"expected exactly one kind with role={role.value}, found {len(having)}")
    troop = next(k for k in kinds if k.role is Role.TROOP)
    if troop.count != TROOPS:
        raise lines[troop.key].error(f"the troops fill two rows of five: count must be {TROOPS}")
    total = sum(k.count for k in kinds)
    if total != DECK_SIZE:
        raise DeckError(path, None, f"each side has {DECK_SIZE} UMO cards; the counts add up to {total}")
    bazooka = next(k for k in kinds if k.role is Role.BAZOOKA)
    rider = next(k for k in kinds if k.role is Role.RIDER)
    if rider.key not in bazooka.shield:
        raise lines[bazooka.key].error(
            f"the bazooka's shield must name the rider ({rider.key}): "
            "a Rider UMO cannot attack the Bazooka UMO (rulebook)"
        )
    return Catalog(tuple(kinds), energy, supply["evasion"], path)


@functools.cache
def load_catalog() -> Catalog:
    """The catalog the game plays with (read once)."""
    return parse_catalog(deck_path("uwo", CATALOG_FILE))
