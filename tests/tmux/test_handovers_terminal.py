"""In a real terminal, a fast double Enter never skips a handover, in every game.

The real ``boardgames`` command runs in tmux at the size its game needs (UWO's
``MIN_SIZE``, 110×34; VNTYPL8S at 80×24; Vowl at a size that also shows its
feedback line, see ``VOWL_SIZE``).  Each test plays to a handover with real keys, and the key that
confirms the last action is sent together with two more Enters (tmux send-keys,
one after another: the hand still on the key).  Then, polling the screen:

- the handover is still there once it says it takes keys (its "Ready when you
  are" line appears only after a moment of quiet, so the Enters were handled);
- no secret of the incoming player, nor of the outgoing one, is on screen;
- Space (``take_keyboard``) hands over, and the incoming player's secret shows.

The secrets are known independently of the screen where the deal can be rebuilt
from the seed (UWO, VNTYPL8S, as the command line deals them); Vowl's racer
reads the card off the screen and solves it with the suite's own dictionary.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable

import pytest

from boardgames.app import BoardgamesApp
from boardgames.common.dictionary import get_dictionary
from boardgames.common.skeleton import SkeletonMatcher
from boardgames.common.ui.handover import ARMED_TEXT
from tests.tmux import harness
from tests.tmux.harness import Terminal, needs_tmux

pytestmark = [needs_tmux, pytest.mark.tmux]

#: The harness's rest between two looks at the screen.
POLL = getattr(harness, "POLL", 0.1)

#: The handover's line once it takes keys ("Ready when you are: press Space ...").
ARMED = ARMED_TEXT.split(":")[0]


def first_seed(app_seed: int) -> int:
    """The seed ``boardgames <game> --seed app_seed`` deals its first game from."""
    return BoardgamesApp(seed=app_seed).new_seed()


def on_screen(secret: str, screen: str) -> bool:
    """*secret* as a whole word ("hat" is not in "that")."""
    return re.search(rf"(?<![A-Za-z0-9]){re.escape(secret)}(?![A-Za-z0-9])", screen) is not None


def leaked(secrets: list[str], screen: str) -> list[str]:
    return [s for s in secrets if on_screen(s, screen)]


def look_until(term: Terminal, ok: Callable[[str], bool], what: str, timeout: float = 30.0) -> str:
    """Poll the screen at the harness's cadence, within its bound, until *ok(screen)*.

    A look can catch a frame half drawn, so *ok* checks everything the test then
    asserts is there, never one text standing for the rest of the frame."""
    screen = ""
    for _ in range(max(1, round(timeout / POLL))):
        screen = term.screen()
        if ok(screen):
            return screen
        time.sleep(POLL)
    raise AssertionError(f"never on screen: {what}; the screen was:\n{screen}")


def still_covered(term: Terminal, headline: str, secrets: list[str], timeout: float = 30.0) -> list[str]:
    """After the fast Enters, look again and again until the handover takes keys again
    ("Ready when you are"): on every look it is still up and no secret is on screen.
    Returns every look, for secrets learnt only later."""
    looks = [term.wait_for(headline, timeout)]
    for _ in range(max(1, round(timeout / POLL))):
        screen = looks[-1]
        assert "Traceback" not in screen, screen
        assert headline in screen, f"the handover is gone:\n{screen}"
        assert not leaked(secrets, screen), f"{leaked(secrets, screen)} on screen during the handover:\n{screen}"
        if ARMED in screen:
            return looks
        time.sleep(POLL)
        looks.append(term.screen())
    raise AssertionError(f"the handover never took keys again; the screen was:\n{looks[-1]}")


# --- UWO ----------------------------------------------------------------------------------


def uwo_hands(app_seed: int) -> dict[str, list[str]]:
    """Each side's hand as the hand panel draws it ("1 Bazooka"), for ``uwo --seed app_seed``."""
    from boardgames.uwo.side import Side
    from boardgames.uwo.spec import SPEC, UwoSetup

    game = SPEC.build(UwoSetup(), first_seed(app_seed))
    return {
        side.title: [f"Your hand ({side.title})"]
        + [f"{i + 1} {kind.name}" for i, kind in enumerate(game.view(side).sides[side].hand or ())]
        for side in (Side.GNORFS, Side.PNORFS)
    }


def test_uwo_a_double_enter_after_an_attack_keeps_the_defenders_handover(terminal) -> None:
    from boardgames.uwo.screen import UwoScreen

    hands = uwo_hands(4)
    term = terminal(["uwo", "--seed", "4"], *UwoScreen.MIN_SIZE)
    term.take_keyboard("Gnorfs, take the keyboard")
    term.wait_for("Your hand (Gnorfs)")
    term.keys("Enter", "Up", "Enter")  # the Trooper on c2 steps to c3
    term.wait_for("G c3")  # the Trooper stands on c3
    term.keys("e")
    term.answer("End the turn?", "y")
    term.take_keyboard("Pnorfs, take the keyboard")
    term.wait_for("Your hand (Pnorfs)")
    term.keys("e")
    term.answer("End the turn?", "y")
    term.take_keyboard("Gnorfs, take the keyboard")
    term.wait_for("Your hand (Gnorfs)")
    # The cursor is back on c3: the Trooper attacks c5, confirmed with Enter, and Enter Enter.
    term.keys("Enter", "Up", "Up", "Enter", "Enter", "Enter")
    headline = "Pnorfs, you are attacked"
    still_covered(term, headline, hands["Pnorfs"] + hands["Gnorfs"])
    term.take_keyboard(headline)
    screen = look_until(
        term,
        lambda screen: "You are attacked!" in screen and all(on_screen(card, screen) for card in hands["Pnorfs"]),
        "the attacked Pnorfs' whole hand",
    )
    assert not leaked(hands["Gnorfs"][:1], screen), screen  # "Your hand (Gnorfs)"


