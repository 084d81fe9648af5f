// Sakura in the browser: the Emperor's garden, painters in player colours, cards with both
// actions, and each round's cards resolved step by step. Contract: frontends/web/README.md.

const COLOURS = ["#e0523f", "#3f8fe0", "#e9b44c", "#5cb85c", "#b06fd8", "#4fd1c5"];
const NEUTRAL = "#9aa3ad";
const PER_ROW = 9;
const STEP = 92;
const ROW_H = 104;
const SVGNS = "http://www.w3.org/2000/svg";

function stylesheet(ctx) {
  if (document.querySelector("link[data-sakura-css]")) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = `${ctx.assets}view.css`;
  link.dataset.sakuraCss = "";
  document.head.append(link);
}

/** Where space i stands: a path that winds left-right-left. */
function place(i) {
  const row = Math.floor(i / PER_ROW);
  const col = i % PER_ROW;
  const x = 60 + (row % 2 ? PER_ROW - 1 - col : col) * STEP;
  return [x, 60 + row * ROW_H];
}

export function gardenText(ctx, card) {
  const t = ctx.gt; // the game's catalogue, like every word of this view
  const n = card.move;
  switch (card.garden) {
    case "emperor-forward": return t("Emperor {n} forward", { n });
    case "emperor-back": return t("Emperor {n} back", { n });
    case "emperor-either": return t("Emperor {n} forward or back", { n });
    case "closest-back": return t("Closest painter {n} back", { n });
    case "furthest-forward": return t("Furthest painter {n} forward", { n });
    default: return card.garden;
  }
}

export function painterText(ctx, card) {
  const t = ctx.gt;
  const n = card.steps;
  switch (card.painter) {
    case "forward": return t("Your painter {n} forward", { n });
    case "either": return t("Your painter {n} forward or back", { n });
    case "jump": return t("Jump in front of the next painter");
    case "count": return t("1 forward per painter ahead of you");
    default: return card.painter;
  }
}

const GARDEN_ICON = {
  "emperor-forward": "♛→", "emperor-back": "←♛", "emperor-either": "←♛→",
  "closest-back": "←●", "furthest-forward": "●→",
};
const PAINTER_ICON = { forward: "→", either: "↔", jump: "⤼", count: "⇢" };

function cardNode(ctx, card, extra = "") {
  const { h } = ctx;
  return h("div", { class: `sk-card ${extra}`.trim(), dataset: { number: card.number } },
    h("span", { class: "sk-number" }, String(card.number)),
    h("div", { class: `sk-half sk-half-garden g-${card.garden}` },
      h("span", { class: "sk-icon", "aria-hidden": "true" }, GARDEN_ICON[card.garden] || ""),
      h("span", {}, gardenText(ctx, card))),
    h("div", { class: `sk-half sk-half-painter p-${card.painter}` },
      h("span", { class: "sk-icon", "aria-hidden": "true" }, PAINTER_ICON[card.painter] || ""),
      h("span", {}, painterText(ctx, card))));
}

function el(tag, attrs = {}) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

function spaceArt(kind, x, y, bridge) {
  const g = el("g", { class: `sk-space sk-${kind}` });
  if (kind === "bridge") {
    g.append(el("ellipse", { cx: x, cy: y + 6, rx: 46, ry: 22, fill: "#4d8fbf", opacity: 0.55 }));
    g.append(el("path", { d: `M${x - 34} ${y + 10} Q${x} ${y - 22} ${x + 34} ${y + 10}`, fill: "none", stroke: "#8a4b22", "stroke-width": 12, "stroke-linecap": "round" }));
    g.append(el("path", { d: `M${x - 34} ${y + 2} Q${x} ${y - 30} ${x + 34} ${y + 2}`, fill: "none", stroke: "#c0392b", "stroke-width": 3 }));
    const label = el("text", { x, y: y + 34, "text-anchor": "middle", class: "sk-label" });
    label.textContent = `≈${bridge}`;
    g.append(label);
    return g;
  }
  g.append(el("circle", { cx: x, cy: y, r: 21, fill: kind === "plain" ? "#d9c9a3" : "#e8dcc0", stroke: "#8c7a55", "stroke-width": 2 }));
  if (kind === "gate") {
    g.append(el("path", { d: `M${x - 20} ${y - 26} h40 M${x - 16} ${y - 26} v38 M${x + 16} ${y - 26} v38 M${x - 22} ${y - 18} h44`, stroke: "#5b5247", "stroke-width": 5, fill: "none" }));
  } else if (kind === "torii") {
    g.append(el("path", { d: `M${x - 26} ${y - 28} Q${x} ${y - 34} ${x + 26} ${y - 28} M${x - 20} ${y - 19} h40 M${x - 14} ${y - 30} v44 M${x + 14} ${y - 30} v44`, stroke: "#d23b2a", "stroke-width": 5, fill: "none", "stroke-linecap": "round" }));
  } else if (kind === "tree") {
    g.append(el("path", { d: `M${x} ${y + 14} v-22`, stroke: "#5a3a22", "stroke-width": 5 }));
    for (const [dx, dy, r] of [[0, -26, 16], [-14, -16, 12], [14, -16, 12], [-8, -34, 10], [9, -35, 10]]) {
      g.append(el("circle", { cx: x + dx, cy: y + dy, r, fill: "#f4a7c0", stroke: "#d97a9b", "stroke-width": 1 }));
    }
  }
  return g;
}

