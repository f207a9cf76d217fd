"""Every registered game keeps the contract's laws (``laws``), over seeded random games.

Hypothesis picks the seeds (``derandomize``: the same ones every run, on any machine);
each game is played by its adapter's random player, a bounded number of steps.
"""

from __future__ import annotations

import functools
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from boardgames.common.game import Engine
from boardgames.games import GAMES, GameEntry, get_game
from tests.conformance import laws
from tests.conformance.adapters import ADAPTERS, VARIANTS, Adapter
from tests.fourth.registration import TEST_GAMES, register

KEYS = [*(g.key for g in GAMES), *TEST_GAMES]

#: A few seeds per game and law: deterministic, never stored, never timed (a busy machine is slow),
#: never shrunk (a smaller seed is no simpler game).
LAW = settings(
    max_examples=3,
    derandomize=True,
    database=None,
    deadline=None,
    report_multiple_bugs=False,
    phases=(Phase.explicit, Phase.generate),
    suppress_health_check=list(HealthCheck),
)
SEEDS = st.integers(0, 2**16)

#: What the games do not keep yet, each a law they break today; strict: once one keeps
#: it, its line must go.
GAPS: dict[tuple[str, str], str] = {}


@functools.cache
def adapter(key: str) -> Adapter:
    return {**ADAPTERS, **TEST_GAMES}[key]()


def params(law: str) -> list[object]:
    return [
        pytest.param(key, marks=pytest.mark.xfail(reason=GAPS[law, key], strict=True, raises=AssertionError))
        if (law, key) in GAPS
        else key
        for key in KEYS
    ]


def test_every_registered_game_has_an_adapter() -> None:
    assert {g.key for g in GAMES} <= set(ADAPTERS), "a registered game has no conformance adapter"


@pytest.mark.parametrize("key", KEYS)
def test_the_registry_entry_builds_a_contract_engine(key: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The registry's entry has the game's spec; its engines are the contract's, and only
    their own actions are actions to the spec (what a save may decode into)."""
    register(monkeypatch)
    entry, game = get_game(key).entry, adapter(key)
    assert isinstance(entry, GameEntry) and entry.spec.key == key and type(entry.spec) is type(game.spec)
    engine = game.build(1)
    assert isinstance(engine, Engine) and engine.seats >= 1
    first = next(iter(engine.legal_actions))  # type: ignore[call-overload]  # the contract says Container
    assert game.spec.is_action(first) and type(first).__name__ in game.spec.action_classes
    assert not any(game.spec.is_action(junk) for junk in game.junk)


@pytest.mark.parametrize("key", params("refusals"))
@LAW
@given(seed=SEEDS)
def test_an_illegal_action_is_refused_the_one_way_and_changes_nothing(key: str, seed: int) -> None:
    assert laws.refusals(adapter(key), seed) > 0


@pytest.mark.parametrize("key", params("actors"))
@LAW
@given(seed=SEEDS)
def test_only_actors_have_legal_actions_and_nobody_acts_once_it_is_over(key: str, seed: int) -> None:
    laws.actors(adapter(key), seed)


@pytest.mark.parametrize("key", params("winners"))
@LAW
@given(seed=SEEDS)
def test_an_outcome_names_its_winners_in_seats(key: str, seed: int) -> None:
    laws.winners(adapter(key), seed)


@pytest.mark.parametrize("key", params("secrets"))
@LAW
@given(seed=SEEDS)
def test_what_a_seat_alone_sees_no_other_seat_sees_or_hears(key: str, seed: int) -> None:
    laws.secrecy(adapter(key), seed)


@pytest.mark.parametrize("key", params("handovers"))
@LAW
@given(seed=SEEDS)
def test_the_keyboard_changes_hands_before_a_secret_is_drawn(key: str, seed: int) -> None:
    laws.handovers(adapter(key), seed)


@pytest.mark.parametrize("key", params("resume"))
@LAW
@given(seed=SEEDS)
def test_a_saved_game_resumes_as_it_was_and_plays_on_alike(key: str, seed: int) -> None:
    with tempfile.TemporaryDirectory() as folder:  # per example: hypothesis reuses the test's fixtures
        assert laws.resume(adapter(key), seed, Path(folder)) >= 1


#: Modules the engines reach that import what an engine may not, only inside a function
#: that the engines never call: each is a finding, listed here (for the games whose engine
#: reaches it) until it is split.  Vowl's engine imports no dictionary: its judge is given
#: to it (``vowl.judging``).
KNOWN_IMPURE: dict[str, dict[str, str]] = {}


def _known(line: str, key: str) -> bool:
    return any(known in line and key in games for known, games in KNOWN_IMPURE.items())


@pytest.mark.parametrize("key", KEYS)
def test_the_engine_imports_no_screen_clock_spell_checker_or_global_random(key: str) -> None:
    found = laws.impurities(laws.engine_module(adapter(key)))
    assert [line for line in found if not _known(line, key)] == []


def test_every_known_impurity_is_still_there() -> None:
    """An entry of ``KNOWN_IMPURE`` fixed at last (for a game) must leave the list."""
    found = {key: laws.impurities(laws.engine_module(adapter(key))) for key in KEYS}
    fixed = [
        (known, key)
        for known, games in KNOWN_IMPURE.items()
        for key in games
        if not any(known in line for line in found[key])
    ]
    assert fixed == []


@pytest.mark.parametrize("law", ["refusals", "actors", "winners", "secrecy", "handovers"])
@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("seed", [0, 1])
def test_a_rules_variant_keeps_the_laws(variant: str, law: str, seed: int) -> None:
    """VNTYPL8S's writers at once (P33, a hosted game): every writer acts, in any order."""
    getattr(laws, law)(VARIANTS[variant](), seed)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_a_rules_variant_resumes_as_it_was(variant: str, tmp_path: Path) -> None:
    assert laws.resume(VARIANTS[variant](), 3, tmp_path) >= 1
