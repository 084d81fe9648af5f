"""Whatever a user writes in a variant file or a record, asobi answers with AsobiError
(a clear message, exit status 2) or works: never another exception."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from asobi.errors import AsobiError
from asobi.play import records
from asobi.variants import loader as variants
from support.profiles import examples

LOCATED = re.compile(r"^.+:\d+:\d+: .+")

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 60),
    st.text(max_size=12),
    st.sampled_from(["pine-crane", "willow-rainman", "standard", "bright"]),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
RULE_KEYS = [
    "rounds",
    "first_dealer",
    "zero_sum",
    "yaku",
    "redeal",
    "scoring",
    "exhausted",
    "hand_yaku",
    "sake_cup_is_plain",
    "starting_points",
]
YAKU_KEYS = [
    "title",
    "cards",
    "kinds",
    "count",
    "points",
    "per_extra",
    "exclusive",
    "enabled",
    "requires",
    "replaces",
    "cancelled_by",
]


@st.composite
def koikoi_variants(draw) -> str:
    rules = draw(st.dictionaries(st.sampled_from(RULE_KEYS), values, max_size=3))
    if draw(st.booleans()):
        rules["yaku"] = {
            draw(st.sampled_from(["red-poetry", "new-one", "five-brights"])): draw(
                st.dictionaries(st.sampled_from(YAKU_KEYS), values, max_size=4)
            )
        }
    doc = {
        "game": "koikoi",
        "name": "fuzz",
        "title": "Fuzz",
        "description": "D",
        "extends": draw(st.sampled_from(["standard", "italian", "fuzz", "nope"])),
        "rules": rules,
    }
    return json.dumps(doc)  # JSON is YAML


@pytest.mark.slow
@settings(
    max_examples=examples(150),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(text=koikoi_variants())
def test_any_variant_file_loads_or_gives_located_errors(installed, tmp_path, text):
    info = installed.game("koikoi").info
    path = tmp_path / "fuzz.yaml"
    path.write_text(text)
    try:
        variants.load(info, str(path))
    except variants.VariantError as exc:
        assert exc.problems and all(LOCATED.match(p) for p in exc.problems), exc.problems
    except AsobiError:
        pass


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(junk=st.text(max_size=40))
def test_any_text_as_a_variant_file_is_a_clean_error(installed, tmp_path_factory, junk):
    info = installed.game("koikoi").info
    path = tmp_path_factory.mktemp("v") / "junk.yaml"
    path.write_text(junk)
    try:
        variants.load(info, str(path))
    except AsobiError:
        pass


actions = st.one_of(
    st.dictionaries(
        st.sampled_from(["play", "capture", "koikoi", "card", "emperor"]), scalars, max_size=2
    ),
    scalars,
    st.lists(scalars, max_size=2),
)
moves = st.lists(
    st.one_of(st.fixed_dictionaries({"seat": st.integers(-1, 3), "action": actions}), values),
    max_size=6,
)


@pytest.mark.slow
@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(["koikoi", "sakura"]),
    seed=st.one_of(st.integers(0, 5), scalars),
    seats=st.one_of(st.just(["human", "ai:random"]), st.lists(scalars, max_size=7)),
    setup=st.one_of(st.just({}), values),
    moves=moves,
)
def test_any_record_replays_or_gives_a_clean_error(installed, game, seed, seats, setup, moves):
    record = {
        "format": 1,
        "game": game,
        "variant": "standard",
        "seed": seed,
        "seats": seats,
        "setup": setup,
        "moves": moves,
    }
    try:
        records.check_shape(record)
        records.replay(installed, record)
    except AsobiError as exc:
        assert str(exc)
