"""Yaku: declarative definitions (from the variant file) compiled to bit-mask tests.

A yaku definition names a *pool* of cards (``cards``, ``kinds``, ``groups``, and with
``round_month`` the four cards of the round's month), a minimum ``count`` of pool cards,
``required`` cards that must all be captured, ``points`` and ``per_extra`` points for each
pool card beyond ``count``. Conditions: ``only_after_koikoi`` / ``points_after_koikoi`` (the
owner has called koi-koi this round), ``cancelled_by`` (the owner captured one of these cards),
``requires`` (other yaku that must be made: a bonus yaku). Interactions: ``replaces`` (when
this yaku is made, those are not scored) and ``exclusive`` (of the yaku made in one exclusive
group only the highest scores).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from asobi.i18n import ENGLISH
from asobi.variants.schema import did_you_mean

from .cards import (
    ANIMAL,
    BRIGHT,
    GROUPS,
    PLAIN,
    RIBBON,
    SAKE_CUP,
    ids_of,
    kind_mask,
    mask_of,
)

Evaluate = Callable[[int, int, int], tuple[int, int]]
"""``evaluate(captured, calls, month_mask) -> (total, made)``: ``made`` has bit i set for
each yaku (in table order) that scores."""
NearRow = tuple[int, "Yaku", int, bool, int, int, int, bool]
"""A row of :attr:`YakuTable.near`."""
EVALUATE_MEMO = 1 << 16
"""Answers of a rule set's yaku evaluator kept at most (a few MB): the hard AI's playouts
ask about the same piles many times over."""


@dataclass(frozen=True)
class Yaku:
    """One compiled yaku."""

    id: str
    title: str
    pool: int
    round_month: bool
    required: int
    count: int
    points: int
    per_extra: int
    points_after_koikoi: int | None
    only_after_koikoi: bool
    cancelled_by: int
    exclusive: str | None
    replaces: tuple[str, ...]
    requires: tuple[str, ...]

    def value(self, captured: int, calls: int, month_mask: int) -> int | None:
        """Points of this yaku alone for ``captured``, or None when it is not made."""
        if self.only_after_koikoi and not calls:
            return None
        if captured & self.cancelled_by:
            return None
        if captured & self.required != self.required:
            return None
        pool = self.pool | (month_mask if self.round_month else 0)
        have = (captured & pool).bit_count()
        if have < self.count:
            return None
        base = self.points
        if calls and self.points_after_koikoi is not None:
            base = self.points_after_koikoi
        return base + (have - self.count) * self.per_extra


@dataclass(frozen=True)
class YakuTable:
    """The enabled yaku of a rule set, in evaluation order, with a compiled evaluator."""

    yaku: tuple[Yaku, ...]
    evaluate: Evaluate
    min_cards: int
    """No yaku can be made with fewer captured cards than this."""
    near: tuple[NearRow, ...] = dataclasses.field(init=False, repr=False, compare=False)
    """What :meth:`progress` reads of each yaku that can be near (a bonus yaku, which
    ``requires`` others, never is), as flat rows: its bit in ``made``, the yaku, its pool,
    whether the round's month joins the pool, its required cards, count, cancelling cards
    and whether it counts only after koi-koi."""

    def __post_init__(self) -> None:
        rows = tuple((1 << i, y, y.pool, y.round_month, y.required, y.count, y.cancelled_by,
                      y.only_after_koikoi) for i, y in enumerate(self.yaku) if not y.requires)
        object.__setattr__(self, "near", rows)

    def made(self, captured: int, calls: int, month_mask: int) -> list[tuple[Yaku, int]]:
        """The yaku that score for ``captured``, with their points (table order)."""
        _, bits = self.evaluate(captured, calls, month_mask)
        out: list[tuple[Yaku, int]] = []
        if not bits:
            return out
        for i, y in enumerate(self.yaku):
            if bits >> i & 1:
                points = y.value(captured, calls, month_mask)
                assert points is not None
                out.append((y, points))
        return out

    def progress(
        self, captured: int, calls: int, month_mask: int, reachable: int
    ) -> list[dict[str, Any]]:
        """Yaku not yet made that ``captured`` is one or two cards and at most half away from.

        ``reachable`` is the set of cards nobody has captured yet; a yaku that can no longer be
        completed from them is left out. Each entry: ``id``, ``title``, ``have``, ``need`` and
        ``missing`` (the named cards still missing, when the yaku names its cards).
        """
        out: list[dict[str, Any]] = []
        _, made = self.evaluate(captured, calls, month_mask)
        for bit, y, pool, by_month, required, count, cancelled, only_after in self.near:
            if by_month:
                pool |= month_mask
            have = (captured & pool).bit_count()
            # the test that leaves out most yaku first; the order changes nothing else
            if 2 * have < count or made & bit or captured & cancelled or (
                    only_after and not calls):
                continue
            missing_required = required & ~captured
            short = max(count - have, missing_required.bit_count())
            if not 0 < short <= 2 or missing_required & ~reachable:
                continue
            if ((reachable | captured) & pool).bit_count() < count:
                continue
            named = missing_required
            if not named and count == pool.bit_count():
                named = pool & ~captured
            out.append({"id": y.id, "title": y.title, "have": have, "need": count,
                        "missing": ids_of(named)})
        return out


# --------------------------------------------------------------------------- compiling


def _kind_masks(sake_is_plain: bool) -> dict[str, int]:
    masks = {kind: kind_mask(kind) for kind in (BRIGHT, ANIMAL, RIBBON, PLAIN)}
    if sake_is_plain:
        masks[PLAIN] |= mask_of([SAKE_CUP])
    return masks


def _pool(spec: Mapping[str, Any], kinds: Mapping[str, int]) -> int:
    pool = mask_of(spec.get("cards", ()))
    for kind in spec.get("kinds", ()):
        pool |= kinds[kind]
    for group in spec.get("groups", ()):
        pool |= mask_of(GROUPS[group])
    return pool


def _required(spec: Mapping[str, Any]) -> int:
    required = mask_of(spec.get("required", ()))
    for group in spec.get("required_groups", ()):
        required |= mask_of(GROUPS[group])
    return required


def _order(specs: Mapping[str, Mapping[str, Any]]) -> list[str]:
    """Enabled yaku ids, each after the yaku it ``requires`` (file order otherwise)."""
    enabled = [k for k, v in specs.items() if v.get("enabled", True)]
    placed: list[str] = []
    pending = list(enabled)
    while pending:
        progress = False
        for key in list(pending):
            if all(r in placed or r not in enabled for r in specs[key].get("requires", ())):
                placed.append(key)
                pending.remove(key)
                progress = True
        if not progress:  # a cycle (rejected by the schema); keep file order
            placed.extend(pending)
            break
    return placed


def compile_yaku(specs: Mapping[str, Mapping[str, Any]], sake_is_plain: bool) -> YakuTable:
    """Compile the ``yaku`` mapping of a validated rule set."""
    kinds = _kind_masks(sake_is_plain)
    table: list[Yaku] = []
    for key in _order(specs):
        spec = specs[key]
        pool = _pool(spec, kinds)
        default_count = pool.bit_count() + (4 if spec.get("round_month") else 0)
        table.append(
            Yaku(
                id=key,
                title=spec["title"],
                pool=pool,
                round_month=bool(spec.get("round_month", False)),
                required=_required(spec),
                count=spec.get("count", default_count),
                points=spec["points"],
                per_extra=spec.get("per_extra", 0),
                points_after_koikoi=spec.get("points_after_koikoi"),
                only_after_koikoi=bool(spec.get("only_after_koikoi", False)),
                cancelled_by=mask_of(spec.get("cancelled_by", ())),
                exclusive=spec.get("exclusive"),
                replaces=tuple(spec.get("replaces", ())),
                requires=tuple(spec.get("requires", ())),
            )
        )
    sizes = [
        max(y.count, y.required.bit_count()) for y in table if not y.requires
    ]
    return YakuTable(
        yaku=tuple(table),
        evaluate=_build_evaluator(tuple(table)),
        min_cards=min(sizes) if sizes else 49,
    )


def _build_evaluator(table: tuple[Yaku, ...]) -> Evaluate:
    """A closure over flat tuples: the engine's inner-loop yaku check."""
    position = {y.id: i for i, y in enumerate(table)}

    def bits(ids: tuple[str, ...]) -> int:
        return sum(1 << position[k] for k in ids if k in position)

    groups = sorted({y.exclusive for y in table if y.exclusive is not None})
    # Each row: what rejects most yaku cheaply first (pool, count), the rest only if needed.
    rows = tuple(
        (
            y.pool,
            y.count,
            y.round_month,
            (
                1 << i,
                y.required,
                y.cancelled_by,
                y.points,
                y.points if y.points_after_koikoi is None else y.points_after_koikoi,
                y.per_extra,
                y.only_after_koikoi,
                bits(y.requires) if y.requires else 0,
                # a bonus yaku whose required yaku are not all enabled can never be made
                any(k not in position for k in y.requires),
            ),
        )
        for i, y in enumerate(table)
    )
    replaced = tuple(bits(y.replaces) for y in table)
    group_of = tuple(groups.index(y.exclusive) if y.exclusive is not None else -1 for y in table)
    plain = not groups and not any(replaced)
    min_cards = min(
        (max(y.count, y.required.bit_count()) for y in table if not y.requires), default=49
    )

    def compute(captured: int, calls: int, month_mask: int) -> tuple[int, int]:
        made = 0
        total = 0
        points: list[int] | None = None if plain else []
        for pool, count, by_month, rest in rows:
            if by_month:
                pool |= month_mask
            have = (captured & pool).bit_count()
            if have < count:
                continue
            bit, req, cancel, base, after, per, only, needs, dead = rest
            if captured & req != req or captured & cancel:
                continue
            if calls:
                base = after
            elif only:
                continue
            if dead or (needs and made & needs != needs):
                continue
            value = base + (have - count) * per
            made |= bit
            total += value
            if points is not None:
                points.append(value)
        if points is None or not made:
            return total, made
        # interactions: replacements first, then the best of each exclusive group
        removed = 0
        index = 0
        kept_points = []
        for i, r in enumerate(replaced):
            if made >> i & 1:
                removed |= r
                kept_points.append((i, points[index]))
                index += 1
        best: dict[int, tuple[int, int]] = {}
        final = 0
        total = 0
        for i, value in kept_points:
            if removed >> i & 1:
                continue
            g = group_of[i]
            if g >= 0:
                old = best.get(g)
                if old is None or value > old[1]:
                    best[g] = (i, value)
                continue
            final |= 1 << i
            total += value
        for i, value in best.values():
            final |= 1 << i
            total += value
        return total, final

    # The search asks about the same piles again and again (every playout starts from the
    # same captures): remember answers, bounded, and forget them all when full.
    memo: dict[tuple[int, int, int], tuple[int, int]] = {}

    def evaluate(captured: int, calls: int, month_mask: int) -> tuple[int, int]:
        if captured.bit_count() < min_cards:
            return 0, 0
        key = (captured, calls, month_mask)
        answer = memo.get(key)
        if answer is None:
            if len(memo) >= EVALUATE_MEMO:
                memo.clear()
            answer = memo[key] = compute(captured, calls, month_mask)
        return answer

    return evaluate