export function mount(root, ctx) {
  const { h } = ctx;
  const t = ctx.gt; // every word of this view is the game's own (its locale catalogue)
  stylesheet(ctx);
  let payload = null;
  let obs = null;
  let shown = null; // positions on screen: {emperor, painters}
  let queue = [];
  let timer = null;
  let current = null; // card number being resolved on screen
  const steps = [];

  const status = h("div", { class: "sk-status" });
  const svg = el("svg", { class: "sk-garden-svg", role: "img" });
  const pieces = el("g", { class: "sk-pieces" });
  const gardenBox = h("div", { class: "sk-garden-box" });
  gardenBox.append(svg);
  const players = h("div", { class: "sk-players" });
  const plays = h("div", { class: "sk-plays", role: "group", "aria-label": t("Cards of this round") });
  const stepsList = h("ol", { class: "sk-steps", "aria-label": t("Resolution") });
  const prompt = h("div", { class: "sk-prompt", role: "status" });
  const hand = h("div", { class: "sk-hand", role: "group", "aria-label": t("Your hand") });
  const summary = h("section", { class: "sk-summary", hidden: true });
  root.append(h("div", { class: "sk" }, status, summary,
    h("div", { class: "sk-top" }, gardenBox, h("aside", { class: "sk-side" }, players)),
    h("div", { class: "sk-round" },
      h("div", {}, h("h3", {}, t("Revealed cards")), plays),
      h("div", {}, h("h3", {}, t("Step by step")), stepsList)),
    prompt, hand));

  const painterName = (p) => (p === obs.neutral ? t("Neutral painter") : ctx.seatName(p));
  const colour = (p) => (p === obs.neutral ? NEUTRAL : COLOURS[p % COLOURS.length]);
  const delay = () => (document.documentElement.classList.contains("reduce-motion") ? 0 : 420);

  function drawGarden() {
    const n = obs.spaces.length;
    const rows = Math.ceil(n / PER_ROW);
    svg.setAttribute("viewBox", `0 0 ${PER_ROW * STEP + 30} ${rows * ROW_H + 30}`);
    svg.setAttribute("aria-label", t("The garden: {n} spaces from the gate to the last cherry tree", { n }));
    svg.replaceChildren();
    svg.append(el("rect", { x: 0, y: 0, width: PER_ROW * STEP + 30, height: rows * ROW_H + 30, rx: 18, fill: "#3f6e3a" }));
    let d = "";
    for (let i = 0; i < n; i += 1) {
      const [x, y] = place(i);
      d += `${i ? "L" : "M"}${x} ${y}`;
    }
    svg.append(el("path", { d, fill: "none", stroke: "#cdbb92", "stroke-width": 26, "stroke-linejoin": "round", "stroke-linecap": "round", opacity: 0.75 }));
    svg.append(el("path", { d, fill: "none", stroke: "#b9a57a", "stroke-width": 2, "stroke-dasharray": "2 7" }));
    obs.spaces.forEach((kind, i) => {
      const [x, y] = place(i);
      svg.append(spaceArt(kind, x, y, obs.bridges[i]));
      const treeIndex = obs.trees.indexOf(i);
      if (treeIndex >= 0 && obs.scored[treeIndex]) {
        const mark = el("text", { x: x + 22, y: y - 26, class: "sk-scored" });
        mark.textContent = "✓";
        svg.append(mark);
      }
      const num = el("text", { x, y: y + 5, "text-anchor": "middle", class: "sk-space-num" });
      num.textContent = kind === "bridge" ? "" : String(i);
      svg.append(num);
    });
    svg.append(pieces);
  }

  function drawPieces() {
    pieces.replaceChildren();
    const [ex, ey] = place(shown.emperor);
    const emperor = el("g", { class: "sk-emperor", transform: `translate(${ex} ${ey})` });
    emperor.append(el("path", { d: "M-22 -16 Q0 -40 22 -16Z", fill: "#6b2fa0", stroke: "#2a0f40", "stroke-width": 1.5 }));
    emperor.append(el("path", { d: "M0 -16 v30", stroke: "#2a0f40", "stroke-width": 2 }));
    emperor.append(el("circle", { cx: 0, cy: 2, r: 11, fill: "#f2c43d", stroke: "#6a4a0a", "stroke-width": 2 }));
    emperor.append(el("path", { d: "M-6 -1 l3 -6 l3 4 l3 -4 l3 6z", fill: "#6a4a0a" }));
    const title = el("title");
    title.textContent = t("The Emperor (space {n})", { n: shown.emperor });
    emperor.append(title);
    pieces.append(emperor);
    const bySpace = new Map();
    shown.painters.forEach((pos, p) => {
      if (!bySpace.has(pos)) bySpace.set(pos, []);
      bySpace.get(pos).push(p);
    });
    for (const [pos, list] of bySpace) {
      const [x, y] = place(pos);
      list.forEach((p, k) => {
        const dx = (k - (list.length - 1) / 2) * 15;
        const g = el("g", { class: `sk-painter${p === obs.seat ? " me" : ""}`, transform: `translate(${x + dx} ${y + 12})` });
        g.append(el("ellipse", { cx: 0, cy: 12, rx: 9, ry: 3.5, fill: "#0005" }));
        g.append(el("path", { d: "M-8 10 Q0 -12 8 10Z", fill: colour(p), stroke: "#1a1a1a", "stroke-width": 1.5 }));
        g.append(el("circle", { cx: 0, cy: -6, r: 6, fill: colour(p), stroke: "#1a1a1a", "stroke-width": 1.5 }));
        if (p === obs.seat) g.append(el("circle", { cx: 0, cy: -6, r: 2.2, fill: "#fff" }));
        const title = el("title");
        title.textContent = `${painterName(p)} (${pos})`;
        g.append(title);
        pieces.append(g);
      });
    }
  }

  function drawPlayers() {
    const ranking = obs.painters.map((pos, p) => ({ p, pos })).sort((a, b) => Math.abs(a.pos - obs.emperor) - Math.abs(b.pos - obs.emperor));
    players.replaceChildren(h("h3", {}, t("Painters")), h("table", { class: "sk-table" },
      h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", {}, t("Tokens")), h("th", {}, t("Space")), h("th", {}, t("Bumps")))),
      h("tbody", {}, obs.painters.map((pos, p) => h("tr", { class: p === obs.seat ? "me" : "" },
        h("th", {}, h("span", { class: "sk-dot", style: `background:${colour(p)}` }), painterName(p),
          p < obs.players && obs.phase === "pick" && obs.picked[p] ? h("span", { class: "sk-ready", title: t("has chosen") }, "✓") : null),
        h("td", { class: "num" }, String(obs.tokens[p])),
        h("td", { class: "num" }, String(pos)),
        h("td", { class: "num" }, String(obs.bumps[p])))))),
    h("p", { class: "sk-meta" }, t("Closest to the Emperor: {who}", { who: ranking.length && ranking[0].pos !== 0 ? painterName(ranking[0].p) : "—" })));
  }

  function drawStatus() {
    status.replaceChildren(
      h("span", {}, t("Round {n}", { n: obs.round })),
      h("span", {}, t("Trees scored {a}/{b}", { a: obs.scored.filter(Boolean).length, b: obs.trees.length })),
      h("span", {}, t("Deck {n}", { n: obs.deck })),
      h("span", {}, t("Supply {n}", { n: obs.supply })),
      h("span", { class: "sk-you" }, h("span", { class: "sk-dot", style: `background:${colour(obs.seat)}` }), youTokens(obs.tokens[obs.seat])));
  }

  function youTokens(n) {
    if (n === 0) return t("You: no tokens");
    if (n === 1) return t("You: 1 token");
    return t("You: {n} tokens", { n });
  }

  function choiceButtons() {
    return payload.legal.filter((c) => "emperor" in c.action || "direction" in c.action).map((c, i) => {
      const forward = (c.action.emperor || c.action.direction) === "forward";
      const text = "emperor" in c.action
        ? (forward ? t("Emperor forward") : t("Emperor back"))
        : (forward ? t("Painter forward") : t("Painter back"));
      return h("button", { type: "button", class: `primary small sk-choice${forward ? " fwd" : " back"}`, "data-autofocus": i === 0 ? "" : null,
        dataset: { key: c.key }, onclick: () => ctx.act(c.action) }, text, h("kbd", {}, String(i + 1)));
    });
  }

  function drawPlays() {
    const list = obs.plays.map((play) => {
      const status = current !== null
        ? (play.card.number === current ? "current" : "")
        : play.status;
      const node = h("div", { class: `sk-play ${status}` },
        h("span", { class: "sk-owner", style: `--owner:${colour(play.painter)}` }, painterName(play.painter)),
        cardNode(ctx, play.card, "small"),
        h("span", { class: "sk-status-tag" }, t(play.status)));
      if (obs.pending && obs.pending.card === play.card.number && payload.legal.length && queue.length === 0) {
        node.append(h("div", { class: "sk-ask" }, h("strong", {}, obs.pending.kind === "emperor" ? t("Move the Emperor:") : t("Move your painter:")), choiceButtons()));
      }
      return node;
    });
    plays.replaceChildren(...(list.length ? list : [h("p", { class: "sk-meta" }, t("No cards revealed yet."))]));
  }

  function drawHand() {
    const picking = payload.legal.filter((c) => "card" in c.action || "neutral" in c.action);
    const neutralPick = picking.length && "neutral" in picking[0].action;
    hand.replaceChildren(...obs.hand.map((card, i) => {
      const choice = picking.find((c) => (c.action.card ?? c.action.neutral) === card.number);
      const node = h("button", { type: "button", class: `sk-hand-card${choice ? "" : " idle"}`, disabled: !choice,
        "aria-label": `${i + 1}. ${card.number}: ${gardenText(ctx, card)}; ${painterText(ctx, card)}`,
        "data-autofocus": choice && i === 0 ? "" : null,
        onclick: () => choice && ctx.act(choice.action) }, cardNode(ctx, card), h("kbd", { class: "sk-key" }, String(i + 1)));
      return node;
    }));
    if (obs.my_pick) hand.prepend(h("div", { class: "sk-picked" }, h("span", {}, t("Your card")), cardNode(ctx, obs.my_pick, "small chosen")));
    let text;
    if (obs.phase === "over") text = t("The game is over.");
    else if (queue.length) text = t("Resolving the cards…");
    else if (neutralPick) text = t("Now choose the neutral painter's card.");
    else if (picking.length) text = t("Choose your card for this round (1–{n}).", { n: obs.hand.length });
    else if (obs.pending && payload.legal.length) text = t("Your card asks you to choose a direction.");
    else if (obs.pending) text = t("{who} is choosing a direction…", { who: painterName(obs.pending.seat) });
    else text = t("Waiting for the other players to choose…");
    prompt.textContent = text;
    prompt.classList.toggle("mine", payload.legal.length > 0 && !queue.length);
  }

  function describe(e) {
    switch (e.type) {
      case "reveal": return t("Round {n}: the cards are revealed.", { n: e.round });
      case "resolve": return t("Card {n} ({who})", { n: e.card, who: painterName(e.painter) });
      case "emperor": return t("The Emperor moves from {a} to {b}.", { a: e.from, b: e.to });
      case "painter": return e.painter === obs.seat
        ? t("You move from {a} to {b}.", { a: e.from, b: e.to })
        : t("{who} moves from {a} to {b}.", { who: painterName(e.painter), a: e.from, b: e.to });
      case "bump": return bumpText(e);
      case "choice": return t("{who} chooses {dir}.", { who: painterName(e.seat), dir: t(e.direction) });
      case "tree": return t("A cherry tree scores!");
      case "regroup": return t("The painters line up behind the leader.");
      default: return null;
    }
  }

  function bumpText(e) {
    const who = painterName(e.painter);
    if (e.tokens === 0) return t("{who} bumps into the Emperor, has no token to lose and goes back to {to}.", { who, to: e.to });
    if (e.tokens === 1) return t("{who} bumps into the Emperor, loses 1 token and goes back to {to}.", { who, to: e.to });
    return t("{who} bumps into the Emperor, loses {n} tokens and goes back to {to}.", { who, n: e.tokens, to: e.to });
  }

  function applyStep(e) {
    if (e.type === "emperor") shown.emperor = e.to;
    if (e.type === "painter") shown.painters[e.painter] = e.to;
    if (e.type === "bump") shown.painters[e.painter] = e.to;
    if (e.type === "regroup") shown.painters = [...e.painters];
    if (e.type === "resolve") current = e.card;
    if (e.type === "reveal") {
      steps.length = 0;
      current = null;
    }
    const text = describe(e);
    if (text) steps.push({ text, kind: e.type });
  }

  function drawSteps() {
    stepsList.replaceChildren(...steps.slice(-14).map((s) => h("li", { class: `st-${s.kind}` }, s.text)));
  }

  function pump() {
    timer = null;
    if (!queue.length) {
      current = null;
      shown = { emperor: obs.emperor, painters: [...obs.painters] };
      root.dataset.busy = "";
      delete root.dataset.busy;
      renderAll();
      return;
    }
    const e = queue.shift();
    applyStep(e);
    drawPieces();
    drawPlays();
    drawSteps();
    const wait = ["emperor", "painter", "bump", "regroup", "resolve"].includes(e.type) ? delay() : 0;
    timer = setTimeout(pump, wait);
  }

  /** The end summary: per seat, starting tokens + each tree's gains - bump losses = score. */
  function drawSummary() {
    if (obs.phase !== "over") {
      summary.hidden = true;
      summary.replaceChildren();
      return;
    }
    const seats = [...Array(obs.players).keys()];
    const signed = (v) => (v > 0 ? `+${v}` : String(v));
    const rows = [[t("Starting tokens"), seats.map(() => obs.start_tokens), String]];
    const gained = seats.map(() => obs.start_tokens);
    for (const r of obs.rounds) {
      rows.push([t("Tree {tree} (space {space})", { tree: r.tree, space: obs.trees[r.tree - 1] }), r.points, signed]);
      seats.forEach((s) => { gained[s] += r.points[s]; });
    }
    rows.push([t("Lost in bumps"), seats.map((s) => obs.tokens[s] - gained[s]), signed]);
    rows.push([t("Final score"), seats.map((s) => obs.tokens[s]), String]);
    summary.replaceChildren(h("h3", {}, t("Tokens, tree by tree")), h("table", { class: "sk-table sk-tally" },
      h("thead", {}, h("tr", {}, h("th", {}, ""), seats.map((s) => h("th", { class: `num${s === obs.seat ? " me" : ""}` }, painterName(s))))),
      h("tbody", {}, rows.map(([label, values, show], i) => h("tr", { class: i === rows.length - 1 ? "sk-total" : "" },
        h("th", {}, label), values.map((v) => h("td", { class: "num" }, show(v))))))));
    summary.hidden = false;
  }

  function renderAll() {
    drawSummary();
    drawStatus();
    drawGarden();
    drawPieces();
    drawPlayers();
    drawPlays();
    drawSteps();
    drawHand();
  }

  return {
    update(next) {
      const first = !payload;
      const before = obs;
      payload = next;
      obs = next.observation;
      if (first || !shown || !before) {
        shown = { emperor: obs.emperor, painters: [...obs.painters] };
        renderAll();
        return;
      }
      const interesting = next.events.filter((e) => ["reveal", "resolve", "emperor", "painter", "bump", "choice", "tree", "regroup"].includes(e.type));
      queue.push(...interesting);
      if (!queue.length && !timer) {
        shown = { emperor: obs.emperor, painters: [...obs.painters] };
        renderAll();
        return;
      }
      root.dataset.busy = "1";
      drawStatus();
      drawPlayers();
      drawHand();
      if (!timer) pump();
    },
    key(event) {
      if (!payload || queue.length) return false;
      const n = Number(event.key);
      const asks = payload.legal.filter((c) => "emperor" in c.action || "direction" in c.action);
      if (asks.length && (n === 1 || n === 2)) {
        ctx.act(asks[n - 1].action);
        return true;
      }
      if (n >= 1 && n <= obs.hand.length) {
        const card = obs.hand[n - 1];
        const choice = payload.legal.find((c) => (c.action.card ?? c.action.neutral) === card.number);
        if (choice) {
          ctx.act(choice.action);
          return true;
        }
      }
      return false;
    },
    destroy() {
      if (timer) clearTimeout(timer);
    },
  };
}
