"""The cards: a number (its resolution order), a garden action and a painter action."""

from __future__ import annotations

from dataclasses import dataclass

# Garden actions (top half of a card). The amount is how many spaces are moved.
EMPEROR_FORWARD = "emperor-forward"
EMPEROR_BACK = "emperor-back"
EMPEROR_EITHER = "emperor-either"  # the card's player chooses forward or back
CLOSEST_BACK = "closest-back"  # the painter closest to the Emperor moves back
FURTHEST_FORWARD = "furthest-forward"  # the painter furthest from the Emperor moves forward

GARDEN_KINDS: tuple[str, ...] = (
    EMPEROR_FORWARD,
    EMPEROR_BACK,
    EMPEROR_EITHER,
    CLOSEST_BACK,
    FURTHEST_FORWARD,
)
EMPEROR_KINDS = frozenset({EMPEROR_FORWARD, EMPEROR_BACK, EMPEROR_EITHER})

# Painter actions (bottom half of a card), always for the painter of the card's player.
FORWARD = "forward"  # move forward ``steps`` spaces
EITHER = "either"  # move ``steps`` spaces, forward or back as the player chooses
JUMP = "jump"  # to the first empty space in front of the next painter ahead
COUNT = "count"  # forward one space per painter between you and the Emperor

PAINTER_KINDS: tuple[str, ...] = (FORWARD, EITHER, JUMP, COUNT)
PAINTER_KINDS_WITH_STEPS = frozenset({FORWARD, EITHER})


@dataclass(frozen=True, slots=True)
class Card:
    """One card of the deck."""

    number: int
    garden: str
    move: int
    """Spaces of the garden action."""
    painter: str
    steps: int
    """Spaces of the painter action (0 for ``jump`` and ``count``)."""

    @property
    def moves_emperor(self) -> bool:
        return self.garden in EMPEROR_KINDS

    def as_dict(self) -> dict[str, object]:
        """JSON-ready form used in observations."""
        return {
            "number": self.number,
            "garden": self.garden,
            "move": self.move,
            "painter": self.painter,
            "steps": self.steps,
        }
