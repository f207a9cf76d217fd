"""Every dictionary failure is one clear paragraph (exit 3), and only
the word games need the dictionary at all.

- a bad ``PYENCHANT_LIBRARY_PATH`` (pyenchant raises AssertionError, OSError or
  AttributeError at import) and an empty or garbage ``en_US.dic`` (hunspell loads it
  without a word) both end as ``DictionaryUnavailable``;
- UWO, ``uwo selfplay``, VNTYPL8S's favourites and the main menu run without it;
  opening Vowl or VNTYPL8S from the menu says what to install and the menu stays.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from textual.screen import Screen

from boardgames.cli import build_parser, main, preflight
from boardgames.common import dictionary
from boardgames.common.dictionary import (
    SANITY_NON_WORDS,
    SANITY_WORDS,
    Dictionary,
    DictionaryUnavailable,
    get_dictionary,
    sanity_check,
)

ROOT = Path(__file__).resolve().parents[2]
INSTALL = "sudo apt-get install libenchant-2-2 hunspell-en-us"


def run(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "boardgames", *args],
        capture_output=True,
        text=True,
        env={**os.environ, **env},
        cwd=ROOT,
        timeout=120,
    )


def assert_paragraph(result: subprocess.CompletedProcess[str], *phrases: str) -> None:
    assert result.returncode == 3, result.stderr
    assert "Traceback" not in result.stderr
    assert result.stdout == ""
    for phrase in phrases:
        assert phrase in result.stderr


# --- pyenchant cannot load its C library ----------------------------------------------


@pytest.mark.parametrize(
    "library",
    ["/nonexistent", "/etc/hostname"],  # AssertionError (no such file), OSError (not a library)
)
def test_a_bad_library_path_is_one_paragraph(library: str) -> None:
    result = run("vowl", "check", "SVR", "savor", env={"PYENCHANT_LIBRARY_PATH": library})
    assert_paragraph(result, "spell-checker library", INSTALL, f"PYENCHANT_LIBRARY_PATH is set to {library!r}")


# --- a word list that loads but knows nothing ------------------------------------------


class Words:
    def __init__(self, words: set[str] | None) -> None:
        self.words = words  # None: knows every string

    def check(self, word: str) -> bool:
        return self.words is None or word in self.words


def test_the_sanity_check_passes_a_real_word_list() -> None:
    sanity_check(Dictionary(Words(set(SANITY_WORDS) | {"other"})))
    sanity_check(get_dictionary())


@pytest.mark.parametrize(
    ("words", "says"),
    [
        (set(), "does not know common words"),
        ({"the", "and"}, "does not know common words (house"),
        (None, "accepts strings that are not words"),
    ],
)
def test_the_sanity_check_refuses_an_empty_or_garbage_list(words: set[str] | None, says: str) -> None:
    with pytest.raises(DictionaryUnavailable, match=r"\(en_US\) hunspell dictionary") as caught:
        sanity_check(Dictionary(Words(words)))
    assert says in caught.value.message
    assert "--reinstall hunspell-en-us" in caught.value.message
    assert caught.value.exit_code == 3


def test_the_sanity_words_are_words_and_the_non_words_are_not() -> None:
    real = get_dictionary()
    assert all(real.check(w) for w in SANITY_WORDS)
    assert not any(real.check(w) for w in SANITY_NON_WORDS)


@pytest.mark.parametrize("content", [b"", b"2\ngarbage\x00\xff\nzz\n"])
def test_an_empty_or_garbage_en_us_dic_is_one_paragraph(tmp_path: Path, content: bytes) -> None:
    """enchant 2's hunspell provider reads ``$ENCHANT_CONFIG_DIR/hunspell`` before the system's."""
    words = tmp_path / "enchant" / "hunspell"
    words.mkdir(parents=True)
    (words / "en_US.dic").write_bytes(content)
    (words / "en_US.aff").write_bytes(b"")
    result = run("vowl", "solve", "SVR", env={"ENCHANT_CONFIG_DIR": str(tmp_path / "enchant")})
    assert_paragraph(result, "empty or damaged", str(words / "en_US.dic"), "--reinstall hunspell-en-us")


# --- only the word games need it -------------------------------------------------------


@pytest.fixture
def no_dictionary(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The spell checker is missing: loading it raises the install paragraph."""

    def missing() -> Dictionary:
        raise DictionaryUnavailable(f"The spell-checker library is not installed.\nInstall it with:\n{INSTALL}")

    get_dictionary.cache_clear()
    monkeypatch.setattr(dictionary, "load_enchant_dictionary", missing)
    yield
    get_dictionary.cache_clear()  # the next test loads the real one again


