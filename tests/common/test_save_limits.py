"""What a player types cannot make a save the game cannot read back.

A Vowl answer box took a 10,000-character paste; 220 such answers made a 2.2 MB save,
written without a word, then refused at the next start (over the 2 MiB a save may
be) and set aside: the game was lost.  Now every box has a length cap, a paste longer
than the room left is cut, and a save that would be too large is not written: the
players are told once, play goes on, and the file on disk stays the last one that
can be read.
"""

from __future__ import annotations

from pathlib import Path

from textual import events
from textual.app import App, ComposeResult

from boardgames.common.names import MAX_LENGTH as MAX_NAME
from boardgames.common.saves import SAVE_LIMIT, Autosaver, SaveRecord, SaveStore, read_record
from boardgames.common.ui.text_input import TextInput
from boardgames.vowl.actions import Answer
from tests.screen import wait_for


class Boxes(App[None]):
    def compose(self) -> ComposeResult:
        yield TextInput(id="answer")
        yield TextInput(id="name", max_length=2 * MAX_NAME)


async def test_a_huge_paste_is_cut_to_the_boxs_length() -> None:
    app = Boxes()
    async with app.run_test() as pilot:
        box = app.query_one("#answer", TextInput)
        box.focus()
        await wait_for(pilot, lambda: app.focused is box, "the box to have the focus")
        app.post_message(events.Paste("ab" * 5000))
        await wait_for(pilot, lambda: box.value != "", "the paste")
        assert box.value == ("ab" * 5000)[: TextInput.MAX_LENGTH]
        box.value = "word"
        box.cursor_position = 2
        app.post_message(events.Paste("x" * 10_000))  # into the middle: what fits, where it was pasted
        await wait_for(pilot, lambda: box.value != "word", "the second paste")
        assert box.value == "wo" + "x" * (TextInput.MAX_LENGTH - 4) + "rd"


async def test_every_box_has_a_cap_and_the_names_keep_theirs() -> None:
    app = Boxes()
    async with app.run_test():
        assert app.query_one("#answer", TextInput).max_length == TextInput.MAX_LENGTH == 64
        assert app.query_one("#name", TextInput).max_length == 2 * MAX_NAME


def test_a_save_that_would_be_too_large_is_not_written_and_the_last_one_stays_readable(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    saver = Autosaver(store, SaveRecord("vowl", {"names": ["Ann"]}, seed=1, title="Ann"))
    long_answer = "x" * 100_000  # ten of the pastes the box took before it had a cap: fewer writes
    warnings = [saver.record_action(Answer(long_answer, 1.0)) for _ in range(25)]
    told = [w for w in warnings if w]
    assert len(told) == 1, told  # said once; the game goes on
    assert "too large to save" in told[0] and "play continues" in told[0]
    saver.flush()
    path = tmp_path / "saves" / saver.record.filename
    assert 0 < path.stat().st_size <= SAVE_LIMIT
    listing = store.unfinished()
    assert listing.warnings == () and [r.id for r in listing.records] == [saver.record.id]
    kept = read_record(path)
    assert len(kept.actions) == SAVE_LIMIT // 100_000  # every move up to the last that fitted
    assert [p.name for p in (tmp_path / "saves").iterdir()] == [path.name]  # nothing set aside


def test_a_finished_game_too_large_for_the_history_is_said_and_kept(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    record = SaveRecord("vowl", {"names": ["Ann"]}, seed=1, title="Ann")
    record.actions.extend({"$type": "Answer", "word": "x" * 10_000, "elapsed": 1.0} for _ in range(220))
    warning = store.finish(record)
    assert warning is not None and "too large to save" in warning
    assert not (tmp_path / "history").exists() or list((tmp_path / "history").iterdir()) == []
