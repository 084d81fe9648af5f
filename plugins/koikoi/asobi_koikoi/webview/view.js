// Koi-Koi in the browser: the table, the koi-koi decision, yaku progress and round summaries.
// Contract: see frontends/asobi_frontends/web/README.md (mount(root, ctx) -> {update, key, hint}; rules(); tally()).
// Parts: kit.js (cards, names), table.js (drawing the table), dialogs.js (decision, summaries),
// motion.js (moves between payloads), rulespage.js (the rules page), cards.js (the art).
import { CARD_NAMES } from "./cards.js";
import { decisionContent, summaryContent } from "./dialogs.js";
import { createKit } from "./kit.js";
import { continues, createMotion, plan } from "./motion.js";
import { rulesPage } from "./rulespage.js";
import {
  matchesOn, pileGroups, pileSummary, placeBoard, progressList, renderDeck, renderHandBacks,
  renderStatus,
} from "./table.js";

// The view's stylesheet is in before this module is: the page mounts a view (and the rules
// page draws its cards) once the import resolves, so cards are never laid out without it.
await new Promise((resolve) => {
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = new URL("view.css", import.meta.url).href;
  link.addEventListener("load", resolve, { once: true });
  link.addEventListener("error", resolve, { once: true }); // the view still works unstyled
  document.head.append(link);
});

/** The status line shows both players' scores: the page's seat chips leave them out. */
export const showsScores = true;

/** The name of a card in the player's language (the game's catalogue, as the narration). */
const cardName = (ctx, id) => ctx.gt(CARD_NAMES[id] || id);
const makeKit = (ctx) => createKit(ctx, (id) => cardName(ctx, id));

