// Koi-Koi in the browser: the table, the koi-koi decision, yaku progress and round summaries.
// Contract: see frontends/web/README.md (mount(root, ctx) -> {update, key, hint}; rules()).
import { backSVG, CARD_NAMES, CARDS, cardSVG, GROUPS, kindOf, monthOf, PLANTS } from "./cards.js";

const KINDS = ["bright", "animal", "ribbon", "plain"];
const KIND_LABEL = { bright: "brights", animal: "animals", ribbon: "ribbons", plain: "plains" };

function stylesheet(ctx) {
  if (document.querySelector("link[data-koikoi-css]")) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = `${ctx.assets}view.css`;
  link.dataset.koikoiCss = "";
  document.head.append(link);
}

function cardName(ctx, id) {
  // The name the text view and the server's narration use (the game's catalogue), and the kind.
  return `${ctx.gt(CARD_NAMES[id] || id)} · ${ctx.gt(kindOf(id))}`;
}

function cardNode(ctx, id, { button = false, label = "", extra = "" } = {}) {
  const el = ctx.h(button ? "button" : "span", {
    class: `kk-card ${extra}`.trim(),
    type: button ? "button" : null,
    dataset: { card: id, month: monthOf(id) },
    "aria-label": label || cardName(ctx, id),
    title: cardName(ctx, id),
  });
  el.innerHTML = cardSVG(id, { title: label || cardName(ctx, id) });
  return el;
}

function back(ctx, extra = "") {
  const el = ctx.h("span", { class: `kk-card kk-back ${extra}`.trim(), "aria-hidden": "true" });
  el.innerHTML = backSVG();
  return el;
}

function yakuPool(yaku) {
  const pool = new Set([...(yaku.cards || []), ...(yaku.required || [])]);
  for (const kind of yaku.kinds || []) for (const c of CARDS) if (kindOf(c) === kind) pool.add(c);
  for (const g of [...(yaku.groups || []), ...(yaku.required_groups || [])]) for (const c of GROUPS[g] || []) pool.add(c);
  return [...pool];
}

