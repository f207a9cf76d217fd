"""``boardgames uwo selfplay`` and the ``Player`` protocol it (and the computer opponent) uses."""

from __future__ import annotations

import random
import re

import pytest

from boardgames.cli import main
from boardgames.uwo.actions import Action
from boardgames.uwo.players import PLAYERS, GameResult, PlayerFactory, RandomPlayer, selfplay, selfplay_games
from boardgames.uwo.side import Side
from boardgames.uwo.view import UwoView

LINE = re.compile(r"games: (\d+) gnorfs: (\d+) pnorfs: (\d+) draws: (\d+) avg_turns: (\d+\.\d) p95_ms: (\d+\.\d)")
#: The decision times are measured, not seeded: the rest of the output must repeat.
TIMES = re.compile(r" p95_ms: \d+\.\d")


def test_selfplay_ends_with_the_summary_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["uwo", "selfplay", "--games", "6", "--seed", "3"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    m = LINE.fullmatch(out[-1])
    assert m is not None, out
    n, w, lost, d = (int(m.group(i)) for i in range(1, 5))
    assert n == 6 and w + lost + d == 6
    assert float(m.group(5)) > 0


def test_selfplay_is_seeded(capsys: pytest.CaptureFixture[str]) -> None:
    main(["uwo", "selfplay", "--games", "4", "--seed", "11", "--each"])
    first = TIMES.sub("", capsys.readouterr().out)
    main(["uwo", "selfplay", "--games", "4", "--seed", "11", "--each"])
    assert TIMES.sub("", capsys.readouterr().out) == first
    assert len(first.strip().splitlines()) == 5 and first.startswith("game 0: ")


def test_bad_arguments_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["uwo", "selfplay", "--games", "0"])
    assert exit_.value.code == 2
    assert "expected a whole number from 1 to 10000" in capsys.readouterr().err


class Spy:
    """A player that checks what it is shown: its own seat's view, never the other hand."""

    name = "spy"

    def __init__(self, side: Side, rng: random.Random) -> None:
        self.side = side
        self.inner = RandomPlayer(rng)
        self.calls = 0

    def choose(self, view: UwoView) -> Action:
        assert view.viewer is self.side and view.to_act is self.side
        assert view.sides[self.side.other].hand is None
        assert view.sides[self.side].hand is not None
        assert view.legal
        self.calls += 1
        return self.inner.choose(view)


def test_players_plug_in_and_see_only_their_own_view(monkeypatch: pytest.MonkeyPatch) -> None:
    spies: list[Spy] = []

    def make(side: Side, rng: random.Random) -> Spy:
        spies.append(Spy(side, rng))
        return spies[-1]

    summary = selfplay(3, 7, make, make)
    assert summary.games == 3 and len(spies) == 6 and all(s.calls for s in spies)
    monkeypatch.setitem(PLAYERS, "spy", make)
    assert main(["uwo", "selfplay", "--games", "1", "--gnorfs", "spy"]) == 0


def test_the_random_player_gives_every_kind_of_action_a_chance() -> None:
    from boardgames.uwo.actions import EndTurn, Morph, Move

    legal = [Morph("wisp", s) for s in range(10)] + [Move(0, 5), EndTurn()]
    picks = [RandomPlayer(random.Random(i)).pick(legal) for i in range(300)]
    shares = {t: sum(isinstance(p, t) for p in picks) / 300 for t in (Morph, Move, EndTurn)}
    assert all(0.25 < v < 0.42 for v in shares.values()), shares


def test_random_self_play_builds_no_view_and_plays_the_same_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """The random player is handed the legal actions alone; the games are the same as when
    it chose from the view (the Spy above, which wraps the random player, still does)."""
    from boardgames.uwo.engine import Game

    spied = [(r.outcome, r.turns) for r in _results(Spy)]
    views = 0
    real_view = Game.view

    def counting(self: Game, seat: Side | None) -> UwoView:
        nonlocal views
        views += 1
        return real_view(self, seat)

    monkeypatch.setattr(Game, "view", counting)
    plain = [(r.outcome, r.turns) for r in _results(lambda side, rng: RandomPlayer(rng))]
    assert views == 0
    assert plain == spied


def _results(make: PlayerFactory) -> list[GameResult]:
    return list(selfplay_games(4, 5, make, make))


def test_the_benchmarks_engine_baseline_plays_the_same_games_as_selfplay(monkeypatch: pytest.MonkeyPatch) -> None:
    """``benchmarks/run.py``'s "uwo selfplay" row compares self-play with the engine alone:
    on other games (about a fifth shorter) the ratio measured the games, not the harness."""
    from pathlib import Path

    bench = Path(__file__).resolve().parents[2] / "benchmarks"
    monkeypatch.syspath_prepend(str(bench))  # run.py imports its folder's helpers by name
    from benchmarks.run import uwo_engine_alone

    summary = selfplay(4, 0)
    decisions = sum(len(r.times[0]) + len(r.times[1]) for r in summary.results)
    assert uwo_engine_alone(4, 0) == decisions
