// The end of a game: the tokens of each seat tree by tree (they add up to the final score),
// and the figures the page keeps in its statistics (contract 7 of the web README).

/**
 * The end of a game, two ways (view.css shows one): on a wide screen a table, per seat,
 * starting tokens + each tree's gains - bump losses = score; on a phone (<= 600 px) the seats
 * ranked by score, each with its own sum on lines that wrap, so it fits any width, language
 * and number of seats.
 */
export function summaryNode(ctx, obs, names) {
  const { h } = ctx;
  const t = ctx.gt;
  const seats = [...Array(obs.players).keys()];
  const signed = (v) => (v > 0 ? `+${v}` : String(v));
  const gained = seats.map(() => obs.start_tokens);
  for (const r of obs.rounds) seats.forEach((s) => { gained[s] += r.points[s]; });
  const lost = seats.map((s) => obs.tokens[s] - gained[s]);
  const rows = [[t("Starting tokens"), seats.map(() => obs.start_tokens), String]];
  for (const r of obs.rounds) {
    rows.push([t("Tree {tree} (space {space})", { tree: r.tree, space: obs.trees[r.tree - 1] }), r.points, signed]);
  }
  rows.push([t("Lost in bumps"), lost, signed]);
  rows.push([t("Final score"), seats.map((s) => obs.tokens[s]), String]);
  const table = h("div", { class: "sk-tally-box" }, h("table", { class: "sk-table sk-tally", "aria-labelledby": "sk-summary-title" },
    h("thead", {}, h("tr", {}, h("td", {}, ""), seats.map((s) => h("th", { scope: "col", class: `num${s === obs.seat ? " me" : ""}` }, names.painter(s))))),
    h("tbody", {}, rows.map(([label, values, show], i) => h("tr", { class: i === rows.length - 1 ? "sk-total" : "" },
      h("th", { scope: "row" }, label), values.map((v) => h("td", { class: "num" }, show(v))))))));

  const ranked = [...seats].sort((a, b) => obs.tokens[b] - obs.tokens[a] || a - b);
  const place = (s) => 1 + seats.filter((o) => obs.tokens[o] > obs.tokens[s]).length;
  const term = (label, value) => h("span", { class: "sk-term" }, label, " ", h("b", {}, value));
  const ranking = h("ol", { class: "sk-ranking", "aria-labelledby": "sk-summary-title" }, ranked.map((s) => h("li", {
    class: `${place(s) === 1 ? "first" : ""}${s === obs.seat ? " me" : ""}`, dataset: { painter: s } },
  h("span", { class: "sk-place" }, `${place(s)}.`),
  h("span", { class: "sk-rank-name" }, h("span", { class: "sk-dot", style: `background:${names.colour(s)}`, "aria-hidden": "true" }), names.painter(s)),
  h("span", { class: "sk-rank-score" }, h("span", { class: "sr-only" }, `${t("Final score")} `), String(obs.tokens[s])),
  h("span", { class: "sk-terms" },
    term(t("Start"), String(obs.start_tokens)),
    ...obs.rounds.map((r) => term(t("Tree {tree}", { tree: r.tree }), signed(r.points[s]))),
    term(t("Bumps"), signed(lost[s]))))));
  return [h("h3", { id: "sk-summary-title" }, t("Tokens, tree by tree")), table, ranking];
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
