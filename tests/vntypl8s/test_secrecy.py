"""Hidden information on one shared terminal: the rendered screen is
captured after every key of a whole four-player round, at every handover and every
step of every player, and no secret of a player who is not at the keyboard is on it.

Who is at the keyboard: nobody at a handover (it is public); the writer while their
editor (or their own "hand it in anyway?" question) is up; everyone while the table
looks at plates, reveals and scores.  A player's secrets are what their own view
shows and the public view hides: their 0WN3R (until it joins the grid), their
R3QRMNTS card and their plate (until revealed).  The decks are secret to everyone.
"""

from __future__ import annotations

import random

from textual.pilot import Pilot

from boardgames.app import BoardgamesApp
from boardgames.common.game import visible_to
from boardgames.common.ui.choice import ChoiceScreen
from boardgames.common.ui.handover import HandoverScreen
from boardgames.vntypl8s.engine import (
    Game,
    GameEnded,
    Phase,
    PlateRevealed,
    PlateSubmitted,
    RequirementsRevealed,
    RoundEnded,
    RoundStarted,
    SubmitPlate,
)
from boardgames.vntypl8s.screen import GuessScreen, Stage, Vntypl8sScreen
from boardgames.vntypl8s.widgets import CardView, grid_key
from tests.screen import pause_like_a_player, screen_text

from .helpers import FILLERS, answer, legal_plate, new_game
from .test_simulation import play_step
from .ui import SIZE, assert_not_shown, game_screen, make_app

PLAYERS = ("Ann", "Bob", "Cy", "Dee")


def private_strings(game: Game, player: int) -> list[str]:
    """What *player*'s own view shows that the public view hides, as it could be printed."""
    mine = game.view(player).players[player]
    public_view = game.view(None)
    public = public_view.players[player]
    out: list[str] = []
    if mine.owner and public.owner is None and mine.owner not in public_view.grid_layout:
        out.append(mine.owner)
    if mine.requirements and public.requirements is None:
        out.append(mine.requirements)
    if mine.plate and public.plate is None:
        out += [mine.plate, " ".join(mine.plate)]  # typed, and as the plate prints it
    return out


def deck_strings(game: Game) -> list[str]:
    """Cards still in the decks: nobody may see them, ever."""
    places = game.card_locations()
    return [*places["owner deck"], *places["requirements deck"]]


def at_keyboard(app: BoardgamesApp, screen: Vntypl8sScreen) -> set[int] | None:
    """Whose secrets may show now: one writer, ``None`` for nobody (a handover)."""
    if isinstance(app.screen, HandoverScreen):
        return None
    if screen.stage is Stage.WRITING and screen.writer is not None:
        assert app.screen is screen or isinstance(app.screen, ChoiceScreen), app.screen
        return {screen.writer}
    assert screen.stage is not Stage.HANDOVER or isinstance(app.screen, HandoverScreen)
    return None  # the table: public


class Recorder:
    """Checks the screen after every key and keeps count of what it saw."""

    def __init__(self, app: BoardgamesApp) -> None:
        self.app = app
        self.screen = game_screen(app)
        self.handovers = 0
        self.writing_steps = 0
        self.table_steps = 0

    def check(self) -> None:
        app, screen = self.app, self.screen
        game = screen.game
        text = screen_text(app)
        holder = at_keyboard(app, screen)
        absent = [p for p in range(len(game.players)) if holder is None or p not in holder]
        secrets = [s for p in absent for s in private_strings(game, p)] + deck_strings(game)
        assert_not_shown(text, secrets)
        if isinstance(app.screen, HandoverScreen):
            self.handovers += 1
            # Underneath the handover, the last writer's cards are already wiped.
            assert screen.query_one("#owner-card", CardView).content == ""
            assert screen.query_one("#req-card", CardView).content == ""
        elif holder is not None:
            self.writing_steps += 1
            (writer,) = holder
            me = game.view(writer).players[writer]
            assert me.owner in text and me.requirements in text  # the writer does see their own
        else:
            self.table_steps += 1

    async def press(self, pilot: Pilot, *keys: str) -> None:
        for key in keys:
            await pilot.press(key)
            self.check()

    async def deliberately(self, pilot: Pilot, *keys: str) -> None:
        """After a player's pause: a handover or a question takes keys only then."""
        await pilot.pause()
        pause_like_a_player(self.app)
        await self.press(pilot, *keys)


