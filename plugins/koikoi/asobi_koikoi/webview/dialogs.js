// The koi-koi decision and the round and game summaries: each yaku with its cards and points,
// and every multiplier that turned the yaku total into the round's points.
import { monthOf } from "./cards.js";
import { yakuPool } from "./table.js";

/** The steps of the stop value (the same order as the server's scoring.breakdown). */
export function breakdownOf(scoring, total, ownCalls, oppCalls) {
  const steps = [];
  let value = total;
  const calls = scoring.koikoi_calls || [];
  if (ownCalls && calls.length) {
    const step = calls[Math.min(ownCalls, calls.length) - 1];
    const add = step.add || 0;
    const factor = step.multiply ?? 1;
    value = value * factor + add;
    if (add || factor !== 1) steps.push({ kind: "koikoi-step", calls: ownCalls, factor, add, value });
  }
  if (scoring.double_at !== null && scoring.double_at !== undefined && total >= scoring.double_at
      && scoring.double_factor !== 1) {
    value *= scoring.double_factor;
    steps.push({ kind: "double", at: scoring.double_at, factor: scoring.double_factor, value });
  }
  if (ownCalls && scoring.own_koikoi_multiplier !== 1) {
    value *= scoring.own_koikoi_multiplier;
    steps.push({ kind: "own-koikoi", calls: ownCalls, factor: scoring.own_koikoi_multiplier, value });
  }
  if (oppCalls && scoring.opponent_koikoi_multiplier !== 1) {
    value *= scoring.opponent_koikoi_multiplier;
    steps.push({ kind: "opponent-koikoi", calls: oppCalls, factor: scoring.opponent_koikoi_multiplier, value });
  }
  return steps;
}

/** One line for one multiplier step. */
export function stepLine(kit, step) {
  const { t, ctx } = kit;
  if (step.kind === "koikoi-step") {
    const what = ctx.gtn("{n} koi-koi call", "{n} koi-koi calls", step.calls);
    return step.add
      ? t("{what}: × {factor} + {add}", { what, factor: step.factor, add: step.add })
      : t("{what}: × {factor}", { what, factor: step.factor });
  }
  if (step.kind === "double") return t("A total of {at} or more: × {factor}", step);
  if (step.kind === "own-koikoi") return t("The winner had called koi-koi: × {factor}", step);
  if (step.kind === "opponent-koikoi") return t("The other player had called koi-koi: × {factor}", step);
  return "";
}

/** The cards of a yaku made now, from the variant's definition and the captured pile. */
export function yakuCards(rules, obs, seat, id) {
  const spec = rules?.yaku?.[id];
  if (!spec) return [];
  const pile = obs.players[seat].captured;
  const pool = new Set(yakuPool(spec));
  return pile.filter((c) => pool.has(c) || (spec.round_month && monthOf(c) === obs.month));
}

function yakuRows(kit, list) {
  const { h, ctx } = kit;
  return h("ul", { class: "kk-yaku-list" }, list.map((y) => h("li", { class: y.fresh ? "new" : "" },
    h("span", { class: "kk-y-name" }, ctx.gt(y.title), y.fresh ? h("em", {}, kit.t("new")) : null),
    h("span", { class: "kk-y-cards" }, (y.cards || []).map((c) => kit.card(c, { extra: "micro" }))),
    h("b", { class: "kk-y-points" }, String(y.points)))));
}

function calculation(kit, total, steps, points) {
  const { h, t } = kit;
  return h("ol", { class: "kk-calc" },
    h("li", {}, h("span", {}, t("Yaku total")), h("b", {}, String(total))),
    steps.map((s) => h("li", {}, h("span", {}, stepLine(kit, s)), h("b", {}, String(s.value)))),
    points !== undefined ? h("li", { class: "kk-calc-end" }, h("span", {}, t("Points")), h("b", {}, String(points))) : null);
}

