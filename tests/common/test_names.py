"""``common.names``: one rule for players' names, at every door (command line, forms, saves)."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardgames.common.errors import UserFacingError
from boardgames.common.names import MAX_LENGTH, REFUSED_CATEGORIES, BadNames, clean_names, key, split_names


def problems(raw: list[str], at_least: int = 1, at_most: int = 8) -> tuple[str, ...]:
    with pytest.raises(BadNames) as info:
        clean_names(raw, at_least=at_least, at_most=at_most)
    return info.value.problems


def test_trimmed_and_inner_spaces_collapsed() -> None:
    assert clean_names([" Ann  Lee ", "Bob\u00a0\u00a0Roy", "Cy"], at_least=2, at_most=5) == (
        "Ann Lee",
        "Bob Roy",
        "Cy",
    )


def test_markup_is_a_valid_name_because_every_screen_shows_it_as_data() -> None:
    names = ("[/]Ann", "[@click=app.quit]Bob[/]", "[bold red]Cy[/]", "Dee\\")
    assert clean_names(list(names), at_least=2, at_most=5) == names


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("\x1b]0;pwn\x07Dee", "U+001B"),
        ("Ann\tLee", "U+0009"),
        ("Bob\nRoy", "U+000A"),
        ("Cy\u202eyC", "U+202E"),  # right-to-left override
        ("De\u200be", "U+200B"),  # zero-width space
        ("Eve\x9b", "U+009B"),  # C1 control sequence introducer
        ("Flo\u2028", "U+2028"),  # line separator
    ],
)
def test_control_and_format_characters_are_refused_not_altered(name: str, code: str) -> None:
    (problem,) = problems([name, "Zed"])
    assert code in problem and "printable" in problem
    # The message quotes the name with visible stand-ins: safe to print or show.
    assert not any(unicodedata.category(c) in REFUSED_CATEGORIES for c in problem)


def test_a_comma_is_refused_so_every_name_can_be_typed_on_the_command_line() -> None:
    (problem,) = problems(["Lee, Ann", "Bob"])
    assert "comma" in problem


def test_length_cap() -> None:
    ok = "x" * MAX_LENGTH
    assert clean_names([ok, "Bob"], at_least=2, at_most=2) == (ok, "Bob")
    (problem,) = problems(["y" * (MAX_LENGTH + 1), "Bob"])
    assert f"{MAX_LENGTH + 1} characters long" in problem and f"at most {MAX_LENGTH}" in problem
    (problem,) = problems(["z" * 10_000, "Bob"])
    assert len(problem) < 200  # a pasted novel is quoted cut short


def test_empty_names_are_refused() -> None:
    assert problems(["Ann", "", "Bob"]) == ("A player's name is empty: give every player a name.",)
    assert problems(["Ann", "   "]) == ("A player's name is empty: give every player a name.",)


def test_unique_ignoring_case_and_width_forms() -> None:
    (problem,) = problems(["Ann", "ANN"])
    assert "names must differ" in problem and '"ANN"' in problem
    (problem,) = problems(["Ann", "\uff21\uff4e\uff4e"])  # fullwidth Ａｎｎ
    assert "names must differ" in problem
    (problem,) = problems(["Ann  Lee", "ann lee"])  # the same once spaces are collapsed
    assert "names must differ" in problem


def test_how_many() -> None:
    assert problems(
        ["Ann"],
        2,
        5,
    ) == ("This game needs 2 to 5 players; 1 named.",)
    with pytest.raises(BadNames, match=r"^Vowl needs 2 to 5 players; 6 named\.$"):
        clean_names(list("ABCDEF"), at_least=2, at_most=5, game="Vowl")
    with pytest.raises(BadNames, match="is for one player: type exactly one name"):
        clean_names(["Ann", "Bob"], at_least=1, at_most=1, game="Solitaire practice")


def test_every_problem_at_once_and_it_is_a_user_facing_value_error() -> None:
    with pytest.raises(BadNames) as info:
        clean_names(["", "x" * 30, "Ann", "ann", "B\x07"], at_least=2, at_most=3, game="VNTYPL8S")
    err = info.value
    assert len(err.problems) == 5
    assert err.message == " ".join(err.problems)
    assert isinstance(err, UserFacingError) and isinstance(err, ValueError) and err.exit_code == 2


def test_split_names_only_splits() -> None:
    assert split_names(" Ann , Bob,") == [" Ann ", " Bob", ""]


# --- properties -------------------------------------------------------------------------------

printable_name = st.text(
    alphabet=st.characters(blacklist_categories=tuple(REFUSED_CATEGORIES), blacklist_characters=","),
    min_size=1,
    max_size=MAX_LENGTH,
).filter(lambda s: s.strip())


@given(st.lists(st.text(), max_size=6))
def test_clean_names_either_returns_clean_names_or_says_why(raw: list[str]) -> None:
    try:
        names = clean_names(raw, at_least=0, at_most=6)
    except BadNames as exc:
        assert exc.problems
        for problem in exc.problems:  # safe to print: nothing invisible or controlling (common.text)
            assert not any(unicodedata.category(c) in {"Cc", "Cf", "Cs", "Cn", "Zl", "Zp"} for c in problem)
        return
    assert len(names) == len(raw)
    for name in names:
        assert name == name.strip() and "  " not in name and 0 < len(name) <= MAX_LENGTH
        assert not any(unicodedata.category(c) in REFUSED_CATEGORIES for c in name)
        assert "," not in name
    assert len({key(n) for n in names}) == len(names)


@given(st.lists(printable_name, min_size=1, max_size=6, unique_by=lambda s: key(" ".join(s.split()))))
def test_cleaning_is_idempotent_and_keeps_printable_names(raw: list[str]) -> None:
    names = clean_names(raw, at_least=1, at_most=6)
    assert names == tuple(" ".join(n.split()) for n in raw)
    assert clean_names(list(names), at_least=1, at_most=6) == names


def test_several_empty_names_are_one_problem() -> None:
    assert problems(["Ann", "", " ", "Bob"]) == ("2 players' names are empty: give every player a name.",)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Zoe", "Zoë"),  # an accent alone
        ("Zo\u00eb", "Zoe\u0308"),  # one character, or an e and a combining diaeresis
        ("Ann Lee", "Änn Lée"),
        ("Jose", "JOSÉ"),
        ("Strasse", "STRAßE"),  # case folding: ß is ss
    ],
)
def test_names_differing_only_by_accents_or_their_encoding_are_one_player(first: str, second: str) -> None:
    (problem,) = problems([first, second])
    assert "names must differ" in problem and "accents" in problem


def test_names_with_accents_are_kept_as_typed_and_other_letters_still_differ() -> None:
    assert clean_names(["Zoë", "Léa", "Lia"], at_least=2, at_most=5) == ("Zoë", "Léa", "Lia")


def test_the_name_rule_imports_neither_rich_nor_textual() -> None:
    """Every engine reads names through this module: it must stay pure (the engines' law)."""
    from tests.conformance import laws

    assert laws.impurities("boardgames.common.names") == []
