"""A game (``tally``) and a cross-cutting plugin that fail on demand, for asobi's tests.

Both behave until the environment variable ``ASOBI_FAULT`` names faults (comma separated);
it is read at every call, so a test chooses the fault after the package is installed:

* the game: ``apply-raise`` (its third move raises), ``legal-type`` (legal actions as a dict),
  ``result-type`` (a result that is a list), ``rules-raise`` (the rules text raises);
* the plugin: ``adjust-raise``, ``adjust-type`` (points as a str), ``adjust-short`` (one
  delta for two seats), ``over-raise`` (the end-of-game observer raises), ``levels-type``
  (levels as the str ``"oops"``), ``folders-type`` (a folder as a str).

Two AI levels are always offered and always wrong: ``ai:cheat`` answers a move that is not
legal and ``ai:number`` is not an agent at all (the plugin answers ``42``).
"""

from __future__ import annotations

import os


def faulty(name: str) -> bool:
    """Whether ``ASOBI_FAULT`` asks for the fault ``name`` now."""
    return name in {part.strip() for part in os.environ.get("ASOBI_FAULT", "").split(",")}
