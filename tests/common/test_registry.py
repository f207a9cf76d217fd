"""The registry is data: every game's command line, setup and saves come from it alike."""

from __future__ import annotations

import ast
from pathlib import Path

import msgspec
import pytest

from boardgames.cli import main
from boardgames.common.game import LegalActions
from boardgames.common.saves import SaveFormatError
from boardgames.games import GAMES, RESUME, SEED, GameInfo, Option

PACKAGE = Path(__file__).resolve().parents[2] / "boardgames"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.key)
def test_no_game_imports_the_command_line(game: GameInfo) -> None:
    for path in (PACKAGE / game.key).glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                assert node.module != "boardgames.cli", path
            elif isinstance(node, ast.Import):
                assert "boardgames.cli" not in [a.name for a in node.names], path


def test_the_menu_says_how_many_play() -> None:
    assert [g.players for g in GAMES] == ["1–5 players", "2 players", "3–8 players"]


def _value(option: Option) -> list[str]:
    """A value the option accepts (a switch takes none)."""
    if option.switch:
        return []
    if option.choices:
        return [option.choices[0]]
    return {"--players": ["Ann,Bob,Cy"], "--timers": ["25,25,25"], "--timer": ["30"]}[option.flag]


CLASHES = [(game.key, option) for game in GAMES for option in game.entry.options if isinstance(option, Option)]


@pytest.mark.parametrize(("key", "option"), CLASHES, ids=lambda v: v if isinstance(v, str) else v.flag)
def test_resume_refuses_every_option_a_game_declares(
    capsys: pytest.CaptureFixture[str], key: str, option: Option
) -> None:
    assert main([key, RESUME, option.flag, *_value(option)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{RESUME} cannot be combined with {option.flag}: " in err


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.key)
def test_seed_and_resume_are_the_command_lines_own(game: GameInfo) -> None:
    entry = game.entry
    assert entry.clashes()[-1] == SEED and RESUME not in entry.clashes()
    assert [o for o in entry.options if isinstance(o, str)] == [SEED, RESUME] or SEED not in entry.options


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.key)
def test_each_setup_is_a_frozen_struct_that_a_save_must_hold_whole(game: GameInfo) -> None:
    spec = game.entry.spec
    assert (spec.key, spec.title) == (game.key, game.title)
    assert issubclass(spec.setup_type, msgspec.Struct) and spec.setup_type.__struct_config__.frozen
    with pytest.raises(SaveFormatError, match=f"not a {game.title} setup"):
        spec.setup_from_json({})


def test_legal_actions_ask_one_action_and_list_only_when_iterated() -> None:
    listed: list[int] = []

    def listing() -> list[int]:
        listed.append(1)
        return [2, 4]

    legal = LegalActions(lambda n: None if n % 2 == 0 else "odd", listing, kind=int)
    assert 4 in legal and 6 in legal and 3 not in legal and "4" not in legal
    assert listed == []
    assert list(legal) == [2, 4] and len(legal) == 2 and legal and listed
    assert LegalActions(lambda n: None, lambda: [], any_legal=lambda: True)
    assert not LegalActions(lambda n: None, list)
