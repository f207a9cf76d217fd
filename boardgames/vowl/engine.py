"""The Vowl rules engine: pure, seeded, and the only place the rules live.

Shape (python-chess for values, OpenSpiel/boardgame.io for flow):

- ``VowlGame(players, board=..., decks=..., judge=..., rng=...)`` holds the whole
  state.  It reads no clock and no global random: every die roll and shuffle goes
  through the ``random.Random`` it is given (``rng.choice`` for dice,
  ``rng.shuffle`` for decks), so a seed replays a game exactly.
- It is the suite's game contract (``common.game.Engine``): players sit in seats
  ``0 .. seats - 1`` in the order their names were given; ``actors()`` is the set
  of seats who must act now; ``legal_actions`` is a ``LegalActions`` you can test
  membership in (``Answer("savor") in game.legal_actions``); ``why_illegal(action)``
  says why not, in the very words ``apply(action)`` refuses with (the suite's
  ``IllegalActionError``); ``apply`` returns the ``Event``\\ s that happened;
  ``outcome()`` is ``None`` until someone wins.
- Actions, events, views and the outcome name players by seat (``ChooseOpponent(1)``,
  ``Buzzed(0)``, ``VowlView.current_player``, ``Outcome.winners``); the wording takes
  the names from the view (``VowlView.name(seat)``, ``events.words(event, mark, names)``).
- Answers are judged inside the engine by the ``Judge`` it was given (``judging``;
  in play the spec gives it a ``boardgames.common.skeleton.SkeletonMatcher``, a test a
  fake), so the events say accepted or rejected and why; the engine itself imports no
  dictionary (and no spell checker).
- Time is data: the screen runs the sand timer and sends ``TimeUp()`` when it runs
  out, and passes elapsed seconds on ``Answer`` where the rules compare times
  (head-to-head).  In sudden death a buzz has its own countdown: the screen sends
  ``BuzzTimeUp()`` when it runs out (Interpretation V29).
- ``view(seat)`` is everything a screen may show to that seat (``None`` for the
  public handover screen), with every secret stripped: deck order, face-down
  cards, the selection hand, and the other racer's pile in head-to-head.  Events
  carry their audience in seats: a head-to-head racer's own cards and answers are
  theirs alone until the race is over.

Each decision the rulebook leaves open is a row of the *Interpretations* table in
``docs/rules/vowl.md``; comments cite the row (``# Interpretation V9``).

The values it trades in live beside it: ``actions`` (what a player sends, and
``AnswerRule``), ``events`` (what ``apply`` returns), ``view`` (what
``view(seat)`` returns) and ``kinds`` (``Phase`` and ``Mode``, shared by all
three).  This module keeps the rules: the game, its hidden state, its errors.
"""

from __future__ import annotations

import enum
import itertools
import random
import unicodedata
from collections.abc import Mapping, Sequence

from msgspec import Struct, field

from boardgames.common.game import Audience, IllegalActionError, LegalActions, Seat, visible_to
from boardgames.common.names import BadNames, clean_names
from boardgames.vowl.actions import (
    Action,
    Answer,
    AnswerRule,
    Buzz,
    BuzzTimeUp,
    ChooseOpponent,
    ChoosePartner,
    Discard,
    Pass,
    PlaceExtras,
    Racing,
    Revisit,
    Roll,
    ScoreOne,
    ScoreTwo,
    StartRun,
    TimeUp,
)
from boardgames.vowl.card import Card, Tier
from boardgames.vowl.events import (
    AnswerAccepted,
    AnswerRejected,
    Buzzed,
    CardFlipped,
    CardPassed,
    CardsDrawn,
    CardStatus,
    CardUnanswered,
    DeckExhausted,
    DeckReshuffled,
    DrawPurpose,
    Event,
    ExtrasPlaced,
    GameWon,
    LockedOut,
    LockOut,
    OpponentChosen,
    PartnerChosen,
    RaceDecided,
    RaceHow,
    RaceResult,
    RaceTied,
    Rolled,
    RunFinished,
    RunResult,
    RunStarted,
    Scored,
    ScoreOption,
    SelectionMade,
    SuddenDeathCard,
    TurnCard,
    TurnEnded,
    TurnFailed,
    TurnStarted,
    TurnSucceeded,
    TurnSummary,
    VictoryTokenMoved,
)
from boardgames.vowl.judging import Judge, Ruling
from boardgames.vowl.kinds import Mode, Phase
from boardgames.vowl.track import (
    BUZZ_SECONDS,
    MODE_DIE,
    NUMBER_DIE,
    PARTNER_BONUS,
    SELECTION_EXTRA,
    WINNING_DISTANCE,
    Board,
    ModeFace,
    Timer,
    extras_for,
)
from boardgames.vowl.view import (
    DeckView,
    Outcome,
    PlayerView,
    RunView,
    SelectionView,
    SuddenDeathView,
    VowlView,
)

MIN_PLAYERS = 2
MAX_PLAYERS = 5


# --------------------------------------------------------------------------- errors
# A refused action raises the suite's ``common.game.IllegalActionError(action, reason)``.


class SetupError(ValueError):
    """A game that cannot be set up (player count, names, decks); the message says why."""


# --------------------------------------------------------------------------- setup


class PlayerSetup(Struct, frozen=True):
    """A seat at the table: full name and sand timer (25 s green or 15 s red)."""

    name: str
    timer: Timer = Timer.GREEN


# --------------------------------------------------------------------------- internal state
# ``msgspec.Struct``s, not dataclasses, like the values (``common.values``): the seven
# dataclasses here took a tenth of the engine's import before Vowl's first frame
# .  Mutable (but ``_Pending``), unhashable and compared field by field, as
# the dataclasses were; nothing here is saved.


class _Player(Struct):
    name: str
    seat: int
    timer: Timer
    score: int
    victory: int


class _Deck(Struct):
    tier: Tier
    draw: list[Card]  # top first
    discard: list[Card] = field(default_factory=list)


class _Run(Struct):
    runner: Seat
    partner: Seat | None
    time_limit: int
    private: bool  # head-to-head: only the runner sees it until the race is over
    pile: list[Card] = field(default_factory=list)  # face down, top first
    order: list[Card] = field(default_factory=list)  # as laid out when the timer flipped
    current: Card | None = None
    passed: list[Card] = field(default_factory=list)
    solved: list[tuple[Card, str]] = field(default_factory=list)
    ever_passed: set[Card] = field(default_factory=set)
    started: bool = False
    finished: bool = False
    complete: bool = False
    elapsed: float | None = None
    last_elapsed: float = 0.0  # the latest elapsed time any answer carried
    finish_elapsed: float | None = None  # the elapsed time on the latest accepted answer

    def cards(self) -> list[Card]:
        here = list(self.pile) + list(self.passed) + [c for c, _ in self.solved]
        if self.current is not None:
            here.append(self.current)
        return here

    def result(self) -> RunResult:
        return RunResult(
            self.runner, len(self.solved), len(self.order) or len(self.cards()), self.complete, self.elapsed
        )


class _SuddenDeath(Struct):
    players: tuple[Seat, Seat]
    card: Card | None = None
    spent: list[Card] = field(default_factory=list)
    buzzer: Seat | None = None
    locked: list[Seat] = field(default_factory=list)
    why: dict[Seat, LockOut] = field(default_factory=dict)  # what locked each one out
    cards_tried: int = 0
    ready: list[Seat] = field(default_factory=list)  # Interpretation V34: who flipped for this race's card
    winner: Seat | None = None
    answer: str | None = None


