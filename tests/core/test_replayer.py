"""One replayer (asobi.play.replayer): every replay steps a record through one loop that rebuilds
the game exactly, move by move; a replay never tells the end-of-game observers; records name
the scoring plugins that took part, and ``asobi replay`` warns when those installed differ."""

from __future__ import annotations

import importlib.metadata
import io
import json
from pathlib import Path
from typing import Any

import pluggy
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from asobi.cli.main import main
from asobi.contract.scorers import distribution_of
from asobi.errors import AsobiError
from asobi.play import records
from asobi.play.replayer import ReplayError, replay_moves
from asobi.play.session import Session
from asobi.variants.loader import load
from support.profiles import examples

hookimpl = pluggy.HookimplMarker("asobi")

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = sorted(
    [
        *(ROOT / "tests" / "koikoi" / "records").glob("*.json"),
        *(ROOT / "tests" / "koikoi" / "records" / "legacy").glob("*.json"),
        *(ROOT / "tests" / "sakura" / "records").glob("*.json"),
    ]
)
LEGACY = sorted((ROOT / "tests" / "koikoi" / "records" / "legacy").glob("*.json"))

RANDOM_GAMES = [("koikoi", "standard", 2), ("koikoi", "italian", 2), ("sakura", "standard", 3),
                ("sakura", "standard", 2)]
MOST_MOVES = 70
"""How long a drawn game may run before it is recorded (an unfinished record is fine)."""


class Counter:
    """An end-of-game observer, as a statistics plugin would be."""

    def __init__(self) -> None:
        self.ends: list[list[int]] = []

    @hookimpl
    def asobi_game_over(self, game, variant, result, seats):
        self.ends.append(list(result["scores"]))


class Bonus:
    """A scoring plugin: the winner of every scoring unit gets 10 more points."""

    @hookimpl
    def asobi_adjust_points(self, game, unit):
        return [10 if seat == unit["winner"] else 0 for seat in range(len(unit["points"]))]


def views(session: Session) -> dict[str, Any]:
    """Everything a seat or a spectator can tell of a game at one moment."""
    return {
        "to_act": session.to_act(),
        "seen": [session.observation(seat) for seat in range(session.players)],
        "legal": [session.legal_actions(seat) for seat in range(session.players)],
        "result": session.result(),
    }


def load_json(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def play_nim(game, seed: int = 9, moves: int | None = None) -> Session:
    session = Session(game, load(game.info), ["human", "ai:random"], seed=seed)
    while not session.finished and (moves is None or len(session.moves) < moves):
        seat = session.to_act()[0]
        session.apply(seat, session.legal_actions(seat)[-1])
    return session


# ------------------------------------------------------------------ the one loop


@pytest.mark.slow
@settings(max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), which=st.sampled_from(RANDOM_GAMES), seed=st.integers(0, 2**128 - 1))
def test_the_replayer_rebuilds_every_prefix_of_a_drawn_game(installed, data, which, seed):
    name, variant, players = which
    game = installed.game(name)
    live = Session(game, game.load_variant(variant), ["human"] * players, seed=seed)
    seen = [views(live)]
    events = []
    while not live.finished and len(live.moves) < MOST_MOVES:
        seat = data.draw(st.sampled_from(live.to_act()), label="seat")
        legal = live.legal_actions(seat)
        action = legal[data.draw(st.integers(0, len(legal) - 1), label="choice")]
        events.append(live.apply(seat, action))
        seen.append(views(live))
    record = json.loads(json.dumps(live.record()))

    replayed = records.start(installed, record)
    assert views(replayed) == seen[0]
    steps = 0
    for step in replay_moves(replayed, record["moves"]):
        assert step.index == steps and not step.skipped
        assert (step.seat, step.action) == (record["moves"][step.index]["seat"],
                                            record["moves"][step.index]["action"])
        assert step.events == events[step.index]
        assert views(replayed) == seen[step.index + 1]
        steps += 1
    assert steps == len(record["moves"])
    assert replayed.record() == record  # recorded again, the same document

    upto = data.draw(st.integers(0, len(record["moves"])), label="upto")
    assert views(records.replay(installed, record, upto=upto)) == seen[upto]


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_every_fixture_replays_to_its_expected_result_step_by_step(installed, path):
    record = load_json(path)
    session = records.start(installed, record, base_dir=path.parent)
    steps = list(replay_moves(session, record["moves"]))
    assert [s.index for s in steps] == list(range(len(record["moves"])))
    assert session.result() == record["expected"]
    assert records.replay(installed, record, base_dir=path.parent).result() == record["expected"]


