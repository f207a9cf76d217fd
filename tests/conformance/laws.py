"""The laws of the game contract (``boardgames.common.game``), written once for every game.

Each law plays a seeded game with the game's adapter (``adapters``) and raises
``AssertionError`` saying what broke; ``test_laws`` runs them over the registry and
``test_controls`` shows each one failing on an engine that breaks it.
"""

from __future__ import annotations

import ast
import functools
import importlib.util
import random
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from boardgames.common.game import IllegalActionError, Seat, visible_to
from boardgames.common.handovers import TABLE, Handover, HandoverWords, Keyboard, NoCourtesy, Why, holder
from boardgames.common.saves import SaveStore
from boardgames.common.session import GameSession
from tests.conformance.adapters import Adapter
from tests.conformance.trees import MISSING, at, differing, nodes

#: View fields that say who looks and what they may do, not what they hold: the actors
#: law checks ``legal``; every other field where a seat's view differs is a secret.  Vowl's
#: ``answer`` is its rule for what this seat may type now (two racers at once both have one).
PERSONAL = frozenset({"viewer", "legal", "answer"})


# --- playing --------------------------------------------------------------------------------


def positions(adapter: Adapter, seed: int, game: Any | None = None) -> Iterator[tuple[Any, object]]:
    """(engine, the action the random player takes now), until the game ends or the bound;
    the caller applies the action before asking for the next position.  Now and then the
    action is "time ran out", when time runs."""
    game = adapter.build(seed) if game is None else game
    rng = random.Random(seed)
    player = adapter.player(random.Random(seed + 1))
    for _ in range(adapter.max_steps):
        if game.outcome() is not None:
            return
        action = adapter.time_up(game) if rng.random() < 0.1 else None
        if action is None or action not in game.legal_actions:
            action = player(game)
        yield game, action


def actions_of(adapter: Adapter, seed: int) -> list[object]:
    """Every action of a seeded random game, in order."""
    played = []
    for game, action in positions(adapter, seed):
        game.apply(action)
        played.append(action)
    return played


@functools.cache
def _universe(adapter: Adapter) -> tuple[object, ...]:
    """Actions that were legal somewhere (in other games): most are illegal at any one moment."""
    return tuple(dict.fromkeys(a for seed in (10_001, 10_002) for a in actions_of(adapter, seed)))


def state(game: Any) -> tuple[object, ...]:
    """What a refused action must leave as it was: every view, who acts, the outcome."""
    return tuple(game.view(s) for s in (None, *range(game.seats))), game.actors(), game.outcome()


# --- refusals -------------------------------------------------------------------------------


def check_refusal(game: Any, action: object) -> bool:
    """``in legal_actions`` exactly when ``why_illegal`` is ``None``; otherwise ``apply``
    raises the suite's one ``IllegalActionError`` with that action and reason, and nothing
    changes.  Whether *action* was refused."""
    reason = game.why_illegal(action)
    assert (action in game.legal_actions) == (reason is None), f"`in` and why_illegal disagree on {action!r}"
    if reason is None:
        return False
    assert isinstance(reason, str) and reason, f"why_illegal({action!r}) is not a reason: {reason!r}"
    before = state(game)
    try:
        game.apply(action)
    except IllegalActionError as error:
        assert error.action is action and error.reason == reason == str(error), (
            f"the refusal of {action!r} says {error.reason!r}, why_illegal {reason!r}"
        )
    except Exception as error:
        raise AssertionError(f"{action!r} was refused with {type(error).__name__}, not IllegalActionError") from error
    else:
        raise AssertionError(f"{action!r} was applied though why_illegal said {reason!r}")
    assert state(game) == before, f"the refused {action!r} changed the game"
    return True


def replayed(adapter: Adapter, seed: int, played: list[object]) -> Any:
    """A second copy of a seeded game, brought to the same position."""
    game = adapter.build(seed)
    for action in played:
        game.apply(action)
    return game


def check_accepted(game: Any, action: object) -> None:
    """What ``why_illegal`` calls legal, ``apply`` takes (on a copy: *game* is thrown away)."""
    try:
        game.apply(action)
    except Exception as error:
        raise AssertionError(f"{action!r} was said legal but apply raised {error!r}") from error


