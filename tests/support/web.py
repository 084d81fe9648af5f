"""Helpers shared by the web tests (imported by name: conftest puts this folder on sys.path)."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from importlib import resources
from importlib.metadata import EntryPoint
from pathlib import Path
from typing import Any

import pluggy
import pytest

from asobi.host.registry import Registry
from asobi.play.session import parse_seats
from asobi.variants import loader as variants
from asobi_frontends.web.app import create_app
from asobi_frontends.web.games import Hub, Live
from asobi_frontends.web.hookspecs import web_assets
from asobi_frontends.web.newgame import NewGame
from asobi_frontends.web.options import LOCAL_HOSTS, ServerOptions
from asobi_frontends.web.store import Store

CHROMIUM = "/usr/bin/chromium"
"""Debian's Chromium, which every browser test drives (.ci/run installs it)."""
CHROMIUM_ARGS = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
"""Headless, and none of the background connections this closed network would refuse."""
SHOTS = Path(__file__).resolve().parent.parent / "_artifacts" / "screenshots"
"""Where browser tests save the screenshots a person should look at (ignored by git)."""
needs_chromium = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason="Chromium not installed: apt-get install chromium")


PRACTICE_SEED = 1
"""The seed the lobby's new game is given (a practice game may choose one): with it, "You"
deal and play first in Koi-Koi, so a test that waits for its own move is not at the mercy of
a round the AI ends before it (a hand yaku at the deal, viewing-the-moon sake at once)."""


def _with_seed(route, seed: int) -> None:
    if route.request.method != "POST":
        route.continue_()
        return
    body = json.loads(route.request.post_data or "{}")
    route.continue_(post_data=json.dumps({**body, "seed": seed}))


def pin_practice_seed(page, seed: int = PRACTICE_SEED) -> None:
    """Have the lobby's next "new game" request carry `seed`, as a practice game may."""
    page.route("**/api/games", lambda route: _with_seed(route, seed))


def axe_violations(page: Any, context: Any = None) -> list[dict[str, Any]]:
    """What axe-core (axe_playwright_python's copy, with its default options) finds wrong on
    the page, or in `context` ({"include": ..., "exclude": ...}); axe is put into a document
    once, not before every run."""
    from axe_playwright_python.sync_playwright import DEFAULT_OPTIONS, Axe

    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(Axe().axe_script)
    results = page.evaluate("([context, options]) => axe.run(context || document, options)",
                            [context, DEFAULT_OPTIONS])
    return results["violations"]


def frames(page: Any) -> None:
    """Wait until the fonts are loaded and two frames were drawn: a change of the viewport,
    a new route, are laid out by then."""
    page.evaluate("() => document.fonts.ready.then(() => new Promise("
                  "(r) => requestAnimationFrame(() => requestAnimationFrame(r))))")


UNSEEN_BROWSER_UI = ("PreloadTopChromeWebUI", "WebUIOmniboxPopup", "WebUIOmniboxFullPopup",
                     "WebUIOmniboxAimPopup")
"""Chromium features of its own window furniture that no test sees: the address bar's popup is
a web page, loaded beforehand in a renderer for every window (here every browser context) at
about a third of a second of processor each; off, the browser tests cost a good third less."""


def _launched_switch(prefix: str) -> str | None:
    """The argument starting with `prefix` on the command line of the Chromium this process
    launched last ("" if it has none), read back from /proc; None where it cannot be read."""
    procs: dict[int, tuple[int, int, list[str]]] = {}
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            argv = (entry / "cmdline").read_bytes().decode(errors="replace").split("\0")
        except (OSError, IndexError):
            continue
        procs[int(entry.name)] = (int(fields[1]), int(fields[19]), argv)

    def mine(pid: int) -> bool:
        seen: set[int] = set()
        while pid in procs and pid not in seen:
            seen.add(pid)
            pid = procs[pid][0]
            if pid == os.getpid():
                return True
        return False

    browsers = [(started, argv) for pid, (_parent, started, argv) in procs.items()
                if argv[0].endswith("chromium") and "--remote-debugging-pipe" in argv
                and not any(a.startswith("--type=") for a in argv) and mine(pid)]
    if not browsers:
        return None
    argv = max(browsers)[1]
    return next((a for a in reversed(argv) if a.startswith(prefix)), "")  # the last counts


