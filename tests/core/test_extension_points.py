"""The doors a third party uses: defaults behind every game, cross-cutting plugins that cannot
take over a game, AI levels from anywhere, house-rule packs, frontends with their own options
and hooks, the game-independent search level, and the one game loop."""

from __future__ import annotations

import io
import sys
from dataclasses import replace
from pathlib import Path

import pluggy
import pytest

from asobi.cli.main import main
from asobi.errors import AsobiError
from asobi.play.agents import decision_agent, explain, hint_agent, make_agent
from asobi.play.driver import Driver
from asobi.play.session import Session, parse_seats
from asobi.variants.loader import load

ROOT = Path(__file__).resolve().parents[2]
PLUGINS = ROOT / "tests" / "plugins"
hookimpl = pluggy.HookimplMarker("asobi")


@pytest.fixture(autouse=True)
def test_packages_on_path():
    extra = [str(PLUGINS / name) for name in ("asobi-first-level", "asobi-house-pack",
                                              "asobi-echo", "asobi-goofspiel")]
    sys.path[:0] = extra
    yield
    for entry in extra:
        sys.path.remove(entry)


class Takeover:
    """A cross-cutting plugin that tries to change a game's legal moves."""

    @hookimpl
    def asobi_legal_actions(self, state, seat):
        return [{"pile": 0, "take": 99}]


class ChooseOnly:
    def choose(self, observation, legal):
        return legal[-1]


class ChooseOnlyLevel:
    @hookimpl
    def asobi_agent(self, game, level, seat, rules, players, seed):
        return ChooseOnly() if level == "last" else None


def test_the_defaults_answer_every_optional_hook(registry_of):
    game = registry_of({"highcard": "support.toys:HIGHCARD"}).game("highcard")
    session = Session(game, load(game.info), ["human", "human"], seed=1)
    obs = session.observation(0)
    assert '"mine"' in game.hooks.render_text(obs, "en")  # JSON of the observation
    assert game.hooks.describe_action(obs, {"show": True}, "en") == '{"show": true}'
    assert game.hooks.rules_text(load(game.info).rules, "en") == "cards: 10"  # as YAML
    assert game.hooks.bench(load(game.info).rules, 0.05, 1)["unit"] == "games"
    assert game.ai_levels() == ["random"] and game.default_level == "random"


def test_a_cross_cutting_plugin_cannot_implement_game_hooks(registry_of):
    warnings: list[str] = []
    reg = registry_of({"nim": "asobi_nim"}, plugins=[Takeover()], warnings=warnings)
    game = reg.game("nim")
    session = Session(game, load(game.info), ["human", "human"], seed=1)
    assert {"pile": 0, "take": 99} not in session.legal_actions(0)
    assert len(warnings) == 1
    assert "implements game hooks (asobi_legal_actions), which only a game may" in warnings[0]


def test_a_plugin_adds_an_ai_level_to_every_game_and_it_is_listed_everywhere(registry_of):
    import asobi_first_level

    reg = registry_of({"nim": "asobi_nim", "koikoi": "asobi_koikoi.plugin"},
                      plugins=[asobi_first_level])
    nim, koikoi = reg.game("nim"), reg.game("koikoi")
    assert nim.ai_levels() == ["random", "search", "first"]
    assert koikoi.ai_levels()[:6] == ["random", "easy", "card-values", "normal", "hard-2026",
                                      "hard"]
    assert "first" in koikoi.ai_levels()
    agent = make_agent(nim, "first", 1, load(nim.info).rules, 2, 7)
    session = Session(nim, load(nim.info), ["human", "ai:first"], seed=3)
    assert agent.choose(session.observation(1), session.legal_actions(0)) == {"pile": 0, "take": 1}
    with pytest.raises(AsobiError, match="available: ai:random, ai:search, ai:first"):
        make_agent(nim, "genius", 0, load(nim.info).rules, 2, 1)
    # The game answers for its own levels first: a plugin cannot replace ai:normal.
    assert type(make_agent(koikoi, "normal", 0, load(koikoi.info).rules, 2, 1)).__name__ == \
        "NormalAgent"


def test_a_bare_ai_seat_takes_the_game_default_level(registry_of):
    reg = registry_of({"nim": "asobi_nim", "koikoi": "asobi_koikoi.plugin"})
    assert str(parse_seats("human,ai", reg.game("koikoi"))[1]) == "ai:normal"
    assert str(parse_seats("human,ai", reg.game("nim"))[1]) == "ai:random"


def test_hints_come_from_the_declared_strongest_level_not_the_last_listed(registry_of):
    """The scaffold's game declares ``strongest_level``: a level listed after it (weaker,
    or a plugin's) does not take over the hints."""
    game = registry_of({"goofspiel": "asobi_goofspiel"}).game("goofspiel")
    game.info = replace(game.info, ai_levels=("random", "search", "easy"))
    session = Session(game, load(game.info), ["human", "human"], seed=3)
    assert game.strongest_level == "search"
    assert type(hint_agent(session, 0)).__name__ == "SearchAgent"
    game.info = replace(game.info, strongest_level=None)  # undeclared: the last listed
    assert game.strongest_level == "easy"


