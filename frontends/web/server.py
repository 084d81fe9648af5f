"""Running the web frontend: ``asobi serve`` and ``asobi play --frontend web``."""

from __future__ import annotations

import socket
import sys
import webbrowser
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from asobi.errors import AsobiError
from asobi.frontend import Launch
from asobi.registry import Registry

from .app import create_app
from .store import Store, default_db_path


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        return int(sock.getsockname()[1])


def run(app: Any, host: str, port: int) -> None:
    try:
        import uvicorn
    except ImportError:
        raise AsobiError(
            "the web frontend needs uvicorn and starlette: pip install 'asobi[web]'"
        ) from None
    config = uvicorn.Config(
        app, host=host, port=port, log_level="warning", timeout_graceful_shutdown=2
    )
    uvicorn.Server(config).run()


class WebFrontend:
    """Entry point object of the ``web`` frontend."""

    title = "Web browser (local game, or a server for a club with asobi serve)"

    def serve(self, registry: Registry, options: Mapping[str, Any]) -> int:
        host = str(options.get("host") or "127.0.0.1")
        port = int(options.get("port") or 8000)
        db = Path(options["db"]) if options.get("db") else default_db_path()
        store = Store(db)
        app = create_app(registry, store, default_lang=str(options.get("lang") or "en"))
        print(f"asobi: serving on http://{host}:{port}/  (games kept in {db})", flush=True)
        try:
            run(app, host, port)
        finally:
            store.close()
        return 0

    def play(self, launch: Launch) -> int:
        host = str(launch.options.get("host") or "127.0.0.1")
        port = int(launch.options.get("port") or free_port(host))
        db = Path(launch.options["db"]) if launch.options.get("db") else default_db_path()
        store = Store(db)
        app = create_app(launch.registry, store, default_lang=launch.lang)
        hub = app.state.hub
        live = hub.create(
            launch.game.name,
            launch.variant,
            launch.seats,
            launch.lang,
            seed=launch.seed,
            variant_ref=launch.variant_ref,
            record_path=launch.record_path,
        )
        out = launch.stdout or sys.stdout
        links = [
            f"http://{host}:{port}/#/play/{live.id}/{token}"
            for token in live.tokens
            if token is not None
        ]
        print(f"{launch.game.info.title}: open {links[0] if links else ''}", file=out, flush=True)
        for extra in links[1:]:
            print(f"  another seat: {extra}", file=out, flush=True)
        print("Press Ctrl+C to stop the server (the game is kept and can be resumed).", file=out)
        if links:
            webbrowser.open(links[0])
        try:
            run(app, host, port)
        finally:
            store.close()
        return 0
