"""A game being played: seats, the seeded RNG, the step API and the record of moves.

The session does not own a loop: it answers who acts (:meth:`Session.to_act`), what a seat
sees and may do (:meth:`Session.observation`, :meth:`Session.legal_actions`), and applies one
move at a time (:meth:`Session.apply`, the one legality check), keeping it in the record.
Frontends, servers and the arena step it through :class:`asobi.play.driver.Driver`, which
moves the first seat ``to_act`` names, one decision at a time::

    while acting := session.to_act():
        seat = acting[0]
        session.apply(seat, pick(session.observation(seat), session.legal_actions(seat)))

Frontends and agents receive observations, never the state.
"""

from __future__ import annotations

import hashlib
import os
import random
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from asobi.contract.model import SetupContext
from asobi.contract.scorers import Scorer, scorers_of
from asobi.errors import AsobiError
from asobi.host.registry import Game
from asobi.i18n import ENGLISH
from asobi.play.seeds import new_seed, parse_seed, seed_to_json
from asobi.variants.loader import Variant, looks_like_path

RECORD_FORMAT = 1


@dataclass(frozen=True)
class SeatSpec:
    """What sits in a seat: ``human`` or ``ai:LEVEL`` (LEVEL may carry options: ``hard:0.3``)."""

    kind: str
    level: str | None = None

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    def __str__(self) -> str:
        return self.kind if self.level is None else f"{self.kind}:{self.level}"

    @classmethod
    def parse(cls, text: str) -> SeatSpec:
        text = text.strip()
        if text == "human":
            return cls("human")
        if text.startswith("ai:") and len(text) > 3:
            return cls("ai", text[3:])
        if text == "ai":
            return cls("ai")  # the game's default level, chosen by parse_seats
        raise AsobiError(f"unknown seat '{text}': use 'human' or 'ai:LEVEL' (for example ai:hard)")


def parse_seats(text: str | list[str] | tuple[str, ...], game: Game) -> tuple[SeatSpec, ...]:
    parts = text.split(",") if isinstance(text, str) else list(text)
    seats = tuple(
        SeatSpec("ai", game.default_level) if spec.kind == "ai" and spec.level is None else spec
        for spec in (SeatSpec.parse(p) for p in parts if p.strip())
    )
    info = game.info
    if not info.min_players <= len(seats) <= info.max_players:
        span = (
            str(info.min_players)
            if info.min_players == info.max_players
            else f"{info.min_players} to {info.max_players}"
        )
        given = "no seat was given" if not seats else ENGLISH.n(
            "{n} seat was given", "{n} seats were given", len(seats)).format(n=len(seats))
        raise AsobiError(f"{info.title} is played by {span} players; {given}")
    return seats


def canonical(action: Mapping[str, Any]) -> str:
    import json  # imported when a game is played, not when the games are listed

    return json.dumps(action, sort_keys=True, separators=(",", ":"))


