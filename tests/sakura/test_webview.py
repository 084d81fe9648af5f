"""The browser view in a real (headless) Chromium: the end summary and the counted messages.

The page is served from memory: Sakura's webview/view.js with the web frontend's dom.js, a
context whose ``gt`` fills placeholders from Sakura's catalogue, and observations made by the
engine. Skipped when Chromium or Playwright is missing."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
import yaml

from asobi.contract.model import SetupContext
from asobi_sakura import engine, plugin
from support.web import needs_chromium

ROOT = Path(__file__).resolve().parents[2]
BASE = "http://sakura.test/"

pytestmark = [needs_chromium, pytest.mark.browser]

PAGE = """<!doctype html><html lang="LANG"><meta charset="utf-8"><body><div id="root"></div>
<script type="module">
import { h } from "./dom.js";
import { mount } from "./view.js";
const catalogue = JSON.parse(document.getElementById("catalogue").textContent);
const fill = (text, params = {}) =>
  text.replace(/\\{(\\w+)\\}/g, (m, k) => (k in params ? String(params[k]) : m));
const lang = document.documentElement.lang || "en";
const gtn = (one, many, n, p = {}) => {
  const entry = catalogue[one];
  const text = entry && typeof entry === "object"
    ? entry[new Intl.PluralRules(lang).select(n)] ?? entry.other
    : entry ?? (n === 1 ? one : many);
  return fill(text, { n, ...p });
};
const ctx = { h, lang, assets: "./", gt: (m, p) => fill(catalogue[m] ?? m, p), gtn,
  t: (m, p) => fill(m, p), act: (a) => { window.acted.push(a); }, seatName: (s) => `Seat ${s + 1}`,
  settings: {}, motion: () => window.motion, replay: location.search.includes("replay") };
