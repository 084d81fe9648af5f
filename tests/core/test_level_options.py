"""Level options belong to the level: ``ai:NAME:OPTION`` reaches whoever provides NAME, and
only a level that plans a time budget is held to a server's cap."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pluggy
import pytest
from starlette.testclient import TestClient

from asobi.errors import AsobiError
from asobi.play.agents import BaseAgent, budget_of, level_name, make_agent
from asobi.play.session import Session
from asobi.variants import loader as variants

hookimpl = pluggy.HookimplMarker("asobi")


class SeatMirror(BaseAgent):
    """Plays the move at the position its option names (modulo the choices)."""

    def __init__(self, index: int) -> None:
        self.index = index

    def decide(self, observation: Mapping[str, Any], legal: Sequence[Any]) -> tuple[Any, str]:
        return legal[self.index % len(legal)], "the chosen position"


class PickPlugin:
    """``ai:pick:N`` for every game: an option that is a position, not a time budget."""

    @hookimpl
    def asobi_agent_levels(self, game: str) -> list[str]:
        return ["pick"]

    @hookimpl
    def asobi_agent(self, game: str, level: str, seat: int, rules: Any, players: int,
                    seed: int) -> Any:
        if level_name(level) != "pick":
            return None
        option = level.partition(":")[2]
        if not option.isdigit():
            raise AsobiError(f"ai:{level}: ai:pick takes a position, e.g. ai:pick:2")
        return SeatMirror(int(option))


@pytest.fixture
def registry(registry_of):
    return registry_of(
        games={"koikoi": "asobi_koikoi.plugin", "sakura": "asobi_sakura.plugin",
               "nim": "asobi_nim"},
        plugins=[PickPlugin()],
    )


@pytest.mark.parametrize("game", ["koikoi", "sakura", "nim"])
def test_a_plugin_level_reads_its_own_option_in_every_game(registry, game):
    found = registry.game(game)
    rules = variants.load(found.info).rules
    agent = make_agent(found, "pick:1", 0, rules, 2, 7)
    assert isinstance(agent, SeatMirror) and agent.index == 1
    with pytest.raises(AsobiError, match="ai:pick takes a position"):
        make_agent(found, "pick:x", 0, rules, 2, 7)  # the plugin's message, not the core's


def test_a_game_with_a_plugin_level_plays_to_the_end(registry):
    found = registry.game("koikoi")
    session = Session(found, variants.load(found.info), ["ai:pick:1", "ai:normal"], seed=3)
    from asobi.play.driver import Driver

    driver = Driver(session)
    for seat in driver.turns():
        driver.play(seat, driver.decide(seat))
    assert session.finished


def test_the_levels_that_plan_a_time_budget_say_so(registry):
    koikoi = registry.game("koikoi")
    rules = variants.load(koikoi.info).rules
    assert budget_of(make_agent(koikoi, "hard", 0, rules, 2, 1)) == 0.4
    assert budget_of(make_agent(koikoi, "hard-2026", 0, rules, 2, 1)) == 1.0
    assert budget_of(make_agent(koikoi, "hard:0.3", 0, rules, 2, 1)) == 0.3
    assert budget_of(make_agent(koikoi, "search:0.5", 0, rules, 2, 1)) == 0.5
    assert budget_of(make_agent(koikoi, "normal/no-koikoi", 0, rules, 2, 1)) is None
    assert budget_of(make_agent(koikoi, "pick:9", 0, rules, 2, 1)) is None
    with pytest.raises(AsobiError, match="ai:random takes no option"):
        make_agent(koikoi, "random:3", 0, rules, 2, 1)
    with pytest.raises(AsobiError, match="time budget"):
        make_agent(koikoi, "hard:fast", 0, rules, 2, 1)


def test_the_web_caps_only_levels_that_plan_a_time_budget(registry, tmp_path):
    from asobi_frontends.web.app import create_app
    from asobi_frontends.web.options import ServerOptions
    from asobi_frontends.web.store import Store

    store = Store(tmp_path / "club.sqlite3")
    options = ServerOptions(ai_budget_max=0.5, allowed_hosts=("testserver",))
    app = create_app(registry, store, options=options)
    with TestClient(app) as client:
        def create(seat: str) -> Any:
            return client.post("/api/games", json={"game": "koikoi", "seats": ["human", seat]})

        refused = create("ai:hard:2")
        assert refused.status_code == 400
        assert "at most 0.5 s a move (ask for ai:hard:0.5)" in refused.json()["error"]
        assert create("ai:hard-2026").status_code == 400  # its default second is over it too
        assert create("ai:hard").status_code == 201  # its default 0.4 s is not
        assert create("ai:hard:0.5").status_code == 201
        assert create("ai:pick:9").status_code == 201  # a position, not seconds: no cap
        bad = create("ai:pick:x")
        assert bad.status_code == 400 and "ai:pick takes a position" in bad.json()["error"]
    store.close()


class HardToo:
    """A plugin that names its level like a game's own (``hard``)."""

    @hookimpl
    def asobi_agent_levels(self, game: str) -> list[str]:
        return ["hard", "pick"]

    @hookimpl
    def asobi_agent(self, game: str, level: str, seat: int, rules: Any, players: int,
                    seed: int) -> Any:
        return SeatMirror(0) if level_name(level) in ("hard", "pick") else None


def test_a_plugin_level_named_like_a_game_level_is_reported_once(registry_of):
    warnings: list[str] = []
    registry = registry_of(games={"koikoi": "asobi_koikoi.plugin", "nim": "asobi_nim"},
                           plugins=[HardToo()], warnings=warnings)
    koikoi = registry.game("koikoi")
    registry.game("nim")
    clash = [w for w in warnings if "'hard'" in w]
    assert len(clash) == 1 and "to koikoi, which asobi" in clash[0]
    assert "HardToo" in clash[0]  # the plugin is named too
    rules = variants.load(koikoi.info).rules
    assert not isinstance(make_agent(koikoi, "hard:0.05", 0, rules, 2, 1), SeatMirror)
    assert koikoi.ai_levels().count("hard") == 1
