"""Running the web frontend: ``asobi serve`` and ``asobi play --frontend web``.

The listening socket is bound here, before uvicorn starts, so a port in use is one clear
message (exit status 2) and ``serving on URL`` is printed only once requests can reach it.
uvicorn runs with the connection bounds of :mod:`.connections` (its h11 protocol from
:mod:`.protocol`). ``asobi serve --export DIR`` writes every stored record out and stops.
"""

from __future__ import annotations

import errno
import socket
import sys
import webbrowser
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from asobi.errors import AsobiError
from asobi.host.registry import Registry
from asobi.play.frontend import Launch

from .app import create_app
from .connections import ACCEPT_BATCH, ConnectionLimits, fit_open_files
from .errors import BadRequest
from .newgame import NewGame
from .options import ServerOptions, club_key_from_env, hosts_for
from .retention import Retention, export_all
from .store import Store, default_db_path


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port`` (port 0: any free port), or a clear refusal."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    # Answers go out in two writes (head, body): without this, each waits for the client's
    # delayed ACK (about 40 ms). Accepted connections inherit the option.
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    try:
        sock.bind((host, port))
        sock.listen(2048)
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise AsobiError(
                f"port {port} on {host} is already in use; choose another with --port"
            ) from None
        raise AsobiError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    sock.set_inheritable(True)
    return sock


def make_config(app: Any, limits: ConnectionLimits,
                forwarded_allow_ips: str | None = None) -> Any:
    """uvicorn's configuration of a server with these connection bounds. ``forwarded_allow_ips``:
    the addresses whose ``X-Forwarded-For`` is believed (None: uvicorn's default,
    ``$FORWARDED_ALLOW_IPS`` or the loopback addresses)."""
    try:
        import uvicorn

        from .protocol import bounded_protocol
    except ImportError:
        raise AsobiError(
            "the web frontend needs uvicorn and starlette: pip install 'asobi[web]'"
        ) from None
    return uvicorn.Config(
        app, log_level="warning", access_log=False, timeout_graceful_shutdown=2,
        http=bounded_protocol(limits), timeout_keep_alive=limits.keep_alive_seconds,
        h11_max_incomplete_event_size=limits.max_header_bytes, backlog=ACCEPT_BATCH,
        forwarded_allow_ips=forwarded_allow_ips,
    )


def run(app: Any, sock: socket.socket, limits: ConnectionLimits | None = None,
        forwarded_allow_ips: str | None = None) -> None:
    from .protocol import QueuedServer

    config = make_config(app, limits or ConnectionLimits(), forwarded_allow_ips)
    QueuedServer(config, hang_up=app.state.hub.close).run(sockets=[sock])


def url_of(host: str, sock: socket.socket) -> str:
    port = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}"


def server_options(options: Mapping[str, Any], lang: str, host: str) -> ServerOptions:
    """``asobi serve``'s options as the server's limits (unset ones keep their defaults)."""
    base = ServerOptions()
    extra_hosts = tuple(options.get("allowed_host") or ())

    def pick(name: str, default: Any) -> Any:
        value = options.get(name)
        return default if value is None else value

    return ServerOptions(
        default_lang=lang,
        max_games=int(pick("max_games", base.max_games)),
        games_per_creator=int(pick("games_per_creator", base.games_per_creator)),
        allow_ai_only=bool(pick("allow_ai_only", base.allow_ai_only)),
        ai_budget_max=float(pick("ai_budget_max", base.ai_budget_max)),
        ai_threads=int(pick("ai_threads", base.ai_threads)),
        games_per_minute=int(pick("games_per_minute", base.games_per_minute)),
        hint_threads=int(pick("hint_threads", base.hint_threads)),
        hints_per_game=int(pick("hints_per_game", base.hints_per_game)),
        streams_per_seat=int(pick("streams_per_seat", base.streams_per_seat)),
        idle_seconds=float(pick("idle_minutes", base.idle_seconds / 60)) * 60,
        club_key=club_key_from_env(options.get("club_key")),
        allowed_hosts=hosts_for(host, extra_hosts),
    )


def connection_limits(options: Mapping[str, Any]) -> ConnectionLimits:
    """``asobi serve``'s connection options as bounds (unset ones keep their defaults)."""
    base = ConnectionLimits()

    def pick(name: str, default: Any) -> Any:
        value = options.get(name)
        return default if value is None else value

    return ConnectionLimits(
        header_seconds=float(pick("header_timeout", base.header_seconds)),
        body_seconds=float(pick("body_timeout", base.body_seconds)),
        max_connections=int(pick("max_connections", base.max_connections)),
        requests_per_client=int(pick("requests_per_client", base.requests_per_client)),
    )


