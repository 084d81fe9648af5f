"""The conformance kit: checks any game plugin against the core's contract.

Run it from a plugin's own tests::

    from asobi.conformance import check_game
    check_game(game, players=2, games=20)

It plays random games, stepping them through :class:`asobi.play.driver.Driver` like every
frontend, with random legal actions, and runs named checks on every position, move and
finished game. :data:`CHECKS` lists them, each with what it proves:

* ``plays``: every game ends, and a seat to act has a legal action (always run);
* ``json``: every observation, action, event, result and record is plain JSON;
* ``turns``: ``asobi_to_act`` lists seats in order; a seat not to act has no legal action;
* ``refusals``: illegal actions (unknown, from a seat not to act, malformed) are refused with
  :class:`AsobiError` and change nothing any seat can observe;
* ``hidden-information``: observations do not depend on hidden information: a state
  ``asobi_resample`` deals again from the real one gives the seat the very same observation
  (and, for games with hidden information, the re-deal really changes what some other seat
  sees);
* ``events``: an event a seat may see says nothing that seat's next observation does not: in
  a world the seat cannot tell apart from the real one, where the same move leaves the seat
  the same observation, the seat must be shown the same events (an event that reveals what
  others cannot see must name its ``seats``);
* ``views``: the view hooks answer text (labels for every legal action, the text view, event
  descriptions or ``None``);
* ``ai-levels``: every AI level the game lists (or the ``levels`` given) answers with one of
  the legal actions;
* ``resample``: a game whose ``asobi_resample`` takes the observation builds, from each seat's
  observation alone, a state that gives the seat the same observation and can be played on;
* ``public-result``: ``asobi_result`` is public during play: it is the same in every world a
  seat cannot tell apart from the real one;
* ``result``: the result has the replay-output shape of records.md;
* ``replay``: replaying the record of each game (through JSON, by the replayer ``asobi replay``
  and the web use, the game's ``asobi_upgrade_record`` included) gives the same events, move
  by move, the same result and the same final observations; a difference is shown as its key
  path and both values.

A leak is reported with the observation key that gave it away. Failures raise
:class:`ConformanceError` (an ``AssertionError``) naming the game, seed and step, and the
check (``error.check``). ``check_game(game, only=["replay"])`` runs one check alone; each
check draws its randomness from its own generator and the moves come from another, so a check
run alone sees the very games it sees in the whole kit. A plugin's tests can run every check
as its own test::

    @pytest.mark.parametrize("check", CHECK_NAMES)
    def test_my_game(check):
        check_game(discover().game("mygame"), players=2, only=[check])
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from asobi.conformance.checks import (
    AiLevels,
    EventsLeak,
    HiddenInformation,
    PlainJson,
    Plays,
    Refusals,
    Resample,
    Turns,
    Views,
)
from asobi.conformance.model import (
    AfterMove,
    Check,
    Checker,
    ConformanceError,
    Difference,
    Move,
    Options,
    Position,
    Table,
    difference,
    first_difference,
)
from asobi.conformance.results import PublicResult, Replay, ResultShape
from asobi.errors import AsobiError
from asobi.host.registry import Game
from asobi.play.agents import RandomAgent
from asobi.play.driver import Driver
from asobi.play.seeds import check_rng, kit_mover_seed, nth_seed
from asobi.play.session import Session
from asobi.variants.loader import Variant

__all__ = [
    "CHECKS", "CHECK_NAMES", "Check", "Checker", "ConformanceError", "Difference", "Move",
    "Options", "Position", "Table", "check_game", "difference", "first_difference",
    "select_checks",
]

CHECKS: tuple[Check, ...] = (
    Check("plays", "every game ends within max_steps moves, and a seat to act has a legal "
          "action (always run)", Plays),
    Check("json", "observations, legal actions, events, results and records are plain JSON",
          PlainJson),
    Check("turns", "asobi_to_act lists seats in ascending order, and a seat not to act has no "
          "legal action", Turns),
    Check("refusals", "illegal actions (unknown, malformed, by a seat not to act) are refused "
          "and change nothing any seat can observe", Refusals),
    Check("hidden-information", "observations do not depend on what their seat cannot see, "
          "and asobi_resample, given the real state, really deals the hidden information "
          "again", HiddenInformation),
    Check("events", "an event a seat may see tells it nothing its next observation does not",
          EventsLeak),
    Check("views", "the view hooks answer text: the text view, action labels, event lines",
          Views),
    Check("ai-levels", "every AI level answers with one of the legal actions", AiLevels),
    Check("resample", "asobi_resample builds, from an observation alone, a state that gives "
          "the seat that observation and can be played on", Resample),
    Check("public-result", "asobi_result is public during play: the same in every world a "
          "seat cannot tell from the real one", PublicResult),
    Check("result", "the result of a finished game has the replay-output shape of records.md",
          ResultShape),
    Check("replay", "the record replays to the same events, result and final observations",
          Replay),
)
"""Every check of the kit, in the order it runs them."""

CHECK_NAMES: tuple[str, ...] = tuple(check.name for check in CHECKS)
"""The names of :data:`CHECKS`, for ``only=[...]`` and for ``pytest.mark.parametrize``."""

ALWAYS = "plays"
"""The check that always runs: without it the kit could not play."""


def select_checks(only: Sequence[str] | None = None) -> list[Check]:
    """The checks to run: every one, or those named in ``only`` (and ``plays``), in the
    kit's order. An unknown name is an :class:`AsobiError` listing the known ones."""
    if only is None:
        return list(CHECKS)
    if isinstance(only, str):
        only = [only]
    unknown = [name for name in only if name not in CHECK_NAMES]
    if unknown:
        raise AsobiError(f"no conformance check {', '.join(map(repr, unknown))}; "
                         f"the checks are: {', '.join(CHECK_NAMES)}")
    return [check for check in CHECKS if check.name in only or check.name == ALWAYS]