def chromium_browser(known: Path | None = None) -> Iterator[Any]:
    """A Chromium of Playwright's for a session-scoped ``browser`` fixture
    (``yield from chromium_browser()``), without the window furniture nobody sees
    (UNSEEN_BROWSER_UI). Chromium keeps only the last ``--disable-features``, so the one
    Playwright passes is read back from a first launch and passed again with ours added.
    ``known``: a file keeping that switch for the other processes of the run (each would
    otherwise launch Chromium twice)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        theirs = known.read_text() if known is not None and known.exists() else None
        if theirs is None:
            chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            theirs = _launched_switch("--disable-features=")
            if theirs is None:  # no /proc to read it from: Playwright's own switch stays
                yield chromium
                chromium.close()
                return
            chromium.close()
            if known is not None:  # whole or not at all, for a process reading it now
                part = known.with_name(f"{known.name}.{os.getpid()}")
                part.write_text(theirs)
                os.replace(part, known)
        ours = ",".join(UNSEEN_BROWSER_UI)
        switch = f"{theirs},{ours}" if theirs else f"--disable-features={ours}"
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, switch],
                                     ignore_default_args=[theirs] if theirs else None)
        yield chromium
        chromium.close()


TEST_OPTIONS = ServerOptions(allowed_hosts=(*LOCAL_HOSTS, "testserver"), games_per_minute=0)
"""The server's defaults, answering the Host header of Starlette's test client too."""

hookimpl = pluggy.HookimplMarker("asobi")


class ViewFolder:
    """Stands in for a game's ``asobi_web_assets`` hookimpl while the game lacks one."""

    def __init__(self, folder: Any) -> None:
        self.folder = folder

    @hookimpl
    def asobi_web_assets(self) -> Any:
        return self.folder