window.acted = [];
window.motion = "reduced";
window.view = mount(document.getElementById("root"), ctx);
window.ready = true;
</script>
<script type="application/json" id="catalogue">CATALOGUE</script>"""


def _page(browser, lang: str = "en", query: str = ""):
    catalogue = {}
    if lang != "en":
        path = ROOT / "plugins" / "sakura" / "asobi_sakura" / "locale" / f"{lang}.yaml"
        catalogue = yaml.safe_load(path.read_text(encoding="utf-8"))
    files = {
        "index.html": PAGE.replace("CATALOGUE", json.dumps(catalogue)).replace("LANG", lang),
        "dom.js": (ROOT / "frontends" / "asobi_frontends" / "web" / "static" / "dom.js")
        .read_text("utf-8"),
        "view.css": "",
    }
    for script in (ROOT / "plugins" / "sakura" / "asobi_sakura" / "webview").glob("*.js"):
        files[script.name] = script.read_text("utf-8")
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))

    def serve(route):
        name = route.request.url[len(BASE):].split("?")[0]
        kind = "text/html" if name.endswith(".html") else (
            "text/css" if name.endswith(".css") else "text/javascript")
        route.fulfill(status=200, content_type=kind, body=files.get(name, ""))

    page.route(BASE + "**", serve)
    page.goto(BASE + "index.html" + query)
    page.wait_for_function("() => window.ready === true")
    return page, errors


def _show(page, obs, events=(), legal=()):
    """Draw the next version of the table (its events are the news since the last one)."""
    version = page.evaluate("() => (window.shown = (window.shown ?? -1) + 1)")
    page.evaluate("p => window.view.update(p)",
                  {"observation": obs, "legal": list(legal), "events": list(events),
                   "version": version, "since": version - 1 if version else -1})


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


def _versions(mapping, players=3, seed=11, moves=40):
    """(observation of seat 0, events seen by seat 0) after each of the first `moves` moves."""
    from asobi.play.session import visible_events

    ctx = SetupContext(rules=mapping, players=players, rng=random.Random(seed), setup=None)
    state = plugin.asobi_setup(ctx)
    rng = random.Random(seed + 1)
    steps = [(engine.observation(state, 0), [])]
    while (seats := plugin.asobi_to_act(state)) and len(steps) <= moves:
        seat = seats[0]
        action = rng.choice(plugin.asobi_legal_actions(state, seat))
        events = plugin.asobi_apply(state, seat, action)
        steps.append((engine.observation(state, 0), visible_events(events, 0)))
    return steps


def _drawn(page):
    """Where the garden shows the Emperor and the painters, and how many hand cards are
    playable."""
    return page.evaluate("""() => { const svg = document.querySelector('.sk-garden-svg');
      return { at: [Number(svg.dataset.emperor), [...svg.querySelectorAll('.sk-painter')]
                 .sort((a, b) => a.dataset.painter - b.dataset.painter)
                 .map((g) => Number(g.dataset.space))],
               playable: document.querySelectorAll('.sk-hand-card:not([disabled])').length }; }""")


def test_replay_steps_forwards_animated_and_jumps_drawn_at_once(browser, mapping):
    """In replay mode (ctx.replay) the view never acts; one step forward is played, any other
    step (back, or a jump) is drawn at once; the painters always end where the record says."""
    steps = _versions(mapping)
    page, errors = _page(browser, query="?replay")
    page.evaluate("() => { window.motion = 'full'; }")

    def show(version):
        """Draw `version`; whether the view is busy playing it right after."""
        obs, events = steps[version]
        return page.evaluate("""p => { window.view.update(p);
          return Boolean(document.getElementById('root').dataset.busy); }""", {
            "observation": obs, "events": events, "legal": [], "version": version,
            "since": version - 1, "to_act": [0]})

    animated = 0
    for version in range(len(steps)):
        if show(version):
            animated += 1
            if animated > 1:  # the first is played out; the others skipped with Escape
                page.evaluate(
                    "() => window.view.key(new KeyboardEvent('keydown', {key: 'Escape'}))")
        page.wait_for_function("() => !document.getElementById('root').dataset.busy")
        obs = steps[version][0]
        drawn = _drawn(page)
        assert drawn["at"] == [obs["emperor"], obs["painters"]]
        assert drawn["playable"] == 0
    assert animated > 3
    for version in (5, 30, 2, 3):  # back, forward, back, one forward
        busy = show(version)
        if version != 3:
            assert not busy
            obs = steps[version][0]
            assert _drawn(page)["at"] == [obs["emperor"], obs["painters"]]
    page.wait_for_function("() => !document.getElementById('root').dataset.busy")
    for key in "12345":
        page.evaluate("k => window.view.key(new KeyboardEvent('keydown', {key: k}))", key)
    assert page.evaluate("() => window.acted") == []
    assert not errors
    page.close()


def test_names_for_every_space_and_piece_the_deck_setting_and_revealed_hands(browser, mapping):
    state = plugin.asobi_setup(SetupContext(rules=mapping, players=3, rng=random.Random(4),
                                            setup=None))
    obs = engine.observation(state, 0)
    obs["revealed"] = {"1": [3, 7], "2": [9]}
    page, errors = _page(browser, "ja")
    _show(page, obs)
    labels = "els => els.map((el) => el.getAttribute('aria-label'))"
    names = page.eval_on_selector_all(".sk-space", labels)
    assert len(names) == len(obs["spaces"]) and names[0] == "マス0：門" and "マス14：桜1" in names
    pieces = page.eval_on_selector_all(".sk-painter, .sk-emperor", labels)
    assert len(pieces) == 4 and all(p and "Emperor" not in p for p in pieces)
    cards = page.eval_on_selector_all(".sk-hand-card", labels)
    assert len(cards) == 5 and all(c.startswith("札") for c in cards)
    assert page.locator(".sk-revealed li").all_inner_texts() == ["Seat 2の手札：3, 7",
                                                                 "Seat 3の手札：9"]
    legal = [{"action": {"card": c["number"]}, "key": json.dumps({"card": c["number"]}),
              "label": ""} for c in obs["hand"]]
    _show(page, obs, legal=legal)
    assert page.locator(".sk-hand-card:not([disabled])").count() == 5
    page.evaluate("k => window.view.hint({ key: k })", legal[2]["key"])
    hinted = page.locator(".sk-hinted")
    assert hinted.count() == 1
    assert hinted.get_attribute("data-number") == str(obs["hand"][2]["number"])
    assert page.evaluate("() => document.activeElement.classList.contains('sk-hinted')")
    page.evaluate("() => window.view.key(new KeyboardEvent('keydown', {key: '2'}))")
    assert page.evaluate("() => window.acted") == [legal[1]["action"]]
    assert page.locator(".sk.contrast").count() == 0
    page.evaluate("() => window.view.settingsChanged({ deck: 'contrast' })")
    assert page.locator(".sk.contrast").count() == 1
    assert not errors
    page.close()