class _Step(enum.Enum):
    """Set-up steps queued by a roll; decisions stop the queue until answered."""

    CHOOSE_OPPONENT = "choose opponent"
    CHOOSE_PARTNER = "choose partner"
    SELECTION = "selection"
    PILE = "pile"
    EXTRAS = "extras"
    READY = "ready"
    RACE = "race"  # Interpretation V34: both head-to-head piles in play at once
    RESOLVE = "resolve"


class _Pending(Struct, frozen=True):
    """One queued step: whose pile (``role``), how many cards, which run."""

    step: _Step
    role: str = "roller"  # "roller" or "opponent"
    count: int = 0
    run: int = 0


class _Turn(Struct):
    number: int
    player: Seat
    roll: int | None = None
    face: ModeFace | None = None
    mode: Mode | None = None
    forced: bool = False
    partner: Seat | None = None
    opponent: Seat | None = None
    steps: list[_Pending] = field(default_factory=list)
    runs: list[_Run] = field(default_factory=list)
    active: int | None = None  # index into runs of the run being set up or played
    extras: list[Card] = field(default_factory=list)
    extras_owner: Seat | None = None
    selector: Seat | None = None
    hand: list[Card] = field(default_factory=list)
    discarded: list[Card] = field(default_factory=list)
    sudden: _SuddenDeath | None = None
    race: RaceResult | None = None
    runs_over: bool = False
    racing: bool = False  # Interpretation V34: this head-to-head is raced at the same time
    succeeded: list[Seat] = field(default_factory=list)
    scorers: list[Seat] = field(default_factory=list)


def name_key(name: str) -> str:
    """The alphabetical key of a full name (Interpretation V3).

    Case-insensitive and accent-blind, compared letter by letter over the whole
    name as written, where a space sorts before any letter ("Ann Lee" before
    "Anna Bell", as a phone book lists them).
    """
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


# --------------------------------------------------------------------------- the engine