def rules_json(rules: Mapping[str, Any]) -> str:
    """The canonical JSON text of a variant's rules: sorted keys, no spaces, UTF-8 as is."""
    import json

    return json.dumps(rules, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def rules_digest(rules: Mapping[str, Any]) -> str:
    """``sha256:<hex>`` of :func:`rules_json`, the ``variant_digest`` of a record."""
    return "sha256:" + hashlib.sha256(rules_json(rules).encode("utf-8")).hexdigest()


def check_record_path(path: Path | str) -> None:
    """Refuse, before a game starts, a ``--record`` target that could never be written: a
    folder, a name with a NUL byte, or a file in a folder that does not exist."""
    text = str(path)
    if "\0" in text:
        raise AsobiError(f"cannot save the record to {text!r}: a file name cannot hold a NUL byte")
    target = Path(text)
    try:
        if target.is_dir():
            raise AsobiError(f"cannot save the record to {text}: it is a folder; name a file")
        folder = target.resolve().parent
    except (OSError, ValueError) as exc:
        raise AsobiError(f"cannot save the record to {text}: {exc}") from None
    if not folder.is_dir():
        raise AsobiError(f"cannot save the record to {text}: no such folder")


class Session:
    """One game of one game plugin under one variant.

    ``seed`` is a whole number or its text form (see :func:`asobi.play.seeds.parse_seed`); none
    draws a fresh one. ``self.seed`` is always the int that seeds ``random.Random``.

    ``observers``: whether the end of the game is told to the ``asobi_game_over`` observers.
    A session rebuilt from a record to replay it is built with ``False``: a replay is not a
    game played, and a statistics plugin must not count it. It can be switched on afterwards
    (:attr:`observers`) for a game that goes on live; an end reached while it was off is never
    announced.
    """

    def __init__(
        self,
        game: Game,
        variant: Variant,
        seats: tuple[SeatSpec, ...] | list[str],
        seed: int | str | None = None,
        setup: Mapping[str, Any] | None = None,
        variant_ref: str | None = None,
        observers: bool = True,
    ) -> None:
        self.game = game
        self.variant = variant
        self.variant_ref = variant_ref or variant.name
        self.seats = tuple(s if isinstance(s, SeatSpec) else SeatSpec.parse(s) for s in seats)
        self.seed: int = new_seed() if seed is None else parse_seed(seed)
        self.setup = dict(setup) if setup else None
        self.moves: list[dict[str, Any]] = []
        self.notes: list[str] = []
        """Things a person replaying should know (a record's variant that changed since)."""
        self.observers = observers
        """Whether the end of the game is told to the ``asobi_game_over`` observers."""
        self._over_announced = False
        self._scoring: list[Scorer] | None = None
        rng = random.Random(self.seed)
        ctx = SetupContext(
            rules=variant.rules,
            players=len(self.seats),
            rng=rng,
            setup=self.setup,
            adjust_points=self._adjust_points,
        )
        self.state = game.hooks.setup(ctx)
        if self.state is None:
            raise AsobiError(f"game '{game.name}' returned no state from asobi_setup")
        self._announce_end()

    # ------------------------------------------------------------------ hooks
    def _adjust_points(self, unit: Mapping[str, Any]) -> list[int]:
        total = [0] * len(unit["points"])
        for deltas in self.game.hooks.adjust_points(unit):
            for i, d in enumerate(deltas[: len(total)]):
                total[i] += int(d)
        return total

    def _announce_end(self) -> None:
        if self.finished and not self._over_announced:
            self._over_announced = True
            if self.observers:
                self.game.hooks.game_over(
                    self.variant.name, self.result(), [str(s) for s in self.seats]
                )

    # ------------------------------------------------------------------ step API
    @property
    def players(self) -> int:
        return len(self.seats)

    def to_act(self) -> list[int]:
        return self.game.hooks.to_act(self.state)

    @property
    def finished(self) -> bool:
        return not self.to_act()

    def observation(self, seat: int) -> dict[str, Any]:
        self._check_seat(seat)
        return self.game.hooks.observation(self.state, seat)

    def legal_actions(self, seat: int) -> list[dict[str, Any]]:
        self._check_seat(seat)
        return self.game.hooks.legal_actions(self.state, seat)

    def apply(self, seat: int, action: Any) -> list[dict[str, Any]]:
        """Apply ``action`` for ``seat``; refuse (AsobiError, nothing changed) if not legal."""
        self._check_seat(seat)
        if self.finished:
            raise AsobiError("the game is over; no more moves")
        if not isinstance(action, Mapping):
            import json

            raise AsobiError(f"an action must be a JSON object, got {json.dumps(action)}")
        if seat not in self.to_act():
            raise AsobiError(f"it is not seat {seat}'s turn (waiting for {self.to_act()})")
        legal = self.legal_actions(seat)
        key = canonical(action)
        for candidate in legal:
            if canonical(candidate) == key:
                break
        else:
            options = ", ".join(canonical(a) for a in legal[:12])
            more = "" if len(legal) <= 12 else f" and {len(legal) - 12} more"
            raise AsobiError(f"illegal action {key} for seat {seat}; legal: {options}{more}")
        events = self.game.hooks.apply(self.state, seat, dict(candidate))
        self.moves.append({"seat": seat, "action": dict(candidate)})
        self._announce_end()
        return list(events or [])

    def _check_seat(self, seat: int) -> None:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise AsobiError(f"no seat {seat!r}: seats are 0 to {self.players - 1}")

    # ------------------------------------------------------------------ results and records
    @property
    def scoring(self) -> list[Scorer]:
        """The installed plugins that take part in this game's scoring, by distribution and
        version (:mod:`asobi.contract.scorers`): the record's ``scoring`` field."""
        if self._scoring is None:
            self._scoring = scorers_of(self.game.manager)
        return [dict(entry) for entry in self._scoring]

    def result(self) -> dict[str, Any]:
        body = self.game.hooks.result(self.state)
        return {"game": self.game.name, "variant": self.variant_ref, **body}

    def record(self, folder: Path | None = None) -> dict[str, Any]:
        """The record of the game so far. A variant given as a file is named by its path
        relative to ``folder``, the folder the record will be saved in (docs/records.md).

        A variant that is not built in (a file, a user variant, a house-rule pack, rules read
        from another record) may not exist where the record is replayed, so its merged rules
        travel in the record as ``rules``, with their ``variant_digest``."""
        variant = self.variant_ref
        if folder is not None and looks_like_path(variant) and Path(variant).is_absolute():
            variant = os.path.relpath(variant, folder.resolve())
        record: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "game": self.game.name,
            "variant": variant,
            "seed": seed_to_json(self.seed),
            "seats": [str(s) for s in self.seats],
        }
        if self.variant.origin != "built-in":
            # In the variant's own key order: a game may list things (yaku) in that order.
            import json

            rules = json.loads(json.dumps(self.variant.rules))
            record["rules"] = rules
            record["variant_digest"] = rules_digest(rules)
        if self.setup:
            record["setup"] = self.setup
        scoring = self.scoring
        if scoring:  # written only when there is one: other records stay as they were
            record["scoring"] = scoring
        record["moves"] = [dict(m) for m in self.moves]
        return record

    def save(self, path: Path) -> None:
        """Write the record to ``path``; any reason it cannot be written is an AsobiError."""
        if "\0" in str(path):
            raise AsobiError(
                f"cannot save the record to {str(path)!r}: a file name cannot hold a NUL byte"
            )
        try:
            import json

            record = self.record(folder=path.parent)
            path.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
        except (OSError, ValueError) as exc:
            raise AsobiError(f"cannot save the record to {path}: {exc}") from None


def visible_events(events: list[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
    """The events ``seat`` may see (events with a ``seats`` list are private to those seats)."""
    return [e for e in events if "seats" not in e or seat in e["seats"]]