def _importable(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


def build_registry() -> Registry:
    """Nim (no browser view) plus the built-in games that are installed."""
    games = {"nim": "asobi_nim"}
    for name in ("koikoi", "sakura"):
        if _importable(f"asobi_{name}.plugin"):
            games[name] = f"asobi_{name}.plugin"
    registry = Registry(
        game_entry_points=[EntryPoint(n, v, "asobi.games") for n, v in games.items()],
    )
    for name, game in registry.games().items():
        if name in ("koikoi", "sakura") and web_assets(game) is None:
            game.manager.register(ViewFolder(resources.files(f"asobi_{name}") / "webview"))
    return registry


def create_game(
    hub: Hub, game: str, variant: str | None, seats: list[str], lang: str = "en",
    seed: int | None = None,
) -> Live:
    """A game created straight on the hub (no HTTP, so a seed is allowed at any table)."""
    found = hub.registry.game(game)
    loaded = variants.load(found.info, variant or found.info.default_variant)
    new = NewGame(found, loaded, parse_seats(seats, found), lang, seed=seed, creator_seat=0)
    live, _minted = hub.create(new, "test")
    return live


def play(hub: Hub, live: Live, seat: int, action: dict[str, Any]) -> None:
    """Apply ``action`` for ``seat`` on the table's current version."""
    hub.act(live, seat, {"action": action}, live.version)


class Seat:
    """One seat of a game on a live server, read and moved through the HTTP API (as the same
    player's second device would): how a browser test reaches the position it is about."""

    def __init__(self, url: str, game: str, token: str) -> None:
        self.url, self.id, self.token = url, game, token

    @classmethod
    def create(cls, url: str, **body: Any) -> Seat:
        """A new game (``game=``, ``seats=``, ``seed=``...); the creator's seat."""
        made = cls._call(url, "/api/games", {"creator_seat": 0, **body})
        return cls(url, made["id"], made["token"])

    @classmethod
    def of_page(cls, url: str, page: Any) -> Seat:
        """The seat a page plays (its address is ``#/play/<game>/<token>``)."""
        match = re.search(r"#/play/([^/]+)/([^/?#]+)$", page.url)
        assert match, page.url
        return cls(url, match.group(1), match.group(2))

    @property
    def address(self) -> str:
        return f"{self.url}/#/play/{self.id}/{self.token}"

    @staticmethod
    def _call(url: str, path: str, body: Any = None, token: str | None = None) -> Any:
        headers = {"Content-Type": "application/json"}
        if token:
            headers["X-Asobi-Token"] = token
        request = urllib.request.Request(
            url + path, data=None if body is None else json.dumps(body).encode(),
            method="GET" if body is None else "POST", headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                return json.loads(answer.read())
        except urllib.error.HTTPError as error:
            if error.code == 409:
                return None
            raise AssertionError(f"{path}: {error.code} {error.read()!r}") from None

    def payload(self) -> dict[str, Any]:
        return self._call(self.url, f"/api/play/{self.id}?since=-1&lang=en", token=self.token)

    def mine(self, timeout: float = 10.0) -> dict[str, Any]:
        """The payload once this seat has something to do or the game is over (the AIs move
        on the server on their own)."""
        deadline = time.monotonic() + timeout
        while True:
            payload = self.payload()
            if payload["legal"] or payload["finished"]:
                return payload
            assert time.monotonic() < deadline, "the AIs did not move"
            time.sleep(0.03)

    def play_until(self, done: Any) -> dict[str, Any]:
        """This seat's first legal move, again and again, until ``done(payload)`` or the end
        of the game; the payload then."""
        while True:
            payload = self.mine()
            if payload["finished"] or done(payload):
                return payload
            self.act(payload)

    def act(self, payload: dict[str, Any], pick: Any = None) -> None:
        """Take ``pick(payload)`` (a legal entry; else the first); another seat moving at the
        same time makes the version stale (409): look again and choose again."""
        for _attempt in range(20):
            choice = pick(payload) if pick else payload["legal"][0]
            answer = self._call(
                self.url, f"/api/play/{self.id}/act?lang=en",
                {"action": choice["action"], "version": payload["version"]}, self.token)
            if answer is not None:
                return
            payload = self.mine()
            if not payload["legal"]:
                return
        raise AssertionError("the table kept moving")


def need(registry: Registry, game: str) -> None:
    if game not in registry.games():
        pytest.skip(f"the {game} plugin is not installed yet")


def wait_until(check: Any, timeout: float = 10.0) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError("timed out waiting")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class LiveServer:
    """uvicorn in a background thread, on 127.0.0.1 and a free port; restartable."""

    def __init__(
        self, registry: Registry, db: Path, options: ServerOptions = TEST_OPTIONS,
        log_level: str = "warning",
    ) -> None:
        self.registry = registry
        self.db = db
        self.options = options
        self.log_level = log_level
        self.port = free_port()
        self.server: Any = None
        self.thread: threading.Thread | None = None
        self.store: Store | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        import uvicorn

        self.store = Store(self.db)
        app = create_app(self.registry, self.store, options=self.options)
        config = uvicorn.Config(
            app, host="127.0.0.1", port=self.port, log_level=self.log_level,
            timeout_graceful_shutdown=1, lifespan="on",
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        wait_until(lambda: self.server.started, timeout=15)

    def stop(self) -> None:
        if self.server is not None:
            self.server.should_exit = True
            assert self.thread is not None
            self.thread.join(timeout=15)
            self.server = None
        if self.store is not None:
            self.store.close()
            self.store = None

    def restart(self) -> None:
        self.stop()
        self.start()


def served(folder: Path) -> Iterator[LiveServer]:
    """A live server of the test registry on a database in ``folder``, for a module-scoped
    ``server`` fixture (``yield from served(tmp_path_factory.mktemp(...))``)."""
    live = LiveServer(build_registry(), folder / "games.sqlite3")
    live.start()
    try:
        yield live
    finally:
        live.stop()


# ------------------------------------------------------------------- people at one table
STORAGE = """() => {
  const dump = (store) => Object.fromEntries(
    Array.from({ length: store.length }, (_, i) => store.key(i)).map((k) => [k, store.getItem(k)]));
  return { local: dump(localStorage), session: dump(sessionStorage) };
}"""


class People:
    """Opens one browser context per person (each its own localStorage and sessionStorage)
    and collects what their pages raised (the ``people`` fixture of tests/web fails on any)."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.contexts: list[Any] = []
        self.errors: list[str] = []

    def person(self) -> Any:
        context = self.browser.new_context(
            viewport={"width": 1280, "height": 900}, reduced_motion="reduce"
        )
        self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        return page

    def close(self) -> None:
        for context in self.contexts:
            context.close()


def shot(target: Any, name: str, **options: Any) -> None:
    """Save what a page or a locator shows as tests/_artifacts/screenshots/NAME.jpg, for a
    person to look at (`options` go to Playwright's screenshot, e.g. full_page=True). JPEG at
    quality 85: Chromium encodes it in well under half the time of a PNG (a phone page at three
    pixels a point is a megabyte of PNG); a test that reads pixels takes its own PNG."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    target.screenshot(path=str(SHOTS / f"{name}.jpg"), type="jpeg", quality=85, **options)


def full_shot(page: Any, name: str) -> None:
    """A screenshot of the whole page (scrolled parts too)."""
    shot(page, name, full_page=True)


def storage(page: Any) -> dict[str, dict[str, str]]:
    return page.evaluate(STORAGE)


def stored_text(page: Any) -> str:
    """Every key and value of the page's localStorage and sessionStorage, as one string."""
    return json.dumps(storage(page))


def token_of(page: Any) -> str:
    match = re.search(r"#/play/([^/]+)/([^/?#]+)$", page.url)
    assert match, page.url
    return match.group(2)


def my_turn(page: Any, timeout: float = 15_000) -> None:
    page.wait_for_selector(".generic .choice", timeout=timeout)


def board(page: Any) -> str:
    return page.locator(".generic-board").inner_text()


def move(page: Any) -> None:
    """Take the first choice of the generic view with the keyboard and wait until the board
    changed."""
    my_turn(page)
    before = board(page)
    page.keyboard.press("1")
    page.wait_for_function(
        "b => document.querySelector('.generic-board').innerText !== b", arg=before,
        timeout=10_000,
    )


def create_with_a_friend(page: Any, server: Any, hints: bool = False) -> str:
    """From the lobby: Nim, seat 1 "You", seat 2 "A friend"; returns the invitation URL."""
    page.goto(server.url + "/")
    page.wait_for_selector(".game-choice")
    page.click(".game-choice[data-game=nim]")
    assert page.locator("#lobby-hints").count() == 0  # one person: hints are always on
    page.select_option(".seat-select[data-seat='1']", "human")
    hint_box = page.locator("#lobby-hints")
    assert hint_box.is_visible() and not hint_box.is_checked()  # off by default
    if hints:
        hint_box.check()
    page.click("#start-game")
    page.wait_for_selector(".invitations .invite-link")
    links = page.locator(".invitations .invite-link")
    assert links.count() == 1
    return links.first.input_value()
