// The game page: fetches the seat's payload, listens for updates, mounts the game's view.
import { ApiError, getJSON, postJSON, rememberGame } from "./api.js";
import { announce, clear, h, toast } from "./dom.js";
import { currentLang, gt, loadGameStrings, t } from "./i18n.js";
import * as generic from "./generic.js";

export async function showPlay(main, app, id, token) {
  clear(main);
  const base = `/api/play/${encodeURIComponent(id)}`;
  let payload;
  try {
    payload = await getJSON(`${base}?since=-1&lang=${currentLang()}`, token);
  } catch (error) {
    main.append(h("section", { class: "panel" }, h("h1", {}, t("This game cannot be opened")),
      h("p", {}, error.message), h("a", { href: "#/", class: "link" }, t("Back to the lobby"))));
    return {};
  }
  const gameMeta = app.meta.games.find((g) => g.name === payload.game) || {};
  rememberGame({ id, token, game: payload.game, title: payload.title, seat: payload.seat });
  await loadGameStrings(payload.game);
  let module = generic;
  if (gameMeta.view) {
    try {
      module = await import(`/assets/${payload.game}/view.js`);
    } catch (error) {
      console.error(error);
      toast(t("The game's view failed to load; showing the generic view."), "error");
    }
  }

  let current = null;
  let source = null;
  let busy = false;
  let closed = false;

  const logList = h("ol", { class: "log-list", "aria-label": t("Move log") });
  const viewRoot = h("div", { class: `view-root view-${payload.game}` });
  const hintButton = h("button", { type: "button", class: "ghost", id: "hint-button",
    "aria-keyshortcuts": "h", onclick: () => hint() }, t("Hint"), h("kbd", {}, "H"));
  const seatChips = h("div", { class: "seat-chips" });
  const head = h("div", { class: "play-head" },
    h("div", { class: "play-title" },
      h("h1", {}, payload.title), h("span", { class: "variant-name" }, payload.variant.title)),
    seatChips,
    h("div", { class: "play-tools" }, hintButton,
      h("a", { class: "ghost button", href: `#/rules/${payload.game}/${payload.variant.name}`,
        target: "_blank" }, t("Rules")),
      h("button", { type: "button", class: "ghost", id: "log-toggle", onclick: () => main.classList.toggle("show-log") }, t("Log"))));
  const banner = h("div", { class: "result-banner", hidden: true, role: "status" });
  main.append(h("section", { class: "play" }, head, banner,
    h("div", { class: "play-body" }, viewRoot,
      h("aside", { class: "log", "aria-label": t("Move log") }, h("h2", {}, t("Log")), logList))));

  const ctx = {
    h, t, lang: currentLang(), seat: payload.seat, game: payload.game,
    assets: `/assets/${payload.game}/`,
    gt: (message, params) => gt(payload.game, message, params),
    act, hint, announce, toast,
    settings: app.settings,
    seatName,
  };
  const view = module.mount(viewRoot, ctx);

  function seatName(seat) {
    const info = current?.seats[seat];
    if (seat === current?.seat) return t("You");
    if (!info) return t("Seat {n}", { n: seat + 1 });
    if (info.kind === "human") return t("Player {n}", { n: seat + 1 });
    return t("AI {n} ({level})", { n: seat + 1, level: t(info.level) });
  }

  function renderChips() {
    clear(seatChips);
    const scores = current.result?.scores || [];
    for (const seat of current.seats) {
      const acting = current.to_act.includes(seat.seat);
      seatChips.append(h("span", { class: `chip seat-${seat.seat}${acting ? " acting" : ""}${seat.seat === current.seat ? " me" : ""}` },
        h("span", { class: `seat-dot seat-${seat.seat}`, "aria-hidden": "true" }),
        seatName(seat.seat),
        scores.length ? h("b", {}, String(scores[seat.seat])) : null));
    }
  }

  function renderBanner() {
    if (!current.finished) {
      banner.hidden = true;
      return;
    }
    const result = current.result;
    const winner = result.winner;
    const text = winner === null || winner === undefined ? t("The game is over: a draw.")
      : winner === current.seat ? t("The game is over: you win!")
      : t("The game is over: {who} wins.", { who: seatName(winner) });
    clear(banner).append(h("strong", {}, text), " ",
      h("span", {}, result.scores.map((s, i) => `${seatName(i)} ${s}`).join(" · ")), " ",
      h("button", { type: "button", class: "ghost small", onclick: download }, t("Download the record")),
      h("a", { class: "primary small button", href: "#/" }, t("New game")));
    banner.hidden = false;
  }

  async function handle(next, { force = false } = {}) {
    if (closed) return;
    if (current && next.version < current.version && !force) return;
    if (current && next.version === current.version && !force && next.since !== -1) return;
    current = next;
    for (const line of next.narration) logList.append(h("li", {}, line));
    while (logList.children.length > 150) logList.firstChild.remove();
    logList.parentElement.scrollTop = logList.parentElement.scrollHeight;
    renderChips();
    renderBanner();
    const hadFocus = viewRoot.contains(document.activeElement);
    await view.update(next); // views may draw asynchronously: focus is kept afterwards
    hintButton.disabled = !next.legal.length;
    if (next.narration.length) announce(next.narration.slice(-3).join(" "));
    keepFocus(hadFocus);
  }

  function keepFocus(hadFocus) {
    const active = document.activeElement;
    const lost = !active || active === document.body || !active.isConnected;
    if (!lost && !hadFocus) return;
    if (!lost && viewRoot.contains(active)) return;
    const target = viewRoot.querySelector("[data-autofocus]:not([disabled])")
      || viewRoot.querySelector("button:not([disabled]), [tabindex='0']");
    (target || document.getElementById("main")).focus({ preventScroll: true });
  }

  async function act(action) {
    if (busy) return null;
    busy = true;
    try {
      const next = await postJSON(`${base}/act?lang=${currentLang()}`,
        { action, since: current.version }, token);
      handle(next);
      return next;
    } catch (error) {
      toast(error.message, "error");
      if (error instanceof ApiError && error.status === 400) refresh();
      return null;
    } finally {
      busy = false;
    }
  }

  async function hint() {
    if (!current?.legal.length) return null;
    try {
      const data = await getJSON(`${base}/hint?lang=${currentLang()}`, token);
      toast(t("Hint: {label} — {reason}", { label: data.label, reason: data.reason }), "hint", 7000);
      announce(t("Hint: {label} — {reason}", { label: data.label, reason: data.reason }));
      if (view.hint) view.hint(data);
      return data;
    } catch (error) {
      toast(error.message, "error");
      return null;
    }
  }

  async function download() {
    try {
      const record = await getJSON(`${base}/record`, token);
      const blob = new Blob([JSON.stringify(record, null, 1)], { type: "application/json" });
      const link = h("a", { href: URL.createObjectURL(blob), download: `asobi-${id}.json` });
      link.click();
    } catch (error) {
      toast(error.message, "error");
    }
  }

  async function refresh() {
    const next = await getJSON(`${base}?since=${current.version}&lang=${currentLang()}`, token);
    handle(next, { force: true });
  }

  function listen() {
    if (source) source.close();
    source = new EventSource(`${base}/stream?token=${encodeURIComponent(token)}&lang=${currentLang()}&since=${current.version}`);
    source.onmessage = (event) => handle(JSON.parse(event.data));
    source.onerror = () => main.classList.add("offline");
    source.onopen = () => main.classList.remove("offline");
  }

  handle(payload, { force: true });
  listen();

  return {
    rulesHref: `#/rules/${payload.game}/${payload.variant.name}`,
    destroy() {
      closed = true;
      if (source) source.close();
      if (view.destroy) view.destroy();
    },
    async relabel() {
      ctx.lang = currentLang();
      await loadGameStrings(payload.game);
      const next = await getJSON(`${base}?since=${current.version}&lang=${currentLang()}`, token);
      handle(next, { force: true });
      listen();
    },
    key(event) {
      if (event.key === "h" || event.key === "H") {
        if (!event.ctrlKey && !event.metaKey && !event.altKey) {
          hint();
          return true;
        }
      }
      return view.key ? view.key(event) : false;
    },
  };
}