export function mount(root, ctx) {
  const { h } = ctx;
  const t = ctx.gt; // every word of this view is the game's own (its locale catalogue)
  stylesheet(ctx);
  let payload = null;
  let obs = null;
  let selected = null;
  let rules = null;
  let lastPlayed = null;
  let summaryShownFor = null;
  let decisionHidden = false;
  let hinted = null;
  const seenBoard = new Set();

  const status = h("div", { class: "kk-status", role: "group", "aria-label": t("Game status") });
  const oppHand = h("div", { class: "kk-hand kk-opp-hand", "aria-label": t("Opponent's hand") });
  const oppPile = h("div", { class: "kk-pile" });
  const stock = h("div", { class: "kk-stock" });
  const spotlight = h("div", { class: "kk-spotlight", "aria-label": t("Last card played") });
  const board = h("div", { class: "kk-board", role: "group", "aria-label": t("Board") });
  const prompt = h("div", { class: "kk-prompt", role: "status" });
  const myPile = h("div", { class: "kk-pile" });
  const hand = h("div", { class: "kk-hand kk-my-hand", role: "group", "aria-label": t("Your hand") });
  const side = h("aside", { class: "kk-side", "aria-label": t("Yaku progress") });
  const decision = h("dialog", { class: "kk-dialog", "aria-labelledby": "kk-decision-title" });
  const summary = h("dialog", { class: "kk-dialog", "aria-labelledby": "kk-summary-title" });
  const reopen = h("button", { type: "button", class: "primary kk-reopen", hidden: true,
    onclick: () => { decisionHidden = false; render(); } }, t("Decide: stop or koi-koi"));

  root.append(h("div", { class: "kk" },
    status,
    h("div", { class: "kk-main" },
      h("div", { class: "kk-table" },
        h("div", { class: "kk-row kk-opp" }, oppHand, oppPile),
        h("div", { class: "kk-felt" }, h("div", { class: "kk-deck" }, stock, spotlight), board),
        h("div", { class: "kk-prompt-row" }, prompt, reopen),
        h("div", { class: "kk-row kk-me" }, myPile),
        hand),
      side),
    decision, summary));

  decision.addEventListener("cancel", (event) => {
    // Esc: look at the board behind the prompt; the decision waits.
    event.preventDefault();
    decisionHidden = true;
    decision.close();
    render();
  });
  decision.addEventListener("keydown", (event) => {
    if (event.key === "s" || event.key === "S" || event.key === "1") { choose({ koikoi: false }); event.preventDefault(); }
    if ((event.key === "k" || event.key === "K" || event.key === "2") && !obs?.decision?.final) { choose({ koikoi: true }); event.preventDefault(); }
  });
  summary.addEventListener("close", () => ctx.announce(t("Next round")));


  async function loadRules(name) {
    try {
      const res = await fetch(`/api/rules/koikoi?variant=${encodeURIComponent(name)}&lang=${ctx.lang}`);
      if (res.ok) rules = (await res.json()).rules;
    } catch {
      rules = null;
    }
  }

  const me = () => obs.seat;
  const them = () => 1 - obs.seat;
  const legalOf = (key, card) => payload.legal.find((c) => c.action[key] === card);
  const myTurn = () => payload.legal.length > 0;

  function matchesOf(card) {
    const month = monthOf(card);
    return obs.board.filter((b) => monthOf(b) === month);
  }

  function choose(action) {
    selected = null;
    hinted = null;
    if (decision.open) decision.close();
    ctx.act(action);
  }

  function play(card) {
    const choice = legalOf("play", card);
    if (choice) choose(choice.action);
  }

  function select(card) {
    if (obs.phase !== "play" || !myTurn()) return;
    if (selected === card) {
      play(card);
      return;
    }
    selected = card;
    render();
    const matches = matchesOf(card);
    ctx.announce(matches.length
      ? t("{card} captures: {cards}. Press Enter to play it.", { card: cardName(ctx, card), cards: matches.map((m) => cardName(ctx, m)).join(", ") })
      : t("{card} matches nothing: it will stay on the board. Press Enter to play it.", { card: cardName(ctx, card) }));
  }

  // ---------------------------------------------------------------- drawing
  function renderStatus() {
    const p = obs.players;
    const marker = (seat) => (p[seat].koikoi ? h("span", { class: "kk-called" }, t("koi-koi ×{n}", { n: p[seat].koikoi })) : null);
    const dealer = obs.dealer === me() ? t("you") : t("opponent");
    status.replaceChildren(
      h("span", {}, t("Round {r}/{n}", { r: obs.round, n: obs.rounds })),
      h("span", {}, t("Month {m}: {plant}", { m: obs.month, plant: ctx.gt(PLANTS[obs.month - 1]) })),
      h("span", {}, t("Dealer: {who}", { who: dealer })),
      h("span", { class: "kk-score me" }, t("You {n}", { n: obs.scores[me()] }), marker(me())),
      h("span", { class: "kk-score them" }, t("Opponent {n}", { n: obs.scores[them()] }), marker(them())),
      h("span", {}, t("Stock {n}", { n: obs.stock })));
  }

  function renderPile(el, seat) {
    const player = obs.players[seat];
    const groups = KINDS.map((kind) => {
      const cards = player.captured.filter((c) => kindOf(c) === kind);
      return h("div", { class: `kk-group kk-group-${kind}` },
        h("span", { class: "kk-group-label" }, `${ctx.gt(KIND_LABEL[kind])} ${cards.length}`),
        h("div", { class: "kk-group-cards" }, cards.map((c) => cardNode(ctx, c, { extra: "mini" }))));
    });
    el.replaceChildren(...groups);
  }

  function renderBoard() {
    const capturing = new Set();
    let candidates = new Set();
    if (obs.phase === "capture" && obs.candidates) candidates = new Set(obs.candidates);
    if (selected) for (const c of matchesOf(selected)) capturing.add(c);
    const nodes = obs.board.map((card) => {
      const isCandidate = candidates.has(card) && myTurn();
      const choice = isCandidate ? legalOf("capture", card) : null;
      const selectable = !isCandidate && selected && capturing.has(card);
      const idx = isCandidate ? [...candidates].indexOf(card) + 1 : 0;
      const node = cardNode(ctx, card, {
        button: Boolean(choice || selectable),
        label: choice ? choice.label : "",
        extra: [
          capturing.has(card) ? "glow" : "",
          isCandidate ? "candidate" : "",
          seenBoard.has(card) ? "" : "arrive",
          hinted && hinted.capture === card ? "hinted" : "",
        ].join(" "),
      });
      if (idx) node.append(h("kbd", { class: "kk-key" }, String(idx)));
      if (choice) {
        node.dataset.autofocus = idx === 1 ? "" : undefined;
        if (idx !== 1) delete node.dataset.autofocus;
        node.addEventListener("click", () => choose(choice.action));
      } else if (selectable) {
        node.addEventListener("click", () => play(selected));
      }
      return node;
    });
    seenBoard.clear();
    for (const c of obs.board) seenBoard.add(c);
    board.replaceChildren(...nodes);
  }

  function renderDeck() {
    stock.replaceChildren(back(ctx), h("span", { class: "kk-count" }, String(obs.stock)));
    const shown = obs.phase === "capture" && obs.pending ? obs.pending : lastPlayed;
    spotlight.replaceChildren(shown ? cardNode(ctx, shown, { extra: "spot" }) : h("span", { class: "kk-slot" }));
  }

  function renderHand() {
    const playable = obs.phase === "play" && myTurn();
    hand.replaceChildren(...obs.hand.map((card, i) => {
      const choice = playable ? legalOf("play", card) : null;
      const captures = matchesOf(card).length > 0;
      const node = cardNode(ctx, card, {
        button: true,
        label: choice ? `${i + 1}. ${choice.label}` : cardName(ctx, card),
        extra: [selected === card ? "selected" : "", captures ? "can-capture" : "", choice ? "" : "idle",
          hinted && hinted.play === card ? "hinted" : ""].join(" "),
      });
      if (!choice) node.disabled = true;
      node.append(h("kbd", { class: "kk-key" }, String(i + 1)));
      if (choice) {
        node.addEventListener("click", () => select(card));
        if (selected === card || (!selected && i === 0)) node.dataset.autofocus = "";
      }
      return node;
    }));
    oppHand.replaceChildren(...Array.from({ length: obs.opponent_hand }, () => back(ctx, "mini")));
  }

  function renderPrompt() {
    let text;
    if (obs.finished) text = t("The game is over.");
    else if (!myTurn()) text = t("The opponent is playing…");
    else if (obs.phase === "capture") {
      text = t("Two cards match {card}: choose the one to capture (1 or 2).", { card: cardName(ctx, obs.pending) });
    } else if (obs.phase === "koikoi") text = t("You made a yaku: stop, or call koi-koi.");
    else if (selected) text = t("Play {card}? Click it again or press Enter; Esc to choose another.", { card: cardName(ctx, selected) });
    else text = t("Your turn: choose a card from your hand (1–{n}).", { n: obs.hand.length });
    prompt.textContent = text;
    prompt.classList.toggle("mine", myTurn());
    reopen.hidden = !(obs.phase === "koikoi" && myTurn() && decisionHidden);
  }

  function progressList(seat, threat) {
    const player = obs.players[seat];
    const advancing = new Set();
    if (selected && seat === me()) {
      for (const c of [selected, ...matchesOf(selected)]) advancing.add(c);
    }
    const made = player.yaku.map((y) => h("li", { class: "made" },
      h("span", { class: "kk-y-title" }, ctx.gt(y.title)), h("b", {}, String(y.points))));
    const close = player.close.map((y) => {
      const pool = rules?.yaku?.[y.id] ? yakuPool(rules.yaku[y.id]) : [];
      const helps = [...advancing].some((c) => y.missing.includes(c) || pool.includes(c));
      const points = rules?.yaku?.[y.id]?.points;
      return h("li", { class: `close${helps ? " advances" : ""}${threat ? " threat" : ""}` },
        h("span", { class: "kk-y-title" }, ctx.gt(y.title)),
        points !== undefined ? h("b", {}, String(points)) : null,
        h("span", { class: "kk-bar", style: `--have:${y.have};--need:${y.need}`, "aria-label": t("{have} of {need}", { have: y.have, need: y.need }) },
          h("span", {})),
        h("span", { class: "kk-y-count" }, `${y.have}/${y.need}`),
        y.missing.length ? h("span", { class: "kk-missing" }, t("missing"), " ", y.missing.map((c) => cardNode(ctx, c, { extra: "micro" }))) : null,
        helps ? h("span", { class: "kk-advances" }, t("this card advances it")) : null);
    });
    return h("section", { class: `kk-progress${threat ? " threat" : ""}` },
      h("h3", {}, seat === me() ? t("Your yaku") : t("Opponent's yaku"),
        h("span", { class: "kk-total" }, t("total {n}", { n: player.total }))),
      h("ul", {}, made.length || close.length ? [...made, ...close] : h("li", { class: "none" }, t("nothing yet"))));
  }

  function renderSide() {
    side.replaceChildren(progressList(me(), false), progressList(them(), true));
  }

  function multiplierText(d) {
    if (!d.total) return "";
    const factor = d.points / d.total;
    return factor !== 1 ? t("yaku total {total} × {factor}", { total: d.total, factor: Number.isInteger(factor) ? factor : factor.toFixed(2) }) : t("yaku total {total}", { total: d.total });
  }

  function renderDecision() {
    const wanted = obs.phase === "koikoi" && myTurn() && !obs.finished;
    if (!wanted) {
      if (decision.open) decision.close();
      decisionHidden = false;
      return;
    }
    if (decisionHidden) return;
    const d = obs.decision;
    const mine = obs.players[me()];
    const theirs = obs.players[them()];
    const yakuEvent = [...payload.events].reverse().find((e) => e.type === "yaku" && e.seat === me());
    const fresh = new Set(yakuEvent ? yakuEvent.new : []);
    const own = rules?.scoring?.own_koikoi_multiplier;
    const opp = rules?.scoring?.opponent_koikoi_multiplier;
    const risks = [t("If you call koi-koi and the opponent stops first, you score nothing this round.")];
    if (opp && opp > 1) risks.push(t("Their score is then multiplied by {n}, because you called.", { n: opp }));
    if (own && own > 1) risks.push(t("If you stop later after calling, your score is multiplied by {n}.", { n: own }));
    risks.push(t("Cards left: you {mine}, opponent {theirs}; stock {stock}.", { mine: obs.hand.length, theirs: obs.opponent_hand, stock: obs.stock }));
    const stopChoice = payload.legal.find((c) => c.action.koikoi === false);
    const goChoice = payload.legal.find((c) => c.action.koikoi === true);
    decision.replaceChildren(
      h("h2", { id: "kk-decision-title" }, t("Yaku!")),
      h("ul", { class: "kk-new-yaku" }, mine.yaku.map((y) => h("li", { class: fresh.has(y.title) ? "new" : "" },
        h("span", {}, ctx.gt(y.title)), fresh.has(y.title) ? h("em", {}, t("new")) : null, h("b", {}, String(y.points))))),
      h("p", { class: "kk-stop-value" }, t("Stopping now scores {points}", { points: d.points }), " ",
        h("small", {}, multiplierText(d))),
      h("ul", { class: "kk-risk" }, risks.map((r) => h("li", {}, r))),
      theirs.close.length || theirs.yaku.length
        ? h("div", { class: "kk-threat" }, h("strong", {}, t("Opponent is close to:")), " ",
          [...theirs.yaku.map((y) => `${ctx.gt(y.title)} ✓`), ...theirs.close.map((y) => `${ctx.gt(y.title)} ${y.have}/${y.need}`)].join(" · "))
        : null,
      h("div", { class: "row end" },
        h("button", { type: "button", class: "ghost", onclick: () => { decisionHidden = true; decision.close(); render(); } }, t("Look at the board"), h("kbd", {}, "Esc")),
        goChoice ? h("button", { type: "button", class: "ghost big kk-go", onclick: () => choose(goChoice.action) }, t("Koi-koi (play on)"), h("kbd", {}, "K")) : null,
        stopChoice ? h("button", { type: "button", class: "primary big kk-stop", autofocus: true, onclick: () => choose(stopChoice.action) }, t("Stop and score {n}", { n: d.points }), h("kbd", {}, "S")) : null));
    if (!decision.open) decision.showModal();
    decision.querySelector(".kk-stop")?.focus();
  }

  function renderSummary() {
    const ends = payload.events.filter((e) => e.type === "round_end");
    const end = ends[ends.length - 1];
    if (!end || summaryShownFor === `${payload.id}:${end.round}:${end.scores.join(",")}`) return;
    summaryShownFor = `${payload.id}:${end.round}:${end.scores.join(",")}`;
    const who = end.winner === null ? null : end.winner === me() ? t("You") : t("Opponent");
    const reason = { stop: t("stopped"), exhausted: t("no cards left"), "hand-yaku": t("a hand yaku") }[end.reason] || end.reason;
    const rows = [0, 1].map((seat) => h("tr", {},
      h("th", {}, seat === me() ? t("You") : t("Opponent")),
      h("td", {}, end.yaku[seat].map((y) => ctx.gt(y)).join(", ") || "—"),
      h("td", { class: "num" }, (end.points[seat] > 0 ? "+" : "") + end.points[seat]),
      h("td", { class: "num" }, String(end.scores[seat]))));
    const gameOver = payload.events.some((e) => e.type === "game_over");
    summary.replaceChildren(
      h("h2", { id: "kk-summary-title" }, t("Round {r}", { r: end.round }), " — ",
        who ? t("{who} won ({reason})", { who, reason }) : t("A draw ({reason})", { reason })),
      h("table", { class: "kk-summary" },
        h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", {}, t("Yaku")), h("th", {}, t("Points")), h("th", {}, t("Score")))),
        h("tbody", {}, rows)),
      h("div", { class: "row end" },
        h("button", { type: "button", class: "primary kk-continue", autofocus: true, onclick: () => summary.close() },
          gameOver ? t("See the table") : t("Next round"))));
    if (decision.open) decision.close();
    summary.showModal();
    summary.querySelector(".kk-continue").focus();
  }

  function render() {
    if (!obs) return;
    renderStatus();
    renderPile(oppPile, them());
    renderPile(myPile, me());
    renderDeck();
    renderBoard();
    renderHand();
    renderPrompt();
    renderSide();
    renderDecision();
  }

  return {
    async update(next) {
      const first = !payload;
      payload = next;
      obs = next.observation;
      if (first) await loadRules(next.variant.name);
      for (const e of next.events) if (e.type === "play" || e.type === "draw") lastPlayed = e.card;
      if (selected && (!obs.hand.includes(selected) || !myTurn())) selected = null;
      if (!myTurn()) hinted = null;
      render();
      renderSummary();
    },
    hint(data) {
      hinted = data.action;
      if (data.action.play) selected = data.action.play;
      render();
    },
    key(event) {
      if (!obs || summary.open || decision.open) return false;
      if (event.key === "Escape") {
        if (selected) {
          selected = null;
          render();
          hand.querySelector("button:not([disabled])")?.focus();
          return true;
        }
        return false;
      }
      if (obs.phase === "koikoi" && myTurn() && (event.key === "Enter" || event.key === "d")) {
        decisionHidden = false;
        render();
        return true;
      }
      const n = Number(event.key);
      if (obs.phase === "capture" && myTurn() && (n === 1 || n === 2)) {
        const card = obs.candidates[n - 1];
        const choice = legalOf("capture", card);
        if (choice) choose(choice.action);
        return true;
      }
      if (obs.phase === "play" && myTurn()) {
        if (n >= 1 && n <= obs.hand.length) {
          select(obs.hand[n - 1]);
          hand.querySelectorAll("button")[n - 1]?.focus();
          return true;
        }
        if (event.key === "Enter" && selected && document.activeElement?.dataset?.card === undefined) {
          play(selected);
          return true;
        }
      }
      return false;
    },
    destroy() {
      if (decision.open) decision.close();
      if (summary.open) summary.close();
    },
  };
}

