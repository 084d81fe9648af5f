"""Seeds nobody can brute-force: 128 fresh bits, one text form, records and --seed that agree;
and every derived seed (asobi.play.seeds) exactly the number the old expressions gave."""

from __future__ import annotations

import hashlib
import io
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from asobi.cli.main import main
from asobi.errors import AsobiError
from asobi.host.registry import Registry
from asobi.play import records, seeds
from asobi.play.seeds import new_seed, parse_seed, seed_text, seed_to_json
from asobi.play.session import Session
from asobi.variants.loader import load

ROOT = Path(__file__).resolve().parents[2]
SAKURA_SEEDED = ROOT / "tests" / "sakura" / "records" / "six-players-seeded.json"
BIG = "0x9f3b27c4e1d05a6b8c7f2e1d0c9b8a71"
SEED_MESSAGE = "'seed' must be a whole number or a hex string such as 0x1f"
BAD_SEEDS: list[tuple[Any, str]] = [
    (-5, "negative"),
    (2.5, "2.5, a number with a decimal point"),
    ("0xzz", "'0xzz'"),
    (True, "true"),
    ("7" * 5000, "5000 digits"),
    ("", "empty"),
    (2**256, "2**256 or more"),
    ("0x" + "f" * 65, "65 hex digits"),
]


def koikoi_session(registry: Registry, seed: int | str | None) -> Session:
    game = registry.game("koikoi")
    return Session(game, load(game.info), ["human", "human"], seed=seed)


def write_record(tmp_path: Path, seed: Any) -> Path:
    record = {
        "format": 1,
        "game": "nim",
        "variant": "standard",
        "seed": seed,
        "seats": ["human", "human"],
        "moves": [{"seat": 0, "action": {"pile": 0, "take": 1}}],
    }
    path = tmp_path / "bad-seed.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


@pytest.fixture
def nim(nim_registry):
    return nim_registry.game("nim")


@pytest.fixture
def nim_cli(nim_registry, monkeypatch):
    monkeypatch.setattr("asobi.cli.main.discover", lambda warn: nim_registry)
    return main


# --------------------------------------------------------------------------- fresh seeds


def test_fresh_seeds_have_128_bits_and_differ():
    seeds = {new_seed() for _ in range(20)}
    assert len(seeds) == 20
    assert all(n.bit_length() >= 128 for n in seeds)
    assert all(len(seed_text(n)) == 2 + 32 for n in seeds)


def test_fresh_session_record_is_a_hex_string_that_replays_the_same_deal(installed):
    session = koikoi_session(installed, None)
    assert isinstance(session.seed, int) and session.seed.bit_length() >= 128
    record = json.loads(json.dumps(session.record()))
    assert isinstance(record["seed"], str) and record["seed"].startswith("0x")
    assert parse_seed(record["seed"]) == session.seed
    records.check_shape(record)
    replayed = records.start(installed, record)
    assert replayed.seed == session.seed
    assert replayed.observation(0) == session.observation(0)
    assert replayed.observation(1) == session.observation(1)
    other = koikoi_session(installed, session.seed + 1)
    assert other.observation(0) != session.observation(0)


def test_a_seed_given_as_text_is_the_same_game_as_its_number(installed):
    number = int(BIG, 16)
    assert koikoi_session(installed, BIG).observation(0) == koikoi_session(
        installed, number
    ).observation(0)
    assert koikoi_session(installed, BIG.upper().replace("0X", "0x")).seed == number


# --------------------------------------------------------------------------- the text form


@given(st.integers(min_value=0, max_value=2**256 - 1))
def test_seed_text_and_parse_seed_round_trip(n):
    text = seed_text(n)
    assert parse_seed(text) == n
    assert parse_seed(str(n)) == n
    stored = json.loads(json.dumps(seed_to_json(n)))
    assert parse_seed(stored) == n
    if n < 2**53:
        assert stored == n and text == str(n)
    else:
        assert stored == text and text == text.lower() and text.startswith("0x")


@pytest.mark.parametrize(("value", "detail"), BAD_SEEDS)
def test_parse_seed_refuses_what_is_not_a_seed(value, detail):
    with pytest.raises(AsobiError) as caught:
        parse_seed(value, where="game.json")
    message = str(caught.value)
    assert message.startswith("game.json: " + SEED_MESSAGE) and detail in message


def test_a_session_refuses_a_negative_seed(nim):
    with pytest.raises(AsobiError, match="negative"):
        Session(nim, load(nim.info), ["human", "human"], seed=-1)


# --------------------------------------------------------------------------- records