def retention_of(options: Mapping[str, Any]) -> Retention:
    """``--keep-days`` and ``--archive`` as the server's retention of finished games."""
    days = options.get("keep_days")
    archive = options.get("archive")
    return Retention(
        keep_days=Retention().keep_days if days is None else float(days),
        archive=Path(archive) if archive else None,
    )


def export(db: Path, folder: Path, out: Any) -> int:
    """``asobi serve --export DIR``: every stored game's record into ``folder``, then stop."""
    if not db.exists():
        raise AsobiError(f"there is no database at {db} (choose it with --db)")
    store = Store(db)
    try:
        done = export_all(store, folder)
    finally:
        store.close()
    skipped = f"; {done.skipped} unreadable rows skipped" if done.skipped else ""
    print(f"asobi: {done.written} game records written to {folder}{skipped}", file=out)
    return 0


def _announce(line: Callable[[], str], out: Any) -> Callable[[], None]:
    def ready() -> None:
        print(line(), file=out, flush=True)

    return ready


def open_store_and_bind(db: Path, host: str, port: int) -> tuple[Store, socket.socket]:
    """The database (this process becomes its one writer) and the listening socket; when
    either is refused, nothing stays open."""
    store = Store(db)
    try:
        return store, bind(host, port)
    except AsobiError:
        store.close()
        raise


def serve(registry: Registry, options: Mapping[str, Any]) -> int:
    """``asobi serve``: a server for a club, until Ctrl+C."""
    host = str(options.get("host") or "127.0.0.1")
    given = options.get("port")
    port = int(given) if given is not None else 8000
    db = Path(options["db"]) if options.get("db") else default_db_path()
    if options.get("export"):
        return export(db, Path(options["export"]), sys.stdout)
    limits = server_options(options, str(options.get("lang") or "en"), host)
    connections, fitted = fit_open_files(connection_limits(options))
    retention = retention_of(options)
    store, sock = open_store_and_bind(db, host, port)
    url = url_of(host, sock)
    notes = [f"games kept in {db}"]
    if limits.club_key:
        notes.append("club passphrase required to create games")
    if limits.allowed_hosts == ("*",):
        notes.append("any Host header accepted: name yours with --allowed-host")
    if fitted:
        notes.append(fitted)
    if retention.keep_days:
        kept = f"finished games deleted {retention.keep_days:g} days after their last move"
        notes.append(kept + (f", their records written to {retention.archive} first"
                             if retention.archive else ""))
    app = create_app(
        registry, store, options=limits, connections=connections, retention=retention,
        on_ready=_announce(lambda: f"asobi: serving on {url}/  ({'; '.join(notes)})",
                           sys.stdout),
    )
    try:
        run(app, sock, connections, options.get("forwarded_allow_ips"))
    finally:
        store.close()
    return 0


def play(launch: Launch) -> int:
    """``asobi play GAME --frontend web``: one game, served locally and opened in a browser."""
    host = str(launch.options.get("host") or "127.0.0.1")
    port = int(launch.options.get("port") or 0)
    db = Path(launch.options["db"]) if launch.options.get("db") else default_db_path()
    humans = [i for i, s in enumerate(launch.seats) if s.is_human]
    if launch.seed is not None and len(humans) > 1:
        raise BadRequest("a chosen seed is for practice only: with more than one person "
                         "at the table, whoever chose it would know the others' cards")
    store, sock = open_store_and_bind(db, host, port)
    url = url_of(host, sock)
    app = create_app(launch.registry, store,
                     options=ServerOptions(default_lang=launch.lang,
                                           allowed_hosts=hosts_for(host),
                                           allow_ai_only=True))
    new = NewGame(
        game=launch.game,
        variant=launch.variant,
        seats=launch.seats,
        lang=launch.lang,
        seed=launch.seed,
        setup=launch.setup,
        hints=len(humans) <= 1,
        creator_seat=humans[0] if humans else None,
        variant_ref=launch.variant_ref,
    )
    live, minted = app.state.hub.create(new, "local", record_path=launch.record_path)
    out = launch.stdout or sys.stdout
    mine = f"{url}/#/play/{live.id}/{minted.creator_token}" if minted.creator_token else ""
    title = launch.game.info.title
    print(f"{title}: open {mine or url + '/'}", file=out, flush=True)
    for seat, code in sorted(minted.invitations.items()):
        print(f"  invitation for seat {seat + 1}: {url}/#/join/{live.id}/{code}",
              file=out, flush=True)
    print("Press Ctrl+C to stop the server (the game is kept and can be resumed).", file=out)
    if mine:
        webbrowser.open(mine)
    try:
        run(app, sock)
    finally:
        store.close()
    return 0