async def test_no_secret_of_an_absent_player_at_any_step_of_a_round() -> None:
    app, _ = make_app(players=PLAYERS)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        rec = Recorder(app)
        screen, game = rec.screen, rec.screen.game
        rec.check()
        # Writing, key by key; Cy's plate misses its card and asks first.
        while game.phase is Phase.WRITING:
            await rec.press(pilot, "enter", "enter")  # the last writer's double Enter: ignored
            assert isinstance(app.screen, HandoverScreen)
            await rec.deliberately(pilot, "space")
            writer = screen.writer
            assert writer is not None
            # Each writer's own filler: no plate can be read inside another.
            plate = legal_plate(game, writer, meet=writer != 2, fillers=(FILLERS[writer], *FILLERS[4:]))
            await rec.press(pilot, *plate.lower(), "enter")
            if writer == 2:
                assert isinstance(app.screen, ChoiceScreen)
                await rec.deliberately(pilot, "y")
        await rec.deliberately(pilot, "space")  # everyone gathers round
        assert screen.stage is Stage.PLATE and game.active == 0

        def key_of(owner: str) -> str:
            return grid_key(game.view(None).grid_layout.index(owner))

        def a_wrong_card() -> str:
            v = game.view(None)
            return next(o for o in v.grid_layout if o in v.grid and o != answer(game, v.active))

        # Ann's plate: Bob guesses wrong by key, Cy types part of the right title.
        await rec.press(pilot, "2", *key_of(a_wrong_card()))
        await rec.deliberately(pilot, "enter")
        assert 1 in game.view(None).locked_out
        await rec.press(pilot, "3")
        assert isinstance(app.screen, GuessScreen)
        await rec.press(pilot, *answer(game, 0).lower()[:5].replace(" ", ""))
        await rec.deliberately(pilot, "enter")
        await rec.deliberately(pilot, "enter")
        # Bob's plate: nobody knows.
        assert game.active == 1
        await rec.press(pilot, "0")
        await rec.deliberately(pilot, "y")
        await rec.deliberately(pilot, "enter")
        # Cy's plate: everyone else guesses wrong, so it is revealed.
        assert game.active == 2
        for buzzer in ("1", "2", "4"):
            await rec.press(pilot, buzzer, *key_of(a_wrong_card()))
            await rec.deliberately(pilot, "enter")
        assert screen.stage is Stage.REVEAL
        await rec.deliberately(pilot, "enter")
        # Dee's plate: Ann backs out (her chance is used, P29), then Bob guesses right.
        assert game.active == 3
        await rec.press(pilot, "1")
        await rec.deliberately(pilot, "escape")
        assert 0 in game.view(None).locked_out
        await rec.press(pilot, "2", *key_of(answer(game, 3)))
        await rec.deliberately(pilot, "enter")
        assert screen.stage is Stage.REVEAL
        await rec.deliberately(pilot, "enter")
        assert screen.stage is Stage.ROUND_END
        await rec.deliberately(pilot, "enter")  # round 2: Bob's handover
        assert game.round == 2 and isinstance(app.screen, HandoverScreen) and app.screen.player == "Bob"
        await rec.deliberately(pilot, "space")
        assert screen.writer == 1
        # Every kind of step was seen and checked.
        assert rec.handovers >= 6 and rec.writing_steps >= 20 and rec.table_steps >= 20


async def test_no_secret_under_the_writing_timer_running_out() -> None:
    """A writer whose time runs out is wiped before the next handover, like one who hands in."""
    app, clock = make_app(timer=30, players=PLAYERS)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        rec = Recorder(app)
        await rec.deliberately(pilot, "space")
        await rec.press(pilot, "q", "x")
        clock.advance(31)
        rec.screen.query_one("#timer").tick()
        await pilot.pause()
        rec.check()
        assert isinstance(app.screen, HandoverScreen) and app.screen.player == "Bob"
        assert_not_shown(screen_text(app), private_strings(rec.screen.game, 0))


def whole_game_events(seed: int = 4) -> tuple[Game, list[object]]:
    rng = random.Random(seed)
    game = new_game(3, seed=seed)
    events: list[object] = list(game.opening_events())
    while game.phase is not Phase.GAME_OVER:
        events += play_step(game, rng)
    return game, events


def test_only_a_handed_in_plate_is_private_and_only_to_its_writer() -> None:
    _, events = whole_game_events()
    assert {type(e) for e in events} >= {
        RoundStarted,
        PlateSubmitted,
        PlateRevealed,
        RequirementsRevealed,
        RoundEnded,
        GameEnded,
    }
    for e in events:
        if isinstance(e, PlateSubmitted):
            # It holds the plate and the writer's R3QRMNTS card until the reveal.
            assert e.audience == frozenset({e.player})
            assert visible_to(e, e.player) and not visible_to(e, None)
            assert not visible_to(e, (e.player + 1) % 3)
        else:
            assert e.audience is None and visible_to(e, None), e


def test_the_engine_names_the_players_in_its_events_and_no_public_wording_tells_a_secret() -> None:
    game = new_game(3, seed=6)
    secrets = [game.view(p).players[p].owner or "" for p in range(3)]
    events: list[object] = []
    for p in game.writing_order:
        events += game.apply(SubmitPlate(p, legal_plate(game, p, meet=p != 1)))
    submitted = [e for e in events if isinstance(e, PlateSubmitted)]
    assert [str(e) for e in submitted] == ["Ann handed in a plate.", "Bob handed in a plate.", "Cy handed in a plate."]
    for e in events:
        for secret in secrets:
            assert secret not in str(e)
    revealed = next(e for e in events if isinstance(e, PlateRevealed))
    assert str(revealed).startswith("Ann's plate: ")


def test_the_public_view_hides_every_secret_at_every_step() -> None:
    rng = random.Random(12)
    game = new_game(5, seed=12)
    while game.phase is not Phase.GAME_OVER:
        public = game.view(None)
        assert public.viewer is None
        revealed = {r.writer for r in public.history if r.round == public.round}
        for p in range(game.player_count):
            mine = game.view(p).players[p]
            shown = public.players[p]
            if p in revealed:
                continue
            assert shown.owner is None and shown.requirements is None
            if p != public.active:
                assert shown.plate is None
            if game.phase is Phase.WRITING and mine.owner is not None:
                # No trace of a hand anywhere in the table's view (the grid is not dealt yet).
                assert mine.owner not in repr(public), f"{mine.owner!r} leaks into the public view"
        play_step(game, rng)
