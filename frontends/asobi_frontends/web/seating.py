"""Taking and giving up seats: claiming an invitation, a holder giving their seat up, the owner
re-inviting a seat nobody holds (README, "What the owner key can and cannot do").

A seat a player holds is theirs: only its token gives it up. Every change of a seat is written
to the store first (:mod:`.kept`), then told to the whole table (the seats' ``claimed`` and
``claims`` in every payload).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .errors import Conflict, Forbidden
from .kept import STORE_ERRORS, NotKept
from .live import Live
from .seats import Keys, SeatKey, mint, same, well_formed
from .store import Store


class Seating:
    """The seats of one server's tables: ``store`` keeps their keys, ``now`` dates the
    change (a seat taken or given up is a change of the game, :attr:`.live.Live.moved`)."""

    def __init__(self, store: Store, now: Callable[[], float]) -> None:
        self.store = store
        self.now = now

    def claim(self, live: Live, code: Any) -> tuple[int, str]:
        """Spend an invitation: a new token for its seat (403 unknown, 409 already used). The
        table hears of it: the seat's ``claims`` grows by one."""
        seat = live.keys.invited_seat(code) if well_formed(code) else None
        if seat is None:
            raise Forbidden("this invitation is not valid: it may have been replaced by a new "
                            "one; ask the player who created the game", "invitation")
        key = live.keys.seats[seat]
        if key.token is not None:
            raise Conflict(f"this invitation was already used: seat {seat + 1} has its "
                           "player", code="invitation-used")
        token, token_digest = mint()
        self._keep(live, live.keys.with_seat(
            seat, SeatKey(True, token_digest, key.invite, key.claims + 1)), "this seat")
        live.moved = self.now()
        live.notify()
        return seat, token

    def reinvite(self, live: Live, owner: str | None, seat: Any,
                 holder: str | None = None) -> str:
        """A new invitation for ``seat``; its old invitation (and token) stop working.

        A seat somebody holds is given up by its holder only (``holder``: their seat token);
        the owner key re-invites a seat nobody holds (its invitation not used yet, or given
        up), and is refused (409 ``seat-held``) for a seat a player holds. No seat of a game
        whose creator chose the seed is ever invited (403 ``chosen-seed``)."""
        seat = live.seat_number(seat)
        key = live.keys.seats[seat]
        by_holder = holder is not None and well_formed(holder) and same(holder, key.token)
        if not by_holder:
            if not owner or not well_formed(owner) or not same(owner, live.keys.owner):
                raise Forbidden("only the player who created this game can invite again",
                                "owner")
            if key.token is not None:
                raise Conflict(f"seat {seat + 1} is held by its player: only they can give it "
                               "up (on their page: Give up my seat); ask them",
                               code="seat-held")
        if live.keys.chosen_seed:
            raise Forbidden("this game's seed was chosen by its creator (practice): whoever chose "
                            "it knows every deal, so none of its seats can be given to someone "
                            "else; start a new game with a seed nobody chose", "chosen-seed")
        code, code_digest = mint()
        self._keep(live, live.keys.with_seat(
            seat, SeatKey(True, None, code_digest, key.claims)), "the new invitation")
        live.hint_cache.pop(seat, None)
        live.moved = self.now()
        live.hang_up(seat)
        live.notify()
        return code

    def _keep(self, live: Live, keys: Keys, what: str) -> None:
        """Write ``keys`` to the store, then make them the game's (NotKept: nothing
        changed)."""
        try:
            self.store.save_keys(live.id, keys)
        except STORE_ERRORS:
            raise NotKept(what) from None
        live.keys = keys
        live.changed()
