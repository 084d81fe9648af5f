"""A lab from start to report: plan, play (resuming), and turn the games into figures.

The report is JSON-ready. Every figure carries its value in each variant with a 95% interval
(:mod:`asobi.lab.stats`; the sample size is the number of blocks) and, when there is a
reference variant, each other variant's difference from it (paired by block, with the number
of blocks where the two differ), marked ``clear_of_zero`` when the interval leaves zero out.
Names are given in English (``name``) and in the report's language (``label``).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from asobi.arena.plan import seatings
from asobi.arena.run import records_folder, run_batches
from asobi.cli.progress import bar
from asobi.host.registry import Game, Registry
from asobi.i18n import Translator, translator
from asobi.lab.balance import seat_balance
from asobi.lab.family import ALPHA, star_family
from asobi.lab.figures import (
    DISTRIBUTIONS,
    VariantData,
    balance,
    general_figures,
    seat_table,
)
from asobi.lab.plan import LabPlan, plan_lab
from asobi.lab.resume import ResumeFile, read_games
from asobi.lab.stats import MIN_BLOCKS, Blocks, bootstraps, column, contrast, distribution
from asobi.play.runner import make_runner
from asobi.play.tasks import batches

FORMAT = 3
"""3: every difference with its ``p``, Holm's ``p_adjusted`` and ``star``, and (since issue
36, a key more) ``other_values_below`` for a figure without variation (2: blocks of different
games, blocks as the sample size, score intervals, figures without variation, differing
blocks, the seats' test)."""


def run_lab(
    registry: Registry,
    game: str,
    variant: str,
    players: Sequence[str],
    games: int,
    against: Sequence[str] = (),
    seed: int = 1,
    workers: int = 1,
    ray: str | None = None,
    records: str | None = None,
    resume: str | None = None,
    lang: str = "en",
    progress: TextIO | None = None,
) -> dict[str, Any]:
    """Plan, play (only the games ``resume`` does not hold yet) and report a lab."""
    plan = plan_lab(registry, game, variant, against, players, games, seed)
    path = Path(resume) if resume is not None else None
    done = read_games(path, plan) if path is not None else []
    folder = records_folder(records)
    runner = make_runner(workers, ray)
    finished = {g["index"] for g in done}
    todo = [t for t in plan.tasks if t.index not in finished]
    played: list[dict[str, Any]] = list(done)
    keeper = ResumeFile(path, plan, fresh=not _has_header(path)) if path is not None else None
    start = time.perf_counter()
    try:
        with bar(progress, len(plan.tasks), plan.game.name, len(done)) as advance:

            def collect(batch: list[dict[str, Any]]) -> None:
                for g in batch:
                    g.pop("times", None)
                if keeper is not None:
                    keeper.add(batch)
                played.extend(batch)
                advance(len(batch))

            if todo:
                work = batches(registry, game, plan.variants, todo, workers, measures=True,
                               records=folder)
                run_batches(registry, runner, work, plan.names, collect, folder)
    except KeyboardInterrupt:
        if progress is not None:
            kept = f"; they are kept in {path}, run the same command to go on" if path else (
                "; give --resume FILE to keep finished games")
            progress.write(f"stopped: {len(played)} of {len(plan.tasks)} games finished{kept}\n")
        raise
    finally:
        if keeper is not None:
            keeper.close()
    playing = time.perf_counter() - start
    played.sort(key=lambda g: g["index"])
    report = build_report(plan, played, lang)
    seconds = time.perf_counter() - start
    report["run"] = {
        "workers": workers, "ray": ray, "seconds": round(seconds, 1),
        "play_seconds": round(playing, 2), "report_seconds": round(seconds - playing, 2),
        "games_per_second": round(len(todo) / playing, 1) if todo and playing > 0 else None,
        "resumed_games": len(done),
    }
    return report


def _has_header(path: Path) -> bool:
    try:
        return path.stat().st_size > 0
    except OSError:
        return False


# --------------------------------------------------------------------------- the report


def build_report(plan: LabPlan, games: Sequence[Mapping[str, Any]], lang: str) -> dict[str, Any]:
    """The figures of ``games`` (all of ``plan``'s, in index order)."""
    game = plan.game
    n = len(plan.players)
    data = [VariantData() for _ in plan.variants]
    for g in games:
        data[g["variant"]].add_game(g, n)
    keys = list(range(plan.blocks))
    names = plan.names
    ref = plan.reference
    cluster = float(len(seatings(n)))  # the games of a block, which share its deal

    def label(message: str, params: Mapping[str, str]) -> str:
        text = game.text(message, lang)
        values = {k: game.text(v, lang) for k, v in params.items()}
        try:
            return text.format(**values)
        except (KeyError, IndexError, ValueError):
            return message.format(**params)

    def entry(key: str, name: str, unit: str, percent: bool, params: Mapping[str, str],
              kind: str) -> dict[str, Any]:
        return {"key": key, "kind": kind, "name": name.format(**params),
                "label": label(name, params), "unit": unit, "unit_label": game.text(unit, lang),
                "percent": percent}

    def with_values(item: dict[str, Any], tally_key: str) -> dict[str, Any]:
        per = [column(d.tallies.get(tally_key, {}), keys) for d in data]
        share = bool(item["percent"])
        item["by_variant"] = {names[v]: contrast([(1.0, per[v])], keys, share, cluster).json()
                              for v in range(len(data))}
        if ref is not None:
            item["difference"] = {
                names[v]: contrast([(1.0, per[v]), (-1.0, per[ref])], keys, share,
                                   cluster, differing=True, test=True).json()
                for v in range(len(data)) if v != ref}
        return item

    figures: list[dict[str, Any]] = []
    for fig in general_figures(n):
        item = entry(fig.key, fig.name, fig.unit, fig.percent, fig.params, "general")
        if fig.key == "balance":
            figures.append(_balance(item, data, keys, names, ref, cluster))
            continue
        with_values(item, fig.key)
        if fig.key in DISTRIBUTIONS:
            item["distribution"] = {names[v]: distribution(d.values.get(fig.key, []))
                                    for v, d in enumerate(data)}
        figures.append(item)
    seen: set[str] = set()
    for _, variant in plan.variants:
        for m in game.hooks.lab_measures(variant.rules, n):
            if m.key in seen:
                continue
            seen.add(m.key)
            item = entry(m.key, m.name, m.unit, m.percent, m.params, "game")
            figures.append(with_values(item, f"measure:{m.key}"))
    player_rows = []
    for p, spec in enumerate(plan.players):
        row: dict[str, Any] = {"player": spec, "position": p}
        for what in ("wins", "game", "round"):
            per = [d.tallies.get(f"player-{p}-{what}", {}) for d in data]
            row[what] = {names[v]: contrast([(1.0, per[v])], keys, what == "wins",
                                            cluster).json()
                         for v in range(len(data))}
        player_rows.append(row)
    restricted = _restricted(plan, data, keys, lang, cluster)
    family = star_family(differences(figures, restricted))
    return {
        "format": FORMAT,
        "game": game.name,
        "lang": lang,
        "variants": [{"name": v.name, "title": v.title_in(lang), "given_as": r}
                     for r, v in plan.variants],
        "reference": names[ref] if ref is not None else None,
        "players": list(plan.players),
        "seed": plan.seed,
        "games_asked": plan.games,
        "blocks": plan.blocks,
        "min_blocks": MIN_BLOCKS,
        "games_per_block": int(cluster),
        "games_per_variant": len(plan.tasks) // len(data),
        "pairing": ("duplicate deals, seats swapped" if n == 2 else "seats rotated")
        + "; a block is one deal, each of its games with a seed of its own; every variant "
        "on the same deals and seeds",
        "figures": figures,
        "player_figures": player_rows,
        "restricted": restricted,
        "family": {"differences": family, "adjustment": "holm", "level": ALPHA},
    }


def differences(figures: Sequence[Mapping[str, Any]],
                restricted: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Every difference between variants a report gives: the family its stars are
    corrected for (:mod:`asobi.lab.family`)."""
    out = [d for f in figures for d in (f.get("difference") or {}).values()]
    for r in restricted:
        for what in ("round", "game"):
            out += list((r.get(f"difference_per_{what}") or {}).values())
    return out


def _balance(item: dict[str, Any], data: Sequence[VariantData], keys: Sequence[int],
             names: Sequence[str], ref: int | None, cluster: float) -> dict[str, Any]:
    """The balance in each variant, from simultaneous intervals of the seats' differences
    (:mod:`asobi.lab.balance`), with the test that every seat wins equally often; and each
    variant's difference from the reference, bootstrapped on the same resamples of the
    blocks for every variant (paired by block)."""
    seats = max((len(row) - 1 for d in data for row in d.seat_wins.values()), default=0)
    item["by_variant"] = {}
    for v, d in enumerate(data):
        wins = [d.tallies.get(f"seat-{s + 1}-wins", {}) for s in range(seats)]
        estimate, test = seat_balance(wins, keys, cluster)
        item["by_variant"][names[v]] = {**estimate.json(), "seats_equal": test}
    if ref is None:
        return item
    columns = [seat_table(d, keys) for d in data]

    def gap(a: int, b: int) -> Callable[[Sequence[int]], float | None]:
        def stat(sample: Sequence[int]) -> float | None:
            x, y = balance(columns[a], sample), balance(columns[b], sample)
            return None if x is None or y is None else x - y
        return stat

    others = [v for v in range(len(data)) if v != ref]
    counts = [float(columns[v].totals(range(len(keys)))[-1]
                    + columns[ref].totals(range(len(keys)))[-1]) for v in others]
    gaps = bootstraps([gap(v, ref) for v in others], len(keys), counts)
    item["difference"] = {}
    for v, difference in zip(others, gaps, strict=True):
        differ = sum(1 for b in keys
                     if data[v].seat_wins.get(b) != data[ref].seat_wins.get(b))
        item["difference"][names[v]] = {**difference.json(), "differing_blocks": differ}
    return item


def _restricted(plan: LabPlan, data: Sequence[VariantData], keys: Sequence[int],
                lang: str, cluster: float) -> list[dict[str, Any]]:
    """The value of each choice a restricted player gives up: the unrestricted player's
    points minus the restricted one's, per round and per game, in each variant (and how
    that value differs from the reference variant's)."""
    game: Game = plan.game
    names = plan.names
    ref = plan.reference
    players = list(plan.players)
    out = []
    for q, spec in enumerate(players):
        base, slash, name = spec.partition("/")
        if not slash or base not in players:
            continue
        p = players.index(base)
        titles = {r.name: r.title for _, v in plan.variants
                  for r in game.hooks.restrictions(v.rules, len(players))}
        title = titles.get(name, name)
        item: dict[str, Any] = {"player": base, "restricted": spec, "restriction": name,
                                "title": title, "label": game.text(title, lang)}
        for what in ("round", "game"):
            terms: list[list[tuple[float, Blocks]]] = [
                [(1.0, d.tallies.get(f"player-{p}-{what}", {})),
                 (-1.0, d.tallies.get(f"player-{q}-{what}", {}))] for d in data]
            item[f"per_{what}"] = {
                names[v]: contrast(terms[v], keys, cluster=cluster).json()
                for v in range(len(data))}
            if ref is not None:
                item[f"difference_per_{what}"] = {
                    names[v]: contrast(terms[v] + [(-c, b) for c, b in terms[ref]], keys,
                                       cluster=cluster, test=True).json()
                    for v in range(len(data)) if v != ref}
        out.append(item)
    return out


def p_text(p: float) -> str:
    """``p = 0.41``, ``p = 0.004``, ``p < 0.001``: a p value as the tables print it."""
    if p < 0.001:
        return "p < 0.001"
    return f"p = {p:.3f}" if p < 0.01 else f"p = {p:.2f}"


def percent_up(share: float) -> str:
    """``14%``, ``3.0%``, ``0.30%``: a share as a percentage of two significant digits,
    rounded up (it is an upper bound)."""
    value = share * 100.0
    if value <= 0:
        return "0%"
    digits = max(0, 1 - math.floor(math.log10(value)))
    shown = math.ceil(round(value * 10 ** digits, 6)) / 10 ** digits
    return f"{shown:.{digits}f}%"


@dataclass(frozen=True)
class EstimateText:
    """An estimate as the tables write it, in its parts: the ``value`` (``12.30``), its
    ``interval`` (``[11.00, 13.60]``, or ``""``) and what is said of it (``said``: how many
    blocks differ, ``p = 0.41``...). ``str()`` joins them: ``12.30 [11.00, 13.60] (p =
    0.41)``."""

    value: str
    interval: str = ""
    said: tuple[str, ...] = ()

    def __str__(self) -> str:
        text = f"{self.value} {self.interval}" if self.interval else self.value
        return f"{text} ({'; '.join(self.said)})" if self.said else text


def estimate_text(e: Mapping[str, Any], percent: bool = False, signed: bool = False,
                  tr: Translator | None = None) -> str:
    """``12.3 [11.0, 13.6]`` (or ``45.1% [...]``, bounds rounded outward); ``-`` when nothing
    was observed; ``22.00 (no variation in 20 blocks; other values possible in up to 14% of
    blocks)`` for a figure without an interval that never varied (the share of blocks is
    :func:`asobi.lab.stats.unseen_share`); a difference adds how many blocks differ
    (``3/100 blocks differ``) and its p adjusted for the report's family of differences
    (``p = 0.41``), and the balance the test that the seats are equal (``p = 0.41``). ``tr``
    translates. (:func:`estimate_parts` gives the parts.)"""
    return str(estimate_parts(e, percent, signed, tr))


def estimate_parts(e: Mapping[str, Any], percent: bool = False, signed: bool = False,
                   tr: Translator | None = None) -> EstimateText:
    """:func:`estimate_text`, in its parts (a web page lays them out apart)."""
    if e.get("value") is None:
        return EstimateText("-")
    tr = tr if tr is not None else translator("asobi", "en")
    scale, suffix = (100.0, "%") if percent else (1.0, "")
    sign = "+" if signed else ""
    value = f"{e['value'] * scale:{sign}.2f}{suffix}"
    interval = ""
    blocks = int(e.get("blocks") or 0)
    differ = e.get("differing_blocks")
    said: list[str] = []
    if e.get("low") is not None and e.get("high") is not None:
        low = math.floor(round(e["low"] * scale * 100, 6)) / 100
        high = math.ceil(round(e["high"] * scale * 100, 6)) / 100
        interval = f"[{low + 0.0:{sign}.2f}, {high + 0.0:{sign}.2f}]"
    elif e.get("no_variation") and differ != 0:
        said.append(tr.n("no variation in {n} block", "no variation in {n} blocks",
                         blocks).format(n=blocks))
    if differ is not None and differ < blocks:
        said.append(tr("{n}/{k} blocks differ").format(n=differ, k=blocks))
    if e.get("other_values_below") is not None:
        said.append(tr("other values possible in up to {share} of blocks").format(
            share=percent_up(float(e["other_values_below"]))))
    if e.get("p_adjusted") is not None:
        said.append(p_text(float(e["p_adjusted"])))
    test = e.get("seats_equal")
    if isinstance(test, Mapping) and test.get("p") is not None:
        said.append(p_text(float(test["p"])))
    return EstimateText(value, interval, tuple(said))