@pytest.mark.parametrize("path", LEGACY, ids=[p.stem for p in LEGACY])
def test_an_obsolete_move_is_skipped_in_one_place_and_keeps_its_index(installed, path):
    record = load_json(path)
    session = records.start(installed, record)
    steps = list(replay_moves(session, record["moves"], choices=True))
    skipped = [s for s in steps if s.skipped]
    assert len(skipped) == 1
    at = skipped[0].index
    assert record["moves"][at]["action"] == {"koikoi": False} and skipped[0].events == []
    assert skipped[0].choice is None
    assert all(s.choice is not None and s.choice >= 0 for s in steps if not s.skipped)
    # Replaying up to the obsolete move or just past it shows the same game.
    before = records.replay(installed, record, upto=at)
    after = records.replay(installed, record, upto=at + 1)
    assert views(before) == views(after)
    assert len(after.moves) == len(record["moves"][: at + 1]) - 1


def test_a_move_that_cannot_be_replayed_names_its_index(nim_registry):
    game = nim_registry.game("nim")
    record = play_nim(game).record()
    late = {**record, "moves": [*record["moves"], record["moves"][-1]]}
    with pytest.raises(ReplayError, match=r"^move \d+ \(\{.*\}\): the game was already over$"):
        records.replay(nim_registry, late)
    wrong = {**record, "moves": [{"seat": 1, "action": {"pile": 0, "take": 1}}]}
    with pytest.raises(AsobiError, match=r"^move 0 \(.*\): it is not seat 1's turn") as caught:
        records.replay(nim_registry, wrong)
    assert isinstance(caught.value, ReplayError) and caught.value.index == 0


# ------------------------------------------------------------------ replaying is not playing


def test_replaying_does_not_tell_the_end_of_game_observers(registry_of, monkeypatch, tmp_path,
                                                           capsys):
    counter = Counter()
    reg = registry_of({"nim": "asobi_nim"}, plugins=[counter])
    played = play_nim(reg.game("nim"))
    assert len(counter.ends) == 1  # the game played live is counted once
    record = played.record()

    replayed = records.replay(reg, record)
    assert replayed.finished and replayed.result() == played.result()
    assert records.start(reg, record).observers is False
    path = tmp_path / "nim.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    monkeypatch.setattr("asobi.cli.main.discover", lambda warn: reg)
    assert main(["replay", str(path)]) == 0
    capsys.readouterr()
    assert len(counter.ends) == 1


def test_a_session_with_observers_off_never_announces_that_end(registry_of):
    counter = Counter()
    reg = registry_of({"nim": "asobi_nim"}, plugins=[counter])
    game = reg.game("nim")
    quiet = Session(game, load(game.info), ["human", "human"], seed=4, observers=False)
    while not quiet.finished:
        seat = quiet.to_act()[0]
        quiet.apply(seat, quiet.legal_actions(seat)[0])
    quiet.observers = True  # switched on after the end: that end stays unannounced
    assert counter.ends == []
    play_nim(game)
    assert len(counter.ends) == 1


# ------------------------------------------------------------------ what scored a record


def test_a_record_names_its_scoring_plugins_only_when_there_are_some(registry_of):
    plain = play_nim(registry_of({"nim": "asobi_nim"}).game("nim")).record()
    assert list(plain) == ["format", "game", "variant", "seed", "seats", "moves"]
    observed = registry_of({"nim": "asobi_nim"}, plugins=[Counter()])
    assert "scoring" not in play_nim(observed.game("nim")).record()  # observers do not score

    scored = play_nim(registry_of({"nim": "asobi_nim"}, plugins=[Bonus(), Bonus()]).game("nim"))
    record = scored.record()
    assert list(record) == ["format", "game", "variant", "seed", "seats", "scoring", "moves"]
    assert record["scoring"] == [{"name": Bonus.__module__, "version": None}]
    assert json.loads(json.dumps(record)) == record


def test_a_plugin_is_named_by_the_distribution_that_installed_it():
    asobi = importlib.metadata.version("asobi")
    assert distribution_of("asobi_koikoi.plugin") == ("asobi", asobi)  # asobi ships it
    assert distribution_of("pluggy") == ("pluggy", importlib.metadata.version("pluggy"))
    assert distribution_of("not_installed_anywhere.x") == ("not_installed_anywhere.x", None)


