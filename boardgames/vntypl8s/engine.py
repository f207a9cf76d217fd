"""The VNTYPL8S rules engine: pure, seeded, and secret-keeping.

``Game`` implements the suite's game contract (``boardgames.common.game.Engine``),
in the style of python-chess and OpenSpiel: seats are the players' indexes in
clockwise order; ``actors()`` says who may act now (the next writer, clockwise: P13;
every guesser who may still buzz, and the active player who may end the race); actions are small frozen values
(``msgspec.Struct``s: ``common.values``); ``legal_actions`` can be iterated and tested for membership;
``why_illegal(action)`` gives the same reason ``apply`` refuses with;
``apply(action)`` returns the list of events that happened (or raises the suite's
``IllegalActionError``); ``outcome()`` says who won once the game is over; and
``view(viewer)`` is the only way a screen sees the state: it strips every secret
the viewer may not see (``viewer=None`` is the public screen everyone is looking at).

Events say who may see them (``audience``: ``None`` for the whole table; a handed-in
plate's requirements check is the writer's alone until the reveal) and word
themselves (``str(event)``) with the players' names, which they carry for that.

All chance is one seeded ``random.Random``: the two decks are shuffled once at the
start (P16) and each round's grid is shuffled when it is dealt.  The engine imports
nothing from Textual and reads no clock: "the writing time ran out" is an action
(``WritingTimeUp``) the screen sends (P17), and so is "the buzzer's time ran out"
(``GuessTimeUp``, P29).

The buzzer race (P14, P29): ``Buzz`` gives one player the buzz; while they hold it
they alone act (guess, ``BackOut``, ``GuessTimeUp``), and every other buzz, guess or
"nobody knows" is refused naming who holds it.  Letting the buzz go without a guess
uses up that player's chance on the plate, as a wrong guess does.

Turn order (P13): seats are the order the names were given, clockwise; round ``r``
(1-based) starts with seat ``r - 1`` (modulo the number of players), and both the
writers and the active players go clockwise from there.  A game hosted with a device per
player (``Writing.AT_ONCE``, P33) lets every writer still writing act at once, in any order.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from msgspec import Struct

from boardgames.common.game import Audience, IllegalActionError, LegalActions, PublicEvent, Seat
from boardgames.common.values import EqualityWithout
from boardgames.vntypl8s.cards import Decks, Owner, Requirement
from boardgames.vntypl8s.judge import Judgement, RequirementsCheck, check_requirements
from boardgames.vntypl8s.limits import MAX_PLAYERS, MIN_PLAYERS, ROUNDS

EXTRA_OWNERS = 6


class PlateJudgeLike(Protocol):
    def judge(self, plate: str, owner: str) -> Judgement: ...


class Phase(enum.Enum):
    WRITING = "writing"
    GUESSING = "guessing"
    GAME_OVER = "game over"


class Writing(enum.Enum):
    """How the writers write (a setup option): one after another on one keyboard (P13), or
    all at once, each on their own device, as the rulebook has them (P33)."""

    IN_TURN = "in turn"
    AT_ONCE = "at once"


# --- actions ------------------------------------------------------------------------------


class SubmitPlate(Struct, frozen=True):
    """*player* has finished writing *plate* (must be legal for their owner, P12)."""

    player: int
    plate: str


class WritingTimeUp(Struct, frozen=True):
    """The writing timer of *player* ran out with *plate* on their editor (P17)."""

    player: int
    plate: str = ""


class Guess(Struct, frozen=True):
    """*player* buzzed and named *owner*, a card of the grid (P14, P15)."""

    player: int
    owner: Owner


class NobodyKnows(Struct, frozen=True):
    """The active player ends the race: the plate goes unguessed (P14)."""


class Buzz(Struct, frozen=True):
    """*player* presses their buzzer and holds the buzz: until they guess, back out or
    run out of time nobody else may buzz, guess or end the race (P29)."""

    player: int


class GuessTimeUp(Struct, frozen=True):
    """The buzz countdown of *player*, who holds the buzz, ran out without a guess (P29).

    The screen owns the clock and sends this, as it sends ``WritingTimeUp``: the
    engine has no clock.  It uses up *player*'s chance on this plate, like a wrong guess.
    """

    player: int


class BackOut(Struct, frozen=True):
    """*player*, who holds the buzz, lets it go without guessing (Escape, P29).

    A buzz is a claim to know: letting it go uses up the chance on this plate, so a
    buzz can never be a free way to stop the others from buzzing.
    """

    player: int


Action = SubmitPlate | WritingTimeUp | Guess | NobodyKnows | Buzz | GuessTimeUp | BackOut


class Lapse(enum.Enum):
    """How a buzz ended without a guess (P29); either way the chance is used."""

    TIME_UP = "time ran out"
    BACKED_OUT = "backed out"


def plate_reason(judgement: Judgement) -> str:
    """Why an illegal plate is refused: every broken rule, in one clause (P12)."""
    reasons = "; ".join(v.reason for v in judgement.violations)
    return f"the plate {judgement.plate!r} is illegal: {reasons}"


class IllegalPlateError(IllegalActionError):
    """A plate that breaks a Plate Creation Rule; ``judgement`` lists every broken rule.

    A kind of the suite's ``IllegalActionError``, so the session layer refuses it
    like any other action, while the plate editor can still list each rule.
    """

    def __init__(self, action: SubmitPlate, judgement: Judgement) -> None:
        super().__init__(action, plate_reason(judgement))
        self.judgement = judgement

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled with its judgement (the base class would pass the reason instead)."""
        return (type(self), (self.action, self.judgement))


