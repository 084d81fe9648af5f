"""The browser view in a real (headless) Chromium: the end summary and the counted messages.

The page is served from memory: Sakura's webview/view.js with the web frontend's dom.js, a
context whose ``gt`` fills placeholders from Sakura's catalogue, and observations made by the
engine. Skipped when Chromium or Playwright is missing."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest
import yaml

from asobi.model import SetupContext
from asobi_sakura import engine, plugin

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
BASE = "http://sakura.test/"

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="Chromium not installed")

PAGE = """<!doctype html><meta charset="utf-8"><body><div id="root"></div>
<script type="module">
import { h } from "./dom.js";
import { mount } from "./view.js";
const catalogue = JSON.parse(document.getElementById("catalogue").textContent);
const fill = (text, params = {}) =>
  text.replace(/\\{(\\w+)\\}/g, (m, k) => (k in params ? String(params[k]) : m));
const ctx = { h, assets: "./", gt: (m, p) => fill(catalogue[m] ?? m, p), t: (m, p) => fill(m, p),
  act: () => {}, seatName: (s) => `Seat ${s + 1}` };
window.view = mount(document.getElementById("root"), ctx);
window.ready = true;
</script>
<script type="application/json" id="catalogue">CATALOGUE</script>"""


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM,
                                     args=["--headless=new", "--no-sandbox", "--disable-gpu"])
        yield chromium
        chromium.close()


def _page(browser, lang: str = "en"):
    catalogue = {}
    if lang != "en":
        path = ROOT / "plugins" / "sakura" / "locale" / f"{lang}.yaml"
        catalogue = yaml.safe_load(path.read_text(encoding="utf-8"))
    files = {
        "index.html": PAGE.replace("CATALOGUE", json.dumps(catalogue)),
        "dom.js": (ROOT / "frontends" / "web" / "static" / "dom.js").read_text("utf-8"),
        "view.js": (ROOT / "plugins" / "sakura" / "webview" / "view.js").read_text("utf-8"),
        "view.css": "",
    }
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))

    def serve(route):
        name = route.request.url[len(BASE):].split("?")[0]
        kind = "text/html" if name.endswith(".html") else (
            "text/css" if name.endswith(".css") else "text/javascript")
        route.fulfill(status=200, content_type=kind, body=files.get(name, ""))

    page.route(BASE + "**", serve)
    page.goto(BASE + "index.html")
    page.wait_for_function("() => window.ready === true")
    return page, errors


def _show(page, obs, events=()):
    page.evaluate("p => window.view.update(p)",
                  {"observation": obs, "legal": [], "events": list(events)})


def _finished(mapping, players=3, seed=5):
    ctx = SetupContext(rules=mapping, players=players, rng=random.Random(seed), setup=None)
    state = plugin.asobi_setup(ctx)
    rng = random.Random(seed + 1)
    while seats := plugin.asobi_to_act(state):
        seat = seats[0]
        plugin.asobi_apply(state, seat, rng.choice(plugin.asobi_legal_actions(state, seat)))
    return state


def test_end_summary_table_adds_up_in_the_browser(browser, mapping):
    state = _finished(mapping)
    page, errors = _page(browser)
    _show(page, engine.observation(state, 0))
    rows = page.eval_on_selector_all(
        ".sk-summary tr", "rows => rows.map(r => [...r.children].map(c => c.textContent))")
    assert not errors
    assert page.locator(".sk-summary h3").inner_text() == "Tokens, tree by tree"
    assert rows[0] == ["", "Seat 1", "Seat 2", "Seat 3"]
    assert [r[0] for r in rows[1:]] == ["Starting tokens", "Tree 1 (space 14)",
                                        "Tree 2 (space 24)", "Tree 3 (space 34)",
                                        "Lost in bumps", "Final score"]
    for seat in range(3):
        column = [int(r[seat + 1]) for r in rows[1:]]
        assert sum(column[:-1]) == column[-1] == state.tokens[seat]
    page.close()


def test_no_summary_before_the_end_and_counted_messages(browser, mapping):
    state = plugin.asobi_setup(SetupContext(rules=mapping, players=3, rng=random.Random(2),
                                            setup=None))
    page, errors = _page(browser)
    texts = {}
    for tokens in (0, 1, 2):
        state.tokens[0] = tokens
        obs = engine.observation(state, 0)
        _show(page, obs)
        assert page.locator(".sk-summary").is_hidden()
        texts[tokens] = page.locator(".sk-you").inner_text()
        bump = {"type": "bump", "painter": 1, "tokens": tokens, "to": 3}
        _show(page, obs, [bump])
        page.wait_for_function("n => document.querySelectorAll('.sk-steps li').length > n",
                               arg=tokens)
        texts[f"bump{tokens}"] = page.locator(".sk-steps li").last.inner_text()
    assert not errors
    assert [texts[n] for n in (0, 1, 2)] == ["You: no tokens", "You: 1 token", "You: 2 tokens"]
    said = "Seat 2 bumps into the Emperor, {} and goes back to 3."
    assert texts["bump0"] == said.format("has no token to lose")
    assert texts["bump1"] == said.format("loses 1 token")
    assert texts["bump2"] == said.format("loses 2 tokens")
    page.close()


@pytest.mark.parametrize("lang", ["pt", "it", "ja"])
def test_end_summary_is_translated(browser, mapping, lang):
    state = _finished(mapping)
    page, errors = _page(browser, lang)
    _show(page, engine.observation(state, 0))
    text = page.locator(".sk-summary").inner_text()
    assert not errors
    assert "Starting tokens" not in text and "Tree 1" not in text and "Final score" not in text
    cards = page.locator(".sk-hand").inner_text()  # the cards speak the game's language too
    assert cards.strip() and "forward" not in cards and "Emperor" not in cards
    page.close()
