// The end of a game: the tokens of each seat tree by tree (they add up to the final score),
// and the figures the page keeps in its statistics (contract 7 of the web README).

/** The summary table: per seat, starting tokens + each tree's gains - bump losses = score. */
export function summaryNode(ctx, obs, names) {
  const { h } = ctx;
  const t = ctx.gt;
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
  return [
    h("h3", { id: "sk-summary-title" }, t("Tokens, tree by tree")),
    h("div", { class: "sk-tally-box" }, h("table", { class: "sk-table sk-tally", "aria-labelledby": "sk-summary-title" },
      h("thead", {}, h("tr", {}, h("td", {}, ""), seats.map((s) => h("th", { scope: "col", class: `num${s === obs.seat ? " me" : ""}` }, names.painter(s))))),
      h("tbody", {}, rows.map(([label, values, show], i) => h("tr", { class: i === rows.length - 1 ? "sk-total" : "" },
        h("th", { scope: "row" }, label), values.map((v) => h("td", { class: "num" }, show(v)))))))),
  ];
}

/**
 * What the viewer's seat did this game, for the page's statistics: trees won (first place
 * at a tree's scoring) and bumps into the Emperor. Keys are messages of Sakura's catalogue.
 */
export function tally(payload) {
  const obs = payload.observation;
  const seat = obs.seat;
  const t = (message) => message; // marks the keys as catalogue messages; the page translates
  const won = obs.rounds.filter((r) => r.winner === seat).length;
  return { [t("Trees won")]: won, [t("Bumps into the Emperor")]: obs.bumps[seat] ?? 0 };
}
