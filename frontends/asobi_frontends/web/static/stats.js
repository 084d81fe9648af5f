// Statistics that stay in this browser (localStorage, never sent anywhere): games played, won
// and points, plus what the game's view counts (its `tally(payload)`: yaku made, trees won...),
// per game, variant and opponents' AI level. Shown in the lobby, with a way to clear them.
import { clear, h } from "./dom.js";
import { gt, loadGameStrings, t, tn } from "./i18n.js";

const KEY = "asobi.stats";
const SEEN_KEEP = 200; // ids of games already counted (a reloaded page must not count twice)
const TALLY_KEYS = 60; // different things one row may count

function read() {
  try {
    const data = JSON.parse(localStorage.getItem(KEY) || "{}");
    return {
      rows: data && typeof data.rows === "object" && data.rows ? data.rows : {},
      seen: Array.isArray(data?.seen) ? data.seen : [],
    };
  } catch {
    return { rows: {}, seen: [] };
  }
}

function write(data) {
  try {
    localStorage.setItem(KEY, JSON.stringify(data));
  } catch {
    // storage full or disabled: statistics are a nicety, the game goes on
  }
}

/** The opponents' AI levels of a payload's table ("people" when nobody is an AI). */
export function opponentsOf(payload) {
  const levels = payload.seats.filter((s) => s.kind !== "human" && s.seat !== payload.seat)
    .map((s) => String(s.level ?? s.kind));
  return levels.length ? [...new Set(levels)].sort().join("+") : "people";
}

/** Count one finished game seen from `payload.seat` (once per game id). */
export function recordGame(payload, tally = {}) {
  const data = read();
  const id = payload.id ? `${payload.id}:${payload.seat}` : null;
  if (id && data.seen.includes(id)) return false;
  const level = opponentsOf(payload);
  const key = [payload.game, payload.variant.name, level].join("|");
  const row = data.rows[key] || {
    game: payload.game, variant: payload.variant.name, level, played: 0, won: 0, points: 0, tally: {},
  };
  row.variantTitle = payload.variant.title;
  row.played += 1;
  if (payload.result?.winner === payload.seat) row.won += 1;
  row.points += Number(payload.result?.scores?.[payload.seat]) || 0;
  for (const [message, count] of Object.entries(tally || {})) {
    const n = Number(count);
    if (!Number.isFinite(n) || !n || typeof message !== "string" || message.length > 120) continue;
    if (!(message in row.tally) && Object.keys(row.tally).length >= TALLY_KEYS) continue;
    row.tally[message] = (row.tally[message] || 0) + n;
  }
  data.rows[key] = row;
  if (id) data.seen = [id, ...data.seen].slice(0, SEEN_KEEP);
  write(data);
  return true;
}

export function statRows() {
  return Object.values(read().rows);
}

export function clearStats() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing kept, nothing to clear
  }
}

function levelName(info, level) {
  if (level === "people") return t("People only");
  const titles = info?.level_titles || {};
  return level.split("+").map((one) => {
    const [name, budget] = one.split(":");
    const title = titles[name] || name;
    return budget ? `${title} (${budget} s)` : title;
  }).join(", ");
}

/** The lobby's statistics panel (null when nothing was played in this browser yet). */
export async function statsPanel(meta, onCleared) {
  const rows = statRows();
  if (!rows.length) return null;
  for (const game of new Set(rows.map((r) => r.game))) await loadGameStrings(game);
  const panel = h("section", { class: "panel stats", "aria-labelledby": "stats-title" });
  const confirm = h("div", { class: "row", hidden: true },
    h("span", { class: "warning" }, t("Clear the statistics of this browser?")),
    h("button", { type: "button", class: "primary small", id: "stats-clear-yes",
      onclick: () => { clearStats(); onCleared(); } }, t("Clear")),
    h("button", { type: "button", class: "ghost small",
      onclick: () => { confirm.hidden = true; ask.hidden = false; ask.focus(); } }, t("Cancel")));
  const ask = h("button", { type: "button", class: "ghost small", id: "stats-clear",
    onclick: () => { ask.hidden = true; confirm.hidden = false; confirm.querySelector("button").focus(); } },
  t("Clear statistics"));
  const list = h("ul", { class: "stats-list" }, rows
    .sort((a, b) => b.played - a.played)
    .map((row) => {
      const info = meta.games.find((g) => g.name === row.game);
      const variant = info?.variants.find((v) => v.name === row.variant);
      const tally = Object.entries(row.tally || {}).sort((a, b) => b[1] - a[1]);
      return h("li", { class: "stats-row", dataset: { game: row.game, variant: row.variant, level: row.level } },
        h("div", { class: "stats-head" },
          h("strong", {}, info?.title || row.game), " · ",
          h("span", {}, variant?.title || row.variantTitle || row.variant), " · ",
          h("span", { class: "muted" }, t("against {who}", { who: levelName(info, row.level) }))),
        h("div", { class: "stats-figures" },
          h("span", { class: "stat-played" }, tn("{n} game played", "{n} games played", row.played)),
          h("span", { class: "stat-won" }, tn("{n} won", "{n} won", row.won)),
          h("span", { class: "stat-points" }, tn("{n} point", "{n} points", row.points))),
        tally.length ? h("ul", { class: "stats-tally" }, tally.map(([message, n]) =>
          h("li", {}, `${gt(row.game, message)} × ${n}`))) : null);
    }));
  clear(panel).append(
    h("h2", { id: "stats-title" }, t("Your statistics")),
    h("p", { class: "muted small-print" }, t("Kept only in this browser.")),
    list, h("div", { class: "row" }, ask), confirm);
  return panel;
}