def refusals(adapter: Adapter, seed: int) -> int:
    rng = random.Random(seed)
    universe, refused = _universe(adapter), 0
    played: list[object] = []
    for game, action in positions(adapter, seed):
        listed = [a for _, a in zip(range(6), game.legal_actions, strict=False)]
        candidates = [*rng.sample(universe, min(8, len(universe))), *adapter.junk, *listed, adapter.time_up(game)]
        said_legal = [c for c in candidates if c is not None and not check_refusal(game, c)]
        refused += len(candidates) - len(said_legal)
        if len(played) % 10 == 0 and said_legal:  # now and then, on a copy: a copy costs a replay
            check_accepted(replayed(adapter, seed, played), rng.choice(said_legal))
        assert game.why_illegal(action) is None, f"the random player's {action!r} is illegal"
        game.apply(action)
        played.append(action)
    if game.outcome() is not None:
        for action in universe[:30]:
            assert check_refusal(game, action), f"{action!r} is legal in a finished game"
    return refused


# --- who acts -------------------------------------------------------------------------------


def check_actors(adapter: Adapter, game: Any) -> None:
    """Over ⇔ nobody acts ⇔ an outcome; a seat not among the actors has no legal action."""
    actors, outcome = game.actors(), game.outcome()
    assert all(0 <= s < game.seats for s in actors), f"actors {actors} are not seats"
    assert (outcome is not None) == (not actors), f"actors {set(actors)} with the outcome {outcome!r}"
    listed = [a for _, a in zip(range(500), game.legal_actions, strict=False)]
    if outcome is not None:
        assert not listed, f"the game is over but {listed[:3]} are legal"
        return
    assert listed, f"{set(actors)} act but no action is legal"
    if all(adapter.seat_of(game, action) is not None for action in listed):
        idle = actors - {adapter.seat_of(game, action) for action in listed}
        assert not idle, f"seats {idle} act but have no legal action"
    for action in listed:
        seat = adapter.seat_of(game, action)
        assert seat is None or seat in actors, f"{action!r} is legal for seat {seat}, not an actor ({set(actors)})"
    for seat in set(range(game.seats)) - actors:
        legal = getattr(game.view(seat), "legal", ())
        assert not legal, f"seat {seat} does not act but its view offers {legal[:3]}"


def actors(adapter: Adapter, seed: int) -> int:
    steps = 0
    for game, action in positions(adapter, seed):
        check_actors(adapter, game)
        game.apply(action)
        steps += 1
    check_actors(adapter, game)
    return steps


def winners(adapter: Adapter, seed: int) -> frozenset[int]:
    """A finished game's outcome says who won, in seats (``common.game.Outcome``)."""
    for game, action in positions(adapter, seed):
        game.apply(action)
    outcome = game.outcome()
    if outcome is None:
        return frozenset()  # not over within the bound: nothing to say
    found = getattr(outcome, "winners", None)
    assert isinstance(found, frozenset) and found <= set(range(game.seats)), f"{outcome!r} names no winners in seats"
    return found


# --- secrets --------------------------------------------------------------------------------


def values(tree: object) -> set[object]:
    """What a tree can show: its hashable nodes but numbers, truth values and ``None``
    (a count or a flag is everywhere and tells nothing alone)."""
    found = set()
    for _, node in nodes(tree):
        if node is None or isinstance(node, bool | int | float):
            continue
        try:
            found.add(node)
        except TypeError:
            continue
    return found


def private(mine: object, table: object) -> list[tuple[tuple[object, ...], object]]:
    """Where a seat's view (*mine*) shows more than the table's: (path, what it shows there)."""
    return [(p, node) for p, node in differing(mine, table) if p[:1] and p[0] not in PERSONAL]


class Look:
    """Every view of one position, and what each seat alone sees in it."""

    def __init__(self, game: Any) -> None:
        self.table = game.view(None)
        self.views = [game.view(seat) for seat in range(game.seats)]
        self.public = values(self.table)
        self.private = [private(mine, self.table) for mine in self.views]
        self.secrets = [set().union(*(values(node) for _, node in places)) - self.public for places in self.private]


def check_views(look: Look) -> None:
    """No seat's view shows, where another seat's shows a secret, the same thing."""
    for seat, places in enumerate(look.private):
        for path, node in places:
            if isinstance(node, tuple | frozenset | str) and not node:
                continue  # an empty hand tells nothing, whoever's it is
            for other, theirs in enumerate(look.views):
                seen = MISSING if other == seat else at(theirs, path)
                assert seen is MISSING or seen != node, f"seat {other} sees seat {seat}'s {node!r} at {path}"