# --------------------------------------------------------------------------- checking


def yaku_problems(specs: Any) -> Iterator[tuple[tuple[str | int, ...], str]]:
    """Cross-field checks of the ``yaku`` mapping (run after the per-field schema)."""
    kinds = _kind_masks(True)
    for key, spec in specs.items():
        for field in ("replaces", "requires"):
            for i, other in enumerate(spec.get(field, ())):
                if other == key:
                    yield (key, field, i), f"yaku '{key}' cannot name itself in '{field}'"
                elif other not in specs:
                    yield (key, field, i), f"unknown yaku '{other}'{did_you_mean(other, specs)}"
        pool = _pool(spec, kinds)
        reach = pool.bit_count() + (4 if spec.get("round_month") else 0)
        has_pool = bool(pool) or bool(spec.get("round_month"))
        if not has_pool and not spec.get("requires") and not spec.get("required") and not spec.get(
            "required_groups"
        ):
            yield (key,), (
                f"yaku '{key}' names no cards: give 'cards', 'kinds', 'groups', "
                "'round_month', 'required' or 'requires'"
            )
        if "count" in spec and spec["count"] > reach:
            yield (key, "count"), (
                f"count {spec['count']} is more than the "
                + ENGLISH.n("{n} card", "{n} cards", reach).format(n=reach)
                + f" yaku '{key}' can use"
            )
        if spec.get("points_after_koikoi") is not None and spec.get("only_after_koikoi"):
            yield (key, "points_after_koikoi"), (
                "give either only_after_koikoi or points_after_koikoi, not both"
            )
    # cycles through 'requires'
    for key in specs:
        seen: set[str] = set()
        stack = list(specs[key].get("requires", ()))
        while stack:
            other = stack.pop()
            if other == key:
                yield (key, "requires"), f"yaku '{key}' requires itself through other yaku"
                break
            if other in seen or other not in specs:
                continue
            seen.add(other)
            stack.extend(specs[other].get("requires", ()))
