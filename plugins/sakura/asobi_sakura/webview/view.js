// Sakura in the browser: the Emperor's garden, painters in seat colours, cards with both
// actions, and each round's cards resolved step by step without ever falling behind the game.
// Contract: frontends/asobi_frontends/web/README.md. Modules: cards.js (the cards), garden.js (the board),
// steps.js (the story and its player), summary.js (the end of a game and its statistics).

import { cardLabel, cardNode } from "./cards.js";
import { COLOURS, NEUTRAL, createGarden } from "./garden.js";
import { TOLD, advance, createPlayer, sceneOf, teller } from "./steps.js";
import { summaryNode } from "./summary.js";

export { tally } from "./summary.js";
export { gardenText, painterText } from "./cards.js";

/** The painters table shows every seat's tokens (the score): the page's chips leave them out. */
export const showsScores = true;

// The view's stylesheet is in before this module is: the page mounts a view once its import
// resolves, so the garden and the hand are never laid out without it (a slow answer for
// view.css drew the cards at their natural size, far below the fold, for a moment).
await new Promise((resolve) => {
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = new URL("view.css", import.meta.url).href;
  link.addEventListener("load", resolve, { once: true });
  link.addEventListener("error", resolve, { once: true }); // the view still works unstyled
  document.head.append(link);
});

const isChoice = (c) => "emperor" in c.action || "direction" in c.action;
const isPick = (c) => "card" in c.action || "neutral" in c.action;