/** The koi-koi decision's content; `choose(action)`, `look()` act on it. */
export function decisionContent(kit, { obs, payload, rules, choose, look }) {
  const { h, t } = kit;
  const me = obs.seat;
  const d = obs.decision;
  const mine = obs.players[me];
  const theirs = obs.players[1 - me];
  const yakuEvent = [...payload.events].reverse().find((e) => e.type === "yaku" && e.seat === me);
  const fresh = new Set(yakuEvent ? yakuEvent.new : []);
  const scoring = rules?.scoring;
  let steps = scoring ? breakdownOf(scoring, d.total, mine.koikoi, theirs.koikoi) : [];
  if (steps.length && steps[steps.length - 1].value !== d.points) steps = [];
  const risks = [t("If you call koi-koi and the opponent stops first, you score nothing this round.")];
  const opp = scoring?.opponent_koikoi_multiplier;
  const own = scoring?.own_koikoi_multiplier;
  if (opp && opp > 1) risks.push(t("Their score is then multiplied by {n}, because you called.", { n: opp }));
  if (own && own > 1) risks.push(t("If you stop later after calling, your score is multiplied by {n}.", { n: own }));
  risks.push(t("Cards left: you {mine}, opponent {theirs}; stock {stock}.", { mine: obs.hand.length, theirs: obs.opponent_hand, stock: obs.stock }));
  const stop = payload.legal.find((c) => c.action.koikoi === false);
  const go = payload.legal.find((c) => c.action.koikoi === true);
  const list = mine.yaku.map((y) => ({ ...y, fresh: fresh.has(y.title), cards: yakuCards(rules, obs, me, y.id) }));
  return [
    h("h2", { id: "kk-decision-title" }, t("Yaku!")),
    yakuRows(kit, list),
    calculation(kit, d.total, steps, d.points),
    h("ul", { class: "kk-risk" }, risks.map((r) => h("li", {}, r))),
    theirs.close.length || theirs.yaku.length
      ? h("div", { class: "kk-threat" }, h("strong", {}, t("Opponent is close to:")), " ",
        [...theirs.yaku.map((y) => `${kit.ctx.gt(y.title)} ✓`), ...theirs.close.map((y) => `${kit.ctx.gt(y.title)} ${y.have}/${y.need}`)].join(" · "))
      : null,
    h("div", { class: "kk-choices" },
      h("button", { type: "button", class: "ghost kk-look", "aria-keyshortcuts": "Escape", onclick: look }, t("Look at the board"), h("kbd", { class: "kk-key" }, "Esc")),
      go ? h("button", { type: "button", class: "ghost kk-go", "aria-keyshortcuts": "K", onclick: () => choose(go.action) }, t("Koi-koi (play on)"), h("kbd", { class: "kk-key" }, "K")) : null,
      stop ? h("button", { type: "button", class: "primary kk-stop", autofocus: true, "aria-keyshortcuts": "S", onclick: () => choose(stop.action) }, t("Stop and score {n}", { n: d.points }), h("kbd", { class: "kk-key" }, "S")) : null),
  ];
}

const REASON = {
  stop: (t) => t("stopped"), exhausted: (t) => t("no cards left"), "hand-yaku": (t) => t("a hand yaku"),
};

function seatWord(kit, obs, seat) {
  return seat === obs.seat ? kit.t("You") : kit.t("Opponent");
}