# --- events -------------------------------------------------------------------------------
#
# Each event names its players by seat (what the rules use) and carries their names
# too (``name``, ``names``: keyword-only, left out of equality), so that it can word
# itself: ``str(event)`` is the sentence the screen shows.  Equality is about what
# happened, so an event a test builds from seats alone equals the engine's.


class _Named(EqualityWithout, Struct, frozen=True, kw_only=True):
    """An event that carries its player's name: keyword-only, left out of ``==`` and ``hash``."""

    not_compared = frozenset({"name"})

    name: str = ""


class _Names(EqualityWithout, Struct, frozen=True, kw_only=True):
    """An event that carries every player's name: keyword-only, left out of ``==`` and ``hash``."""

    not_compared = frozenset({"names"})

    names: tuple[str, ...] = ()


def _who(name: str, seat: Seat) -> str:
    """A player as the table calls them (``Player 2`` for an event built without names)."""
    return name or f"Player {seat + 1}"


class RoundStarted(PublicEvent, _Named, frozen=True):
    round: int
    first_player: int

    def __str__(self) -> str:
        return f"Round {self.round} begins: {_who(self.name, self.first_player)} writes first."


class PlateSubmitted(_Named, frozen=True):
    """A writer finished.  Private to the writer until their reveal: ``requirements``
    holds their plate and their R3QRMNTS card (the table learns only that they are
    done, from ``GameView.players[...].done_writing``)."""

    player: int
    requirements: RequirementsCheck
    timed_out: bool = False

    @property
    def audience(self) -> Audience:
        return frozenset({self.player})

    @property
    def warning(self) -> str | None:
        """P12: the warning for a plate that misses its requirements card."""
        if self.requirements.met:
            return None
        return (
            f"This plate is missing {', '.join(self.requirements.missing)} from your R3QRMNTS card "
            f"{self.requirements.card}: it cannot score the card."
        )

    def __str__(self) -> str:
        who = _who(self.name, self.player)
        if self.timed_out:
            return f"Time is up: {who}'s plate was handed in as it stood."
        return f"{who} handed in a plate."


class PlateForfeited(PublicEvent, _Named, frozen=True):
    """The writer's time ran out without a legal plate: no plate this round (P17)."""

    player: int

    def __str__(self) -> str:
        return f"Time is up: {_who(self.name, self.player)} has no legal plate and sits this round out."


class GridDealt(PublicEvent, Struct, frozen=True):
    grid: tuple[Owner, ...]

    def __str__(self) -> str:
        return f"The 0WN3R grid is dealt face up: {len(self.grid)} cards."


class PlateRevealed(PublicEvent, _Named, frozen=True):
    player: int
    plate: str

    def __str__(self) -> str:
        return f"{_who(self.name, self.player)}'s plate: {self.plate}. Whose is it?"


class Buzzed(PublicEvent, _Named, frozen=True):
    """*player* holds the buzz (P29)."""

    player: int

    def __str__(self) -> str:
        return f"{_who(self.name, self.player)} buzzed and holds the buzz."


class BuzzLapsed(PublicEvent, _Named, frozen=True):
    """*player*'s buzz ended without a guess: their chance on this plate is used (P29)."""

    player: int
    lapse: Lapse

    def __str__(self) -> str:
        who = _who(self.name, self.player)
        if self.lapse is Lapse.TIME_UP:
            return f"Time is up: {who} did not guess."
        return f"{who} backed out without guessing."


