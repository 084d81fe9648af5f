"""The user's settings file and ``asobi config``: what is saved, what wins, and what a broken
file does (a warning naming it; the game still starts)."""

from __future__ import annotations

import io
import os
import sys
import types
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from asobi.cli import userconfig
from asobi.cli.main import main
from asobi.errors import AsobiError
from support.profiles import examples


@pytest.fixture
def cli(registry_of, spy, monkeypatch):
    reg = registry_of(
        {"nim": "asobi_nim"},
        {"text": "asobi_frontends.text:FRONTEND", "spy": "asobi_test_spy:SPY"},
    )
    monkeypatch.setattr("asobi.cli.main.discover", lambda warn: reg)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    return main


@pytest.fixture
def config_file() -> Path:
    return Path(os.environ["ASOBI_CONFIG_DIR"]) / "config.yaml"


@pytest.fixture
def house_variant(config_file):
    """A variant of Nim of the user's own: ``small``, one pile of 3."""
    folder = config_file.parent / "variants" / "nim"
    folder.mkdir(parents=True)
    (folder / "small.yaml").write_text(
        "game: nim\nname: small\ntitle: Small\ndescription: One pile of three.\n"
        "extends: standard\nrules:\n  piles: [3]\n"
    )
    return "small"


def test_the_file_lives_in_the_config_folder_and_round_trips(config_file):
    assert userconfig.settings_path() == config_file
    assert userconfig.read().values == {}
    saved = userconfig.read().with_values(
        {"frontend": "tui", "lang": "ja", "nim.variant": "small", "nim.players": "human,ai"}
    )
    saved.save()
    data = yaml.safe_load(config_file.read_text(encoding="utf-8"))
    assert data == {"frontend": "tui", "lang": "ja",
                    "nim": {"players": "human,ai", "variant": "small"}}
    assert userconfig.read().values == saved.values
    assert not list(config_file.parent.glob("*.new"))


def test_config_set_show_unset_reset(cli, capsys, config_file, house_variant):
    assert cli(["config"]) == 0
    out = capsys.readouterr().out
    assert str(config_file) in out and "not written yet" in out
    assert cli(["config", "set", "frontend", "spy"]) == 0
    assert cli(["config", "set", "lang", "pt-BR"]) == 0  # a locale name: its language
    assert cli(["config", "set", "nim.variant", house_variant]) == 0
    assert cli(["config", "set", "nim.players", "human,ai"]) == 0
    capsys.readouterr()
    assert cli(["config"]) == 0
    out = capsys.readouterr().out
    assert "  frontend = spy" in out and "  lang = pt" in out
    assert "  nim.variant = small" in out
    assert "  nim.players = human,ai:random" in out  # stored as asobi play reads it
    assert cli(["config", "unset", "lang"]) == 0
    assert "lang" not in yaml.safe_load(config_file.read_text())
    assert cli(["config", "unset", "lang"]) == 0
    assert "was not set; nothing changed" in capsys.readouterr().out
    assert cli(["config", "path"]) == 0
    assert capsys.readouterr().out.strip() == str(config_file)
    assert cli(["config", "reset"]) == 0
    assert not config_file.exists()


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        (["set", "fronted", "text"], "unknown setting 'fronted' (did you mean 'frontend'?)"),
        (["set", "nim.varient", "standard"], "(did you mean 'nim.variant'?)"),
        (["set", "frontend", "txet"], "unknown frontend 'txet' (did you mean 'text'?)"),
        (["set", "lang", "xx"], "unknown language 'xx'; choose from en, pt, it, ja"),
        (["set", "game", "nmi"], "unknown game 'nmi' (did you mean 'nim'?)"),
        (["set", "nmi.variant", "standard"], "unknown game 'nmi' (did you mean 'nim'?)"),
        (["set", "nim.variant", "standrd"], "(did you mean 'standard'?)"),
        (["set", "nim.players", "human"], "Nim is played by 2 to 3 players"),
        (["set", "nim.players", "human,ai:genius"], "Nim has no AI level 'genius'"),
        (["set", "nim.players", "human,robot"], "robot"),
        (["set", "frontend", "a\tb"], "give a value on one line"),
        (["unset", "colour"], "unknown setting 'colour'"),
    ],
)
def test_bad_settings_are_refused_and_change_nothing(cli, capsys, config_file, words, expected):
    assert cli(["config", "set", "lang", "it"]) == 0
    before = config_file.read_bytes()
    capsys.readouterr()
    assert cli(["config", *words]) == 2
    err = capsys.readouterr().err
    assert expected in err and "Traceback" not in err
    assert config_file.read_bytes() == before