def test_no_command_opens_the_dictionary_before_its_first_frame(no_dictionary: None) -> None:
    """A word game opens it once its first screen has painted, a tool when it
    judges (both below); nothing before that needs it, the menu and UWO never do."""
    parse = build_parser().parse_args
    for args in (
        [],
        ["uwo"],
        ["uwo", "selfplay"],
        ["vntypl8s", "favourites"],
        ["vowl"],
        ["vowl", "solve", "SVR"],
        ["vntypl8s"],
        ["vntypl8s", "check", "B", "--owner", "X"],
    ):
        preflight(parse(args))


def test_uwo_selfplay_runs_without_the_dictionary(no_dictionary: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["uwo", "selfplay", "--games", "1", "--seed", "0"]) == 0
    assert capsys.readouterr().out.startswith("games: 1 ")


def test_word_game_commands_fail_early_with_the_paragraph(
    no_dictionary: None, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A tool before it prints anything; a game just after its first frame, before any
    answer: the paragraph on the terminal and exit status 3 either way."""
    from boardgames import app as app_module

    def headless(self: app_module.BoardgamesApp, **options: object) -> object:
        return app_module.App.run(self, headless=True, size=(80, 24))

    monkeypatch.setattr(app_module.BoardgamesApp, "run", headless)
    for args in (
        ["vowl", "--players", "Ann,Bob"],
        ["vntypl8s", "--players", "Ann,Bob,Cy"],
        ["vowl"],
        ["vntypl8s"],
        ["vowl", "solve", "SVR"],
    ):
        assert main(args) == 3, args
        err = capsys.readouterr().err
        assert INSTALL in err and err.startswith("boardgames: "), args


def test_uwo_and_selfplay_run_with_a_bad_library_path() -> None:
    result = run("uwo", "selfplay", "--games", "1", env={"PYENCHANT_LIBRARY_PATH": "/nonexistent"})
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("games: 1 ")


async def test_the_menu_opens_and_a_word_game_says_what_to_install(no_dictionary: None) -> None:
    from textual.widgets import OptionList

    from boardgames.app import BoardgamesApp, MainMenu
    from tests.screen import record_notifications, settled, wait_for

    app = BoardgamesApp(seed=1)
    async with app.run_test(size=(100, 36)) as pilot:
        said = record_notifications(app)
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu) and app.screen.is_mounted, "the menu")
        menu = app.screen.query_one(OptionList)
        assert menu.get_option_at_index(0).id == "vowl"
        menu.highlighted = 0
        await pilot.press("enter")  # Vowl, as a player opens it
        await wait_for(pilot, lambda: any(INSTALL in s for s in said), "the install paragraph")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
        app.open_game("vntypl8s")  # what the menu and Ctrl+P "Play VNTYPL8S" call
        await wait_for(pilot, lambda: sum(INSTALL in s for s in said) == 2, "the paragraph again")
        assert isinstance(app.screen, MainMenu)
        app.open_game("uwo")  # UWO needs no dictionary
        await wait_for(pilot, lambda: getattr(app.screen, "GAME", None) == "uwo", "the UWO screen")
        await wait_for(pilot, lambda: settled(app), "the UWO screen mounted")  # never leave mid-mount


@pytest.mark.parametrize(
    ("platform", "os_release", "system", "says"),
    [
        ("linux", "ID=ubuntu\nID_LIKE=debian\n", "debian", "sudo apt-get install libenchant-2-2 hunspell-en-us"),
        ("linux", 'ID="fedora"\n', "fedora", "sudo dnf install enchant2 hunspell-en-US"),
        ("linux", 'ID=rocky\nID_LIKE="rhel centos fedora"\n', "fedora", "dnf"),
        ("linux", "ID=arch\n", "arch", "pacman"),
        ("darwin", None, "macos", "sudo port install enchant2 +hunspell"),
        ("win32", None, "windows", "pip install --force-reinstall pyenchant"),
    ],
)
def test_the_paragraph_names_the_fix_for_this_system(
    platform: str, os_release: str | None, system: str, says: str
) -> None:
    from boardgames.common.dictionary import install_help, install_system

    assert install_system(platform, os_release) == system
    assert says in install_help(system)
    assert "\n" not in install_help("debian")  # one line: the exact command, nothing else


def test_an_unknown_system_is_given_every_fix() -> None:
    from boardgames.common.dictionary import install_system

    assert install_system("linux", "ID=someos\n") is None
    assert install_system("freebsd14") is None
    from boardgames.common import dictionary

    listed = dictionary._help(dictionary.INSTALL, None)
    for line in ("Debian/Ubuntu:", "Fedora:", "macOS:", "Windows:"):
        assert line in listed


# --- the word list is opened after the first frame ----------------------------


def cli_start(monkeypatch: pytest.MonkeyPatch, *argv: str) -> Callable[[], Screen]:
    """What ``boardgames ARGV`` would open, taken from its app instead of running it."""
    from boardgames.app import BoardgamesApp

    starts: list[Callable[[], Screen]] = []

    def run(self: BoardgamesApp, *args: object, **kwargs: object) -> None:
        assert self._start is not None
        starts.append(self._start)

    with monkeypatch.context() as patch:
        patch.setattr(BoardgamesApp, "run", run)
        assert main(list(argv)) == 0
    return starts[0]


@pytest.mark.parametrize(
    "argv", [("vowl", "--players", "Ann,Bob", "--seed", "1"), ("vntypl8s", "--players", "Ann,Bob,Cy", "--seed", "1")]
)
async def test_a_word_game_opens_its_word_list_after_its_first_frame(
    monkeypatch: pytest.MonkeyPatch, argv: tuple[str, ...]
) -> None:
    """Neither the command nor the game's setup opens the spell checker (enchant 7 MiB, its
    word list 30 ms and 10 MiB); it is opened once the game's screen has painted."""
    from boardgames.app import BoardgamesApp
    from tests.screen import wait_for

    real = dictionary.load_enchant_dictionary
    app = BoardgamesApp(seed=1)
    painted: list[bool] = []

    def loading() -> Dictionary:
        painted.append(any(getattr(s, "GAME", None) and s.is_mounted for s in app.screen_stack))
        return real()

    get_dictionary.cache_clear()
    monkeypatch.setattr(dictionary, "load_enchant_dictionary", loading)
    start = cli_start(monkeypatch, *argv)
    assert painted == []  # the command line and the game's setup read no word list
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(start())
        await wait_for(pilot, lambda: painted != [], "the word list opened")
        assert painted == [True]
    get_dictionary.cache_clear()


def test_a_damaged_word_list_ends_the_game_with_the_paragraph(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """enchant loads but the word list fails its sanity check, found once the game's first
    frame is up: the game leaves with the paragraph and status 3, as a tool does."""
    from boardgames import app as app_module

    def damaged() -> Dictionary:
        raise DictionaryUnavailable("The American English (en_US) hunspell dictionary does not know common words")

    def headless(self: app_module.BoardgamesApp, **options: object) -> object:
        return app_module.App.run(self, headless=True, size=(80, 24))

    get_dictionary.cache_clear()
    monkeypatch.setattr(dictionary, "load_enchant_dictionary", damaged)
    monkeypatch.setattr(app_module.BoardgamesApp, "run", headless)
    assert main(["vowl", "--players", "Ann,Bob", "--seed", "1"]) == 3
    err = capsys.readouterr().err
    assert err.strip() == "boardgames: The American English (en_US) hunspell dictionary does not know common words"
    get_dictionary.cache_clear()