def _words(value: object) -> set[str]:
    return {v for v in values(value) if isinstance(v, str) and len(v) >= 3}


def check_events(
    before: Look, after: Look, events: Iterable[object], sent: tuple[Seat | None, object] = (None, None)
) -> None:
    """No event tells a seat what another seat alone saw before it: unless the table sees
    it now (revealed), or the seat sees it itself (its own card, its own plate).  *sent*:
    who sent the action and the action (what a seat typed is its own, even when another
    seat's secret happens to be the same text)."""
    seats = range(len(before.views))
    own = [before.secrets[seat] | after.secrets[seat] for seat in seats]
    sender, action = sent
    if sender is not None:
        own[sender] = own[sender] | values(action)
    for event in events:
        text, shown = str(event), values(event)
        for seat in seats:
            for other in (s for s in seats if s != seat and visible_to(event, s)):
                hidden = before.secrets[seat] - after.public - own[other]
                told = shown & hidden
                told |= {w for w in _words(hidden) if re.search(rf"(?<!\w){re.escape(w)}(?!\w)", text)}
                assert not told, f"{event!r} ({text!r}) tells seat {other} seat {seat}'s {sorted(map(repr, told))}"


def secrecy(adapter: Adapter, seed: int) -> int:
    """Both checks at every position of a seeded game; how many secrets there were to keep."""
    kept, look = 0, None
    for game, action in positions(adapter, seed):
        look = Look(game) if look is None else look
        check_views(look)
        kept += sum(map(len, look.secrets))
        sender = adapter.seat_of(game, action)
        events = game.apply(action)
        after = Look(game)
        check_events(look, after, events, (sender, action))
        look = after
    return kept


# --- handovers -----------------------------------------------------------------------------


class TableWords(NoCourtesy):
    """Words for a game that has none of its own yet: what the incoming seat was told."""

    def title(self, engine: Any, seat: int | None, why: Why, seen: Sequence[object]) -> str:
        return ""

    def detail(self, engine: Any, seat: int | None, why: Why, seen: Sequence[object]) -> str:
        return " ".join(map(str, seen))


def check_words(handover: Handover, before: Look, after: Look) -> None:
    """A handover's words tell the incoming seat nothing another seat alone saw."""
    text = f"{handover.title} {handover.detail}"
    mine = set() if handover.seat is None else before.secrets[handover.seat] | after.secrets[handover.seat]
    for seat in range(len(after.views)):
        if seat == handover.seat:
            continue
        hidden = (before.secrets[seat] | after.secrets[seat]) - after.public - mine
        told = {str(v) for v in hidden if len(str(v)) >= 3 and re.search(rf"(?<!\w){re.escape(str(v))}(?!\w)", text)}
        assert not told, f"the handover to {handover.seat} ({text!r}) tells seat {seat}'s {sorted(told)}"


def handovers(adapter: Adapter, seed: int, words: HandoverWords | None = None) -> int:
    """Through a whole game, with the common policy (``common.handovers``) and the game's
    words: a seat's private view is drawn only after a handover to that seat, nothing
    private is drawn under a handover, and no handover's words tell another seat's secret."""
    engine = adapter.build(seed)
    keyboard = Keyboard(engine, words or adapter.words or TableWords())
    look, passed = Look(engine), 0
    opening = keyboard.first(resumed=False)
    if opening is not None:
        check_words(opening, look, look)
        keyboard.taken(opening)
    drawn = keyboard.seat
    for game, action in positions(adapter, seed, engine):
        events = game.apply(action)
        after = Look(game)
        handover = keyboard.after(events)
        if handover is not None:
            assert keyboard.seat is TABLE, (
                f"under the handover to {handover.seat}, seat {keyboard.seat}'s view is drawn"
            )
            check_words(handover, look, after)
            keyboard.taken(handover)
            passed += 1
        now = keyboard.seat
        private = now is not TABLE and after.private[now]
        assert now is TABLE or now == holder(game), (
            f"seat {now}'s view is drawn but seat {holder(game)} holds the keyboard"
        )
        assert not private or now == drawn or handover is not None, f"seat {now}'s secrets are drawn without a handover"
        drawn, look = now, after
    return passed