def test_a_frontend_that_only_serves_is_refused(registry_of, monkeypatch, capsys):
    module = types.ModuleType("asobi_test_server_only")
    module.SERVER = types.SimpleNamespace(title="Only a server", serve=lambda reg, opts: 0)
    monkeypatch.setitem(sys.modules, "asobi_test_server_only", module)
    reg = registry_of({"nim": "asobi_nim"}, {"hub": "asobi_test_server_only:SERVER"})
    monkeypatch.setattr("asobi.cli.main.discover", lambda warn: reg)
    assert main(["config", "set", "frontend", "hub"]) == 2
    assert "cannot play a game" in capsys.readouterr().err


def test_play_takes_the_settings_and_options_win(cli, spy, house_variant, monkeypatch):
    monkeypatch.setattr("asobi.cli.chooser.is_terminal", lambda *streams: True)  # a person types
    monkeypatch.delenv("ASOBI_LANG")  # the settings' language is below ASOBI_LANG
    monkeypatch.setenv("LC_ALL", "pt_PT.UTF-8")  # ... and above the locale
    assert cli(["config", "set", "frontend", "spy"]) == 0
    assert cli(["config", "set", "nim.variant", house_variant]) == 0
    assert cli(["config", "set", "nim.players", "ai:random,human,human"]) == 0
    assert cli(["config", "set", "lang", "it"]) == 0
    assert cli(["play", "nim", "--seed", "1"]) == 0
    launch = spy.launches[-1]
    assert launch.variant.name == "small" and launch.variant.rules["piles"] == [3]
    assert [str(s) for s in launch.seats] == ["ai:random", "human", "human"]
    assert launch.lang == "it"
    assert cli(["play", "nim", "--variant", "standard", "--players", "human,ai",
                "--lang", "ja", "--seed", "1"]) == 0
    launch = spy.launches[-1]
    assert launch.variant.name == "standard" and launch.lang == "ja"
    assert [str(s) for s in launch.seats] == ["human", "ai:random"]
    count = len(spy.launches)
    sys.stdin = io.StringIO("quit\n\n")
    assert cli(["play", "nim", "--frontend", "text", "--seed", "1"]) == 0
    assert len(spy.launches) == count  # the text frontend played, not the spy


def test_without_a_terminal_a_saved_frontend_is_not_used(cli, spy, capsys, monkeypatch):
    """Pipes and scripts play as they always did: the text frontend, which reads stdin."""
    assert cli(["config", "set", "frontend", "spy"]) == 0
    sys.stdin = io.StringIO("quit\n\n")
    assert cli(["play", "nim", "--seed", "1"]) == 0
    assert spy.launches == []
    assert "Nim - " in capsys.readouterr().out
    monkeypatch.setattr("asobi.cli.chooser.is_terminal", lambda *streams: True)
    assert cli(["play", "nim", "--seed", "1"]) == 0
    assert len(spy.launches) == 1