class GuessedWrong(PublicEvent, _Named, frozen=True):
    player: int
    owner: Owner

    def __str__(self) -> str:
        return f"✗ {_who(self.name, self.player)} guessed {self.owner}: wrong."


class GuessedRight(PublicEvent, _Named, frozen=True):
    player: int
    owner: Owner

    def __str__(self) -> str:
        who = _who(self.name, self.player)
        return f"✓ {who} guessed it: {self.owner}! {who} takes the card."


class OwnerRevealed(PublicEvent, _Named, frozen=True):
    """Nobody guessed: the active player shows the owner and it leaves the grid."""

    player: int
    owner: Owner

    def __str__(self) -> str:
        return f"Nobody guessed it. {_who(self.name, self.player)} reveals: {self.owner}. It leaves the grid."


class RequirementsRevealed(PublicEvent, _Named, frozen=True):
    player: int
    card: Requirement
    met: bool
    scored: bool

    def __str__(self) -> str:
        who = _who(self.name, self.player)
        if self.scored:
            why = f"all three used and guessed: {who} scores it."
        elif not self.met:
            why = "not all three used: no score."
        else:
            why = "all three used, but nobody guessed the plate: no score."
        return f"{who}'s R3QRMNTS card {self.card}: {why}"


class RoundEnded(PublicEvent, _Names, frozen=True):
    round: int
    scores: tuple[int, ...]

    def __str__(self) -> str:
        names = self.names or tuple(_who("", p) for p in range(len(self.scores)))
        scores = ", ".join(f"{n} {s}" for n, s in zip(names, self.scores, strict=True))
        return f"Round {self.round} is over. Cards: {scores}."


class GameEnded(PublicEvent, Struct, frozen=True):
    outcome: Outcome

    def __str__(self) -> str:
        names = {s.player: s.name for s in self.outcome.standings}
        winners = [names[w] for w in sorted(self.outcome.winners)]  # in seat order
        if self.outcome.shared:
            return f"Shared victory: {' and '.join(winners)}! Decided by: {self.outcome.tiebreak.value}."
        return f"{winners[0]} wins! Decided by: {self.outcome.tiebreak.value}."


Event = (
    RoundStarted
    | PlateSubmitted
    | PlateForfeited
    | GridDealt
    | PlateRevealed
    | Buzzed
    | BuzzLapsed
    | GuessedWrong
    | GuessedRight
    | OwnerRevealed
    | RequirementsRevealed
    | RoundEnded
    | GameEnded
)


# --- records and outcome ---------------------------------------------------------------


class PlateRecord(Struct, frozen=True):
    """One plate after its turn: public from then on (P19); the favourites list uses it."""

    round: int
    writer: int
    plate: str
    owner: Owner
    requirements: Requirement
    guessed_by: int | None
    requirements_met: bool

    @property
    def requirements_scored(self) -> bool:
        return self.requirements_met and self.guessed_by is not None


class Tiebreak(enum.Enum):
    """What decided the winner (P18); the value is shown on the final table."""

    MOST_CARDS = "most cards in the scoring pile"
    REQUIREMENTS = "tied on cards: most R3QRMNTS cards wins"
    SHARED = "tied on cards and on R3QRMNTS cards: the victory is shared"


class Standing(Struct, frozen=True):
    player: int
    name: str
    owners: int
    requirements: int

    @property
    def cards(self) -> int:
        return self.owners + self.requirements


class Outcome(Struct, frozen=True):
    """Who won (``common.game.Outcome``), the final standings and what decided it (P18)."""

    winners: frozenset[int]
    standings: tuple[Standing, ...]
    tiebreak: Tiebreak

    @property
    def shared(self) -> bool:
        return len(self.winners) > 1


def decide(standings: Sequence[Standing]) -> Outcome:
    """P18: most cards; then most requirements cards; then a shared victory."""
    best = max(s.cards for s in standings)
    leaders = [s for s in standings if s.cards == best]
    if len(leaders) == 1:
        return Outcome(frozenset({leaders[0].player}), tuple(standings), Tiebreak.MOST_CARDS)
    most_reqs = max(s.requirements for s in leaders)
    top = [s for s in leaders if s.requirements == most_reqs]
    tiebreak = Tiebreak.REQUIREMENTS if len(top) == 1 else Tiebreak.SHARED
    return Outcome(frozenset(s.player for s in top), tuple(standings), tiebreak)


