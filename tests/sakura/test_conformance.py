"""The core's conformance kit, run on Sakura through the real registry and variant loader."""

from __future__ import annotations

import pytest

from asobi import conformance
from asobi.host import registry
from asobi.variants import loader as variants
from support.levels import short_levels


@pytest.fixture(scope="module")
def game():
    return registry.discover().game("sakura")


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_sakura_passes_the_conformance_kit(game, players):
    report = conformance.check_game(game, players=players, games=2, seed=players,
                                    levels=short_levels(game))
    assert report["games"] == 2 and report["steps"] > 20 * players


@pytest.mark.slow
def test_neutral_from_hand_variant_loads_and_conforms(game):
    variant = variants.load(game.info, "neutral-from-hand")
    assert variant.rules["two_players"]["neutral_painter"] == "hand"
    assert len(variant.rules["deck"]) == 60  # everything else comes from `extends: standard`
    conformance.check_game(game, variant=variant, players=2, games=2,
                           levels=short_levels(game))