def test_settings_that_no_longer_fit_are_skipped_with_a_warning(
    cli, spy, capsys, config_file, house_variant, monkeypatch
):
    monkeypatch.setattr("asobi.cli.chooser.is_terminal", lambda *streams: True)
    assert cli(["config", "set", "nim.variant", house_variant]) == 0
    assert cli(["config", "set", "frontend", "spy"]) == 0
    (config_file.parent / "variants" / "nim" / "small.yaml").unlink()
    text = config_file.read_text().replace("frontend: spy", "frontend: gone")
    config_file.write_text(text + "  players: human,ai:genius\n")
    capsys.readouterr()
    sys.stdin = io.StringIO("quit\n\n")
    assert cli(["play", "nim", "--seed", "2"]) == 0
    captured = capsys.readouterr()
    assert "Nim - Three piles" in captured.out  # the built-in default variant, text frontend
    for key in ("frontend", "nim.variant", "nim.players"):
        assert f"{config_file}: {key}: " in captured.err
        assert f"asobi config unset {key}" in captured.err
    assert "Traceback" not in captured.err


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"frontend: [text\n", ":2:1: not valid YAML"),
        (b"frontend: 3\n", ":1:11: 'frontend' must be a word"),
        (b"lang: no\n", ":1:7: 'lang' must be a word"),
        (b"lang: xx\n", ":1:7: unknown language 'xx'"),
        (b"nim: {variant: [a, b]}\n", "'nim.variant' must be a word"),
        (b"nim: {colour: red}\n", "unknown setting 'colour' for the game 'nim'"),
        (b"fronted: text\n", "unknown setting 'fronted' (did you mean 'frontend'?)"),
        (b"- a list\n", ":1:1: expected settings"),
        (b"lang: pt\n\xff\xfe\n", "not UTF-8 text"),
        (b"frontend: \x07\n", "not valid YAML"),
    ],
)
def test_a_broken_file_never_stops_a_game(cli, capsys, config_file, content, expected):
    config_file.parent.mkdir(parents=True, exist_ok=True)
    config_file.write_bytes(content)
    sys.stdin = io.StringIO("quit\n\n")
    assert cli(["play", "nim", "--seed", "3"]) == 0
    captured = capsys.readouterr()
    assert "Nim - Three piles" in captured.out and "You left the game." in captured.out
    assert f"asobi: warning: your settings are not used: {config_file}" in captured.err
    assert expected in captured.err and "asobi config reset" in captured.err
    assert cli(["config", "set", "lang", "pt"]) == 2  # not written over the person's file
    assert expected in capsys.readouterr().err
    assert config_file.read_bytes() == content
    assert cli(["config", "reset"]) == 0 and not config_file.exists()


def test_the_language_comes_from_asobi_lang_then_settings_then_locale(monkeypatch):
    env = {"LANG": "pt_BR.UTF-8"}
    assert userconfig.default_lang(None, {}) == "en"
    assert userconfig.default_lang(None, {"LANG": "C.UTF-8"}) == "en"
    assert userconfig.default_lang(None, env) == "pt"
    assert userconfig.default_lang(None, {**env, "LC_MESSAGES": "it_IT"}) == "it"
    assert userconfig.default_lang(None, {**env, "LC_MESSAGES": "it_IT",
                                          "LC_ALL": "ja_JP.UTF-8"}) == "ja"
    saved = userconfig.Settings(Path("x"), {"lang": "it"})
    assert userconfig.default_lang(saved, {"LC_ALL": "ja_JP.UTF-8"}) == "it"
    assert userconfig.default_lang(saved, {"ASOBI_LANG": "pt", "LC_ALL": "ja"}) == "pt"


@settings(max_examples=examples(80), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(content=st.one_of(
    st.binary(max_size=60),
    st.dictionaries(
        st.one_of(st.sampled_from(["frontend", "lang", "game", "nim", "koikoi"]), st.text()),
        st.recursive(st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=8)),
                     lambda inner: st.one_of(st.lists(inner, max_size=3),
                                             st.dictionaries(st.text(max_size=8), inner,
                                                             max_size=3)),
                     max_leaves=6),
        max_size=4,
    ).map(lambda data: yaml.safe_dump(data).encode()),
))
def test_any_file_is_read_or_refused_with_its_name(config_file, content):
    config_file.parent.mkdir(parents=True, exist_ok=True)
    config_file.write_bytes(content)
    try:
        found = userconfig.read()
    except AsobiError as exc:
        assert str(exc).startswith(str(config_file)) and "asobi config reset" in str(exc)
        return
    for key, value in found.values.items():
        assert userconfig.split_key(key)[1] and isinstance(value, str) and value.strip()
