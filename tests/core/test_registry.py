"""Discovery: lazy imports, broken plugins, duplicates, per-game hook scoping, observers."""

from __future__ import annotations

import subprocess
import sys

import pluggy
import pytest

from asobi.conformance import ConformanceError, check_game
from asobi.errors import AsobiError
from asobi.play.session import Session
from asobi.variants.loader import load

hookimpl = pluggy.HookimplMarker("asobi")


def test_broken_import_is_a_warning_and_the_rest_works(registry_of):
    warnings: list[str] = []
    reg = registry_of({"nim": "asobi_nim", "chess": "asobi_no_such_module"}, warnings=warnings)
    assert list(reg.games()) == ["nim"]
    assert len(warnings) == 1
    assert warnings[0].startswith("game 'chess' from asobi_no_such_module failed to load")
    assert "ModuleNotFoundError" in warnings[0]


def test_plugin_breaking_the_contract_is_skipped_with_a_warning(registry_of):
    warnings: list[str] = []
    reg = registry_of(
        {"nim": "asobi_nim", "inc": "support.toys:INCOMPLETE", "bad": "support.toys:BROKEN"},
        warnings=warnings,
    )
    assert list(reg.games()) == ["nim"]
    assert any("does not implement asobi_setup" in w for w in warnings)
    assert any("breaks the hook contract" in w and "asobi_no_such_hook" in w for w in warnings)


def test_two_plugins_with_one_game_name_warn_and_keep_one(registry_of):
    warnings: list[str] = []
    reg = registry_of({"nim": "asobi_nim", "nim-again": "asobi_nim"}, warnings=warnings)
    assert list(reg.games()) == ["nim"]
    assert len(warnings) == 1 and "two plugins provide the game 'nim'" in warnings[0]


def test_unknown_game_suggests(registry_of):
    reg = registry_of({"nim": "asobi_nim"})
    with pytest.raises(
        AsobiError, match="unknown game 'nmi' .did you mean 'nim'.*installed games: nim"
    ):
        reg.game("nmi")


def test_games_never_run_each_others_hooks(registry_of):
    from support import toys

    reg = registry_of({"nim": "asobi_nim", "highcard": "support.toys:HIGHCARD"})
    toys.HIGHCARD.calls.clear()
    nim = reg.game("nim")
    session = Session(nim, load(nim.info), ["ai:random", "ai:random"], seed=1)
    while not session.finished:
        seat = session.to_act()[0]
        session.apply(seat, session.legal_actions(seat)[0])
    assert toys.HIGHCARD.calls == []


class Bonus:
    """A house-rule plugin: the winner of every scoring unit gets 10 more points."""

    @hookimpl
    def asobi_adjust_points(self, game, unit):
        return [10 if seat == unit["winner"] else 0 for seat in range(len(unit["points"]))]


class Stats:
    def __init__(self):
        self.seen = []

    @hookimpl
    def asobi_game_over(self, game, variant, result, seats):
        self.seen.append((game, variant, result["winner"], tuple(seats)))


def test_cross_cutting_plugins_adjust_scores_and_observe_every_game(registry_of):
    stats = Stats()
    reg = registry_of({"nim": "asobi_nim", "highcard": "support.toys:HIGHCARD"},
                      plugins=[Bonus(), stats])
    for name in ("nim", "highcard"):
        game = reg.game(name)
        session = Session(game, load(game.info), ["human", "ai:random"], seed=5)
        while not session.finished:
            seat = session.to_act()[0]
            session.apply(seat, session.legal_actions(seat)[0])
        if name == "nim":
            winner = session.result()["winner"]
            assert session.result()["scores"][winner] == 11
    assert [s[0] for s in stats.seen] == ["nim", "highcard"]
    assert stats.seen[0][1] == "standard" and stats.seen[0][3] == ("human", "ai:random")


def test_listing_games_imports_no_frontend():
    """Only the hook specifications a frontend declares are read (they are part of every
    game's contract); no frontend code, no web server library."""
    code = (
        "import sys, io, contextlib\n"
        "from asobi.cli.main import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['games'])\n"
        "print(sorted(m for m in sys.modules if m.startswith(('asobi_frontends', 'starlette',"
        " 'uvicorn', 'textual'))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == str(
        ["asobi_frontends", "asobi_frontends.tui", "asobi_frontends.tui.hookspecs",
         "asobi_frontends.web", "asobi_frontends.web.hookspecs"]
    )


def test_conformance_kit_passes_good_games(registry_of):
    reg = registry_of({"nim": "asobi_nim", "highcard": "support.toys:HIGHCARD"})
    check_game(reg.game("nim"), players=2, games=5, expect_hidden=False)
    check_game(reg.game("nim"), players=3, games=5, expect_hidden=False)
    check_game(reg.game("highcard"), players=4, games=5)


def test_conformance_kit_catches_a_leaking_observation(registry_of):
    reg = registry_of({"leaky": "support.toys:LEAKY"})
    with pytest.raises(ConformanceError, match="'all\\[1\\]' reveals hidden information"):
        check_game(reg.game("leaky"), players=2, games=3)


def test_conformance_kit_catches_events_that_tell_a_seat_what_it_cannot_see(registry_of):
    reg = registry_of({"loud": "support.toys:LOUD", "highcard": "support.toys:HIGHCARD"})
    with pytest.raises(ConformanceError, match="events that depend on what it cannot see"):
        check_game(reg.game("loud"), players=3, games=3)
    check_game(reg.game("highcard"), "standard", players=3, games=3)  # a variant by name


def test_conformance_kit_catches_moves_offered_to_a_seat_not_to_act(registry_of):
    reg = registry_of({"eager": "support.toys:EAGER"})
    with pytest.raises(ConformanceError, match="is not to act but has legal actions"):
        check_game(reg.game("eager"), players=3, games=2)


class Chooser:
    """An AI level that answers with a move that is not in the list."""

    @hookimpl
    def asobi_agent(self, game, level, seat, rules, players, seed):
        class Wrong:
            def choose(self, observation, legal):
                return {"pile": 9, "take": 9}

        return Wrong() if level == "wrong" else None

    @hookimpl
    def asobi_agent_levels(self, game):
        return ["wrong"]


def test_conformance_kit_catches_an_ai_level_that_breaks_the_rules(registry_of):
    reg = registry_of({"nim": "asobi_nim"}, plugins=[Chooser()])
    with pytest.raises(ConformanceError, match="ai:wrong chose"):
        check_game(reg.game("nim"), players=2, games=2, expect_hidden=False)
    check_game(reg.game("nim"), players=2, games=2, expect_hidden=False, levels=["random"])


def test_conformance_kit_catches_a_hidden_variant_that_hides_nothing(registry_of):
    reg = registry_of({"lazy": "support.toys:LAZY"})
    with pytest.raises(ConformanceError, match="never changed anything another seat sees"):
        check_game(reg.game("lazy"), players=2, games=3)


class Misspelt:
    @hookimpl
    def asobi_game_ovr(self, game):
        pass


def test_broken_cross_cutting_plugin_warns_once_and_games_still_play(registry_of):
    warnings: list[str] = []
    reg = registry_of({"nim": "asobi_nim", "highcard": "support.toys:HIGHCARD"},
                      plugins=[Misspelt()], warnings=warnings)
    assert sorted(reg.games()) == ["highcard", "nim"]
    assert len(warnings) == 1 and "asobi_game_ovr" in warnings[0]