export function mount(root, ctx) {
  const { h } = ctx;
  const t = ctx.gt; // every word of this view is the game's own (its locale catalogue)
  const kit = makeKit(ctx);
  const replay = Boolean(ctx.replay);
  let payload = null;
  let obs = null;
  let selected = null;
  let rules = null;
  let summaryShownFor = null;
  let decisionHidden = false;
  let hinted = null;
  let slots = null;
  let recent = new Set();
  let sheetSeat = null;
  let queue = Promise.resolve();
  let holding = false;
  let waiting = 0;

  const status = h("div", { class: "kk-status", role: "group", "aria-label": t("Game status") });
  const oppHand = h("div", { class: "kk-hand kk-opp-hand", role: "img", dataset: { place: "opp-hand" } });
  const pileSum = [h("div", { class: "kk-pile-sums theirs" }), h("div", { class: "kk-pile-sums mine" })];
  const piles = [h("div", { class: "kk-pile", dataset: { place: "pile" } }), h("div", { class: "kk-pile", dataset: { place: "pile" } })];
  const stock = h("div", { class: "kk-stock", role: "img" });
  const spotlight = h("div", { class: "kk-spotlight", role: "img", dataset: { place: "spot", anchor: "spot" } });
  const board = h("div", { class: "kk-board", role: "group", dataset: { place: "board" } });
  const prompt = h("div", { class: "kk-prompt" });
  const hand = h("div", { class: "kk-hand kk-my-hand", role: "group", "aria-label": t("Your hand"), dataset: { place: "hand" } });
  const side = h("aside", { class: "kk-side", "aria-label": t("Yaku progress") });
  const decision = h("dialog", { class: "kk-dialog kk-decision", "aria-labelledby": "kk-decision-title" });
  const summary = h("dialog", { class: "kk-dialog kk-round", "aria-labelledby": "kk-summary-title" });
  const sheet = h("dialog", { class: "kk-dialog kk-sheet", "aria-labelledby": "kk-sheet-title" });
  const reopen = h("button", { type: "button", class: "primary kk-reopen", hidden: true,
    onclick: () => { decisionHidden = false; render(); } }, t("Decide: stop or koi-koi"));
  const oppRow = h("div", { class: "kk-row kk-opp", role: "group", "aria-label": t("Opponent") }, oppHand, pileSum[0], piles[0]);
  const meRow = h("div", { class: "kk-row kk-me", role: "group", "aria-label": t("Your captures") }, pileSum[1], piles[1]);
  const kk = h("div", { class: "kk" },
    status,
    h("div", { class: "kk-main" },
      h("div", { class: "kk-table" },
        oppRow,
        h("div", { class: "kk-felt" }, board),
        h("div", { class: "kk-deck" }, stock, spotlight),
        h("div", { class: "kk-prompt-row" }, prompt, reopen),
        meRow,
        hand),
      side),
    decision, summary, sheet);
  root.append(kk);
  const motion = createMotion(kk, { reduced: () => (ctx.motion ? ctx.motion() === "reduced"
    : document.documentElement.classList.contains("reduce-motion")) });

  decision.addEventListener("cancel", (event) => {
    // Esc: look at the board behind the prompt; the decision waits.
    event.preventDefault();
    look();
  });
  decision.addEventListener("keydown", (event) => {
    if (event.key === "s" || event.key === "S") { choose({ koikoi: false }); event.preventDefault(); }
    if ((event.key === "k" || event.key === "K") && !obs?.decision?.final) { choose({ koikoi: true }); event.preventDefault(); }
  });
  summary.addEventListener("close", () => ctx.announce(t("Next round")));
  sheet.addEventListener("close", () => {
    const seat = sheetSeat;
    sheetSeat = null;
    pileSum[seat === obs?.seat ? 1 : 0].querySelector("button")?.focus();
  });

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
  const myTurn = () => !replay && payload.legal.length > 0;
  const matchesOf = (card) => matchesOn(obs.board, card);

  function look() {
    decisionHidden = true;
    if (decision.open) decision.close();
    render();
    reopen.focus();
  }

  function choose(action) {
    if (replay) return;
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
      ? t("{card} captures: {cards}. Press Enter to play it.", { card: kit.label(card), cards: matches.map((m) => kit.label(m)).join(t(", ")) })
      : t("{card} matches nothing: it will stay on the board. Press Enter to play it.", { card: kit.label(card) }));
  }

  function openSheet(seat) {
    sheetSeat = seat;
    renderSheet();
    sheet.showModal();
    sheet.querySelector(".kk-sheet-close")?.focus();
  }

  // ---------------------------------------------------------------- drawing
  function renderPiles() {
    for (const [i, seat] of [[0, them()], [1, me()]]) {
      piles[i].dataset.anchor = `pile-${seat}`;
      piles[i].setAttribute("role", "group");
      piles[i].setAttribute("aria-label", seat === me() ? t("Your pile") : t("Opponent's pile"));
      piles[i].replaceChildren(...pileGroups(kit, obs, seat, recent));
      const sum = pileSummary(kit, obs, seat, openSheet);
      sum.dataset.anchor = `pile-${seat}`;
      pileSum[i].replaceChildren(sum);
    }
  }

  function renderSheet() {
    if (sheetSeat === null) return;
    const seat = sheetSeat;
    sheet.replaceChildren(
      h("h2", { id: "kk-sheet-title" }, seat === me() ? t("Your pile") : t("Opponent's pile")),
      h("div", { class: "kk-pile kk-sheet-pile" }, pileGroups(kit, obs, seat, recent)),
      progressList(kit, obs, seat, { rules, advancing: advancing(seat) }),
      h("div", { class: "kk-choices one" },
        h("button", { type: "button", class: "primary kk-sheet-close", onclick: () => sheet.close() }, t("Close"))));
  }

  function advancing(seat) {
    return selected && seat === me() ? new Set([selected, ...matchesOf(selected)]) : new Set();
  }

  function renderBoard() {
    const candidates = obs.phase === "capture" && obs.candidates ? obs.candidates : [];
    const capturing = new Set(selected ? matchesOf(selected) : []);
    board.setAttribute("aria-label", ctx.gtn("Board: {n} card", "Board: {n} cards", obs.board.length));
    board.replaceChildren(...slots.map((card) => {
      if (!card) return h("span", { class: "kk-space", "aria-hidden": "true" });
      const idx = candidates.indexOf(card) + 1;
      const choice = idx && myTurn() ? legalOf("capture", card) : null;
      const selectable = !choice && capturing.has(card);
      const node = kit.card(card, {
        button: Boolean(choice || selectable),
        aria: choice ? t("{card}: capture it with {with}", { card: kit.label(card), with: kit.name(obs.pending) })
          : selectable ? t("{card}: capture it with {with}", { card: kit.label(card), with: kit.name(selected) }) : "",
        extra: [capturing.has(card) ? "glow" : "", choice ? "candidate" : "", recent.has(card) ? "recent" : "",
          hinted && hinted.capture === card ? "hinted" : ""].join(" "),
      });
      if (choice) {
        node.append(h("kbd", { class: "kk-key", "aria-hidden": "true" }, String(idx)));
        if (idx === 1) node.dataset.autofocus = "";
        node.addEventListener("click", () => choose(choice.action));
      } else if (selectable) {
        node.addEventListener("click", () => play(selected));
      }
      return node;
    }));
  }

  function renderHand() {
    const playable = obs.phase === "play" && myTurn();
    hand.replaceChildren(...obs.hand.map((card, i) => {
      const choice = playable ? legalOf("play", card) : null;
      const captures = matchesOf(card).length;
      const node = kit.card(card, {
        button: true,
        aria: captures ? t("{card}, captures {n}", { card: kit.label(card), n: captures }) : kit.label(card),
        extra: [selected === card ? "selected" : "", captures ? "can-capture" : "", choice ? "" : "idle",
          hinted && hinted.play === card ? "hinted" : ""].join(" "),
      });
      if (!choice) node.disabled = true;
      node.setAttribute("aria-pressed", selected === card ? "true" : "false");
      node.append(h("kbd", { class: "kk-key", "aria-hidden": "true" }, String(i + 1)));
      if (choice) {
        node.addEventListener("click", () => select(card));
        if (selected === card || (!selected && i === 0)) node.dataset.autofocus = "";
      }
      return node;
    }));
    renderHandBacks(kit, obs, oppHand);
    const backs = oppHand.querySelectorAll(".kk-card");
    if (backs.length) backs[backs.length - 1].dataset.anchor = "opponent-hand";
  }

  function renderPrompt() {
    const keys = (text) => h("span", { class: "kk-kbd-only" }, ` ${text}`);
    let parts;
    if (obs.finished) parts = [t("The game is over.")];
    else if (replay) parts = [obs.to_act === me() ? t("Your turn.") : t("The opponent's turn.")];
    else if (!myTurn()) parts = [t("The opponent is playing…")];
    else if (obs.phase === "capture") {
      parts = [t("Two cards match {card}: tap the one to capture.", { card: kit.name(obs.pending) }), keys("(1, 2)")];
    } else if (obs.phase === "koikoi") parts = [t("You made a yaku: stop, or call koi-koi.")];
    else if (selected) {
      parts = [matchesOf(selected).length
        ? t("Play {card}? Choose it again, or a lit board card.", { card: kit.name(selected) })
        : t("Play {card}? Choose it again: it matches nothing and stays on the board.", { card: kit.name(selected) }),
        keys(t("Enter: play · Esc: choose another"))];
    } else parts = [t("Your turn: choose a card from your hand."), keys(`(1–${obs.hand.length})`)];
    prompt.replaceChildren(...parts);
    prompt.classList.toggle("mine", myTurn());
    reopen.hidden = !(obs.phase === "koikoi" && myTurn() && decisionHidden);
  }

  function renderDecision() {
    const wanted = obs.phase === "koikoi" && myTurn() && !obs.finished;
    if (!wanted) {
      if (decision.open) decision.close();
      decisionHidden = false;
      return;
    }
    if (decisionHidden || summary.open) return;
    decision.replaceChildren(...decisionContent(kit, { obs, payload, rules, choose, look }).filter(Boolean));
    if (!decision.open) decision.showModal();
    decision.querySelector(".kk-stop")?.focus();
  }

  function renderSummary(first) {
    const ends = payload.events.filter((e) => e.type === "round_end");
    const end = ends[ends.length - 1];
    const key = end ? `${payload.id}:${end.round}:${end.scores.join(",")}` : null;
    if (!end || summaryShownFor === key) return;
    summaryShownFor = key;
    // A page opened in the middle of a game does not bring back an old round's summary.
    if (first && !obs.finished && !replay) return;
    const content = summaryContent(kit, { obs, payload, close: () => summary.close() });
    if (!content) return;
    summary.replaceChildren(...content.filter(Boolean));
    if (decision.open) decision.close();
    if (sheet.open) sheet.close();
    if (replay) {
      summary.show(); // the replay's controls stay usable
      return;
    }
    summary.showModal();
    summary.querySelector(".kk-continue").focus();
  }

  async function draw(next) {
    const previous = payload;
    const animate = continues(previous, next, replay);
    const before = animate ? motion.snapshot() : null;
    motion.finish();
    payload = next;
    obs = next.observation;
    if (!rules) await loadRules(next.variant.name);
    const fresh = !previous || !animate;
    slots = placeBoard(fresh && previous ? null : slots, obs.board, fresh);
    recent = new Set(next.events.flatMap((e) => (e.type === "play" || e.type === "draw" ? [e.card]
      : e.type === "capture" ? e.cards : [])));
    if (next.events.some((e) => e.type === "new_round")) recent = new Set();
    if (selected && (!obs.hand.includes(selected) || !myTurn())) selected = null;
    if (!myTurn()) hinted = null;
    holding = animate; // the decision waits until the moves that led to it have been shown
    render();
    kk.dataset.version = String(next.version);
    renderSummary(!previous);
    if (animate) {
      const shown = motion.play(before, plan(next.events, obs.seat));
      if (waiting) motion.hurry(); // more payloads wait: catch up with the game
      await shown;
    }
    holding = false;
    if (payload === next) renderDecision();
  }

  function render() {
    if (!obs) return;
    kit.sakePlain = Boolean(obs.sake_cup_is_plain);
    kk.classList.toggle("kk-replay", replay);
    renderStatus(kit, obs, status);
    renderPiles();
    renderDeck(kit, obs, stock, spotlight);
    stock.firstElementChild.dataset.anchor = "stock";
    renderBoard();
    renderHand();
    renderPrompt();
    side.replaceChildren(progressList(kit, obs, me(), { rules, advancing: advancing(me()) }),
      progressList(kit, obs, them(), { rules }));
    renderSheet();
    if (!holding) renderDecision();
  }

  return {
    update(next) {
      // One update at a time: a payload that arrives during the motion of the previous one
      // waits until that motion has hurried to its end, then is drawn and shown in turn.
      waiting += 1;
      motion.hurry();
      const run = () => { waiting -= 1; return draw(next); };
      queue = queue.then(run, run);
      return queue;
    },
    hint(data) {
      hinted = data.action;
      if (data.action.play) selected = data.action.play;
      render();
    },
    settingsChanged() {
      render(); // the deck is read from ctx.settings (a live view of the page's settings)
    },
    key(event) {
      motion.finish();
      if (!obs || summary.open || decision.open || sheet.open || replay) return false;
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
        const choice = legalOf("capture", obs.candidates[n - 1]);
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
      motion.destroy();
      for (const d of [decision, summary, sheet]) if (d.open) d.close();
    },
  };
}

/** Statistics (contract 7): the yaku the viewer's seat scored with in the finished game. */
export function tally(payload) {
  const counts = {};
  const seat = payload.seat;
  for (const round of payload.result?.rounds || []) {
    for (const title of round.yaku?.[seat] || []) counts[title] = (counts[title] || 0) + 1;
  }
  return counts;
}

/** Extra for the rules page: the variant's yaku table with cards, and the 48 cards. */
export function rules(container, data, ctx) {
  rulesPage(container, data, ctx, makeKit(ctx));
}