def test_an_integer_seed_record_replays_exactly_as_before(installed):
    record = json.loads(SAKURA_SEEDED.read_text(encoding="utf-8"))
    assert record["seed"] == 303 and "setup" not in record
    session = records.replay(installed, record, base_dir=SAKURA_SEEDED.parent)
    assert session.result() == record["expected"]
    assert session.record()["seed"] == 303


@pytest.mark.parametrize(("value", "detail"), BAD_SEEDS)
def test_a_bad_seed_in_a_record_exits_2_naming_the_record(nim_cli, tmp_path, capsys, value,
                                                           detail):
    path = write_record(tmp_path, value)
    assert nim_cli(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}: 'seed'" in err and "a whole number or a hex string" in err
    assert detail in err and "Traceback" not in err


def test_records_start_names_the_record_when_the_shape_was_not_checked(installed):
    record = json.loads(SAKURA_SEEDED.read_text(encoding="utf-8"))
    record["seed"] = "0xzz"
    with pytest.raises(AsobiError, match=r"^six\.json: 'seed' must be"):
        records.start(installed, record, where="six.json")


def test_a_record_with_a_hex_seed_replays(nim_cli, tmp_path, capsys):
    path = write_record(tmp_path, BIG)
    assert nim_cli(["replay", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["finished"] is False


# --------------------------------------------------------------------------- the command line


@pytest.mark.parametrize(
    ("text", "detail"),
    [("-5", "negative"), ("2.5", "'2.5'"), ("0xzz", "'0xzz'"), ("true", "'true'"),
     ("7" * 5000, "5000 digits")],
)
def test_a_bad_seed_on_the_command_line_exits_2(nim_cli, capsys, text, detail):
    with pytest.raises(SystemExit) as stopped:
        nim_cli(["play", "nim", f"--seed={text}"])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert f"argument --seed: {SEED_MESSAGE}" in err and detail in err
    assert "Traceback" not in err


def test_a_bad_seed_exits_2_from_a_real_process():
    done = subprocess.run(
        [sys.executable, "-m", "asobi.cli.main", "play", "koikoi", "--seed", "0xzz"],
        capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 2
    assert SEED_MESSAGE in done.stderr and "Traceback" not in done.stderr


def test_play_nim_with_a_hex_seed_shows_and_records_it(nim_cli, monkeypatch, capsys, tmp_path):
    path = tmp_path / "nim.json"
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 20))
    assert nim_cli(["play", "nim", "--seed", BIG.upper().replace("0X", "0x"),
                    "--record", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"Seed {BIG} (replay this deal with --seed {BIG})" in out
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["seed"] == BIG
    assert nim_cli(["replay", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["finished"] is True


def play_koikoi(monkeypatch, path: Path, seed: str | None) -> str:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    argv = ["play", "koikoi", "--players", "ai:random,ai:random", "--record", str(path)]
    assert main(argv + (["--seed", seed] if seed else [])) == 0
    return path.read_text(encoding="utf-8")


def test_the_shown_seed_deals_the_same_game_again(installed, monkeypatch, capsys, tmp_path):
    first = json.loads(play_koikoi(monkeypatch, tmp_path / "first.json", None))
    out = capsys.readouterr().out
    seed = first["seed"]
    assert isinstance(seed, str) and parse_seed(seed).bit_length() >= 128
    assert f"Seed {seed} (replay this deal with --seed {seed})" in out
    again = json.loads(play_koikoi(monkeypatch, tmp_path / "again.json", seed))
    assert again == first
    assert records.start(installed, again).seed == parse_seed(seed)


# --------------------------------------------------------------------------- derived seeds
# The expressions each derivation had at its call site before asobi.play.seeds gathered them
# (play/agents.py, arena/plan.py, play/runner.py, envs/spiel.py, envs/episode.py, envs/bots.py,
# envs/spiel_state.py, conformance, cli bench, the games' search AIs). The functions must give
# these numbers for ever: the same seed is the same game, the same arena and lab report.


def _sha64(text: str) -> int:
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


OLD_INT: dict[str, Any] = {
    "agent_seed": lambda seed, seat, base: (
        (seed * 1_000_003 + seat * 7919 + sum(map(ord, base))) % (2**63)),
    "decision_seed": lambda seed, seat, level, move: _sha64(f"{seed}:{seat}:{level}:{move}"),
    "block_seed": lambda seed, block: (seed * 1_000_003 + block * 7_919 + 12_345) % (2**31 - 1) + 1,
    "game_seed": lambda block, place: _sha64(f"asobi-block-game:{block}:{place}") >> 11,
    "spiel_deal_seed": lambda rng_seed, number: _sha64(f"asobi.envs deal {rng_seed}:{number}"),
    "numpy_seed": lambda seed: seed % 2**32,
    "fraction_seed": lambda draw: int(draw * 2**53),
    "nth_seed": lambda seed, number: seed + number,
    "kit_mover_seed": lambda game_seed: game_seed * 31 + 7,
}
OLD_RNG: dict[str, Any] = {
    "deal_rng": lambda seed: random.Random(f"asobi-deal:{seed}"),
    "illegal_move_rng": lambda seed: random.Random(f"asobi.envs illegal {seed}"),
    "check_rng": lambda check, game_seed: random.Random(f"{check}:{game_seed}"),
    "observation_rng": lambda seed, text: random.Random(int.from_bytes(
        hashlib.blake2b(f"{seed}:{text}".encode(), digest_size=8).digest(), "big")),
}
PINNED_INT = [
    ("agent_seed", (1, 0, "normal"), 1000652),
    ("agent_seed", (7, 1, "hard"), 7008355),
    ("agent_seed", (2**128 + 5, 3, "random"), 5024413),
    ("decision_seed", (1, 0, "normal", 0), 135022921135200167),
    ("decision_seed", (7, 1, "hard", 12), 1152383871189285495),
    ("block_seed", (1, 0), 1012349),
    ("block_seed", (7, 3), 7036124),
    ("block_seed", (2**100, 2), 128028568),
    ("game_seed", (1, 0), 7972697322637861),
    ("game_seed", (1_012_351, 2), 1449705280109843),
    ("spiel_deal_seed", (0, 0), 10979286297766105518),
    ("spiel_deal_seed", (42, 3), 647536365239279881),
    ("numpy_seed", (2**40 + 9,), 9),
    ("fraction_seed", (0.5,), 2**52),
    ("nth_seed", (7, 3), 10),
    ("kit_mover_seed", (3,), 100),
]
PINNED_RNG = [  # the first 64 bits each generator gives
    ("deal_rng", (7,), 11258458816011010215),
    ("illegal_move_rng", (7,), 3223228059200550886),
    ("check_rng", ("replay", 3), 17391948641738698629),
]


@pytest.mark.parametrize(("name", "args", "value"), PINNED_INT)
def test_derived_seeds_keep_their_numbers(name, args, value):
    assert getattr(seeds, name)(*args) == value == OLD_INT[name](*args)


@pytest.mark.parametrize(("name", "args", "first"), PINNED_RNG)
def test_derived_generators_keep_their_numbers(name, args, first):
    assert getattr(seeds, name)(*args).getrandbits(64) == first


def test_the_search_ais_generator_keeps_its_numbers():
    rng = seeds.observation_rng(5, '{"seat": 0}')
    assert rng.random() == 0.5253918029125968


def test_new_derivations_hash_their_text_with_sha256():
    assert seeds.hashed_seed("asobi-block-game:1:0") == _sha64("asobi-block-game:1:0")
    assert seeds.hashed_seed("asobi-block-game:1:0", bits=53) == 7972697322637861


SEEDS = st.integers(min_value=0, max_value=2**256 - 1)
SMALL = st.integers(min_value=0, max_value=10_000)
LEVELS = st.text(max_size=12)
DRAWN_INT = {
    "agent_seed": st.tuples(SEEDS, SMALL, LEVELS),
    "decision_seed": st.tuples(SEEDS, SMALL, LEVELS, SMALL),
    "block_seed": st.tuples(SEEDS, SMALL),
    "game_seed": st.tuples(SEEDS, SMALL),
    "spiel_deal_seed": st.tuples(SEEDS, SMALL),
    "numpy_seed": st.tuples(SEEDS),
    "fraction_seed": st.tuples(st.floats(min_value=0, max_value=1, exclude_max=True)),
    "nth_seed": st.tuples(SEEDS, SMALL),
    "kit_mover_seed": st.tuples(SEEDS),
}
DRAWN_RNG = {
    "deal_rng": st.tuples(SEEDS),
    "illegal_move_rng": st.tuples(SEEDS),
    "check_rng": st.tuples(st.text(max_size=20), SEEDS),
    "observation_rng": st.tuples(SEEDS, st.text(max_size=60)),
}


@given(st.data())
def test_every_derived_seed_is_its_old_expression(data):
    for name, drawn in DRAWN_INT.items():
        args = data.draw(drawn, label=name)
        assert getattr(seeds, name)(*args) == OLD_INT[name](*args), name


@given(st.data())
def test_every_derived_generator_is_its_old_expression(data):
    for name, drawn in DRAWN_RNG.items():
        args = data.draw(drawn, label=name)
        new, old = getattr(seeds, name)(*args), OLD_RNG[name](*args)
        assert new.getstate() == old.getstate(), name
