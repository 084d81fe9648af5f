// The generic view: any game without a browser view of its own, drawn from what every game
// provides. The seat's text view (`payload.text`: the game's asobi_render_text of the seat's
// observation, in the page's language), the legal actions as buttons labelled by
// asobi_describe_action, what the last move did (the payload's narration, from
// asobi_describe_event) and the scores of the result. The page reads the narration out in its
// live region; this view does not announce it again.

/** Rounds listed one by one in the score table; earlier ones are added up in one row. */
const ROUNDS_SHOWN = 5;
/** Lines of narration shown under "What happened", the latest (the page's log keeps them all). */
const NEWS_SHOWN = 4;

/** The seat's view as text: the server's rendering, or (a view that failed to load falls
 * back here, and its game's payloads carry no text) the observation as indented JSON, as
 * the core's default asobi_render_text draws it. */
function textOf(payload) {
  return typeof payload.text === "string" ? payload.text : JSON.stringify(payload.observation, null, 2);
}

function headerOf(h, t, payload, seat) {
  const label = seat === payload.seat ? t("You") : t("Seat {n}", { n: seat + 1 });
  return h("th", { scope: "col" },
    h("span", { class: `seat-dot seat-${seat}`, "aria-hidden": "true" }), " ", label);
}

function row(h, label, points, kind = "td") {
  return h("tr", {}, h("th", { scope: "row" }, label),
    points.map((p) => h(kind, {}, String(p))));
}

/** The table of scores: a row per settled round (the first ones added up once there are
 * many), what the rounds leave unexplained (house rules, penalties) and the totals. */
function scoreTable(h, t, payload) {
  const seats = payload.seats.map((s) => s.seat);
  const pointsOf = (round) => seats.map((s) => Number(round?.points?.[s]) || 0);
  const add = (rows) => seats.map((s) => rows.reduce((sum, points) => sum + points[s], 0));
  const rounds = (payload.result.rounds || []).map(pointsOf);
  const scores = seats.map((s) => Number(payload.result.scores?.[s]) || 0);
  const body = [];
  const hidden = Math.max(0, rounds.length - ROUNDS_SHOWN);
  if (hidden === 1) body.push(row(h, t("Round {n}", { n: 1 }), rounds[0]));
  if (hidden > 1) body.push(row(h, t("Rounds 1 to {n}", { n: hidden }), add(rounds.slice(0, hidden))));
  rounds.slice(hidden).forEach((points, i) => {
    body.push(row(h, t("Round {n}", { n: hidden + i + 1 }), points));
  });
  const told = add(rounds);
  const rest = seats.map((s) => scores[s] - told[s]);
  if (rest.some(Boolean)) body.push(row(h, t("Other points"), rest));
  return h("table", { class: "generic-scores" },
    h("thead", {}, h("tr", {}, h("td", {}), seats.map((s) => headerOf(h, t, payload, s)))),
    h("tbody", {}, body),
    h("tfoot", {}, row(h, t("Total"), scores)));
}

/** Every seat's hand, in the replay viewer's "Show every card" (`observation.revealed`). */
function revealedList(h, t, ctx, revealed) {
  return [h("h3", {}, t("Every hand")),
    h("dl", { class: "generic-revealed" }, Object.entries(revealed).map(([seat, cards]) => [
      h("dt", {}, ctx.seatName(Number(seat))),
      h("dd", {}, cards.map((card) => String(card)).join(", ") || "—")]))];
}

export function mount(root, ctx) {
  const { h, t } = ctx;
  const text = h("pre", { class: "generic-text" });
  const extra = h("div", {});
  const board = h("section", { class: "generic-board panel", "aria-labelledby": "generic-board-title" },
    h("h2", { id: "generic-board-title" }, t("What you see")), text, extra);
  const choicesTitle = h("h2", { id: "generic-choices-title" });
  const list = h("ol", { class: "choice-list" });
  const choices = h("section", { class: "generic-choices panel", "aria-labelledby": "generic-choices-title",
    hidden: ctx.replay }, choicesTitle, list);
  const newsList = h("ul", { class: "generic-news-list" });
  const news = h("section", { class: "generic-news panel", "aria-labelledby": "generic-news-title", hidden: true },
    h("h2", { id: "generic-news-title" }, t("What happened")), newsList);
  const scores = h("section", { class: "generic-score-panel panel", "aria-labelledby": "generic-scores-title" },
    h("h2", { id: "generic-scores-title" }, t("Scores")));
  const whole = h("div", { class: "generic" }, board, h("div", { class: "generic-side" }, choices, news, scores));
  root.append(whole);
  let legal = [];
  let told = []; // the lines under "What happened"
  let toldIn = ctx.lang;

  return {
    update(payload) {
      whole.dataset.version = String(payload.version);
      legal = payload.legal;
      text.textContent = textOf(payload);
      const revealed = payload.observation?.revealed;
      extra.replaceChildren(...(revealed && typeof revealed === "object" ? revealedList(h, t, ctx, revealed) : []));
      choicesTitle.textContent = legal.length ? t("Your choices")
        : payload.finished ? t("The game is over.") : t("Waiting for the other players…");
      list.replaceChildren(...legal.map((choice, i) => h("li", {},
        h("button", {
          type: "button", class: "choice", "data-autofocus": i === 0 ? "" : null,
          dataset: { key: choice.key },
          "aria-keyshortcuts": i < 9 ? String(i + 1) : null,
          onclick: () => ctx.act(choice.action),
        }, h("kbd", { "aria-hidden": "true" }, i < 9 ? String(i + 1) : ""), choice.label))));
      // In play, the last lines told, whichever payloads told them (a payload tells only the
      // moves after the one on screen), begun again when the page's language changes; in the
      // replay viewer, each step's own move.
      if (ctx.replay || ctx.lang !== toldIn) told = [];
      toldIn = ctx.lang;
      told = [...told, ...payload.narration].slice(-NEWS_SHOWN);
      newsList.replaceChildren(...told.map((line) => h("li", {}, line)));
      news.hidden = !told.length;
      scores.replaceChildren(scores.firstChild, scoreTable(h, t, payload));
    },
    key(event) {
      const n = Number(event.key);
      if (ctx.replay || !Number.isInteger(n) || n < 1 || n > 9 || n > legal.length) return false;
      ctx.act(legal[n - 1].action);
      return true;
    },
  };
}

/** The score table above draws every seat's score: the page's seat chips leave it out. */
export const showsScores = true;
