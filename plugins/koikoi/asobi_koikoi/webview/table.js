// The Koi-Koi table's parts: status line, piles (inline on wide screens, a summary that opens on
// phones), the board with stable spaces, the stock and pending card, the hands, yaku progress.
// Every function draws from the payload only; `kit` holds ctx, the card builders and names.
import { CARDS, GROUPS, kindOf, monthOf, PLANTS } from "./cards.js";

export const KINDS = ["bright", "animal", "ribbon", "plain"];
/** "{n} brights"... and "brights"... in the player's language. */
export const KIND_COUNT = {
  bright: (ctx, n) => ctx.gtn("{n} bright", "{n} brights", n),
  animal: (ctx, n) => ctx.gtn("{n} animal", "{n} animals", n),
  ribbon: (ctx, n) => ctx.gtn("{n} ribbon", "{n} ribbons", n),
  plain: (ctx, n) => ctx.gtn("{n} plain", "{n} plains", n),
};
export const KIND_TITLE = {
  bright: (ctx) => ctx.gt("brights"), animal: (ctx) => ctx.gt("animals"),
  ribbon: (ctx) => ctx.gt("ribbons"), plain: (ctx) => ctx.gt("plains"),
};

/** The cards a yaku counts (its pool), for the progress panel and the rules page. */
export function yakuPool(yaku) {
  const pool = new Set([...(yaku.cards || []), ...(yaku.required || [])]);
  for (const kind of yaku.kinds || []) for (const c of CARDS) if (kindOf(c) === kind) pool.add(c);
  for (const g of [...(yaku.groups || []), ...(yaku.required_groups || [])]) {
    for (const c of GROUPS[g] || []) pool.add(c);
  }
  return [...pool];
}

/** Counts of a pile by kind, as words: "1 bright, 2 animals, 0 ribbons, 5 plains". */
export function pileWords(kit, cards) {
  const n = (kind) => cards.filter((c) => kindOf(c) === kind).length;
  return KINDS.map((kind) => KIND_COUNT[kind](kit.ctx, n(kind))).join(kit.t(", "));
}

/**
 * Where each board card is drawn: cards keep their space while they stay, a new card takes a
 * space that was already empty before this update (never one freed by it, so a card leaving
 * and one arriving never meet), else a new space at the end.
 */
export function placeBoard(previous, board, fresh) {
  if (fresh || !previous) return [...board];
  const now = new Set(board);
  const slots = previous.map((c) => (c && now.has(c) ? c : null));
  const wasEmpty = previous.map((c) => c === null);
  for (const card of board) {
    if (slots.includes(card)) continue;
    const free = slots.findIndex((c, i) => c === null && wasEmpty[i]);
    if (free >= 0) slots[free] = card;
    else slots.push(card);
  }
  while (slots.length && slots[slots.length - 1] === null) slots.pop();
  return slots.length > board.length + 6 ? [...board] : slots;
}

export function renderStatus(kit, obs, el) {
  const { h, t } = kit;
  const me = obs.seat;
  const them = 1 - me;
  const p = obs.players;
  const marker = (seat) => (p[seat].koikoi
    ? h("span", { class: "kk-called" }, t("koi-koi ×{n}", { n: p[seat].koikoi })) : null);
  const dealer = obs.dealer === me ? t("you") : t("opponent");
  el.replaceChildren(
    h("span", { class: "kk-st-round" }, t("Round {r}/{n}", { r: obs.round, n: obs.rounds })),
    h("span", { class: "kk-st-month" }, t("Month {m}: {plant}", { m: obs.month, plant: kit.ctx.gt(PLANTS[obs.month - 1]) })),
    h("span", { class: "kk-st-dealer" }, t("Dealer: {who}", { who: dealer })),
    h("span", { class: "kk-score me" }, t("You {n}", { n: obs.scores[me] }), marker(me)),
    h("span", { class: "kk-score them" }, t("Opponent {n}", { n: obs.scores[them] }), marker(them)));
}

/** A seat's captured cards grouped by kind (the inline pile and the phone's sheet). */
export function pileGroups(kit, obs, seat, recent) {
  const { h, ctx } = kit;
  const captured = obs.players[seat].captured;
  return KINDS.map((kind) => {
    const cards = captured.filter((c) => kindOf(c) === kind);
    return h("div", { class: `kk-group kk-group-${kind}`, role: "group",
      "aria-label": KIND_COUNT[kind](ctx, cards.length) },
    h("span", { class: "kk-group-label", "aria-hidden": "true" }, `${KIND_TITLE[kind](ctx)} ${cards.length}`),
    h("div", { class: "kk-group-cards" },
      cards.map((c) => kit.card(c, { extra: `mini${recent.has(c) ? " recent" : ""}` }))));
  });
}

/**
 * The phone's summary of a pile, a button that opens the sheet: whose pile, its yaku total and
 * how many yaku are within reach on the first line, the cards by kind (a coloured dot and the
 * kind's name) on the next; lines wrap rather than cut a word.
 */
