"""The log's plain words for Vowl's events."""

from __future__ import annotations

from boardgames.common.skeleton import Rejection, Verdict
from boardgames.vowl.cards import Card, Tier
from boardgames.vowl.events import AnswerRejected, Rolled, RunFinished, RunResult, TurnStarted
from boardgames.vowl.judging import Ruling
from boardgames.vowl.kinds import Mode
from boardgames.vowl.narrate import describe
from boardgames.vowl.track import ModeFace

SVR = Card("SVR", Tier.BASIC)
#: The players' names by seat: events hold seats, the log words them with these.
TABLE = ("Ann", "Bob", "[b]Bob")


def test_roll_lines() -> None:
    assert describe(Rolled(0, 3, ModeFace.SOLITAIRE, Mode.SOLITAIRE, False), TABLE) == "Ann rolled 3 and solitaire."
    forced = describe(Rolled(0, 4, ModeFace.HEAD_TO_HEAD, Mode.SOLITAIRE, True), TABLE)
    assert forced is not None and "head-to-head: solitaire" in forced and "Within 2 spaces" in forced
    assert "selection mode" in (describe(Rolled(0, 4, ModeFace.PARTNER, Mode.SELECTION, False), TABLE) or "")
    assert describe(Rolled(0, 4, None, Mode.SOLITAIRE, False), TABLE) == "Ann rolled 4."


def test_rejection_gives_the_reason() -> None:
    verdict = Ruling.of(Verdict("savior", False, Rejection.DOES_NOT_FIT, "double vowel IO"))
    line = describe(AnswerRejected(0, SVR, verdict), TABLE)
    assert line is not None and "savior" in line and "double vowel IO" in line


def test_run_results() -> None:
    done = describe(RunFinished(RunResult(0, 4, 4, True, 12.34), timed_out=False), TABLE)
    assert done == "Ann got through all 4 cards in 12.3 s."
    late = describe(RunFinished(RunResult(1, 1, 3, False, None), timed_out=True), TABLE)
    assert late == "Time! Bob solved 1 of 3."


def test_turn_header() -> None:
    assert describe(TurnStarted(0, 7), TABLE) == "[b]Turn 7: Ann[/b]"


def test_counts_agree_with_their_nouns() -> None:
    from boardgames.vowl.events import GameWon

    assert describe(GameWon(0, 1, 1), TABLE) == "[b]Ann wins with 1 point (victory token on 1)![/b]"
    assert describe(GameWon(0, 10, 10), TABLE) == "[b]Ann wins with 10 points (victory token on 10)![/b]"


def test_race_lines_tell_both_results_with_their_times() -> None:
    """Interpretation V18: once the race is over, both racers' counts and times are told."""
    from boardgames.vowl.events import RaceDecided, RaceHow, RaceResult, RaceTied

    ann = RunResult(0, 4, 4, True, 8.04)
    bob = RunResult(1, 5, 5, True, 11.3)
    line = describe(RaceDecided(RaceResult(0, RaceHow.FASTER, (ann, bob))), TABLE)
    assert line == "Ann wins the race: both got through; the faster won (Ann 4 of 4 in 8.0 s; Bob 5 of 5 in 11.3 s)."
    late = RunResult(1, 2, 5, False, None)
    assert "Bob 2 of 5, out of time" in (describe(RaceTied((RunResult(0, 2, 4, False, None), late)), TABLE) or "")


def test_lock_outs_say_why_and_an_unanswered_card_says_nobody_wins_it() -> None:
    """Interpretations V10, V29, V30: the log tells how a buzzer lost the card."""
    from boardgames.vowl.events import CardUnanswered, LockedOut, LockOut

    fkt = Card("FKT", Tier.EXPERT)
    slip = Ruling.of(Verdict("t0lerate", False, Rejection.NOT_LETTERS))
    assert (
        describe(LockedOut(0, fkt, slip), TABLE) == "Ann is wrong (t0lerate: not letters) and locked out of this card."
    )
    assert describe(LockedOut(0, fkt, None, LockOut.PASSED), TABLE) == "Ann passed and is locked out of this card."
    assert describe(LockedOut(2, fkt, None, LockOut.OUT_OF_TIME), TABLE) == (
        "\\[b]Bob ran out of buzz time and is locked out of this card."  # a name stays data
    )
    assert describe(CardUnanswered(fkt, timed_out=False), TABLE) == "Both are locked out of FKT: nobody wins it."
    assert describe(CardUnanswered(fkt, timed_out=True), TABLE) == "Time! Nobody answered FKT: nobody wins it."