def test_hints_from_an_agent_that_only_chooses(registry_of):
    reg = registry_of({"nim": "asobi_nim"}, plugins=[ChooseOnlyLevel()])
    game = reg.game("nim")
    session = Session(game, load(game.info), ["human", "human"], seed=3)
    agent = make_agent(game, "last", 0, session.variant.rules, 2, 1)
    legal = session.legal_actions(0)
    assert explain(agent, session.observation(0), legal) == (legal[-1], "")
    assert explain(hint_agent(session, 0), session.observation(0), legal)[0] in legal


def test_a_house_rule_pack_adds_variants_by_name(registry_of, capsys):
    import asobi_house_pack

    reg = registry_of({"nim": "asobi_nim"}, plugins=[asobi_house_pack])
    nim = reg.game("nim")
    rows = {row["name"]: row for row in nim.variant_listing()}
    assert rows["big-piles"]["origin"] == "pack" and rows["big-piles"]["ok"]
    variant = nim.load_variant("big-piles")
    assert variant.rules["piles"] == [20, 20] and variant.rules["misere"] is False  # extends


def test_the_search_level_plays_any_game_that_resamples_and_beats_random(registry_of):
    nim = registry_of({"nim": "asobi_nim"}).game("nim")
    assert "search" in nim.ai_levels()
    won = 0
    for seed in range(12):
        seats = ["ai:search", "ai:random"] if seed % 2 == 0 else ["ai:random", "ai:search"]
        session = Session(nim, load(nim.info), parse_seats(seats, nim), seed=seed)
        driver = Driver(session, agent_for=lambda seat, s=session: decision_agent(s, seat))
        result = driver.run()
        won += result["winner"] == seeds_search_seat(seed)
    assert won >= 9, won


def seeds_search_seat(seed: int) -> int:
    return 0 if seed % 2 == 0 else 1


def test_the_driver_hands_each_seat_only_what_it_may_see(registry_of):
    game = registry_of({"highcard": "support.toys:HIGHCARD"}).game("highcard")
    session = Session(game, load(game.info), ["ai:random"] * 3, seed=5)
    seen: dict[int, list] = {0: [], 1: [], 2: []}
    driver = Driver(session, {s: make_agent(game, "random", s, {}, 3, s) for s in range(3)})
    for seat in seen:
        driver.watch(seat, lambda mover, action, events, seat=seat: seen[seat].extend(events))
    driver.run()
    for seat, events in seen.items():
        assert all(e.get("seats") in (None, [seat]) for e in events), (seat, events)


def test_a_frontend_adds_options_and_a_hook_and_gets_them(registry_of, monkeypatch, capsys):
    import asobi_echo.hookspecs

    reg = registry_of({"nim": "asobi_nim"}, {"echo": "asobi_echo:FRONTEND",
                                             "text": "asobi_frontends.text:FRONTEND"})
    reg.extra_hookspecs.append(asobi_echo.hookspecs)
    monkeypatch.setattr("asobi.cli.main.discover", lambda warn: reg)
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 40))
    status = main(["play", "nim", "--frontend", "echo", "--prefix", ">>", "--quiet-ai",
                   "--players", "human,ai:random", "--seed", "4"])
    out = capsys.readouterr().out
    assert status == 0
    assert out.splitlines()[0] == ">> Nim: take the last stone to win."  # the game's banner
    assert all(line.startswith(">> ") for line in out.splitlines())
    assert "game over" in out
    # The option belongs to that frontend: the text frontend does not take it.
    with pytest.raises(SystemExit) as stop:
        main(["play", "nim", "--prefix", ">>"])
    assert stop.value.code == 2
    assert "unrecognized arguments: --prefix" in capsys.readouterr().err


def test_hint_reasons_come_in_the_players_language(installed):
    from asobi.contract.model import Reason

    koikoi, sakura = installed.game("koikoi"), installed.game("sakura")
    reason = Reason("take {card}: {why}", {"card": "pine-crane", "why": Reason("feeds my yaku")})
    assert str(reason) == "take pine-crane: feeds my yaku"  # the English sentence, with ids
    # The game shows its cards by name, in the player's language.
    assert koikoi.hooks.describe_reason(reason, "en") == "take Pine with crane: feeds my yaku"
    assert koikoi.hooks.describe_reason(reason, "pt") == (
        "levar Pinheiro com grou: ajuda o meu yaku")
    assert koikoi.hooks.describe_reason(reason, "ja") == "松に鶴を取る：自分の役に近づく"
    # The core's own reasons are translated by the core's catalogue, for every game.
    assert sakura.hooks.describe_reason(Reason("the only legal move"), "it") == (
        "l'unica mossa consentita")
    assert koikoi.hooks.describe_reason("plain text stays as it is", "ja") == (
        "plain text stays as it is")
    session = Session(sakura, sakura.load_variant(), ["human", "ai:normal"], seed=4)
    legal = session.legal_actions(0)
    _action, why = explain(hint_agent(session, 0), session.observation(0), legal)
    assert isinstance(why, Reason)
    assert sakura.hooks.describe_reason(why, "pt") != str(why)
