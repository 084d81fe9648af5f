// The Koi-Koi part of the rules page: the variant's yaku with their cards and points, and a
// browser of the 48 cards (drawn in the deck the player chose).
import { CARDS, monthOf, PLANTS } from "./cards.js";
import { yakuPool } from "./table.js";

/** Extra for the rules page: the variant's yaku table with cards, and the 48 cards. */
export function rulesPage(container, data, ctx, kit) {
  const { h } = ctx;
  const t = ctx.gt;
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
      h("th", { scope: "row" }, ctx.gt(y.title)),
      h("td", { class: "num" }, points),
      h("td", {}, count < pool.length ? h("span", { class: "kk-need" }, t("{n} of:", { n: count })) : null,
        h("span", { class: "kk-table-cards" }, shown.map((c) => kit.card(c, { extra: "micro" })), pool.length > shown.length ? "…" : null)));
  });
  container.append(
    h("h2", {}, t("Yaku of this variant")),
    h("div", { class: "kk-scroll" }, h("table", { class: "kk-yaku-table" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("Yaku")), h("th", { scope: "col" }, t("Points")), h("th", { scope: "col" }, t("Cards")))),
      h("tbody", {}, rows))),
    h("details", { class: "kk-browser" }, h("summary", {}, t("The 48 cards")),
      h("div", { class: "kk-all" }, PLANTS.map((plant, i) => h("div", { class: "kk-month" },
        h("span", { class: "kk-month-name" }, `${i + 1}. ${ctx.gt(plant)}`),
        CARDS.filter((c) => monthOf(c) === i + 1).map((c) => kit.card(c, { extra: "mini" })))))));
}