# --- views ---------------------------------------------------------------------------------


class PlayerView(Struct, frozen=True):
    seat: int
    name: str
    done_writing: bool
    plate: str | None
    owner: Owner | None
    requirements: Requirement | None
    owners_won: tuple[Owner, ...]
    requirements_won: tuple[Requirement, ...]

    @property
    def score(self) -> int:
        return len(self.owners_won) + len(self.requirements_won)


class GameView(EqualityWithout, Struct, frozen=True):
    """What *viewer* may see (``None``: the public screen).  Never the deck order.

    Two views are equal when they show the same (whoever they are for): a seat whose
    view equals the table's has nothing to hide (``common.handovers``).
    """

    not_compared: ClassVar[frozenset[str]] = frozenset({"viewer"})

    viewer: int | None
    phase: Phase
    round: int
    rounds: int
    first_player: int
    players: tuple[PlayerView, ...]
    grid_layout: tuple[Owner, ...]
    grid: tuple[Owner, ...]
    active: int | None
    plate: str | None
    locked_out: frozenset[int]
    history: tuple[PlateRecord, ...]
    outcome: Outcome | None
    writing_order: tuple[int, ...]
    owner_deck_size: int
    requirements_deck_size: int
    #: The seats whose plates are guessed this round, in turn order (empty outside the
    #: guessing phase).  A writer who timed out has no plate and no turn (P17): that is
    #: public (``PlateForfeited``), so "Plate 3 of 4" counts only plates that exist.
    turns: tuple[int, ...] = ()
    #: Who holds the buzz on the plate being guessed (P29), if anyone.
    buzzer: int | None = None
    #: Whether the writers write one after another (P13) or all at once (P33).
    writing: Writing = Writing.IN_TURN

    def can_guess(self, player: int) -> bool:
        """Has *player* still their chance on this plate (whoever holds the buzz now)?"""
        return self.phase is Phase.GUESSING and player != self.active and player not in self.locked_out

    def may_buzz(self, player: int) -> bool:
        """May *player* buzz right now: their chance unused and nobody holding the buzz (P29)?"""
        return self.can_guess(player) and self.buzzer is None


# --- legal actions ---------------------------------------------------------------------


def _listed(g: Game) -> Iterator[Action]:
    """The legal actions that can be listed: guesses, ``NobodyKnows``, and
    ``WritingTimeUp(writer, "")`` for each writer who may write now (the next one, P13, or
    every one still writing, P33); plates are free text, so ``SubmitPlate`` is never listed (``in`` asks the judge)."""
    if g.phase is Phase.WRITING:
        for writer in g.writers:
            yield WritingTimeUp(writer, "")
    elif g.phase is Phase.GUESSING:
        if g._buzzer is not None:
            # P29: only the buzzer acts, until they guess or let the buzz go.
            for owner in g._grid:
                yield Guess(g._buzzer, owner)
            yield GuessTimeUp(g._buzzer)
            yield BackOut(g._buzzer)
            return
        for p in range(g.player_count):
            if p != g._active and p not in g._locked:
                yield Buzz(p)
                for owner in g._grid:
                    yield Guess(p, owner)
        yield NobodyKnows()


# --- the game ----------------------------------------------------------------------------


@dataclass
class _Round:
    """What one round deals; cleared when the round ends."""

    owners: list[Owner | None] = field(default_factory=list)
    answers: list[Owner | None] = field(default_factory=list)
    requirements: list[Requirement | None] = field(default_factory=list)
    plates: list[str | None] = field(default_factory=list)


