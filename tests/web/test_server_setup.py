"""Starting a server: the listening socket, the Host names it answers, its options."""

from __future__ import annotations

import json
import socket
import sys

import pytest

from asobi.cli.main import main
from asobi.errors import AsobiError
from asobi_frontends.web.options import CLUB_KEY_ENV, hosts_for
from asobi_frontends.web.server import bind, server_options


def test_the_socket_sends_answers_at_once_and_a_busy_port_is_a_clear_error():
    sock = bind("127.0.0.1", 0)
    try:
        # Without TCP_NODELAY every answer on a kept-alive connection waits ~40 ms.
        assert sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
        port = sock.getsockname()[1]
        with pytest.raises(AsobiError, match=f"port {port} on 127.0.0.1 is already in use"):
            bind("127.0.0.1", port)
    finally:
        sock.close()


def test_loopback_servers_answer_loopback_names_and_wildcards_what_they_are_told():
    assert set(hosts_for("127.0.0.1")) >= {"127.0.0.1", "localhost", "[::1]"}
    assert "*" not in hosts_for("127.0.0.1")
    assert hosts_for("0.0.0.0") == ("*",)
    assert "club.example" in hosts_for("0.0.0.0", ("club.example",))
    assert "*" not in hosts_for("0.0.0.0", ("club.example",))


def test_serve_options_become_the_server_limits(monkeypatch):
    monkeypatch.setenv(CLUB_KEY_ENV, "from the environment")
    limits = server_options({"max_games": 5, "games_per_creator": 0, "idle_minutes": 2.5,
                             "ai_budget_max": 0.5, "allow_ai_only": True}, "pt", "127.0.0.1")
    assert (limits.max_games, limits.games_per_creator) == (5, 0)
    assert limits.idle_seconds == 150 and limits.ai_budget_max == 0.5
    assert limits.allow_ai_only and limits.default_lang == "pt"
    assert limits.club_key == "from the environment"
    assert server_options({"club_key": "given"}, "en", "127.0.0.1").club_key == "given"
    monkeypatch.delenv(CLUB_KEY_ENV)
    assert server_options({}, "en", "127.0.0.1").club_key is None


def without(monkeypatch, *modules: str) -> None:
    """As if ``modules`` were not installed (an extra left out)."""
    for module in modules:
        monkeypatch.setitem(sys.modules, module, None)


@pytest.mark.parametrize("argv", [["serve", "--port", "0"],
                                  ["play", "koikoi", "--frontend", "web"],
                                  ["play", "koikoi", "--frontend=web", "--port", "0"]],
                         ids=["serve", "play", "play-with-options"])
def test_without_the_web_extra_serving_is_one_line_and_exit_2(monkeypatch, capsys, argv):
    """Issue 34, finding 9: starlette missing is a sentence saying what to install, not a
    traceback."""
    without(monkeypatch, "starlette", "uvicorn")
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err == ("asobi: the web frontend is not installed (it needs starlette, uvicorn: "
                   "pip install 'asobi[web]')\n"), err


def test_frontends_lists_a_frontend_without_its_extra_as_not_installed(monkeypatch, capsys):
    without(monkeypatch, "textual")
    assert main(["frontends", "--json"]) == 0
    rows = {row["name"]: row["title"] for row in json.loads(capsys.readouterr().out)}
    assert rows["tui"] == "(not installed: needs textual: pip install 'asobi[tui]')"
    assert "not installed" not in rows["web"] and "not installed" not in rows["text"]
    assert main(["play", "koikoi", "--frontend", "tui"]) == 2
    assert "tui frontend is not installed" in capsys.readouterr().err