export function pileSummary(kit, obs, seat, onOpen) {
  const { h, t, ctx } = kit;
  const player = obs.players[seat];
  const whose = seat === obs.seat ? t("Your pile") : t("Opponent's pile");
  const counts = KINDS.map((kind) => h("span", { class: `kk-sum kk-sum-${kind}` },
    h("i", { "aria-hidden": "true" }), KIND_TITLE[kind](ctx), " ",
    h("b", {}, String(player.captured.filter((c) => kindOf(c) === kind).length))));
  const yaku = player.yaku.length
    ? h("span", { class: "kk-sum-yaku" }, ctx.gtn("{n} point of yaku", "{n} points of yaku", player.total)) : null;
  const close = player.close.length
    ? h("span", { class: "kk-sum-close" }, ctx.gtn("{n} yaku in reach", "{n} yaku in reach", player.close.length)) : null;
  return h("button", { type: "button", class: `kk-pile-sum ${seat === obs.seat ? "mine" : "theirs"}`,
    "aria-haspopup": "dialog",
    "aria-label": `${whose}: ${pileWords(kit, player.captured)}. ${t("total {n}", { n: player.total })}`,
    onclick: () => onOpen(seat) },
  h("span", { class: "kk-sum-head" }, h("span", { class: "kk-sum-who" }, whose), yaku, close),
  h("span", { class: "kk-sum-kinds" }, ...counts));
}

export function renderHandBacks(kit, obs, el) {
  const n = obs.opponent_hand;
  const shown = obs.revealed?.[String(1 - obs.seat)];
  el.setAttribute("aria-label", kit.ctx.gtn("Opponent's hand: {n} card", "Opponent's hand: {n} cards", n));
  el.replaceChildren(...(shown
    ? shown.map((c) => kit.card(c, { extra: "mini" }))
    : Array.from({ length: n }, () => kit.back("mini"))));
}

export function renderDeck(kit, obs, stock, spotlight) {
  const { h, ctx } = kit;
  stock.setAttribute("aria-label", ctx.gtn("Stock: {n} card", "Stock: {n} cards", obs.stock));
  stock.replaceChildren(kit.back(), h("span", { class: "kk-count", "aria-hidden": "true" }, String(obs.stock)));
  // Only the card waiting for a capture choice is shown here: every other card is where it is.
  const pending = obs.phase === "capture" && obs.pending ? obs.pending : null;
  spotlight.setAttribute("aria-label", pending
    ? kit.t("Waiting to capture: {card}", { card: kit.name(pending) }) : kit.t("No card waiting"));
  spotlight.replaceChildren(pending ? kit.card(pending, { extra: "spot" }) : h("span", { class: "kk-slot" }));
}

/** The yaku list of a seat: made ones, then close ones with their bars and missing cards. */
export function progressList(kit, obs, seat, { rules, advancing = new Set() }) {
  const { h, t, ctx } = kit;
  const player = obs.players[seat];
  const threat = seat !== obs.seat;
  const made = player.yaku.map((y) => h("li", { class: "made" },
    h("span", { class: "kk-y-title" }, ctx.gt(y.title)), h("b", {}, String(y.points))));
  const close = player.close.map((y) => {
    const spec = rules?.yaku?.[y.id];
    const pool = spec ? yakuPool(spec) : [];
    const helps = [...advancing].some((c) => y.missing.includes(c) || pool.includes(c));
    return h("li", { class: `close${helps ? " advances" : ""}${threat ? " threat" : ""}` },
      h("span", { class: "kk-y-title" }, ctx.gt(y.title)),
      spec?.points !== undefined ? h("b", {}, String(spec.points)) : null,
      h("span", { class: "kk-bar", style: `--have:${y.have};--need:${y.need}`, role: "img",
        "aria-label": t("{have} of {need}", { have: y.have, need: y.need }) }, h("span", {})),
      h("span", { class: "kk-y-count", "aria-hidden": "true" }, `${y.have}/${y.need}`),
      y.missing.length ? h("span", { class: "kk-missing" }, t("missing"), " ",
        y.missing.map((c) => kit.card(c, { extra: "micro" }))) : null,
      helps ? h("span", { class: "kk-advances" }, t("this card advances it")) : null);
  });
  return h("section", { class: `kk-progress${threat ? " threat" : ""}`,
    "aria-label": seat === obs.seat ? t("Your yaku") : t("Opponent's yaku") },
  h("h3", {}, seat === obs.seat ? t("Your yaku") : t("Opponent's yaku"),
    h("span", { class: "kk-total" }, t("total {n}", { n: player.total }))),
  h("ul", {}, made.length || close.length ? [...made, ...close] : h("li", { class: "none" }, t("nothing yet"))));
}

/** The month of a card as its matching key (used to light board cards). */
export function matchesOn(board, card) {
  const month = monthOf(card);
  return board.filter((b) => monthOf(b) === month);
}