# --- VNTYPL8S -----------------------------------------------------------------------------


def test_vntypl8s_a_double_enter_on_a_handed_in_plate_keeps_the_next_writers_handover(terminal) -> None:
    from boardgames.vntypl8s.screen import MIN_SIZE
    from boardgames.vntypl8s.spec import Vntypl8sSetup, build_game
    from tests.vntypl8s.helpers import legal_plate

    players = ("Ann", "Bob", "Cy")
    game = build_game(Vntypl8sSetup(players), first_seed(11))

    def cards(seat: int) -> list[str]:
        me = game.view(seat).players[seat]
        return [me.owner, me.requirements]

    term = terminal(["vntypl8s", "--players", ",".join(players), "--seed", "11"], *MIN_SIZE)
    for seat, name in enumerate(players[:2]):  # Ann, then Bob, write a plate
        term.take_keyboard(f"{name}, take the keyboard")
        look_until(
            term, lambda screen, seat=seat: all(on_screen(card, screen) for card in cards(seat)), f"{name}'s cards"
        )
        plate = legal_plate(game, seat, meet=True)
        term.type(plate.lower())  # the editor upper-cases
        term.wait_for("legal plate: Enter to hand it in")
        if seat == 0:
            term.keys("Enter")
    # Bob's plate: Enter hands it in, and Enter Enter follow at once.
    term.keys("Enter", "Enter", "Enter")
    headline = "Cy, take the keyboard"
    still_covered(term, headline, cards(2) + cards(1) + [" ".join(plate)])
    term.take_keyboard(headline)
    screen = look_until(term, lambda screen: all(on_screen(card, screen) for card in cards(2)), "Cy's cards")
    assert not leaked(cards(1) + cards(0) + [" ".join(plate)], screen), screen


# --- Vowl ---------------------------------------------------------------------------------

#: The face-up card as the card face draws it: capitals three spaces apart, alone on a line
#: inside its frame (under the big letters where the card has room for them).
CARD = re.compile(r"│\s+((?:[A-Z]   )+[A-Z])\s+│")
SOLVED = re.compile(r"(\d+) of (\d+) solved")


def one_card(screen: str) -> bool:
    return len(CARD.findall(screen)) == 1


#: Larger than Vowl's MIN_SIZE (80×24), so the feedback line under the answer box has
#: room to spare: a racer's verdict ("✓ hat — accepted") would show here if it were kept.
VOWL_SIZE = (120, 40)


def test_vowl_a_double_enter_on_the_last_answer_keeps_the_second_racers_handover(terminal) -> None:
    matcher = SkeletonMatcher(get_dictionary())
    term = terminal(["vowl", "--players", "Ann Lee,Bob Roy", "--seed", "6"], *VOWL_SIZE)
    term.wait_for("press R to roll")
    term.keys("r")  # head-to-head: Ann Lee races first
    term.take_keyboard("Ann Lee, take the keyboard")
    words: list[str] = []
    skeletons: list[str] = []
    while True:
        screen = look_until(term, lambda screen: one_card(screen) and bool(SOLVED.search(screen)), "Ann Lee's card")
        solved, total = map(int, SOLVED.search(screen).groups())  # type: ignore[union-attr]
        skeleton = CARD.findall(screen)[0].replace(" ", "")
        word = matcher.solutions(skeleton)[0]
        skeletons.append(skeleton)
        words.append(word)
        term.type(word)
        term.wait_for(f" {word} ")  # in the answer box
        if solved + 1 < total:
            term.keys("Enter")
            term.wait_for(f"{solved + 1} of {total} solved")
            continue
        term.keys("Enter", "Enter", "Enter")  # her last answer, and the hand still on Enter
        break
    headline = "Bob Roy, take the keyboard"
    secrets = [*words, *("   ".join(s) for s in skeletons), "accepted"]
    looks = still_covered(term, headline, secrets)
    term.take_keyboard(headline)
    screen = look_until(
        term, lambda screen: "Bob Roy: solve the card!" in screen and one_card(screen), "Bob Roy's first card"
    )
    card = CARD.findall(screen)[0]  # Bob Roy's own first card is face up for him now ...
    assert not leaked(secrets, screen), f"Bob Roy sees Ann Lee's {leaked(secrets, screen)}:\n{screen}"
    assert not any(card in look for look in looks)  # ... and was not during the handover