export function mount(root, ctx) {
  const { h } = ctx;
  const t = ctx.gt; // every word of this view is the game's own (its locale catalogue)
  let settings = ctx.settings || {};
  let latest = null; // the newest payload
  let settled = null; // the payload whose state the screen has reached
  let scene = null; // what the screen shows now (sceneOf / advance)
  let counts = new Map(); // version -> events received up to it (to drop events seen twice)
  let told = []; // {version, resolve}: the promises update() returned, kept until their story is told

  const deck = () => (settings.deck === "contrast"
    || document.documentElement.classList.contains("deck-contrast") ? "contrast" : "classic");
  const obsNow = () => settled.observation;
  const names = {
    deck,
    seat: () => obsNow().seat,
    painter: (p) => (p === obsNow().neutral ? t("Neutral painter") : ctx.seatName(p)),
    colour: (p) => (p === obsNow().neutral ? NEUTRAL[deck()] : COLOURS[deck()][p % 6]),
  };
  // reduced motion, or a tab nobody looks at: the steps are told at once, not played
  const reduced = () => document.hidden || (ctx.motion ? ctx.motion() === "reduced"
    : document.documentElement.classList.contains("reduce-motion"));
  const tell = teller(ctx, names);
  const garden = createGarden(ctx, names);

  const status = h("div", { class: "sk-status" });
  const gardenBox = h("div", { class: "sk-garden-box" }, garden.svg);
  const sheet = h("section", { class: "sk-sheet", hidden: true, "aria-label": t("Your choice") });
  const players = h("div", { class: "sk-players" });
  const stepsList = h("ol", { class: "sk-steps", "aria-label": t("Step by step"), tabindex: "0" });
  const plays = h("div", { class: "sk-plays", role: "list", "aria-label": t("Revealed cards") });
  const playsTitle = h("h3", {}, t("Revealed cards"));
  const summary = h("section", { class: "sk-summary", hidden: true });
  const prompt = h("p", { class: "sk-prompt" });
  const hand = h("div", { class: "sk-hand", role: "group", "aria-label": t("Your hand") });
  // on a phone the cards show marks, not words: a first tap shows the card's words and a
  // second tap (or the button beside the words) plays it
  const detail = h("div", { class: "sk-detail", hidden: true });
  let selected = null;
  const skip = h("button", { type: "button", class: "ghost small sk-skip", hidden: true, onclick: () => player.skip() },
    t("Skip"), h("kbd", {}, "Esc"));
  const scroller = h("div", { class: "sk-scroll", role: "region", "aria-label": t("The round"), tabindex: "0" }, summary,
    h("aside", { class: "sk-side" }, sheet, players, h("h3", {}, t("Step by step")), stepsList),
    h("section", { class: "sk-round" }, playsTitle, plays));
  const table = h("div", { class: "sk" }, status, gardenBox, scroller,
    h("div", { class: "sk-hand-area" }, h("div", { class: "sk-prompt-row" }, prompt, skip), detail, hand));
  root.append(table);

  // Steps told together (all at once with reduced motion, or those a late timer finds due)
  // are drawn once, after the last of them: each drawing lays the page out again.
  let drawPending = false;
  const drawSoon = () => {
    if (drawPending) return;
    drawPending = true;
    queueMicrotask(() => { if (drawPending) drawScene(); });
  };

  const player = createPlayer({
    show(e) {
      advance(scene, e, tell);
      drawSoon();
      root.dataset.busy = "1";
      root.dataset.ready = "0";
      skip.hidden = false;
    },
    settle(payload) {
      const lines = scene ? scene.lines : [];
      const before = scene ? scene.round : null;
      settled = payload;
      scene = sceneOf(payload.observation);
      if (scene.round === before) scene.lines = lines;
      drawSoon(); // idle() draws it at once when nothing else is queued
      storyTold(payload.version);
    },
    idle: drawAll,
    reduced,
    begin(batch) {
      if (batch.fresh) scene.lines = []; // a state out of sequence: its own story only
    },
  });

  // the garden has fewer spaces a row on a phone: lay it out again when the width changes
  const narrow = window.matchMedia("(max-width: 600px)");
  const relayout = () => { if (settled) drawScene(); };
  narrow.addEventListener("change", relayout);
  const hidden = () => { if (document.hidden && player.busy()) player.skip(); };
  document.addEventListener("visibilitychange", hidden);

  const ready = () => !ctx.replay && settled === latest && !player.busy();

  /** The stories of every payload up to `version` have been told: their update() promises
   * resolve (the page waits for them to show the result of a game). */
  function storyTold(version) {
    const done = told.filter((w) => w.version <= version);
    told = told.filter((w) => w.version > version);
    for (const w of done) w.resolve();
  }

  // ------------------------------------------------------------------ what moves
  function drawScene() {
    drawPending = false;
    const obs = obsNow();
    table.classList.toggle("contrast", deck() === "contrast");
    garden.draw(obs, scene.scored);
    garden.place(obs, scene, reduced());
    root.dataset.emperor = String(scene.emperor);
    root.dataset.painters = scene.painters.join(",");
    drawStatus(obs);
    drawPlayers(obs);
    drawPlays(obs);
    drawSteps();
  }

  function drawStatus(obs) {
    status.replaceChildren(...[
      h("span", {}, t("Round {n}", { n: player.busy() ? scene.round : obs.round })),
      h("span", {}, t("Trees scored {a}/{b}", { a: scene.scored.filter(Boolean).length, b: obs.trees.length })),
      h("span", { class: "sk-wide" }, t("Deck {n}", { n: obs.deck })),
      h("span", { class: "sk-wide" }, t("Supply {n}", { n: scene.supply })),
      ctx.replay ? null // a record is seen by a seat, not played by "you"; the table has the tokens
        : h("span", { class: "sk-you" }, h("span", { class: "sk-dot", style: `background:${names.colour(obs.seat)}`, "aria-hidden": "true" }),
          youTokens(scene.tokens[obs.seat])),
    ].filter(Boolean));
  }

  function youTokens(n) {
    return n === 0 ? t("You: no tokens") : ctx.gtn("You: {n} token", "You: {n} tokens", n);
  }

  function drawPlayers(obs) {
    const ranked = scene.painters.map((pos, p) => ({ p, pos }))
      .sort((a, b) => Math.abs(a.pos - scene.emperor) - Math.abs(b.pos - scene.emperor));
    const closest = ranked.length && ranked[0].pos !== 0 ? names.painter(ranked[0].p) : "—";
    const revealed = obs.revealed || null;
    players.replaceChildren(h("h3", { id: "sk-painters-title" }, t("Painters")),
      h("table", { class: "sk-table sk-painters", "aria-labelledby": "sk-painters-title" },
        h("thead", {}, h("tr", {}, h("td", {}, ""), h("th", { scope: "col", class: "num" }, t("Tokens")),
          h("th", { scope: "col", class: "num" }, t("Space")), h("th", { scope: "col", class: "num" }, t("Bumps")))),
        h("tbody", {}, scene.painters.map((pos, p) => h("tr", { class: p === obs.seat ? "me" : "", dataset: { painter: p } },
          h("th", { scope: "row" }, h("span", { class: "sk-dot", style: `background:${names.colour(p)}`, "aria-hidden": "true" }),
            names.painter(p),
            p < obs.players && obs.phase === "pick" && obs.picked[p]
              ? h("span", { class: "sk-ready", title: t("has chosen"), "aria-label": t("has chosen") }, "✓") : null),
          h("td", { class: "num" }, String(scene.tokens[p])),
          h("td", { class: "num sk-pos" }, String(pos)),
          h("td", { class: "num" }, String(scene.bumps[p])))))),
      h("p", { class: "sk-meta" }, t("Closest to the Emperor: {who}", { who: closest })),
      ...(revealed ? [h("ul", { class: "sk-revealed" }, Object.entries(revealed)
        .filter(([seat]) => Number(seat) !== obs.seat)
        .map(([seat, cards]) => h("li", {}, t("{who} holds {cards}", { who: names.painter(Number(seat)), cards: cards.join(", ") }))))] : []));
  }

  function drawPlays(obs) {
    const known = new Map(obs.plays.map((p) => [p.card.number, p.card]));
    playsTitle.textContent = scene.plays.length ? t("Revealed cards, round {n}", { n: scene.round }) : t("Revealed cards");
    const list = scene.plays.map((play) => {
      const card = known.get(play.number);
      const label = `${names.painter(play.painter)}: ${card ? cardLabel(ctx, card) : play.number} (${t(play.status)})`;
      return h("div", { class: `sk-play ${play.status}`, role: "listitem", "aria-label": label, dataset: { number: play.number } },
        h("span", { class: "sk-owner", style: `--owner:${names.colour(play.painter)}`, "aria-hidden": "true" }, names.painter(play.painter)),
        card ? cardNode(ctx, card, "sk-small") : h("div", { class: "sk-card sk-small", "aria-hidden": "true" }, h("span", { class: "sk-number" }, String(play.number))),
        h("span", { class: "sk-status-tag", "aria-hidden": "true" }, t(play.status)));
    });
    plays.replaceChildren(...(list.length ? list : [h("p", { class: "sk-meta", role: "listitem" }, t("No cards revealed yet."))]));
  }

  function drawSteps() {
    stepsList.replaceChildren(...scene.lines.map((s) => h("li", { class: `st-${s.kind}` }, s.text)));
    stepsList.scrollTop = stepsList.scrollHeight;
  }

  // ------------------------------------------------------------------ what waits for the screen
  function drawAll() {
    const hadFocus = root.contains(document.activeElement);
    delete root.dataset.busy;
    skip.hidden = true;
    drawScene();
    drawSummary();
    drawHand();
    drawSheet();
    root.dataset.version = String(settled.version);
    root.dataset.ready = ready() ? "1" : "0";
    const active = document.activeElement;
    if (hadFocus && (!active || active === document.body || !active.isConnected)) {
      const target = root.querySelector("[data-autofocus]:not([disabled])") || root.querySelector("button:not([disabled])");
      target?.focus({ preventScroll: true });
    }
  }

  function choices() {
    return ready() ? latest.legal.filter(isChoice) : [];
  }

  function drawSheet() {
    const obs = obsNow();
    const asks = choices();
    sheet.hidden = !asks.length;
    table.classList.toggle("sk-asking", asks.length > 0);
    if (!asks.length) {
      sheet.replaceChildren();
      return;
    }
    const play = obs.plays.find((p) => obs.pending && p.card.number === obs.pending.card);
    const emperor = obs.pending.kind === "emperor";
    sheet.replaceChildren(...[
      h("h3", {}, emperor ? t("Move the Emperor:") : t("Move your painter:")),
      play ? h("div", { class: "sk-sheet-card", role: "img", "aria-label": cardLabel(ctx, play.card) }, cardNode(ctx, play.card, "sk-small")) : null,
      h("div", { class: "sk-sheet-buttons" }, asks.map((c, i) => {
        const forward = (c.action.emperor || c.action.direction) === "forward";
        const text = emperor ? (forward ? t("Emperor forward") : t("Emperor back"))
          : (forward ? t("Painter forward") : t("Painter back"));
        return h("button", { type: "button", class: `primary sk-choice${forward ? " fwd" : " back"}`,
          "data-autofocus": i === 0 ? "" : null, dataset: { key: c.key },
          onclick: () => ctx.act(c.action) }, h("span", { "aria-hidden": "true" }, forward ? "→ " : "← "), text, h("kbd", {}, String(i + 1)));
      })),
    ].filter(Boolean));
  }

  function drawHand() {
    const obs = obsNow();
    const picking = ready() ? latest.legal.filter(isPick) : [];
    const neutralPick = picking.length > 0 && "neutral" in picking[0].action;
    const choiceOf = (card) => picking.find((c) => (c.action.card ?? c.action.neutral) === card.number);
    const first = obs.hand.findIndex((card) => choiceOf(card));
    const chosen = obs.hand.find((card) => card.number === selected && choiceOf(card));
    if (!chosen) selected = null;
    const tap = (card, choice) => {
      if (!narrow.matches || selected === card.number) {
        ctx.act(choice.action);
        return;
      }
      selected = card.number;
      drawHand();
      hand.querySelector(`[data-number="${card.number}"]`)?.focus({ preventScroll: true });
    };
    const cards = obs.hand.map((card, i) => {
      const choice = choiceOf(card);
      return h("button", { type: "button", class: `sk-hand-card${choice ? "" : " idle"}${card.number === selected ? " selected" : ""}`,
        disabled: !choice, "aria-label": cardLabel(ctx, card), "aria-keyshortcuts": String(i + 1),
        "data-autofocus": i === first ? "" : null,
        dataset: choice ? { number: card.number, key: choice.key } : { number: card.number },
        onclick: () => choice && tap(card, choice) }, cardNode(ctx, card), h("kbd", { class: "sk-key" }, String(i + 1)));
    });
    detail.hidden = !chosen;
    detail.replaceChildren(...(chosen ? [h("span", {}, cardLabel(ctx, chosen)),
      h("button", { type: "button", class: "primary small sk-play-it", onclick: () => tap(chosen, choiceOf(chosen)) },
        t("Play card {n}", { n: chosen.number }))] : []));
    const mine = obs.my_pick || obs.my_neutral_pick;
    hand.replaceChildren(...cards);
    if (obs.my_pick) {
      hand.prepend(h("div", { class: "sk-picked", role: "img", "aria-label": t("Your card: {card}", { card: cardLabel(ctx, obs.my_pick) }) },
        h("span", { "aria-hidden": "true" }, t("Your card")), cardNode(ctx, obs.my_pick, "sk-small chosen")));
    }
    hand.classList.toggle("empty", !obs.hand.length && !mine);
    prompt.replaceChildren(...promptText(obs, picking, neutralPick));
    prompt.classList.toggle("mine", ready() && latest.legal.length > 0);
  }

  function promptText(obs, picking, neutralPick) {
    if (obs.phase === "over") return [t("The game is over.")];
    if (player.busy()) return [t("Resolving the cards…")];
    if (neutralPick) return [t("Now choose the neutral painter's card.")];
    if (picking.length) {
      return [t("Choose your card for this round."), " ",
        h("span", { class: "sk-keys" }, t("(keys 1–{n})", { n: obs.hand.length }))];
    }
    if (choices().length) return [t("Your card asks you to choose a direction.")];
    if (obs.pending) return [t("{who} is choosing a direction…", { who: names.painter(obs.pending.seat) })];
    return [t("Waiting for the other players to choose…")];
  }

  function drawSummary() {
    const obs = obsNow();
    const over = obs.phase === "over";
    const was = !summary.hidden;
    summary.hidden = !over;
    table.classList.toggle("sk-over", over);
    if (!over) {
      summary.replaceChildren();
      return;
    }
    summary.replaceChildren(...summaryNode(ctx, obs, names));
    if (!was && !ctx.replay) {
      scroller.scrollTop = 0;
      if (window.matchMedia("(min-width: 601px)").matches) window.scrollTo({ top: 0 });
    }
  }

  // ------------------------------------------------------------------ payloads in
  /** The events of `next` this screen has not told yet, and whether to play them. */
  function newEvents(next) {
    const prev = latest;
    const all = next.events || [];
    if (ctx.replay) {
      const step = prev !== null && next.version === prev.version + 1;
      return { events: step ? all : [], animate: step };
    }
    const base = counts.get(next.since);
    if (base === undefined || prev === null || next.version <= prev.version) {
      counts = new Map([[next.version, 0]]);
      return { events: prev === null ? all : [], animate: false };
    }
    const seen = next.since <= prev.version ? (counts.get(prev.version) ?? base) - base : 0;
    counts.set(next.version, base + all.length);
    return { events: all.slice(Math.max(0, seen)), animate: true };
  }

  return {
    /** Draws `next` and plays the steps that led to it; resolves once they have been told
     * (at once with reduced motion, or when skipped). The replay viewer is not held back: it
     * asks for the next step as soon as this one is drawn, and the player catches up. */
    update(next) {
      const story = ctx.replay ? undefined
        : new Promise((resolve) => { told.push({ version: next.version, resolve }); });
      const first = latest === null;
      const { events, animate } = newEvents(next);
      latest = next;
      if (first) {
        settled = next;
        scene = sceneOf(next.observation);
      }
      player.push({ payload: next, events: events.filter((e) => TOLD.includes(e.type)),
        animate: animate && !first, fresh: !animate });
      if (player.busy()) { // the hand and the choices wait for the screen
        root.dataset.ready = "0";
        drawHand();
        drawSheet();
      }
      return story;
    },
    key(event) {
      if (!latest) return false;
      if (event.key === "Escape" && player.busy()) {
        player.skip();
        return true;
      }
      if (!ready()) return false;
      const n = Number(event.key);
      const asks = choices();
      if (asks.length) {
        if (n >= 1 && n <= asks.length) {
          ctx.act(asks[n - 1].action);
          return true;
        }
        return false;
      }
      const obs = obsNow();
      if (n >= 1 && n <= obs.hand.length) {
        const card = obs.hand[n - 1];
        const choice = latest.legal.find((c) => isPick(c) && (c.action.card ?? c.action.neutral) === card.number);
        if (choice) {
          ctx.act(choice.action);
          return true;
        }
      }
      return false;
    },
    /** The hinted card or direction is marked and focused (the page says why in a toast). */
    hint(hint) {
      if (!hint || !ready()) return;
      for (const node of root.querySelectorAll(".sk-hinted")) node.classList.remove("sk-hinted");
      const target = [...root.querySelectorAll(".sk-hand-card, .sk-choice")].find((b) => b.dataset.key === hint.key);
      if (!target) return;
      target.classList.add("sk-hinted");
      target.focus({ preventScroll: true });
    },
    settingsChanged(next) {
      settings = next || {};
      player.skip();
    },
    destroy() {
      narrow.removeEventListener("change", relayout);
      document.removeEventListener("visibilitychange", hidden);
      player.destroy();
      storyTold(Infinity);
    },
  };
}
