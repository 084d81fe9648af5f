"""Who may act for a seat: secret tokens, one-time invitations and the owner key.

A token is a random string from :mod:`secrets`; the server keeps only its SHA-256 digest, so
the database alone opens no seat. A human seat is *claimed* once a token exists for it: the
creator's own seat from the start, another seat when its invitation is claimed. An invitation
code is spent by its first claim. A claimed seat is given up only by its holder (a new
invitation for it, its token revoked); the owner (the creator's owner key) can re-invite a seat
nobody holds, which revokes its old invitation. Every claim is counted (``claims``) and shown to
the whole table, so nobody takes a seat unseen.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass, replace
from typing import Any

_SECRET = re.compile(r"[A-Za-z0-9_-]{16,64}")


def mint() -> tuple[str, str]:
    """A new secret and the digest the server keeps of it."""
    secret = secrets.token_urlsafe(24)
    return secret, digest(secret)


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode("ascii")).hexdigest()


def well_formed(secret: object) -> bool:
    """True for a string that could be one of our secrets (ASCII, URL-safe, sane length)."""
    return isinstance(secret, str) and _SECRET.fullmatch(secret) is not None


def same(secret: str, known: str | None) -> bool:
    """Whether ``secret`` is the one whose digest is ``known`` (constant-time compare)."""
    return known is not None and secrets.compare_digest(digest(secret), known)


@dataclass(frozen=True)
class SeatKey:
    """The digests that open one seat."""

    human: bool
    token: str | None = None
    invite: str | None = None
    claims: int = 0
    """How many times the seat was taken (the creator's own seat, an invitation claimed)."""

    @property
    def claimed(self) -> bool | None:
        return self.token is not None if self.human else None

    def to_json(self) -> dict[str, Any]:
        return {"human": self.human, "token": self.token, "invite": self.invite,
                "claims": self.claims}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SeatKey:
        token = data.get("token")
        claims = data.get("claims")
        if isinstance(claims, bool) or not isinstance(claims, int):
            claims = 1 if token else 0  # stored before claims were counted
        return cls(bool(data["human"]), token, data.get("invite"), claims)


@dataclass(frozen=True)
class Keys:
    """Every digest of one game: its seats and its owner."""

    seats: tuple[SeatKey, ...]
    owner: str
    chosen_seed: bool = False
    """The creator chose the seed (practice): whoever chose it knows every deal, so no seat of
    this game is ever given to anyone else, for its whole life."""

    def seat_of(self, token: str) -> int | None:
        for seat, key in enumerate(self.seats):
            if same(token, key.token):
                return seat
        return None

    def invited_seat(self, code: str) -> int | None:
        for seat, key in enumerate(self.seats):
            if same(code, key.invite):
                return seat
        return None

    def with_seat(self, seat: int, key: SeatKey) -> Keys:
        seats = list(self.seats)
        seats[seat] = key
        return replace(self, seats=tuple(seats))

    def to_json(self) -> dict[str, Any]:
        return {"owner": self.owner, "seats": [k.to_json() for k in self.seats],
                "chosen_seed": self.chosen_seed}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Keys:
        return cls(tuple(SeatKey.from_json(s) for s in data["seats"]), data["owner"],
                   data.get("chosen_seed") is True)


@dataclass(frozen=True)
class Minted:
    """The secrets handed out when a game is created (shown once, never stored)."""

    keys: Keys
    owner: str
    creator_seat: int | None
    creator_token: str | None
    invitations: dict[int, str]


def deal_keys(humans: list[bool], creator_seat: int | None, chosen_seed: bool = False) -> Minted:
    """Tokens and invitations for a new game: the creator's seat gets a token, every other
    human seat an invitation code (none when the creator chose the seed: every human seat is
    theirs then)."""
    owner, owner_digest = mint()
    seats: list[SeatKey] = []
    creator_token = None
    invitations: dict[int, str] = {}
    for seat, human in enumerate(humans):
        if not human:
            seats.append(SeatKey(False))
        elif seat == creator_seat:
            creator_token, token_digest = mint()
            seats.append(SeatKey(True, token=token_digest, claims=1))
        else:
            code, code_digest = mint()
            invitations[seat] = code
            seats.append(SeatKey(True, invite=code_digest))
    keys = Keys(tuple(seats), owner_digest, chosen_seed)
    return Minted(keys, owner, creator_seat, creator_token, invitations)
