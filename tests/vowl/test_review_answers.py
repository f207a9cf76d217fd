"""The turn review lists the most common answers first, and all on request.

The review cut each card's answers at ten, alphabetically: MN showed "mene, mon,
mun ..." and hid "mono".  Now ``decks/vowl/frequency.txt`` orders them and ``+``
("all answers", docs/keys.md) lifts the cut.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.app import App

from boardgames.common.decks import DeckError
from boardgames.common.dictionary import get_dictionary
from boardgames.common.skeleton import SkeletonMatcher
from boardgames.vowl import screen as vowl_screen
from boardgames.vowl.cards import Card, Tier, by_frequency, load_decks, load_frequencies
from boardgames.vowl.events import CardStatus, TurnCard, TurnSummary
from boardgames.vowl.kinds import Mode
from boardgames.vowl.modals import MAX_ALSO, ReviewScreen, review_table
from tests.screen import screen_text

MATCHER = SkeletonMatcher(get_dictionary())
ANN = "Ann Lee"


def summary_of(*skeletons: str, answer: str | None = None) -> TurnSummary:
    cards = tuple(TurnCard(Card(s, Tier.BASIC), 0, CardStatus.PASSED, answer) for s in skeletons)
    return TurnSummary(1, 0, Mode.SOLITAIRE, None, None, cards, (), None)


def answers_cell(summary: TurnSummary, **kwargs: bool) -> str:
    table = review_table(summary, MATCHER, **kwargs, names=(ANN,))
    return "".join(str(cell) for cell in table.columns[-1]._cells)  # the answers: the last column


def test_the_most_common_answers_come_first() -> None:
    cell = answers_cell(summary_of("MN"))
    assert cell.startswith("man, men")
    assert "mono" in cell  # cut off alphabetically before
    shown = cell.split(" (+")[0].split(", ")
    table = load_frequencies()
    assert [table.get(w, -1) for w in shown] == sorted((table.get(w, -1) for w in shown), reverse=True)


def test_by_frequency_puts_unknown_words_last_alphabetically() -> None:
    assert by_frequency(["zz", "b", "a", "c"], {"c": 5.0, "b": 3.0}) == ["c", "b", "a", "zz"]


def test_all_answers_lifts_the_cut() -> None:
    many = max((c.skeleton for cards in load_decks().values() for c in cards), key=lambda s: len(MATCHER.solutions(s)))
    words = MATCHER.solutions(many)
    assert len(words) > MAX_ALSO
    cut = answers_cell(summary_of(many))
    assert f"+{len(words) - MAX_ALSO} more: + shows all" in cut
    full = answers_cell(summary_of(many), show_all=True)
    assert sorted(full.split(", ")) == sorted(words) and "more" not in full


def test_every_answer_of_every_deck_card_has_a_frequency_or_is_rare() -> None:
    """The build wrote a frequency for every indexed word wordfreq knows: the deck
    cards' reference answers (all common, Zipf >= 3) are all there."""
    table = load_frequencies()
    missing = [w for cards in load_decks().values() for c in cards for w in c.answers if w not in table]
    assert missing == []


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ("savor", "expected a lower-case word"),
        ("savor 9.00", "above 8"),
        ("Savor 3.00", "lower-case"),
        ("savor 3.1", "frequency such as"),
    ],
)
def test_a_bad_frequency_line_names_file_and_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, line: str, problem: str
) -> None:
    (tmp_path / "vowl").mkdir()
    (tmp_path / "vowl" / "frequency.txt").write_text(f"# header\nsever 3.00\n{line}\n", encoding="utf-8")
    monkeypatch.setenv("BOARDGAMES_DECKS", str(tmp_path))
    load_frequencies.cache_clear()
    try:
        with pytest.raises(DeckError, match=problem) as caught:
            load_frequencies()
        assert caught.value.line == 3
    finally:
        load_frequencies.cache_clear()


async def test_the_review_key_shows_every_answer_and_the_footer_names_it() -> None:
    # The deck card with the most answers (MN had 11 until the SCOWL cross-check took
    # "mon" and "mun" away): more than the review shows before "+".
    many = max((c.skeleton for cards in load_decks().values() for c in cards), key=lambda s: len(MATCHER.solutions(s)))
    assert len(MATCHER.solutions(many)) > MAX_ALSO
    summary = summary_of(many, "ST")

    class ReviewHost(App):
        CSS_PATH = Path(vowl_screen.__file__).with_name("vowl.tcss")

        def on_mount(self) -> None:
            self.push_screen(ReviewScreen(summary, MATCHER, (ANN,)))  # seat 0 is Ann

    app = ReviewHost()
    async with app.run_test(size=(160, 50)) as pilot:
        for _ in range(20):
            await pilot.pause()
            if isinstance(app.screen, ReviewScreen):
                break
        await pilot.pause(0.3)
        text = screen_text(app)
        assert "All answers" in text  # the footer
        assert "shows all" in text
        rarest = by_frequency(MATCHER.solutions(many))[-1]  # past the tenth: cut
        assert rarest not in text.split(many, 1)[1].split("ST", 1)[0].replace(",", " ").split()
        await pilot.press("plus")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen) and app.screen.show_all
        flat = " ".join(screen_text(app).split())
        assert "shows all" not in flat
        assert rarest in flat.replace(",", " ").split()