def replay_cli(reg, record, monkeypatch, tmp_path, capsys) -> tuple[int, dict, list[str]]:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    monkeypatch.setattr("asobi.cli.main.discover", lambda warn: reg)
    status = main(["replay", str(path), "--json"])
    out, err = capsys.readouterr()
    return status, json.loads(out), err.splitlines()


def test_replay_warns_when_the_scoring_plugins_differ(registry_of, monkeypatch, tmp_path,
                                                      capsys):
    plain_reg = registry_of({"nim": "asobi_nim"})
    bonus_reg = registry_of({"nim": "asobi_nim"}, plugins=[Bonus()])
    scored = play_nim(bonus_reg.game("nim")).record()
    plain = play_nim(plain_reg.game("nim")).record()
    name = Bonus.__module__

    status, out, err = replay_cli(bonus_reg, scored, monkeypatch, tmp_path, capsys)
    assert (status, err) == (0, [])
    winner = out["winner"]
    assert out["scores"][winner] == 11  # the plugin's 10 and the game's 1

    status, out, err = replay_cli(plain_reg, scored, monkeypatch, tmp_path, capsys)
    assert status == 0 and out["scores"][winner] == 1  # the result the warning is about
    assert err == [f"asobi: warning: the record was scored with {name} and this replay with "
                   "no scoring plugin: its result may differ from the game's (see 'scoring' "
                   "in docs/records.md)"]

    status, _out, err = replay_cli(bonus_reg, plain, monkeypatch, tmp_path, capsys)
    assert status == 0 and len(err) == 1
    assert err[0].startswith(f"asobi: warning: the record was scored with no scoring plugin "
                             f"and this replay with {name}:")

    other = {**scored, "scoring": [{"name": name, "version": "2.0"}]}
    status, _out, err = replay_cli(bonus_reg, other, monkeypatch, tmp_path, capsys)
    assert status == 0 and len(err) == 1 and f"scored with {name} 2.0 and" in err[0]


def test_replay_of_an_installed_game_warns_for_a_plugin_it_lacks(installed, tmp_path, capsys,
                                                                 monkeypatch):
    path = ROOT / "tests" / "koikoi" / "records" / "standard-red-poetry.json"
    record = load_json(path)
    record["scoring"] = [{"name": "asobi-myscore", "version": "0.1"}]
    monkeypatch.setattr("asobi.cli.main.discover", lambda warn: installed)
    copy = tmp_path / "red-poetry.json"
    copy.write_text(json.dumps(record), encoding="utf-8")
    assert main(["replay", str(copy)]) == 0
    out, err = capsys.readouterr()
    assert err.splitlines() == [
        "asobi: warning: the record was scored with asobi-myscore 0.1 and this replay with no "
        "scoring plugin: its result may differ from the game's (see 'scoring' in "
        "docs/records.md)"
    ]
    assert "scores: seat 1:" in out


@pytest.mark.parametrize(
    "scoring",
    [
        "asobi-myscore",
        [{"name": "asobi-myscore"}],
        [{"name": "", "version": "1"}],
        [{"name": "x", "version": 1}],
        [{"name": "x", "version": "1", "extra": True}],
        [{"name": "x" * 201, "version": None}],
        [{"name": f"p{i}", "version": None} for i in range(65)],
    ],
)
def test_a_malformed_scoring_list_is_refused(nim_registry, scoring, tmp_path, monkeypatch,
                                             capsys):
    record = play_nim(nim_registry.game("nim"), moves=2).record()
    record["scoring"] = scoring
    with pytest.raises(AsobiError, match="'scoring' must be a list of at most 64 objects"):
        records.check_shape(record)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    monkeypatch.setattr("asobi.cli.main.discover", lambda warn: nim_registry)
    assert main(["replay", str(path)]) == 2
    assert "'scoring' must be" in capsys.readouterr().err


def test_show_prints_the_warning_on_err_only(registry_of):
    reg = registry_of({"nim": "asobi_nim"})
    record = {**play_nim(reg.game("nim")).record(),
              "scoring": [{"name": "asobi-myscore", "version": None}]}
    session = records.replay(reg, record)
    out, err = io.StringIO(), io.StringIO()
    assert records.show(session, record, as_json=True, out=out, err=err) == 0
    assert json.loads(out.getvalue())["finished"] is True
    assert err.getvalue().count("\n") == 1 and "scored with asobi-myscore and" in err.getvalue()
