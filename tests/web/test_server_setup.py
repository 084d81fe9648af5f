"""Starting a server: the listening socket, the Host names it answers, its options."""

from __future__ import annotations

import socket

import pytest

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
