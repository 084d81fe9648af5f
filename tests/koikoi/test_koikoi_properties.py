"""Properties over random games of every preset (hypothesis)."""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from asobi_koikoi import engine, plugin
from asobi_koikoi.cards import CARD_IDS, FULL, ids_of, mask_of
from asobi_koikoi.rules import compile_rules
from support.profiles import examples

from .helpers import PRESETS, preset, start

SETTINGS = settings(max_examples=examples(25), deadline=None)
preset_names = st.sampled_from(PRESETS)


def accounted(state) -> bool:
    zones = [state.hands[0], state.hands[1], state.board, state.captured[0], state.captured[1],
             sum(1 << i for i in state.stock[state.pos:])]
    if state.phase == engine.CHOOSE:
        zones.append(1 << state.pending)
    union = 0
    for zone in zones:
        union |= zone
    return union == FULL and sum(z.bit_count() for z in zones) == 48


def play(name, seed, picks, check=None, limit=5000):
    """Play a game choosing legal[pick % n]; returns the state and the moves."""
    state = start(name, seed=seed)
    moves = []
    rng = random.Random(picks)
    steps = 0
    while plugin.asobi_to_act(state):
        seat = plugin.asobi_to_act(state)[0]
        options = plugin.asobi_legal_actions(state, seat)
        action = options[rng.randrange(len(options))]
        plugin.asobi_apply(state, seat, action)
        moves.append((seat, action))
        if check is not None:
            check(state)
        steps += 1
        assert steps < limit, "the game does not end"
    return state, moves


@SETTINGS
@given(preset_names, st.integers(0, 2**31), st.integers(0, 2**31))
def test_all_48_cards_are_accounted_for_after_every_step_and_games_end(name, seed, picks):
    def check(state):
        assert accounted(state)

    state, _ = play(name, seed, picks, check)
    assert plugin.asobi_result(state)["finished"] is True


@SETTINGS
@given(preset_names, st.integers(0, 2**31), st.integers(0, 2**31))
def test_same_seed_and_moves_give_the_same_game(name, seed, picks):
    state, moves = play(name, seed, picks)
    again = start(name, seed=seed)
    for seat, action in moves:
        plugin.asobi_apply(again, seat, json.loads(json.dumps(action)))
    assert plugin.asobi_result(again) == plugin.asobi_result(state)
    for seat in (0, 1):
        assert plugin.asobi_observation(again, seat) == plugin.asobi_observation(state, seat)


@SETTINGS
@given(preset_names, st.integers(0, 2**31), st.integers(0, 2**31), st.integers(0, 200))
def test_observations_reveal_no_hidden_card(name, seed, picks, stop_after):
    state = start(name, seed=seed)
    rng = random.Random(picks)
    for _ in range(stop_after):
        seats = plugin.asobi_to_act(state)
        if not seats:
            break
        options = plugin.asobi_legal_actions(state, seats[0])
        plugin.asobi_apply(state, seats[0], options[rng.randrange(len(options))])
    for seat in (0, 1):
        seen = plugin.asobi_observation(state, seat)
        hidden = set(ids_of(state.hands[1 - seat])) | {CARD_IDS[i] for i in state.stock[state.pos:]}
        # "close" entries name missing cards from public information only; the hidden
        # variant check below proves that they do not depend on where those cards are
        public = json.loads(json.dumps(seen))
        for player in public["players"]:
            player.pop("close")
        # a hand-yaku claim shows the claimant's hand to the table: those cards are public
        shown = {c for e in public.get("recent", []) if e.get("type") == "hand_yaku"
                 for c in e["cards"]}
        text = json.dumps(public)
        assert not [card for card in hidden - shown if f'"{card}"' in text]
        for k in range(3):
            other = plugin.asobi_resample(seen, seat, preset(name), 2, random.Random(k), state)
            assert plugin.asobi_observation(other, seat) == seen


@SETTINGS
@given(preset_names, st.sets(st.sampled_from(CARD_IDS), max_size=30),
       st.sampled_from(CARD_IDS), st.integers(0, 3), st.integers(1, 12))
def test_capturing_one_more_card_never_lowers_the_yaku_total(name, pile, extra, calls, month):
    table = compile_rules(preset(name)).yaku
    month_mask = 0xF << (4 * (month - 1))
    before = table.evaluate(mask_of(pile), calls, month_mask)[0]
    after = table.evaluate(mask_of(pile | {extra}), calls, month_mask)[0]
    assert after >= before


@SETTINGS
@given(preset_names, st.sets(st.sampled_from(CARD_IDS), max_size=30), st.integers(0, 3))
def test_the_listed_yaku_add_up_to_the_total(name, pile, calls):
    table = compile_rules(preset(name)).yaku
    total, _ = table.evaluate(mask_of(pile), calls, 0xF)
    assert sum(points for _, points in table.made(mask_of(pile), calls, 0xF)) == total
