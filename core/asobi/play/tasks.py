"""The work of an ``asobi arena`` or ``asobi lab`` run: its games (:class:`GameTask`, plain data:
a variant, the seats, the game's seed), the batches they travel in (:class:`Batch`), and how a
game and a batch are played, the same in any process, local or on a Ray worker.

Everything random in a game comes from its own seed (the deal through the game's
``asobi_pinned_setup``, turned by ``asobi_turned_setup`` where the task says so, the
shuffles, the agents), never from the worker that plays it. The runners that hand the
batches out are :mod:`asobi.play.runner` and :mod:`asobi.play.ray_runner`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib.metadata import EntryPoint
from pathlib import Path
from typing import Any

from asobi.contract.measures import FinishedGame, Measure
from asobi.errors import AsobiError
from asobi.host.registry import Game, Registry
from asobi.play.driver import Driver
from asobi.play.seeds import deal_rng
from asobi.play.session import SeatSpec, Session
from asobi.variants.loader import Variant

EntryPoints = tuple[tuple[str, str, str], ...]
OnBatch = Callable[[list[dict[str, Any]]], None]
"""Called on the driver with the results of each finished batch (in any order)."""


@dataclass(frozen=True)
class GameTask:
    """One game: which variant (an index into :attr:`Batch.variants`), who sits where, the
    seed, and where it belongs in the run (``index``; ``block`` and ``order`` for reports)."""

    index: int
    variant: int
    seats: tuple[str, ...]
    seed: int
    block: int
    order: tuple[int, ...]
    deal: int | None = None
    """The seed the pinned deal is drawn from (:func:`asobi.play.seeds.deal_rng`): the block's,
    shared by every game of the block whatever its own ``seed``; None draws it from ``seed``."""
    turn: int = 0
    """How many seats on who starts is moved in the pinned deal (the game's
    ``asobi_turned_setup``): 0 plays the deal as drawn."""


@dataclass(frozen=True)
class Batch:
    """Games for one worker call (plain data: it crosses process and machine boundaries)."""

    games: EntryPoints
    plugins: EntryPoints
    game: str
    variants: tuple[tuple[str, Variant], ...]
    """(reference as the user gave it, the loaded variant) of every variant of the run."""
    tasks: tuple[GameTask, ...]
    measures: bool = False
    """Read the game's lab measures (``asobi_lab_measures``) after each game."""
    records: str | None = None
    """Return each game's record, with variant paths relative to this folder."""
    labels: tuple[tuple[str, str], ...] = ()
    """``name version`` of the distribution behind each entry point (by its value): an entry
    point rebuilt in a worker has lost its distribution, and a fault must still name it."""


def entry_points_of(eps: Sequence[EntryPoint]) -> EntryPoints:
    return tuple((ep.name, ep.value, ep.group) for ep in eps)


def batches(
    registry: Registry, game: str, variants: Sequence[tuple[str, Variant]],
    tasks: Sequence[GameTask], workers: int, measures: bool = False,
    records: Path | None = None,
) -> list[Batch]:
    """The tasks cut into batches that keep ``workers`` busy: at most 16 games, and smaller
    towards the end of the run (a quarter of each worker's share of what is left), so that
    the workers finish together instead of one waiting for another's last long batch."""
    most = max(1, min(16, len(tasks) // max(1, workers * 8)))
    games = entry_points_of(registry.game_entry_points)
    plugins = entry_points_of(registry.plugin_entry_points)
    labels = tuple(sorted(registry.labels().items()))
    folder = str(records) if records is not None else None
    out = []
    start = 0
    while start < len(tasks):
        size = max(1, min(most, (len(tasks) - start) // max(1, workers * 4)))
        out.append(Batch(games, plugins, game, tuple(variants), tuple(tasks[start:start + size]),
                         measures, folder, labels))
        start += size
    return out


# --------------------------------------------------------------------------- playing


def task_setup(game: Game, rules: Mapping[str, Any], task: GameTask) -> dict[str, Any] | None:
    """The pinned deal a task's game is played on (None: the game pins nothing): drawn from
    the task's deal seed by the game's ``asobi_pinned_setup``, then turned ``task.turn`` seats
    by its ``asobi_turned_setup``."""
    players = len(task.seats)
    setup = game.hooks.pinned_setup(
        rules, players, deal_rng(task.seed if task.deal is None else task.deal))
    if setup is not None and task.turn:
        setup = game.hooks.turned_setup(setup, rules, players, task.turn)
    return setup


def play_game(
    registry: Registry, batch: Batch, task: GameTask,
    measures: dict[int, list[Measure]] | None = None,
) -> dict[str, Any]:
    """Play one task; return its result, move times and (as asked) measures and record.
    ``measures`` keeps the game's measures of each variant between the games of a batch.

    Sequences in the result are tuples: a run keeps every game's result until its report,
    and tuples of numbers are values the garbage collector soon stops walking through."""
    game = registry.game(batch.game)
    ref, variant = batch.variants[task.variant]
    players = len(task.seats)
    setup = task_setup(game, variant.rules, task)
    specs = tuple(SeatSpec.parse(s) for s in task.seats)
    for spec in specs:
        if spec.is_human or spec.level is None:
            raise AsobiError(f"only AI seats play here, not '{spec}'")
    session = Session(game, variant, specs, seed=task.seed, setup=setup, variant_ref=ref)
    driver = Driver(session, clock=time.perf_counter)
    events: list[dict[str, Any]] = []
    for seat in driver.turns():
        events.extend(driver.play(seat, driver.decide(seat)))
    times = driver.times
    result = session.result()
    out: dict[str, Any] = {
        "index": task.index,
        "variant": task.variant,
        "block": task.block,
        "order": task.order,
        "seats": task.seats,
        "seed": task.seed,
        "deal": task.seed if task.deal is None else task.deal,
        "rounds": tuple(tuple(r["points"]) for r in result["rounds"]),
        "scores": tuple(result["scores"]),
        "winner": result["winner"],
        "moves": len(session.moves),
        "first": session.moves[0]["seat"] if session.moves else None,
        "times": tuple(tuple(t) for t in times),
    }
    if batch.measures or batch.records is not None:
        folder = Path(batch.records) if batch.records is not None else None
        record = session.record(folder=folder)
        if batch.records is not None:
            out["record"] = record
        if batch.measures:
            finished = FinishedGame(record, result, tuple(events), session.state)
            known = {} if measures is None else measures
            if task.variant not in known:
                known[task.variant] = game.hooks.lab_measures(variant.rules, players)
            out["measures"] = {
                m.key: (t.total, t.count)
                for m in known[task.variant]
                for t in (m.tally(finished),)
            }
    return out


@lru_cache(maxsize=4)
def registry_for(games: EntryPoints, plugins: EntryPoints,
                 labels: tuple[tuple[str, str], ...] = ()) -> Registry:
    """A registry of these entry points (one per worker process, reused between batches),
    naming their distributions as the driver's registry does (``labels``)."""
    return Registry(
        game_entry_points=[EntryPoint(*ep) for ep in games],
        plugin_entry_points=[EntryPoint(*ep) for ep in plugins],
        known_distributions=dict(labels),
    )


def play_batch(batch: Batch) -> list[dict[str, Any]]:
    """Worker entry point (top level, so that spawn and Ray find it): play every task."""
    registry = registry_for(batch.games, batch.plugins, batch.labels)
    measures: dict[int, list[Measure]] = {}
    return [play_game(registry, batch, task, measures) for task in batch.tasks]