/** Extra for the rules page: the variant's yaku table with cards, and the 48 cards. */
export function rules(container, data, ctx) {
  const { h } = ctx;
  const t = ctx.gt; // every word of this view is the game's own (its locale catalogue)
  stylesheet(ctx);
  const yaku = Object.entries(data.rules.yaku || {}).filter(([, y]) => y.enabled !== false);
  const rows = yaku.map(([id, y]) => {
    const pool = yakuPool(y);
    const count = y.count || pool.length;
    let points = String(y.points);
    if (y.per_extra) points += ` ${t("+{n} per extra card", { n: y.per_extra })}`;
    if (y.points_after_koikoi !== undefined && y.points_after_koikoi !== null) {
      points += ` (${t("{n} after koi-koi", { n: y.points_after_koikoi })})`;
    }
    const shown = pool.slice(0, 10);
    return h("tr", { dataset: { yaku: id } },
      h("th", {}, ctx.gt(y.title)),
      h("td", { class: "num" }, points),
      h("td", {}, count < pool.length ? h("span", { class: "kk-need" }, t("{n} of:", { n: count })) : null,
        h("span", { class: "kk-table-cards" }, shown.map((c) => cardNode(ctx, c, { extra: "micro" })), pool.length > shown.length ? "…" : null)));
  });
  container.append(
    h("h2", {}, t("Yaku of this variant")),
    h("table", { class: "kk-yaku-table" },
      h("thead", {}, h("tr", {}, h("th", {}, t("Yaku")), h("th", {}, t("Points")), h("th", {}, t("Cards")))),
      h("tbody", {}, rows)),
    h("details", { class: "kk-browser" }, h("summary", {}, t("The 48 cards")),
      h("div", { class: "kk-all" }, PLANTS.map((plant, i) => h("div", { class: "kk-month" },
        h("span", { class: "kk-month-name" }, `${i + 1}. ${ctx.gt(plant)}`),
        CARDS.filter((c) => monthOf(c) === i + 1).map((c) => cardNode(ctx, c, { extra: "mini" })))))));
}