/** One round's summary: who won and why, each yaku with cards and points, the multipliers. */
function roundPart(kit, obs, end, events) {
  const { h, t } = kit;
  const who = end.winner === null || end.winner === undefined ? null : seatWord(kit, obs, end.winner);
  const reason = (REASON[end.reason] || (() => end.reason))(t);
  const detail = end.detail || { yaku: [[], []], total: 0, steps: [], adjust: [0, 0] };
  const hand = events.find((e) => e.type === "hand_yaku");
  const parts = [];
  for (const seat of [obs.seat, 1 - obs.seat]) {
    let list = detail.yaku?.[seat] || [];
    if (!list.length && hand && hand.seat === seat) list = [{ title: hand.yaku, points: hand.points, cards: hand.cards }];
    if (!list.length && end.yaku[seat].length) list = end.yaku[seat].map((title) => ({ title, points: "", cards: [] }));
    if (!list.length) continue;
    parts.push(h("section", { class: "kk-sum-seat" },
      h("h3", {}, seat === obs.seat ? t("Your yaku") : t("Opponent's yaku")), yakuRows(kit, list)));
  }
  if (end.winner !== null && end.winner !== undefined) {
    if (end.reason === "exhausted" && !detail.total) {
      parts.push(h("p", { class: "kk-calc-note" }, t("No cards left: the dealer scores {n}.", { n: Math.abs(end.points[end.winner]) })));
    } else {
      const base = end.points[end.winner] - (detail.adjust?.[end.winner] || 0);
      parts.push(calculation(kit, detail.total || base, detail.steps || [], base));
    }
  }
  (detail.adjust || []).forEach((delta, seat) => {
    if (delta) parts.push(h("p", { class: "kk-calc-note" }, t("Table rule for {who}: {delta}", { who: seatWord(kit, obs, seat), delta: delta > 0 ? `+${delta}` : delta })));
  });
  const rows = [obs.seat, 1 - obs.seat].map((seat) => h("tr", {},
    h("th", { scope: "row" }, seatWord(kit, obs, seat)),
    h("td", { class: "num" }, (end.points[seat] > 0 ? "+" : "") + end.points[seat]),
    h("td", { class: "num" }, String(end.scores[seat]))));
  return [
    h("h2", { id: "kk-summary-title" }, t("Round {r}", { r: end.round }), " — ",
      who ? t("{who} won ({reason})", { who, reason }) : t("A draw ({reason})", { reason })),
    ...parts,
    h("table", { class: "kk-summary" },
      h("thead", {}, h("tr", {}, h("td", {}), h("th", { scope: "col" }, t("Points")), h("th", { scope: "col" }, t("Score")))),
      h("tbody", {}, rows)),
  ];
}

/** The game's summary (after the last round): every round with its winner, yaku and points. */
function gamePart(kit, obs, payload) {
  const { h, t, ctx } = kit;
  const result = payload.result || {};
  const rounds = result.rounds || [];
  const winner = result.winner;
  const title = winner === null || winner === undefined ? t("The game ends in a draw")
    : winner === obs.seat ? t("You win the game") : t("The opponent wins the game");
  return [
    h("h2", { class: "kk-game-title" }, title),
    h("table", { class: "kk-summary kk-game-table" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("Round")), h("th", { scope: "col" }, t("Yaku")),
        h("th", { scope: "col", class: "num" }, t("You")), h("th", { scope: "col", class: "num" }, t("Opponent")))),
      h("tbody", {}, rounds.map((r, i) => {
        const seat = r.winner;
        const names = seat === null || seat === undefined ? t("nobody")
          : `${seatWord(kit, obs, seat)}: ${r.yaku[seat].map((y) => ctx.gt(y)).join(t(", ")) || "—"}`;
        return h("tr", {},
          h("td", { class: "num" }, String(i + 1)),
          h("td", {}, names),
          h("td", { class: "num" }, String(r.points[obs.seat])),
          h("td", { class: "num" }, String(r.points[1 - obs.seat])));
      })),
      h("tfoot", {}, h("tr", {}, h("th", { scope: "row", colspan: "2" }, t("Score")),
        h("td", { class: "num" }, String((result.scores || obs.scores)[obs.seat])),
        h("td", { class: "num" }, String((result.scores || obs.scores)[1 - obs.seat]))))),
  ];
}

/** The summary dialog's content for the last round_end of the payload, or null. */
export function summaryContent(kit, { obs, payload, close }) {
  const ends = payload.events.filter((e) => e.type === "round_end");
  const end = ends[ends.length - 1];
  if (!end) return null;
  const start = payload.events.lastIndexOf(end);
  const before = payload.events.slice(0, start);
  const roundStart = before.map((e) => e.type).lastIndexOf("new_round");
  const events = before.slice(roundStart + 1);
  const over = payload.events.some((e) => e.type === "game_over");
  return [
    ...roundPart(kit, obs, end, events),
    ...(over ? gamePart(kit, obs, payload) : []),
    h2row(kit, over, close),
  ];
}

function h2row(kit, over, close) {
  const { h, t } = kit;
  return h("div", { class: "kk-choices one" },
    h("button", { type: "button", class: "primary kk-continue", autofocus: true, onclick: close },
      over ? t("See the table") : t("Next round")));
}