class VowlGame:
    """One game of Vowl (2-5 players), or a solitaire practice session (1 player)."""

    def __init__(
        self,
        players: Sequence[PlayerSetup | str],
        *,
        board: Board = Board.STANDARD,
        decks: Mapping[Tier, Sequence[Card]],
        judge: Judge,
        rng: random.Random,
        simultaneous: bool = False,
    ) -> None:
        """*simultaneous*: head-to-head racers each have a device and race at the same time
        (Interpretation V34); off, they race one after the other on one keyboard (V18)."""
        # Interpretation V1: 2-5 players with distinct names; one player is practice.
        setups = [p if isinstance(p, PlayerSetup) else PlayerSetup(p) for p in players]
        if not 1 <= len(setups) <= MAX_PLAYERS:
            raise SetupError(
                f"Vowl is for {MIN_PLAYERS} to {MAX_PLAYERS} players (or 1 for practice), not {len(setups)}"
            )
        try:  # the suite's one rule for names
            names = clean_names([s.name for s in setups], at_least=0, at_most=len(setups))
        except BadNames as exc:
            raise SetupError(str(exc)) from None
        self._players: list[_Player] = []
        for seat, (name, setup) in enumerate(zip(names, setups, strict=True)):
            try:
                timer = Timer(setup.timer)
            except ValueError:
                raise SetupError(f"a sand timer is 25 or 15 seconds, not {setup.timer!r}") from None
            self._players.append(_Player(name, seat, timer, 0, board.victory_space))
        self._board = board
        self._simultaneous = simultaneous
        self._judge = judge
        self._rng = rng
        self._decks = self._build_decks(decks)
        for deck in self._decks.values():
            self._rng.shuffle(deck.draw)
        # Interpretation V3: the full name first alphabetically starts; play goes round
        # the table in seating order (the order the names were given).
        self._starter = min(self._players, key=lambda p: (name_key(p.name), p.name)).seat
        self._turn = _Turn(1, self._starter)
        self._phase = Phase.ROLL
        self._outcome: Outcome | None = None
        self._last_turn: TurnSummary | None = None
        self._last_events: tuple[Event, ...] = ()
        # Views are immutable, so each seat's is built once per state; a screen
        # asks for it on every redraw and every ``check_action``.
        self._views: dict[Seat | None, VowlView] = {}
        self._initial_cards = sum(len(d.draw) for d in self._decks.values())

    @classmethod
    def practice(
        cls,
        player: PlayerSetup | str,
        *,
        board: Board = Board.STANDARD,
        decks: Mapping[Tier, Sequence[Card]],
        judge: Judge,
        rng: random.Random,
    ) -> VowlGame:
        """Solitaire practice for one player (Interpretation V20)."""
        return cls([player], board=board, decks=decks, judge=judge, rng=rng)

    @staticmethod
    def _build_decks(decks: Mapping[Tier, Sequence[Card]]) -> dict[Tier, _Deck]:
        built: dict[Tier, _Deck] = {}
        skeletons: set[str] = set()
        for tier in Tier:
            cards = list(decks.get(tier, ()))
            for card in cards:
                if card.tier is not tier:
                    raise SetupError(f"card {card.skeleton} is {card.tier.value} but sits in the {tier.value} deck")
                if card.skeleton in skeletons:
                    raise SetupError(f"card {card.skeleton} appears twice; every skeleton must be unique")
                skeletons.add(card.skeleton)
            built[tier] = _Deck(tier, cards)
        return built

    # ----------------------------------------------------------------- read-only state

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def board(self) -> Board:
        return self._board

    @property
    def simultaneous(self) -> bool:
        """Head-to-head racers race at the same time, each on their own device (V34)."""
        return self._simultaneous

    @property
    def is_practice(self) -> bool:
        return len(self._players) == 1

    @property
    def turn(self) -> int:
        return self._turn.number

    @property
    def current_player(self) -> Seat:
        """Whose turn it is (the roller's seat)."""
        return self._turn.player

    @property
    def starting_player(self) -> Seat:
        return self._starter

    @property
    def mode(self) -> Mode | None:
        return self._turn.mode

    @property
    def players(self) -> tuple[PlayerView, ...]:
        return tuple(self._player_view(p) for p in self._players)

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names by seat (``names[seat]``)."""
        return tuple(p.name for p in self._players)

    @property
    def seats(self) -> int:
        """How many players sit at the table (1 in practice)."""
        return len(self._players)

    @property
    def last_turn(self) -> TurnSummary | None:
        return self._last_turn

    def player(self, seat: Seat) -> PlayerView:
        return self._player_view(self._players[seat])

    def outcome(self) -> Outcome | None:
        return self._outcome

    def is_over(self) -> bool:
        return self._outcome is not None

    def actors(self) -> frozenset[Seat]:
        """The seats who must act now: the player(s) who should be at the keyboard."""
        return frozenset(self._actors())

    def _actors(self) -> tuple[Seat, ...]:
        """Who must act now, in the order the screen addresses them (the runner before a
        partner; the two racers of a sudden death in race order): ``VowlView.actors``."""
        t = self._turn
        match self._phase:
            case Phase.ROLL | Phase.CHOOSE_OPPONENT | Phase.CHOOSE_PARTNER:
                return (t.player,)
            case Phase.SELECT_DISCARDS:
                assert t.selector is not None
                return (t.selector,)
            case Phase.PLACE_EXTRAS:
                assert t.extras_owner is not None
                return (t.extras_owner,)
            case Phase.READY | Phase.SOLVING:
                if t.racing:  # Interpretation V34: each racer until their own pile is done
                    return tuple(r.runner for r in t.runs if not r.finished)
                run = self._active_run()
                return (run.runner,) + ((run.partner,) if run.partner is not None else ())
            case Phase.SUDDEN_DEATH_READY:
                assert t.sudden is not None
                if t.racing:  # Interpretation V34: each racer says they are ready
                    return tuple(p for p in t.sudden.players if p not in t.sudden.ready)
                return t.sudden.players
            case Phase.SUDDEN_DEATH:
                sd = t.sudden
                assert sd is not None
                if sd.buzzer is not None:
                    return (sd.buzzer,)
                return tuple(p for p in sd.players if p not in sd.locked)
            case Phase.SCORE:
                return (t.scorers[0],)
            case Phase.GAME_OVER:
                return ()
        raise AssertionError(self._phase)  # pragma: no cover

    def card_places(self) -> list[tuple[str, Card]]:
        """Every card and where it is (deck, discard or this turn's areas).

        For tests and debugging: each card of the game appears exactly once.
        """
        out: list[tuple[str, Card]] = []
        for tier, deck in self._decks.items():
            deck_label, discard_label = f"{tier.value} deck", f"{tier.value} discard"
            out += [(deck_label, c) for c in deck.draw]
            out += [(discard_label, c) for c in deck.discard]
        t = self._turn
        for run in t.runs:
            who = self._players[run.runner].name
            out += [(f"{who}'s pile", c) for c in run.pile]
            out += [(f"{who}'s passed", c) for c in run.passed]
            out += [(f"{who}'s solved", c) for c, _ in run.solved]
            if run.current is not None:
                out.append((f"{who}'s face-up card", run.current))
        out += [("extras", c) for c in t.extras]
        out += [("selection hand", c) for c in t.hand]
        out += [("selection discards", c) for c in t.discarded]
        if t.sudden is not None:
            out += [("sudden death", c) for c in t.sudden.spent]
            if t.sudden.card is not None:
                out.append(("sudden death", t.sudden.card))
        return out

    @property
    def card_count(self) -> int:
        """How many cards the game was dealt (constant: cards are never lost)."""
        return self._initial_cards

    # ----------------------------------------------------------------- legal actions

    @property
    def legal_actions(self) -> LegalActions[Action]:
        """The actions legal now, whoever sends them (``action in game.legal_actions``).

        Lazy (``common.game.LegalActions``): ``in`` asks ``why_illegal`` about that one
        action; iterating lists the enumerable ones (an open-ended ``Answer(word)`` is
        never listed: ``answer_rule`` says when one is legal).
        """
        return LegalActions(self.why_illegal, self._choices, kind=Action)

    def _choices(self) -> list[Action]:
        """Every legal action but ``Answer``, in the order a screen offers them."""
        t = self._turn
        match self._phase:
            case Phase.ROLL:
                return [Roll()]
            case Phase.CHOOSE_OPPONENT:
                return [ChooseOpponent(p.seat) for p in self._players if p.seat != t.player]
            case Phase.CHOOSE_PARTNER:
                return [ChoosePartner(n) for n in self._neighbours(t.player)]
            case Phase.SELECT_DISCARDS:
                return [Discard(frozenset(combo)) for combo in itertools.combinations(t.hand, SELECTION_EXTRA)]
            case Phase.PLACE_EXTRAS:
                return [PlaceExtras(True), PlaceExtras(False)]
            case Phase.READY | Phase.SOLVING if t.racing:
                return [a for run in t.runs if not run.finished for a in self._racing_choices(run)]
            case Phase.SUDDEN_DEATH_READY if t.racing:
                assert t.sudden is not None
                return [Racing(p, StartRun()) for p in t.sudden.players if p not in t.sudden.ready]
            case Phase.READY | Phase.SUDDEN_DEATH_READY:
                return [StartRun()]
            case Phase.SOLVING:
                run = self._active_run()
                acts: list[Action] = [Pass()] if run.pile or run.passed else []
                return [*acts, *(Revisit(c) for c in run.passed), TimeUp()]
            case Phase.SUDDEN_DEATH:
                sd = t.sudden
                assert sd is not None
                if sd.buzzer is None:
                    return [*(Buzz(p) for p in sd.players if p not in sd.locked), TimeUp()]
                # Interpretation V29: the buzzer answers, passes or runs out of buzz time;
                # the card's sand timer stands still meanwhile (no TimeUp).
                return [Pass(), BuzzTimeUp()]
            case Phase.SCORE:
                return self._score_options(t.scorers[0])
            case Phase.GAME_OVER:
                return []
        raise AssertionError(self._phase)  # pragma: no cover

    def _racing_choices(self, run: _Run) -> list[Action]:
        """Interpretation V34: what one racer may do in a simultaneous race, answers aside."""
        r = run.runner
        if not run.started:
            return [Racing(r, StartRun())]
        acts: list[Action] = [Racing(r, Pass())] if run.pile or run.passed else []
        return [*acts, *(Racing(r, Revisit(c)) for c in run.passed), Racing(r, TimeUp())]

    def _racing_run(self, racer: object) -> _Run | None:
        """The pile *racer* races in a simultaneous race now (``None``: no such pile in play)."""
        t = self._turn
        if not t.racing or self._phase not in (Phase.READY, Phase.SOLVING):
            return None
        return next((r for r in t.runs if r.runner == racer and not r.finished), None)

    @staticmethod
    def _rule_for(run: _Run) -> AnswerRule:
        return AnswerRule(needs_elapsed=run.private, min_elapsed=run.last_elapsed, limit=float(run.time_limit))

    def answer_rule(self, racer: Seat | None = None) -> AnswerRule | None:
        """When an ``Answer`` is legal now (``None``: no answer is).  In a simultaneous race
        (V34) each racer has their own: *racer*'s, for the answer inside their ``Racing``."""
        if self._turn.racing and self._phase in (Phase.READY, Phase.SOLVING):
            run = self._racing_run(racer)
            return self._rule_for(run) if run is not None and run.started else None
        match self._phase:
            case Phase.SOLVING:
                return self._rule_for(self._active_run())
            case Phase.SUDDEN_DEATH:
                sd = self._turn.sudden
                return AnswerRule() if sd is not None and sd.buzzer is not None else None
        return None

    def _is_legal(self, action: Action) -> bool:  # noqa: PLR0911 - one answer per kind of action
        """Is *action* legal now?  Each kind asked on its own: nothing is listed."""
        t = self._turn
        phase = self._phase
        if (
            t.racing
            and phase in (Phase.READY, Phase.SOLVING, Phase.SUDDEN_DEATH_READY)
            and not isinstance(action, Racing)
        ):
            return False  # Interpretation V34: every step of a simultaneous race names its racer
        match action:
            case Racing(racer=racer, action=inner):
                return self._racing_legal(racer, inner)
            case Answer():
                rule = self.answer_rule()
                return rule is not None and rule.problem(action) is None
            case Revisit(card=card):
                return phase is Phase.SOLVING and card in self._active_run().passed
            case Discard(cards=cards):
                return (
                    phase is Phase.SELECT_DISCARDS and len(cards) == SELECTION_EXTRA and all(c in t.hand for c in cards)
                )
            case ChooseOpponent() | ChoosePartner() | Buzz() | ScoreOne():
                return action in self._choices()  # a few at most: one per seat
            case Pass():
                if phase is Phase.SOLVING:
                    run = self._active_run()
                    return bool(run.pile or run.passed)
                return phase is Phase.SUDDEN_DEATH and t.sudden is not None and t.sudden.buzzer is not None
            case TimeUp():
                return phase is Phase.SOLVING or (
                    phase is Phase.SUDDEN_DEATH and t.sudden is not None and t.sudden.buzzer is None
                )
            case BuzzTimeUp():
                return phase is Phase.SUDDEN_DEATH and t.sudden is not None and t.sudden.buzzer is not None
            case Roll():
                return phase is Phase.ROLL
            case PlaceExtras(on_top=on_top):
                return phase is Phase.PLACE_EXTRAS and on_top in (True, False)
            case StartRun():
                return phase in (Phase.READY, Phase.SUDDEN_DEATH_READY)
            case ScoreTwo():
                return phase is Phase.SCORE
        return False

    def _racing_legal(self, racer: Seat, inner: Action) -> bool:
        t = self._turn
        if self._phase is Phase.SUDDEN_DEATH_READY and t.racing:
            assert t.sudden is not None
            return isinstance(inner, StartRun) and racer in t.sudden.players and racer not in t.sudden.ready
        run = self._racing_run(racer)
        if run is None:
            return False
        if isinstance(inner, StartRun):
            return not run.started
        if not run.started:
            return False
        match inner:
            case Answer():
                return self._rule_for(run).problem(inner) is None
            case Pass():
                return bool(run.pile or run.passed)
            case Revisit(card=card):
                return card in run.passed
            case TimeUp():
                return True
        return False

    def is_legal(self, action: Action) -> bool:
        return action in self.legal_actions

    def why_illegal(self, action: object) -> str | None:
        """``None`` when *action* is legal now, else why not: the reason ``apply`` refuses with."""
        if not isinstance(action, Action):
            return f"{action!r} is not a Vowl action"
        if self._is_legal(action):
            return None
        return self._why_illegal(action)

    # ----------------------------------------------------------------- apply

    def apply(self, action: Action) -> list[Event]:
        """Perform *action*; return what happened.  Raises ``IllegalActionError``
        (the suite's, carrying the action and ``why_illegal``'s reason)."""
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalActionError(action, reason)
        self._views.clear()
        events: list[Event] = []
        match action:
            case Racing(racer=racer, action=inner):
                self._do_racing(racer, inner, events)
            case Roll():
                self._do_roll(events)
            case ChooseOpponent(seat=seat):
                self._turn.opponent = seat
                events.append(OpponentChosen(self._turn.player, seat))
                self._proceed(events)
            case ChoosePartner(seat=seat):
                # Interpretation V23: partners share one pile and one keyboard.
                self._turn.partner = seat
                self._turn.runs[0].partner = seat
                events.append(PartnerChosen(self._turn.player, seat))
                self._proceed(events)
            case Discard(cards=cards):
                self._do_discard(cards, events)
            case PlaceExtras(on_top=on_top):
                self._do_place_extras(on_top, events)
            case StartRun():
                if self._phase is Phase.READY:
                    self._do_start_run(events)
                else:
                    self._do_start_sudden_death(events)
            case Answer():
                if self._phase is Phase.SOLVING:
                    self._do_answer(action, events)
                else:
                    self._do_sudden_answer(action, events)
            case Pass():
                if self._phase is Phase.SOLVING:
                    self._do_pass(events)
                else:
                    self._lock_out(LockOut.PASSED, None, events)
            case BuzzTimeUp():
                self._lock_out(LockOut.OUT_OF_TIME, None, events)
            case Revisit(card=card):
                self._do_revisit(card, events)
            case TimeUp():
                if self._phase is Phase.SOLVING:
                    self._finish_run(self._active_run(), events, timed_out=True)
                else:
                    sd = self._turn.sudden
                    assert sd is not None and sd.card is not None
                    events.append(CardUnanswered(sd.card, timed_out=True))
                    self._next_sudden_card(events)
            case Buzz(seat=seat):
                assert self._turn.sudden is not None
                self._turn.sudden.buzzer = seat
                events.append(Buzzed(seat))
            case ScoreTwo() | ScoreOne():
                self._do_score(action, events, automatic=False)
            case _:  # pragma: no cover - every legal action is handled above
                raise AssertionError(action)
        self._last_events = tuple(events)
        return events

    def _do_racing(self, racer: Seat, inner: Action, events: list[Event]) -> None:
        """Interpretation V34: one racer's step, on their own pile, the other's untouched."""
        t = self._turn
        if self._phase is Phase.SUDDEN_DEATH_READY:
            assert t.sudden is not None
            t.sudden.ready.append(racer)
            if all(p in t.sudden.ready for p in t.sudden.players):
                self._do_start_sudden_death(events)
            return
        run = self._racing_run(racer)
        assert run is not None
        match inner:
            case StartRun():
                self._do_start_run(events, run)
            case Answer():
                self._do_answer(inner, events, run)
            case Pass():
                self._do_pass(events, run)
            case Revisit(card=card):
                self._do_revisit(card, events, run)
            case TimeUp():
                self._finish_run(run, events, timed_out=True)

    def _why_illegal(self, action: Action) -> str:
        """A sentence for the player on why *action* cannot be done now."""
        if self._outcome is not None:
            return "the game is over"
        t = self._turn
        phase = self._phase
        if t.racing and phase in (Phase.READY, Phase.SOLVING, Phase.SUDDEN_DEATH_READY):
            if not isinstance(action, Racing):
                return "in this race each racer plays their own pile: the move must name its racer (Interpretation V34)"
            a, b = (self._players[r.runner].name for r in t.runs)
            if self._name_at(action.racer) is None or action.racer not in (r.runner for r in t.runs):
                return f"only {a} and {b} are racing"
            who = self._players[action.racer].name
            if isinstance(action.action, Answer) and (rule := self.answer_rule(action.racer)) is not None:
                return rule.problem(action.action) or "that answer cannot be given now"
            run = self._racing_run(action.racer)
            if phase is not Phase.SUDDEN_DEATH_READY and run is None:
                return f"{who}'s pile is done: wait for the other racer"
            if run is not None and not run.started:
                return f"{who} has not flipped their sand timer yet"
            if isinstance(action.action, Pass):
                return "this is the last card left: there is nothing to pass to"
            if isinstance(action.action, Revisit):
                return f"{action.action.card} is not one of the passed cards"
            return f"{type(action.action).__name__} is not possible now: the game is waiting to {phase.value}"
        if isinstance(action, Racing):
            return "Racing is only for a head-to-head raced at the same time (Interpretation V34)"
        rule = self.answer_rule()
        if isinstance(action, Answer) and rule is not None:
            return rule.problem(action) or "that answer cannot be given now"
        if isinstance(action, Pass) and phase is Phase.SOLVING:
            return "this is the last card left: there is nothing to pass to"
        if isinstance(action, Revisit) and phase is Phase.SOLVING:
            return f"{action.card} is not one of the passed cards"
        if isinstance(action, ChooseOpponent) and phase is Phase.CHOOSE_OPPONENT:
            if action.seat == t.player:
                return "you cannot play head-to-head against yourself"
            return f"there is no seat {action.seat!r} at this table"
        if isinstance(action, ChoosePartner) and phase is Phase.CHOOSE_PARTNER:
            left, right = (self._players[s].name for s in self._neighbour_pair(t.player))
            return f"your partner must sit next to you: {left} or {right}"
        if isinstance(action, Discard) and phase is Phase.SELECT_DISCARDS:
            return f"choose exactly {SELECTION_EXTRA} different cards from the hand to discard"
        if phase is Phase.SUDDEN_DEATH:
            sd = t.sudden
            assert sd is not None
            if isinstance(action, Buzz):
                a, b = (self._players[p].name for p in sd.players)
                seat = action.seat
                if self._name_at(seat) is None or seat not in sd.players:
                    return f"only {a} and {b} are in the sudden death"
                who = self._players[seat].name
                if seat in sd.locked:
                    why = sd.why.get(seat, LockOut.WRONG)
                    return f"{who} {why.value} and is locked out of this card"
                if seat == sd.buzzer:
                    return f"{who} already holds the buzz"
                return f"{self._name_at(sd.buzzer)} holds the buzz: wait for their answer"
            if sd.buzzer is None and isinstance(action, Answer | Pass | BuzzTimeUp):
                return "nobody holds the buzz: buzz first, then answer"
            if isinstance(action, TimeUp):
                return (
                    f"the card's sand timer stands still while {self._name_at(sd.buzzer)} holds the buzz "
                    "(Interpretation V29): send BuzzTimeUp when the buzz runs out"
                )
        if isinstance(action, ScoreOne) and phase is Phase.SCORE:
            scorer = t.scorers[0]
            other = self._name_at(action.other)
            if action.other == scorer:
                return "choose another player's victory token, not your own"
            if other is None:
                return f"there is no seat {action.other!r} at this table"
            return (
                f"moving {other}'s victory token down would put it on their scoring token "
                "and hand them the game (Interpretation V12)"
            )
        return f"{type(action).__name__} is not possible now: the game is waiting to {phase.value}"

    # ----------------------------------------------------------------- roll and set-up

    def _do_roll(self, events: list[Event]) -> None:
        t = self._turn
        t.roll = self._rng.choice(NUMBER_DIE)
        if self.is_practice:
            # Interpretation V20: practice rolls only the number die; always solitaire.
            t.face, t.mode = None, Mode.SOLITAIRE
        else:
            t.face = self._rng.choice(MODE_DIE)
            t.mode = self._mode_for(t.face)
            roller = self._get(t.player)
            # Interpretation V19: within 2 spaces means a distance of 2 or less, checked
            # at the roll; it turns Partner, Selection and Head-to-Head into solitaire.
            if t.mode is not Mode.SOLITAIRE and roller.victory - roller.score <= WINNING_DISTANCE:
                t.mode, t.forced = Mode.SOLITAIRE, True
        events.append(Rolled(t.player, t.roll, t.face, t.mode, t.forced))
        n = t.roll
        match t.mode:
            case Mode.SOLITAIRE:
                t.steps = [
                    _Pending(_Step.PILE, count=n),
                    _Pending(_Step.EXTRAS),
                    _Pending(_Step.READY),
                    _Pending(_Step.RESOLVE),
                ]
            case Mode.PARTNER:
                t.steps = [
                    _Pending(_Step.PILE, count=n),
                    _Pending(_Step.EXTRAS),
                    _Pending(_Step.CHOOSE_PARTNER),
                    _Pending(_Step.READY),
                    _Pending(_Step.RESOLVE),
                ]
            case Mode.SELECTION:
                t.steps = [
                    _Pending(_Step.SELECTION, count=n),
                    _Pending(_Step.EXTRAS),
                    _Pending(_Step.READY),
                    _Pending(_Step.RESOLVE),
                ]
            case Mode.HEAD_TO_HEAD if self._simultaneous:
                # Interpretation V34: with a device per racer both piles are raced at once.
                t.racing = True
                t.steps = [
                    _Pending(_Step.CHOOSE_OPPONENT),
                    _Pending(_Step.PILE, count=n),
                    _Pending(_Step.EXTRAS),
                    _Pending(_Step.PILE, "opponent", count=n),
                    _Pending(_Step.EXTRAS, "opponent"),
                    _Pending(_Step.RACE),
                    _Pending(_Step.RESOLVE),
                ]
            case Mode.HEAD_TO_HEAD:
                # Interpretation V9: each racer places their own extra cards.
                t.steps = [
                    _Pending(_Step.CHOOSE_OPPONENT),
                    _Pending(_Step.PILE, count=n),
                    _Pending(_Step.EXTRAS),
                    _Pending(_Step.PILE, "opponent", count=n),
                    _Pending(_Step.EXTRAS, "opponent"),
                    _Pending(_Step.READY, run=0),
                    _Pending(_Step.READY, run=1),
                    _Pending(_Step.RESOLVE),
                ]
        self._proceed(events)

    def _mode_for(self, face: ModeFace) -> Mode:
        if face is ModeFace.SOLITAIRE:
            return Mode.SOLITAIRE
        if face is ModeFace.HEAD_TO_HEAD:
            return Mode.HEAD_TO_HEAD
        return Mode.SELECTION if len(self._players) == 2 else Mode.PARTNER

    def _proceed(self, events: list[Event]) -> None:
        """Run queued set-up steps until one needs a decision."""
        t = self._turn
        while t.steps and self._outcome is None:
            if self._do_step(t.steps.pop(0), events):
                return

    def _role(self, role: str) -> Seat:
        seat = self._turn.player if role == "roller" else self._turn.opponent
        assert seat is not None
        return seat

    def _do_step(self, pending: _Pending, events: list[Event]) -> bool:
        """One set-up step; True when it stopped for a decision."""
        t = self._turn
        match pending.step:
            case _Step.CHOOSE_OPPONENT:
                others = [p.seat for p in self._players if p.seat != t.player]
                if len(others) == 1:  # two players: nobody else to choose
                    t.opponent = others[0]
                    events.append(OpponentChosen(t.player, others[0], automatic=True))
                    return False
                self._phase = Phase.CHOOSE_OPPONENT
                return True
            case _Step.CHOOSE_PARTNER:
                self._phase = Phase.CHOOSE_PARTNER
                return True
            case _Step.PILE:
                owner = self._role(pending.role)
                run = self._new_run(owner)
                run.pile = self._draw(Tier.BASIC, pending.count, owner, DrawPurpose.PILE, events)
                if t.mode is Mode.PARTNER:
                    run.pile += self._draw(Tier.BASIC, PARTNER_BONUS, owner, DrawPurpose.PARTNER_BONUS, events)
                return False
            case _Step.SELECTION:
                others = [p.seat for p in self._players if p.seat != t.player]
                t.selector = others[0]
                self._new_run(t.player)
                t.hand = self._draw(
                    Tier.BASIC, pending.count + SELECTION_EXTRA, t.selector, DrawPurpose.SELECTION, events
                )
                if len(t.hand) <= SELECTION_EXTRA:
                    # Interpretation V16: too few cards to choose from; all are discarded.
                    t.discarded, t.hand = t.hand, []
                    events.append(SelectionMade(t.selector, t.player, len(t.discarded), 0))
                    return False
                self._phase = Phase.SELECT_DISCARDS
                return True
            case _Step.EXTRAS:
                owner = self._role(pending.role)
                t.active = self._run_index(owner)
                extras = extras_for(self._board, self._get(owner).score)
                drawn: list[Card] = []
                for tier in Tier:
                    if extras.count(tier):
                        drawn += self._draw(tier, extras.count(tier), owner, DrawPurpose.EXTRAS, events)
                if not drawn:
                    return False
                t.extras, t.extras_owner = drawn, owner
                self._phase = Phase.PLACE_EXTRAS
                return True
            case _Step.READY:
                t.active = pending.run
                self._phase = Phase.READY
                return True
            case _Step.RACE:
                t.active = None  # Interpretation V34: each racer's own pile is their active one
                self._phase = Phase.READY
                return True
            case _Step.RESOLVE:
                self._resolve(events)
                return True
        raise AssertionError(pending)  # pragma: no cover

    def _new_run(self, owner: Seat) -> _Run:
        t = self._turn
        limit = int(self._get(t.player).timer)  # Interpretation V8: the roller's timer
        run = _Run(owner, None, limit, private=t.mode is Mode.HEAD_TO_HEAD)
        t.runs.append(run)
        return run

    def _run_index(self, owner: Seat) -> int:
        for i, run in enumerate(self._turn.runs):
            if run.runner == owner:
                return i
        raise AssertionError(owner)  # pragma: no cover

    def _active_run(self) -> _Run:
        t = self._turn
        assert t.active is not None
        return t.runs[t.active]

    def _draw(self, tier: Tier, count: int, owner: Seat, purpose: DrawPurpose, events: list[Event]) -> list[Card]:
        """Draw *count* cards from the top of *tier*'s deck, reshuffling its discards.

        Interpretation V15: when a deck and its discards are both empty the draw is
        short; the event says how many cards were missing.
        """
        deck = self._decks[tier]
        drawn: list[Card] = []
        for _ in range(count):
            if not deck.draw and deck.discard:
                deck.draw, deck.discard = deck.discard, []
                self._rng.shuffle(deck.draw)
                events.append(DeckReshuffled(tier, len(deck.draw)))
            if not deck.draw:
                break
            drawn.append(deck.draw.pop(0))
        if drawn:
            events.append(CardsDrawn(owner, tier, len(drawn), purpose))
        if len(drawn) < count:
            events.append(DeckExhausted(tier, count - len(drawn)))
        return drawn

    def _do_discard(self, cards: frozenset[Card], events: list[Event]) -> None:
        t = self._turn
        assert t.selector is not None
        t.discarded = [c for c in t.hand if c in cards]
        rest = [c for c in t.hand if c not in cards]
        t.hand = []
        self._rng.shuffle(rest)
        run = t.runs[self._run_index(t.player)]
        run.pile = rest + run.pile
        events.append(SelectionMade(t.selector, t.player, len(t.discarded), len(rest)))
        self._proceed(events)

    def _do_place_extras(self, on_top: bool, events: list[Event]) -> None:
        # Interpretation V7: the extra cards go as one block, easiest first.
        t = self._turn
        assert t.extras_owner is not None
        run = t.runs[self._run_index(t.extras_owner)]
        run.pile = t.extras + run.pile if on_top else run.pile + t.extras
        events.append(ExtrasPlaced(t.extras_owner, on_top, len(t.extras)))
        t.extras, t.extras_owner = [], None
        self._proceed(events)

    # ----------------------------------------------------------------- solving

    def _run_audience(self, run: _Run) -> Audience:
        """Head-to-head: the racer's own cards and answers are for the racer alone."""
        return frozenset({run.runner}) if run.private else None

    def _do_start_run(self, events: list[Event], run: _Run | None = None) -> None:
        # Interpretation V25: the pile stays face down until the timer is flipped.
        run = run or self._active_run()
        run.started = True
        run.order = list(run.pile)
        self._phase = Phase.SOLVING
        events.append(RunStarted(run.runner, run.partner, len(run.order), run.time_limit))
        self._advance(run, events)

    def _advance(self, run: _Run, events: list[Event]) -> None:
        """Turn the next card: the pile first, then the oldest passed card."""
        if run.pile:
            run.current = run.pile.pop(0)
            events.append(CardFlipped(run.runner, run.current, False, audience=self._run_audience(run)))
        elif run.passed:
            run.current = run.passed.pop(0)
            events.append(CardFlipped(run.runner, run.current, True, audience=self._run_audience(run)))
        else:
            run.current = None
            # Interpretation V17: an empty pile is got through at once.
            self._finish_run(run, events, timed_out=False)

    def _do_answer(self, action: Answer, events: list[Event], run: _Run | None = None) -> None:
        run = run or self._active_run()
        card = run.current
        assert card is not None
        if action.elapsed is not None:
            run.last_elapsed = float(action.elapsed)
        # Interpretation V24: the judge (dictionary + skeleton rule) decides; a
        # rejected answer costs nothing but time.
        verdict = Ruling.of(self._judge.check(card.skeleton, action.word))
        audience = self._run_audience(run)
        if not verdict.accepted:
            events.append(AnswerRejected(run.runner, card, verdict, audience=audience))
            return
        run.solved.append((card, verdict.word))
        run.finish_elapsed = action.elapsed
        events.append(AnswerAccepted(run.runner, card, verdict.word, audience=audience))
        self._advance(run, events)

    def _do_pass(self, events: list[Event], run: _Run | None = None) -> None:
        run = run or self._active_run()
        card = run.current
        assert card is not None
        run.passed.append(card)
        run.ever_passed.add(card)
        run.current = None
        events.append(CardPassed(run.runner, card, audience=self._run_audience(run)))
        self._advance(run, events)

    def _do_revisit(self, card: Card, events: list[Event], run: _Run | None = None) -> None:
        # Interpretation V11: going back to a passed card passes the face-up one.
        run = run or self._active_run()
        audience = self._run_audience(run)
        run.passed.remove(card)
        if run.current is not None:
            run.passed.append(run.current)
            run.ever_passed.add(run.current)
            events.append(CardPassed(run.runner, run.current, audience=audience))
        run.current = card
        events.append(CardFlipped(run.runner, card, True, audience=audience))

    def _finish_run(self, run: _Run, events: list[Event], *, timed_out: bool) -> None:
        run.finished = True
        run.complete = not timed_out
        if run.complete:
            run.elapsed = run.finish_elapsed if run.solved else 0.0
        events.append(RunFinished(run.result(), timed_out, audience=self._run_audience(run)))
        if self._turn.racing and not all(r.finished for r in self._turn.runs):
            return  # Interpretation V34: the race is decided once both piles are done
        self._proceed(events)

    # ----------------------------------------------------------------- resolution

    def _resolve(self, events: list[Event]) -> None:
        t = self._turn
        if t.mode is not Mode.HEAD_TO_HEAD:
            t.runs_over = True
            run = t.runs[0]
            winners = [run.runner] + ([run.partner] if run.partner is not None else []) if run.complete else []
            self._start_scoring(winners, events)
            return
        # Interpretation V18: faster of two finishers, else the only finisher, else more solved.
        a, b = t.runs
        ra, rb = a.result(), b.result()
        results = (ra, rb)
        t.runs_over = True
        race: RaceResult | None = None
        if ra.complete and rb.complete:
            assert ra.elapsed is not None and rb.elapsed is not None
            if ra.elapsed != rb.elapsed:
                race = self._race(a.runner if ra.elapsed < rb.elapsed else b.runner, RaceHow.FASTER, results)
        elif ra.complete or rb.complete:
            race = self._race(a.runner if ra.complete else b.runner, RaceHow.ONLY_FINISHER, results)
        elif ra.solved != rb.solved:
            race = self._race(a.runner if ra.solved > rb.solved else b.runner, RaceHow.SOLVED_MORE, results)
        if race is not None:
            t.race = race
            events.append(RaceDecided(race))
            assert race.winner is not None
            self._start_scoring([race.winner], events)
            return
        # Interpretation V10: a tie goes to a sudden-death card both may buzz in on.
        events.append(RaceTied(results))
        t.sudden = _SuddenDeath((a.runner, b.runner))
        self._phase = Phase.SUDDEN_DEATH_READY

    def _do_start_sudden_death(self, events: list[Event]) -> None:
        self._phase = Phase.SUDDEN_DEATH
        self._deal_sudden_card(events)

    def _deal_sudden_card(self, events: list[Event]) -> None:
        """Turn a new sudden-death card; Interpretation V15 when the red deck is out."""
        t = self._turn
        sd = t.sudden
        assert sd is not None
        sd.buzzer, sd.locked, sd.why = None, [], {}
        for tier in (Tier.EXPERT, Tier.ADVANCED, Tier.BASIC):
            cards = self._draw(tier, 1, sd.players[0], DrawPurpose.SUDDEN_DEATH, events)
            if cards:
                sd.card = cards[0]
                sd.cards_tried += 1
                events.append(SuddenDeathCard(sd.card, sd.cards_tried))
                return
        sd.card = None
        race = RaceResult(None, RaceHow.NO_CARD, t.race.results if t.race else tuple(r.result() for r in t.runs))
        t.race = race
        events.append(RaceDecided(race))
        self._start_scoring([], events)

    def _next_sudden_card(self, events: list[Event]) -> None:
        sd = self._turn.sudden
        assert sd is not None and sd.card is not None
        sd.spent.append(sd.card)
        sd.card = None
        self._deal_sudden_card(events)

    def _do_sudden_answer(self, action: Answer, events: list[Event]) -> None:
        t = self._turn
        sd = t.sudden
        assert sd is not None and sd.card is not None and sd.buzzer is not None
        buzzer = sd.buzzer
        verdict = Ruling.of(self._judge.check(sd.card.skeleton, action.word))
        if verdict.accepted:
            sd.winner, sd.answer = buzzer, verdict.word
            events.append(AnswerAccepted(buzzer, sd.card, verdict.word))
            race = self._race(buzzer, RaceHow.SUDDEN_DEATH, tuple(r.result() for r in t.runs))
            t.race = race
            events.append(RaceDecided(race))
            self._start_scoring([buzzer], events)
            return
        # Interpretation V10: ANY refused answer locks out, "not letters" included -
        # otherwise a buzzer could hold the buzz with slips while thinking.
        self._lock_out(LockOut.WRONG, verdict, events)

    def _lock_out(self, why: LockOut, verdict: Ruling | None, events: list[Event]) -> None:
        """The buzzer loses the buzz and this card (Interpretation V10: wrong, passed or out
        of buzz time, V29); the other may buzz, and if both are out, V30: nobody wins the
        card and a new one turns."""
        sd = self._turn.sudden
        assert sd is not None and sd.card is not None and sd.buzzer is not None
        buzzer = sd.buzzer
        sd.locked.append(buzzer)
        sd.why[buzzer] = why
        sd.buzzer = None
        events.append(LockedOut(buzzer, sd.card, verdict, why))
        if all(p in sd.locked for p in sd.players):
            events.append(CardUnanswered(sd.card, timed_out=False))
            self._next_sudden_card(events)

    # ----------------------------------------------------------------- scoring

    def _race(self, winner: Seat, how: RaceHow, results: tuple[RunResult, ...]) -> RaceResult:
        return RaceResult(winner, how, results)

    def _start_scoring(self, winners: list[Seat], events: list[Event]) -> None:
        t = self._turn
        t.succeeded = list(winners)
        if winners:
            events.append(TurnSucceeded(tuple(winners)))
        else:
            events.append(TurnFailed(t.player))
        # Interpretation V13: the roller scores first; a win ends the game at once.
        t.scorers = list(winners)
        self._next_scorer(events)

    def _score_options(self, seat: Seat) -> list[Action]:
        """ScoreTwo always; ScoreOne(other) for each other player it cannot hand the game to."""
        options: list[Action] = [ScoreTwo()]
        for p in self._players:
            if p.seat != seat and p.victory - 1 > p.score:  # Interpretation V12
                options.append(ScoreOne(p.seat))
        return options

    def _next_scorer(self, events: list[Event]) -> None:
        t = self._turn
        while t.scorers and self._outcome is None:
            options = self._score_options(t.scorers[0])
            if len(options) > 1:
                self._phase = Phase.SCORE
                return
            # Interpretation V14: with only one option, it is taken without asking.
            self._do_score(ScoreTwo(), events, automatic=True)
            if self._phase is Phase.GAME_OVER:
                return
        if self._outcome is None:
            self._end_turn(events)

    def _do_score(self, action: Action, events: list[Event], *, automatic: bool) -> None:
        t = self._turn
        seat = t.scorers.pop(0)
        me = self._players[seat]
        before = me.score
        if isinstance(action, ScoreOne):
            me.score += 1
            events.append(Scored(seat, ScoreOption.ONE_POINT, before, me.score, automatic))
            # Interpretation V4: "down" is toward 0, where the scoring tokens start.
            for p in (me, self._players[action.other]):
                p.victory -= 1
                events.append(VictoryTokenMoved(p.seat, p.victory + 1, p.victory, seat))
        else:
            me.score += 2
            events.append(Scored(seat, ScoreOption.TWO_POINTS, before, me.score, automatic))
        if me.score >= me.victory:
            t.scorers = []
            self._outcome = Outcome(me.seat, t.number, self.is_practice)
            events.append(GameWon(seat, me.score, me.victory))
            self._end_turn(events)
            return
        if not automatic:
            self._next_scorer(events)

    def _end_turn(self, events: list[Event]) -> None:
        """Every card of the turn goes to its deck's discard pile; the next player rolls.

        Interpretation V21: that includes cards never turned over, the selection
        discards and the sudden-death cards.
        """
        t = self._turn
        summary = self._summary()
        turn_cards = [tc.card for tc in summary.cards]
        for card in turn_cards:
            self._decks[card.tier].discard.append(card)
        self._last_turn = summary
        events.append(TurnEnded(summary))
        if self._outcome is not None:
            self._turn = _Turn(t.number, t.player)
            self._phase = Phase.GAME_OVER
            return
        nxt = (t.player + 1) % len(self._players)
        self._turn = _Turn(t.number + 1, nxt)
        self._phase = Phase.ROLL
        events.append(TurnStarted(nxt, t.number + 1))

    def _summary(self) -> TurnSummary:
        t = self._turn
        cards: list[TurnCard] = []
        for run in t.runs:
            answers = dict(run.solved)
            order = run.order or run.pile
            laid = order + [c for c in run.cards() if c not in order]
            for card in laid:
                if card in answers:
                    cards.append(TurnCard(card, run.runner, CardStatus.SOLVED, answers[card]))
                elif card in run.ever_passed:
                    cards.append(TurnCard(card, run.runner, CardStatus.PASSED))
                elif card in run.pile:
                    cards.append(TurnCard(card, run.runner, CardStatus.UNSEEN))
                else:
                    cards.append(TurnCard(card, run.runner, CardStatus.SHOWN))
        cards += [TurnCard(c, t.extras_owner, CardStatus.UNSEEN) for c in t.extras]
        cards += [TurnCard(c, t.selector, CardStatus.DISCARDED) for c in t.hand + t.discarded]
        sd = t.sudden
        if sd is not None:
            for c in sd.spent:
                cards.append(TurnCard(c, None, CardStatus.SHOWN, sudden_death=True))
            if sd.card is not None:
                solved = sd.winner is not None
                cards.append(
                    TurnCard(
                        sd.card,
                        sd.winner,
                        CardStatus.SOLVED if solved else CardStatus.SHOWN,
                        sd.answer,
                        sudden_death=True,
                    )
                )
        assert t.mode is not None or not cards
        return TurnSummary(
            t.number,
            t.player,
            t.mode or Mode.SOLITAIRE,
            t.partner,
            t.opponent,
            tuple(cards),
            tuple(t.succeeded),
            t.race,
        )

    # ----------------------------------------------------------------- helpers

    def _get(self, seat: Seat) -> _Player:
        return self._players[seat]

    def _name_at(self, seat: object) -> str | None:
        """The name of the player in *seat*; ``None`` when no one sits there (or it is no seat)."""
        if type(seat) is int and 0 <= seat < len(self._players):
            return self._players[seat].name
        return None

    def _neighbour_pair(self, seat: Seat) -> tuple[Seat, Seat]:
        """(left, right): the next and the previous player round the table (Interpretation V2)."""
        n = len(self._players)
        return (seat + 1) % n, (seat - 1) % n

    def _neighbours(self, seat: Seat) -> list[Seat]:
        return list(dict.fromkeys(self._neighbour_pair(seat)))

    def _player_view(self, p: _Player) -> PlayerView:
        return PlayerView(
            p.name,
            p.seat,
            p.timer,
            p.score,
            p.victory,
            extras_for(self._board, p.score),
            p.victory - p.score <= WINNING_DISTANCE,
        )

    # ----------------------------------------------------------------- views

    def view(self, seat: Seat | None = None) -> VowlView:
        """What *seat* may see (``None``: the public view for a handover screen)."""
        cached = self._views.get(seat)
        if cached is not None:
            return cached
        if seat is not None and (
            not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(self._players)
        ):
            raise KeyError(f"there is no seat {seat!r} at this table of {len(self._players)}")
        self._views[seat] = built = self._build_view(seat)
        return built

    def _build_view(self, seat: Seat | None) -> VowlView:
        t = self._turn
        viewer = seat
        runs = tuple(self._run_view(r, viewer) for r in t.runs)
        active = runs[t.active] if t.active is not None and t.active < len(runs) else None
        if t.racing and t.active is None:  # Interpretation V34: a racer's active pile is their own
            active = next((v for v in runs if v.runner == viewer), None)
        actors = self._actors()
        legal: tuple[Action, ...] = ()
        answer: AnswerRule | None = None
        if viewer in actors and t.racing and self._phase in (Phase.READY, Phase.SOLVING, Phase.SUDDEN_DEATH_READY):
            legal = tuple(a for a in self._choices() if isinstance(a, Racing) and a.racer == viewer)
            answer = self.answer_rule(viewer)
        elif viewer in actors:
            legal, answer = tuple(self._choices()), self.answer_rule()
            if self._phase is Phase.SUDDEN_DEATH and t.sudden is not None and t.sudden.buzzer is None:
                legal = tuple(a for a in legal if not isinstance(a, Buzz) or a.seat == seat)
        selection = None
        if self._phase is Phase.SELECT_DISCARDS and t.selector is not None:
            selection = SelectionView(
                t.selector,
                t.player,
                tuple(t.hand) if viewer == t.selector else None,
                len(t.hand),
                SELECTION_EXTRA,
            )
        sudden = None
        if t.sudden is not None:
            sd = t.sudden
            sudden = SuddenDeathView(
                sd.players,
                sd.card if self._phase is Phase.SUDDEN_DEATH else None,
                sd.buzzer,
                tuple(sd.locked),
                sd.cards_tried,
                BUZZ_SECONDS,
            )
        time_limit = int(self._get(t.player).timer) if t.mode is not None else None
        return VowlView(
            viewer=seat,
            practice=self.is_practice,
            board=self._board,
            phase=self._phase,
            turn=t.number,
            current_player=t.player,
            players=self.players,
            actors=actors,
            private_to=self._private_to(),
            number=t.roll,
            face=t.face,
            mode=t.mode,
            forced_solitaire=t.forced,
            partner=t.partner,
            opponent=t.opponent,
            time_limit=time_limit,
            extras_owner=t.extras_owner,
            pending_extras=len(t.extras),
            runs=runs,
            active_run=active,
            selection=selection,
            sudden_death=sudden,
            scorer=t.scorers[0] if self._phase is Phase.SCORE else None,
            race=t.race,
            review=self._summary() if self._phase is Phase.SCORE else None,
            last_turn=self._last_turn,
            decks=tuple(DeckView(tier, len(d.draw), len(d.discard)) for tier, d in self._decks.items()),
            last_events=tuple(e for e in self._last_events if visible_to(e, seat)),
            legal=legal,
            answer=answer,
            outcome=self._outcome,
            simultaneous=self._simultaneous,
        )

    def _private_to(self) -> Seat | None:
        t = self._turn
        if self._phase is Phase.SELECT_DISCARDS:
            return t.selector
        if self._phase in (Phase.READY, Phase.SOLVING):
            if t.racing:
                return None  # V34: each racer on their own device; nobody's secrets on a shared screen
            run = self._active_run()
            return run.runner if run.private else None
        return None

    def _run_view(self, run: _Run, viewer: Seat | None) -> RunView:
        visible = not run.private or viewer == run.runner or self._turn.runs_over
        total = len(run.order) if run.started else len(run.cards())
        if not visible:
            return RunView(
                run.runner,
                run.partner,
                run.time_limit,
                False,
                run.started,
                run.finished,
                total,
                len(run.pile),
                None,
                (),
                (),
                None,
                None,
                None,
            )
        return RunView(
            run.runner,
            run.partner,
            run.time_limit,
            True,
            run.started,
            run.finished,
            total,
            len(run.pile),
            run.current,
            tuple(run.passed),
            tuple(run.solved),
            len(run.solved),
            run.complete if run.finished else None,
            run.elapsed,
        )


def view(game: VowlGame, seat: Seat | None = None) -> VowlView:
    """``view(state, seat)``, boardgame.io style: the same as ``game.view(seat)``."""
    return game.view(seat)