@contextmanager
def _blame(check: Check) -> Iterator[None]:
    """A failure or an exception inside ``check`` is marked with the check's name."""
    try:
        yield
    except ConformanceError as exc:
        if exc.check is None:
            exc.check = check.name
        raise
    except Exception as exc:
        exc.add_note(f"(raised while the conformance check '{check.name}' ran)")
        raise


def check_game(
    game: Game,
    variant: Variant | None = None,
    players: int | None = None,
    games: int = 10,
    seed: int = 0,
    max_steps: int = 20_000,
    expect_hidden: bool = True,
    levels: list[str] | None = None,
    only: Sequence[str] | None = None,
) -> dict[str, Any]:
    """Run the kit; return a few counts (games, steps) for the caller to report.

    ``variant`` is a loaded variant or a name (default: the game's default). ``levels`` are
    the AI levels whose moves are checked (default: every level the game lists; pass cheaper
    ones, such as ``hard:0.05``, to keep a slow level's check short). ``only`` names the
    checks to run (default: all of :data:`CHECK_NAMES`)."""
    checks = select_checks(only)
    if not isinstance(variant, Variant):
        variant = game.load_variant(variant)
    options = Options(
        game=game, variant=variant, players=players or game.info.min_players, games=games,
        seed=seed, max_steps=max_steps, expect_hidden=expect_hidden,
        levels=tuple(game.ai_levels() if levels is None else levels),
    )
    checkers = [(check, check.checker(options)) for check in checks]
    steps = sum(_play(options, checkers, number) for number in range(games))
    for check, checker in checkers:
        with _blame(check):
            checker.close()
    return {"games": games, "steps": steps}


def _play(options: Options, checkers: list[tuple[Check, Checker]], number: int) -> int:
    """Play game ``number`` of the run with random legal moves, every checker watching;
    return the number of moves."""
    game_seed = nth_seed(options.seed, number)
    session = Session(options.game, options.variant, ["ai:random"] * options.players,
                      seed=game_seed)
    mover = RandomAgent(kit_mover_seed(game_seed))
    driver = Driver(session, {seat: mover for seat in range(options.players)})
    table = Table(options, session, driver, game_seed, number)
    for check, checker in checkers:
        with _blame(check):
            checker.start(table, check_rng(check.name, game_seed))
    moves = 0
    for seat in driver.turns():
        position = Position(table, seat, session.legal_actions(seat), moves)
        afterwards: list[tuple[Check, AfterMove]] = []
        for check, checker in checkers:
            with _blame(check):
                after = checker.position(position)
            if after is not None:
                afterwards.append((check, after))
        events = driver.play(seat, driver.decide(seat))
        move = Move(seat, session.moves[-1]["action"], events)
        for check, after in afterwards:
            with _blame(check):
                after(move)
        moves += 1
    for check, checker in checkers:
        with _blame(check):
            checker.game_over(table)
    return moves