# --- save, resume ---------------------------------------------------------------------------


def resume(adapter: Adapter, seed: int, folder: Path) -> int:
    """A game saved after some actions resumes with every view as it was, and plays on as
    the unsaved one does (the chance to come included)."""
    played = actions_of(adapter, seed)
    try:
        whole = replayed(adapter, seed, played)
    except IllegalActionError as error:
        raise AssertionError(f"the same seed and actions made another game: {error}") from None
    over = whole.outcome() is not None
    cut = random.Random(seed).randint(1, max(1, len(played) - over))
    store = SaveStore(folder)
    session = GameSession.start(adapter.spec, adapter.setup(seed), seed, store=store)
    events: list[object] = []
    for action in played[:cut]:
        step = session.apply(action)
        assert step.applied, f"{action!r} refused in a session: {step.refusal}"
        events += step.events
    session.close()
    (record,) = store.unfinished(adapter.spec.key).records
    again = GameSession.resume(adapter.spec, record, store=store)
    try:
        assert state(again.engine) == state(session.engine), f"resumed after {cut} actions, the views differ"
        assert list(again.history) == events, "the replay's events are not the ones played"
        for action in played[cut:]:
            again.engine.apply(action)
        assert state(again.engine) == state(whole), "the resumed game played on differently"
    finally:
        again.close()
    return cut


# --- purity ---------------------------------------------------------------------------------

FORBIDDEN = ("textual", "rich", "enchant", "time")
#: ``random`` is allowed for its seeded generator only: never its module-level functions.
ALLOWED_RANDOM = frozenset({"Random"})


def _imports(tree: ast.AST, package: str | None) -> Iterator[tuple[str, int]]:
    """(module imported, line) for every import, type-checking blocks left out."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip |= {id(n) for stmt in node.body for n in ast.walk(stmt)}
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            yield from ((alias.name, node.lineno) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = (
                importlib.util.resolve_name("." * node.level + (node.module or ""), package)
                if node.level
                else node.module or ""
            )
            yield base, node.lineno
            yield from ((f"{base}.{alias.name}", node.lineno) for alias in node.names)


def impurities(module: str, read: Callable[[str], tuple[str, str] | None] | None = None) -> list[str]:
    """What *module* and everything of ours it imports do that an engine may not: import
    Textual, Rich, enchant or ``time``, or use ``random``'s global generator.

    *read(name)* gives a module's (source, file name), ``None`` for one not ours."""
    read = read or _read_ours
    found: list[str] = []
    seen: set[str] = set()
    todo = [module]
    parent: dict[str, str] = {}
    while todo:
        name = todo.pop()
        if name in seen or (source := read(name)) is None:
            continue
        seen.add(name)
        text, filename = source
        tree = ast.parse(text, filename)
        package = name if filename.endswith("__init__.py") else name.rpartition(".")[0]
        for imported, line in _imports(tree, package):
            root = imported.partition(".")[0]
            if root in FORBIDDEN:
                found.append(f"{_chain(name, parent)} imports {imported} (line {line})")
            elif root == "random" and imported not in ("random", *(f"random.{a}" for a in ALLOWED_RANDOM)):
                found.append(f"{_chain(name, parent)} imports {imported}, the global generator (line {line})")
            parent.setdefault(imported, name)
            todo.append(imported)
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == "random"
                and node.attr not in ALLOWED_RANDOM
            ):
                found.append(
                    f"{_chain(name, parent)} uses random.{node.attr}, the global generator (line {node.lineno})"
                )
    return found


def _chain(name: str, parent: dict[str, str]) -> str:
    """How the engine reaches *name*: ``a -> b -> name``."""
    chain = [name]
    while chain[-1] in parent and len(chain) < 20:
        chain.append(parent[chain[-1]])
    return " -> ".join(reversed(chain))


def _read_ours(name: str) -> tuple[str, str] | None:
    if name.partition(".")[0] not in ("boardgames", "tests"):
        return None
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return None  # an attribute imported from a module, not a module
    if spec is None or spec.origin is None or not spec.origin.endswith(".py"):
        return None
    return Path(spec.origin).read_text(encoding="utf-8"), spec.origin


def engine_module(adapter: Adapter) -> str:
    return type(adapter.build(0)).__module__