class Game:
    """One game of VNTYPL8S for 3-8 players, from dealing to the final scores."""

    def __init__(
        self,
        players: Sequence[str],
        rng: random.Random,
        judge: PlateJudgeLike,
        decks: Decks,
        *,
        rounds: int = ROUNDS,
        writing: Writing = Writing.IN_TURN,
    ) -> None:
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            raise ValueError(f"VNTYPL8S is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(players)}")
        need_owners = rounds * (len(players) + EXTRA_OWNERS)
        if len(decks.owners) < need_owners or len(decks.requirements) < rounds * len(players):
            raise ValueError("the decks are too small for this many players and rounds")
        self.players: tuple[str, ...] = tuple(players)
        self.rounds = rounds
        #: P13 (one keyboard: in turn) or P33 (a device each: all at once)
        self.writing = writing
        self._rng = rng
        self._judge = judge
        self._all_owners = frozenset(decks.owners)
        self._all_requirements = frozenset(decks.requirements)
        # Game setup: shuffle both decks (rulebook "Game Setup", P16).  Top = end.
        self._owner_deck = list(decks.owners)
        self._requirement_deck = list(decks.requirements)
        rng.shuffle(self._owner_deck)
        rng.shuffle(self._requirement_deck)
        n = len(players)
        self._owner_piles: list[list[Owner]] = [[] for _ in range(n)]
        self._requirement_piles: list[list[Requirement]] = [[] for _ in range(n)]
        self._owner_discard: list[Owner] = []
        self._requirement_discard: list[Requirement] = []
        self._history: list[PlateRecord] = []
        self.phase = Phase.WRITING
        self.round = 0
        self._round = _Round()
        self._done: list[bool] = [False] * n
        self._grid_layout: tuple[Owner, ...] = ()
        self._grid: list[Owner] = []
        self._turns: tuple[int, ...] = ()
        self._turn = 0
        self._active: int | None = None
        self._locked: set[int] = set()
        #: who holds the buzz (P29); ``None`` when nobody does
        self._buzzer: int | None = None
        self._outcome: Outcome | None = None
        self._opening = self._start_round()

    # -- reading the state ----------------------------------------------------------

    @property
    def player_count(self) -> int:
        return len(self.players)

    @property
    def seats(self) -> int:
        """How many seats the table has (the contract's name for ``player_count``)."""
        return len(self.players)

    def actors(self) -> frozenset[Seat]:
        """Who may act now: the next writer (P13: on one keyboard the writers take it
        clockwise), or every writer not done yet when they write at once (P33), or while a plate is up
        every guesser who may still buzz and its writer, who may end the race
        (``NobodyKnows``) - but only the buzzer while someone holds the buzz (P29).
        Nobody once the game is over."""
        if self.phase is Phase.WRITING:
            return frozenset(self.writers)
        if self.phase is Phase.GUESSING and self._buzzer is not None:
            return frozenset({self._buzzer})
        if self.phase is Phase.GUESSING and self._active is not None:
            guessers = (p for p in range(self.player_count) if p != self._active and p not in self._locked)
            return frozenset({self._active, *guessers})
        return frozenset()

    @property
    def first_player(self) -> int:
        """P13: the first active player (and first writer) of the current round."""
        return (self.round - 1) % self.player_count

    @property
    def next_writer(self) -> int | None:
        """P13: who writes next, clockwise from the round's first player (``None`` outside writing)."""
        if self.phase is not Phase.WRITING:
            return None
        return next((p for p in self.writing_order if not self._done[p]), None)

    @property
    def writers(self) -> tuple[int, ...]:
        """Who may write now, in writing order: the next writer alone (P13), or every writer
        who has not handed in yet when the writers write at once (P33)."""
        if self.phase is not Phase.WRITING:
            return ()
        if self.writing is Writing.AT_ONCE:
            return tuple(p for p in self.writing_order if not self._done[p])
        writer = self.next_writer
        return () if writer is None else (writer,)

    def write_in_turn(self) -> None:
        """From now on the writers write one after another (P33: a hosted game resumed on
        one terminal).  Always possible: every order in turn is one the writers at once
        could have played, so the game's save still replays as it was."""
        self.writing = Writing.IN_TURN

    @property
    def writing_order(self) -> tuple[int, ...]:
        n = self.player_count
        return tuple((self.first_player + k) % n for k in range(n))

    @property
    def active(self) -> int | None:
        return self._active

    def opening_events(self) -> list[Event]:
        """What happened when the game was set up (the first round's deal)."""
        return list(self._opening)

    @property
    def legal_actions(self) -> LegalActions[Action]:
        """The legal actions now: ``action in game.legal_actions`` asks ``why_illegal``."""
        return LegalActions(self.why_illegal, lambda: _listed(self), kind=Action)

    def is_legal(self, action: object) -> bool:
        return self.why_illegal(action) is None

    def outcome(self) -> Outcome | None:
        """Who won, once the third round is over; ``None`` before."""
        return self._outcome

    def standings(self) -> tuple[Standing, ...]:
        return tuple(
            Standing(p, name, len(self._owner_piles[p]), len(self._requirement_piles[p]))
            for p, name in enumerate(self.players)
        )

    def scores(self) -> tuple[int, ...]:
        return tuple(s.cards for s in self.standings())

    def requirements_check(self, player: int, plate: str) -> RequirementsCheck:
        """The writer's own live check (the editor ticks the card's characters)."""
        card = self._round.requirements[player]
        if card is None:
            raise IllegalActionError(SubmitPlate(player, plate), f"{self.players[player]} holds no R3QRMNTS card now")
        return check_requirements(plate, card)

    def judge_plate(self, player: int, plate: str) -> Judgement:
        """The writer's own live verdict for *plate* against their secret owner."""
        owner = self._round.owners[player]
        if owner is None:
            raise IllegalActionError(SubmitPlate(player, plate), f"{self.players[player]} holds no 0WN3R card now")
        return self._judge.judge(plate, owner)

    def card_locations(self) -> dict[str, list[str]]:
        """Where every card is, by place: for the conservation tests (never for screens)."""
        places: dict[str, list[str]] = {
            "owner deck": list(self._owner_deck),
            "owner hands": [o for o in self._round.owners if o is not None],
            "grid": list(self._grid),
            "owner discard": list(self._owner_discard),
            "requirements deck": list(self._requirement_deck),
            "requirements hands": [r for r in self._round.requirements if r is not None],
            "requirements discard": list(self._requirement_discard),
        }
        for p, name in enumerate(self.players):
            places[f"{name} owners"] = list(self._owner_piles[p])
            places[f"{name} requirements"] = list(self._requirement_piles[p])
        return places

    @property
    def all_owners(self) -> frozenset[Owner]:
        return self._all_owners

    @property
    def all_requirements(self) -> frozenset[Requirement]:
        return self._all_requirements

    # -- views --------------------------------------------------------------------------

    def view(self, viewer: int | None) -> GameView:
        """The state as *viewer* may see it (P19); ``None`` is the public screen."""
        if viewer is not None and not 0 <= viewer < self.player_count:
            raise ValueError(f"no player in seat {viewer}")
        revealed = {r.writer for r in self._history if r.round == self.round}
        players = []
        for p, name in enumerate(self.players):
            # Once the grid is dealt a guesser sees what the table sees (nothing of their own
            # is drawn before it is revealed, P19), so a buzz is played in public; the writer
            # of the plate up knows its answer.
            own = p == viewer and (self.phase is Phase.WRITING or p == self._active)
            plate_public = p in revealed or p == self._active
            plate = self._round.plates[p] if own or plate_public else None
            owner = None
            requirements = None
            if own:
                owner = self._round.owners[p] or self._round.answers[p]
                requirements = self._round.requirements[p]
            if p in revealed:
                record = next(r for r in reversed(self._history) if r.writer == p and r.round == self.round)
                owner, requirements = record.owner, record.requirements
            players.append(
                PlayerView(
                    seat=p,
                    name=name,
                    done_writing=self._done[p],
                    plate=plate,
                    owner=owner,
                    requirements=requirements,
                    owners_won=tuple(self._owner_piles[p]),
                    requirements_won=tuple(self._requirement_piles[p]),
                )
            )
        return GameView(
            viewer=viewer,
            phase=self.phase,
            round=self.round,
            rounds=self.rounds,
            first_player=self.first_player,
            players=tuple(players),
            grid_layout=self._grid_layout,
            grid=tuple(self._grid),
            active=self._active,
            plate=self._round.plates[self._active] if self._active is not None else None,
            locked_out=frozenset(self._locked),
            history=tuple(self._history),
            outcome=self._outcome,
            writing_order=self.writing_order,
            owner_deck_size=len(self._owner_deck),
            requirements_deck_size=len(self._requirement_deck),
            turns=self._turns if self.phase is Phase.GUESSING else (),
            buzzer=self._buzzer,
            writing=self.writing,
        )

    # -- legality -------------------------------------------------------------------------

    def _check_player(self, player: object) -> str | None:
        if not isinstance(player, int) or not 0 <= player < self.player_count:
            return f"there is no player in seat {player!r}"
        return None

    def why_illegal(self, action: object) -> str | None:
        """``None`` when *action* is legal now, else the reason in plain words.

        The very reason ``apply`` refuses the action with (an illegal plate: every
        broken rule, P12).
        """
        why = self._why(action)
        return plate_reason(why) if isinstance(why, Judgement) else why

    def _why(self, action: object) -> str | Judgement | None:
        """``why_illegal``, but an illegal plate is its judgement (``IllegalPlateError`` keeps it)."""
        if self.phase is Phase.GAME_OVER:
            return "the game is over"
        if isinstance(action, SubmitPlate | WritingTimeUp):
            if self.phase is not Phase.WRITING:
                return "plates are written only in the writing phase"
            if (bad := self._check_player(action.player)) is not None:
                return bad
            if self._done[action.player]:
                return f"{self.players[action.player]} has already finished writing"
            if self.writing is Writing.IN_TURN and action.player != self.next_writer and self.next_writer is not None:
                # P13: writers take the keyboard one after another, clockwise (P33: not so at once).
                return f"it is {self.players[self.next_writer]}'s turn to write, not {self.players[action.player]}'s"
            if isinstance(action, SubmitPlate):
                if not isinstance(action.plate, str):
                    return f"the plate {action.plate!r} is not text"
                judgement = self.judge_plate(action.player, action.plate)
                if not judgement.legal:
                    return judgement
            return None
        if isinstance(action, Guess | Buzz):
            if self.phase is not Phase.GUESSING:
                return "guesses are made only in the guessing phase"
            if (bad := self._check_player(action.player)) is not None:
                return bad
            name = self.players[action.player]
            if action.player == self._active:
                return f"{name} wrote this plate and cannot guess it"
            if action.player in self._locked:
                return f"{name} is locked out: one chance each per plate, and {name}'s is used; wait for the next plate"
            if self._buzzer == action.player and isinstance(action, Buzz):
                return f"{name} already holds the buzz"
            if self._buzzer is not None and self._buzzer != action.player:
                return self._held(name)
            if isinstance(action, Guess) and action.owner not in self._grid:
                return f"{action.owner!r} is not in the grid"
            # A Guess while nobody holds the buzz is a buzz and its answer at once (P31).
            return None
        if isinstance(action, GuessTimeUp | BackOut):
            if self.phase is not Phase.GUESSING:
                return "there is no buzz to let go of outside the guessing phase"
            if (bad := self._check_player(action.player)) is not None:
                return bad
            if self._buzzer != action.player:
                return f"{self.players[action.player]} does not hold the buzz"
            return None
        if isinstance(action, NobodyKnows):
            if self.phase is not Phase.GUESSING:
                return "there is no plate to give up on"
            if self._buzzer is not None:
                return self._held(self.players[self._active]) if self._active is not None else "someone holds the buzz"
            return None
        return f"{action!r} is not a VNTYPL8S action"

    def _held(self, name: str) -> str:
        """Why *name* cannot act now: another player holds the buzz (P29)."""
        holder = self.players[self._buzzer] if self._buzzer is not None else "someone"
        return f"{holder} holds the buzz, so {name}'s key is ignored; wait for {holder}'s guess"

    # -- applying actions ---------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Play *action*; return what happened.  ``IllegalActionError`` changes nothing.

        The refusal's reason is ``why_illegal(action)``; an illegal plate is refused
        with ``IllegalPlateError``, which also holds the judge's every broken rule.
        """
        why = self._why(action)
        if isinstance(why, Judgement):
            assert isinstance(action, SubmitPlate)
            raise IllegalPlateError(action, why)
        if why is not None:
            raise IllegalActionError(action, why)
        if isinstance(action, SubmitPlate):
            return self._submit(action.player, action.plate, timed_out=False)
        if isinstance(action, WritingTimeUp):
            if action.plate and self.judge_plate(action.player, action.plate).legal:
                return self._submit(action.player, action.plate, timed_out=True)
            return self._forfeit(action.player)
        if isinstance(action, Guess):
            self._buzzer = None
            return self._guess(action.player, action.owner)
        if isinstance(action, Buzz):
            self._buzzer = action.player
            return [Buzzed(action.player, name=self.players[action.player])]
        if isinstance(action, GuessTimeUp | BackOut):
            self._buzzer = None
            lapse = Lapse.TIME_UP if isinstance(action, GuessTimeUp) else Lapse.BACKED_OUT
            lapsed = BuzzLapsed(action.player, lapse, name=self.players[action.player])
            return [lapsed, *self._lock_out(action.player)]
        assert isinstance(action, NobodyKnows)
        return self._resolve(guessed_by=None)

    def _start_round(self) -> list[Event]:
        self.round += 1
        self.phase = Phase.WRITING
        n = self.player_count
        rnd = _Round([None] * n, [None] * n, [None] * n, [None] * n)
        # Writing phase, step 1: deal one owner and one requirements card each.
        for p in self.writing_order:
            rnd.owners[p] = self._owner_deck.pop()
            rnd.requirements[p] = self._requirement_deck.pop()
        self._round = rnd
        self._done = [False] * n
        self._grid_layout = ()
        self._grid = []
        self._active = None
        self._locked = set()
        return [RoundStarted(self.round, self.first_player, name=self.players[self.first_player])]

    def _submit(self, player: int, plate: str, *, timed_out: bool) -> list[Event]:
        self._round.plates[player] = plate
        self._done[player] = True
        card = self._round.requirements[player]
        assert card is not None
        events: list[Event] = [
            PlateSubmitted(player, check_requirements(plate, card), timed_out, name=self.players[player])
        ]
        return events + self._after_writing()

    def _forfeit(self, player: int) -> list[Event]:
        self._round.plates[player] = None
        self._done[player] = True
        return [PlateForfeited(player, name=self.players[player]), *self._after_writing()]

    def _after_writing(self) -> list[Event]:
        if not all(self._done):
            return []
        # Writing phase, steps 3-5: owners to the centre, six extras, shuffle, deal face up.
        rnd = self._round
        centre = [o for o in rnd.owners if o is not None]
        rnd.answers = list(rnd.owners)
        rnd.owners = [None] * self.player_count
        for _ in range(EXTRA_OWNERS):
            centre.append(self._owner_deck.pop())
        self._rng.shuffle(centre)
        self._grid = centre
        self._grid_layout = tuple(centre)
        self.phase = Phase.GUESSING
        self._turns = tuple(p for p in self.writing_order if rnd.plates[p] is not None)
        self._turn = 0
        events: list[Event] = [GridDealt(self._grid_layout)]
        if not self._turns:
            return events + self._end_round()
        return events + self._begin_turn()

    def _begin_turn(self) -> list[Event]:
        self._active = self._turns[self._turn]
        self._locked = set()
        self._buzzer = None
        plate = self._round.plates[self._active]
        assert plate is not None
        return [PlateRevealed(self._active, plate, name=self.players[self._active])]

    def _guess(self, player: int, owner: Owner) -> list[Event]:
        assert self._active is not None
        if owner == self._round.answers[self._active]:
            self._grid.remove(owner)
            self._owner_piles[player].append(owner)
            return [GuessedRight(player, owner, name=self.players[player]), *self._resolve(guessed_by=player)]
        return [GuessedWrong(player, owner, name=self.players[player]), *self._lock_out(player)]

    def _lock_out(self, player: int) -> list[Event]:
        """*player*'s chance on this plate is used (rulebook step 4); when nobody is left
        to guess, the plate goes unguessed (P14)."""
        self._locked.add(player)
        everyone_else = set(range(self.player_count)) - {self._active}
        if self._locked >= everyone_else:
            return self._resolve(guessed_by=None)
        return []

    def _resolve(self, guessed_by: int | None) -> list[Event]:
        """Guessing steps 6-7: reveal the owner if unguessed, then the requirements card."""
        active = self._active
        assert active is not None
        rnd = self._round
        owner = rnd.answers[active]
        plate = rnd.plates[active]
        card = rnd.requirements[active]
        assert owner is not None and plate is not None and card is not None
        events: list[Event] = []
        if guessed_by is None:
            self._grid.remove(owner)
            self._owner_discard.append(owner)
            events.append(OwnerRevealed(active, owner, name=self.players[active]))
        met = check_requirements(plate, card).met
        scored = met and guessed_by is not None
        if scored:
            self._requirement_piles[active].append(card)
            rnd.requirements[active] = None
        events.append(RequirementsRevealed(active, card, met, scored, name=self.players[active]))
        self._history.append(PlateRecord(self.round, active, plate, owner, card, guessed_by, met))
        self._turn += 1
        self._active = None
        self._locked = set()
        self._buzzer = None
        if self._turn < len(self._turns):
            return events + self._begin_turn()
        return events + self._end_round()

    def _end_round(self) -> list[Event]:
        """After every plate: discard all cards not in a scoring pile (rulebook)."""
        self._owner_discard.extend(self._grid)
        self._grid = []
        rnd = self._round
        self._requirement_discard.extend(r for r in rnd.requirements if r is not None)
        rnd.requirements = [None] * self.player_count
        rnd.owners = [None] * self.player_count
        self._active = None
        events: list[Event] = [RoundEnded(self.round, self.scores(), names=self.players)]
        if self.round >= self.rounds:
            self.phase = Phase.GAME_OVER
            self._outcome = decide(self.standings())
            return [*events, GameEnded(self._outcome)]
        return events + self._start_round()
