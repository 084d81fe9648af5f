// The game page: fetches the seat's payload, follows its updates, mounts the game's view.
// Every move carries the version of the payload on screen; a stale move is answered 409 with
// the current payload, which is drawn instead.
import { ApiError, getJSON, postJSON } from "./api.js";
import { announce, clear, h, toast } from "./dom.js";
import { currentLang, gt, gtn, loadGameStrings, t } from "./i18n.js";
import * as generic from "./generic.js";
import { drawChips, fitChips } from "./chips.js";
import { seatLabel } from "./names.js";
import { dropToken, ownerKey, rememberGame } from "./saved.js";
import { motion } from "./settings.js";
import { recordGame } from "./stats.js";
import { followStream } from "./stream.js";
import { giveUpControl } from "./giveup.js";
import { tableControl } from "./table.js";

const RETRIES = 2; // a move lost on the network is sent again (the server ignores a repeat)
/** The longest the page waits for the animations of a view that does not say when its story
 * of a payload is over (see storyOver). */
const STORY_MS = 4000;

function closedPanel(main, title, text) {
  clear(main).append(h("section", { class: "panel narrow" },
    h("h1", { tabindex: "-1" }, title), h("p", {}, text),
    h("a", { href: "#/", class: "primary button", id: "back-to-lobby" }, t("Back to the lobby"))));
  main.querySelector("h1").focus({ preventScroll: true });
}

export async function showPlay(main, app, id, token) {
  const live = app.live;
  clear(main);
  const base = `/api/play/${encodeURIComponent(id)}`;
  let payload;
  try {
    payload = await getJSON(`${base}?since=-1&lang=${currentLang()}`, token);
  } catch (error) {
    if (!live()) return {};
    if (error instanceof ApiError && error.status === 403) {
      dropToken(id, token);
      closedPanel(main, t("This seat's link no longer works"),
        t("This seat was given up, so this link no longer works. If you should still play, ask whoever holds the new link."));
    } else {
      closedPanel(main, t("This game cannot be opened"), error.message);
    }
    return {};
  }
  const gameMeta = app.meta.games.find((g) => g.name === payload.game) || {};
  rememberGame({ id, token, game: payload.game, title: payload.title, seat: payload.seat });
  await loadGameStrings(payload.game);
  const module = await loadView(payload.game, gameMeta);
  if (!live()) return {}; // the person went elsewhere while the game loaded

  let current = null;
  let stream = null;
  let busy = false;
  let closed = false;
  let revoked = false;
  const owner = ownerKey(id);

  const logList = h("ol", { class: "log-list", "aria-label": t("Move log") });
  const viewRoot = h("div", { class: `view-root view-${payload.game}` });
  const hintButton = h("button", { type: "button", class: "ghost", id: "hint-button",
    "aria-keyshortcuts": "h", onclick: () => hint() }, t("Hint"), h("kbd", {}, "H"));
  const hintsOff = h("span", { class: "hints-off", id: "hints-off", hidden: true,
    title: t("The table was created with hints off, so nobody at it can ask for one.") },
  t("No hints at this table"));
  // The owner's Table control, when there is another person's seat to invite again.
  const others = payload.seats.some((s) => s.kind === "human" && s.seat !== payload.seat);
  const table = owner && others ? tableControl({
    id, owner, seatName,
    seats: () => current.seats.filter((s) => s.kind === "human")
      .map((s) => ({ seat: s.seat, claimed: s.claimed, mine: s.seat === current.seat })),
    onReinvited: (seat) => {
      const info = current.seats.find((s) => s.seat === seat);
      if (info) info.claimed = false;
      renderChips();
    },
  }) : null;
  // Only the holder of a seat can let someone else have it (a table of more than one person).
  const giveUp = others ? giveUpControl({ id, token, seat: payload.seat,
    onGivenUp: () => lose(new Error(t("Give up my seat"))) }) : null;
  const seatChips = h("div", { class: "seat-chips" });
  const head = h("div", { class: "play-head" },
    h("div", { class: "play-title" },
      h("h1", {}, payload.title), h("span", { class: "variant-name" }, payload.variant.title)),
    seatChips,
    h("div", { class: "play-tools" }, hintButton, hintsOff, table?.button, giveUp?.button,
      h("a", { class: "ghost button rules-link", href: `#/rules/${payload.game}/${payload.variant.name}`,
        target: "_blank" }, t("Rules")),
      h("button", { type: "button", class: "ghost", id: "log-toggle", "aria-expanded": "false",
        onclick: () => toggleLog() }, t("Log"))));
  const banner = h("div", { class: "result-banner", id: "result-banner", hidden: true, role: "status" });
  // The result can be put aside to look at the final table (on a phone it covers the top of
  // it), and brought back.
  let resultAside = false;
  const showResult = h("button", { type: "button", class: "primary small result-show", id: "result-show",
    hidden: true, "aria-controls": "result-banner", onclick: () => putResultAside(false) }, t("Show the result"));
  const notice = h("div", { class: "seat-notice", hidden: true, role: "alert" });
  main.append(h("section", { class: "play" }, head, notice, banner, showResult,
    h("div", { class: "play-body" }, viewRoot,
      h("aside", { class: "log", "aria-label": t("Move log"), tabindex: "0" }, h("h2", {}, t("Log")), logList,
        h("p", { class: "kept-note" },
          t("This game is kept on the server after every move, even if it restarts. To come back to it, open the lobby in this browser (Your games) or keep this page's address: it holds your seat, so share it with nobody."))))));
  if (table) main.append(table.dialog);
  if (giveUp) main.append(giveUp.dialog);

  const ctx = {
    h, t, lang: currentLang(), seat: payload.seat, game: payload.game,
    assets: `/assets/${payload.game}/`,
    gt: (message, params) => gt(payload.game, message, params),
    gtn: (singular, plural, n, params) => gtn(payload.game, singular, plural, n, params),
    act, hint, announce, toast,
    get settings() { return app.settings; },
    motion,
    replay: false,
    seatName,
  };
  let view = module.mount(viewRoot, ctx);
  main.classList.add("page-play");
  const phone = placeForPhone(head);

  function toggleLog() {
    const open = main.classList.toggle("show-log");
    document.getElementById("log-toggle")?.setAttribute("aria-expanded", String(open));
  }

  function seatName(seat) {
    const levelTitles = (app.meta.games.find((g) => g.name === payload.game) || {}).level_titles;
    return seatLabel(seat, current?.seats[seat], { mine: seat === current?.seat, levelTitles });
  }

  // One score on the screen: the chips leave it out when the view draws it (`showsScores`).
  function renderChips() {
    drawChips(seatChips, current, seatName, !module.showsScores);
  }

  function renderBanner() {
    if (!current.finished) {
      banner.hidden = showResult.hidden = true;
      return;
    }
    const result = current.result;
    const winner = result.winner;
    const text = winner === null || winner === undefined ? t("The game is over: a draw.")
      : winner === current.seat ? t("The game is over: you win!")
      : t("The game is over: {who} wins.", { who: seatName(winner) });
    clear(banner).append(h("strong", {}, text), " ",
      h("span", { class: "result-scores" }, result.scores.map((s, i) => `${seatName(i)}: ${s}`).join(" · ")),
      // a phone shows each seat's colour and score on one line (the names are in the bar)
      h("span", { class: "result-dots" }, result.scores.map((s, i) => h("span", { class: "result-dot" },
        h("span", { class: `seat-dot seat-${i}`, "aria-hidden": "true" }),
        h("span", { class: "sr-only" }, `${seatName(i)}: `), String(s)))), " ",
      h("button", { type: "button", class: "ghost small", onclick: download }, t("Download the record")),
      h("a", { class: "ghost small button", href: `#/replay/${encodeURIComponent(id)}`, id: "replay-link" }, t("Replay this game")),
      h("a", { class: "primary small button", href: "#/" }, t("New game")),
      h("button", { type: "button", class: "ghost result-hide", id: "result-hide",
        "aria-label": t("Hide the result"), title: t("Hide the result"),
        onclick: () => putResultAside(true) }, h("span", { "aria-hidden": "true" }, "×")));
    banner.hidden = resultAside;
    showResult.hidden = !resultAside;
  }

  function putResultAside(aside) {
    resultAside = aside;
    renderBanner();
    (aside ? showResult : document.getElementById("result-hide"))?.focus({ preventScroll: true });
  }

  const hintsAllowed = () => current?.hints !== false;

  function renderHints() {
    const allowed = hintsAllowed();
    hintButton.hidden = !allowed;
    hintsOff.hidden = allowed;
    hintButton.disabled = !current.legal.length;
  }

  const claimsOf = (p) => JSON.stringify(p.seats.map((s) => s.claimed ?? null));

  async function handle(next, { force = false } = {}) {
    if (closed || revoked) return;
    if (current && !force && (next.version < current.version
        || (next.version === current.version && next.since !== -1))) {
      // nothing new on the table, but a player may have joined since
      if (next.version === current.version && claimsOf(next) !== claimsOf(current)) {
        current = { ...current, seats: next.seats };
        renderChips();
      }
      return;
    }
    const wasFinished = current?.finished;
    current = next;
    for (const line of next.narration) logList.append(h("li", {}, line));
    while (logList.children.length > 150) logList.firstChild.remove();
    logList.parentElement.scrollTop = logList.parentElement.scrollHeight;
    renderChips();
    renderHints();
    const hadFocus = viewRoot.contains(document.activeElement);
    // Views may tell a payload's story over time (motion, steps): the result comes once the
    // table shows the moves that led to it, and focus is kept afterwards.
    await storyOver(view.update(next), viewRoot);
    if (current === next) renderBanner();
    // Each move of any seat is read out (the last few lines when many arrive at once).
    if (next.narration.length && next.since !== -1) announce(next.narration.slice(-6).join(" "));
    keepFocus(hadFocus);
    if (next.finished && wasFinished === false) {
      recordGame(next, module.tally ? safeTally(module, next) : {});
    }
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

  /** The seat was given to someone else (403): stop, say so, drop the dead token. */
  function lose(error) {
    if (revoked || closed) return;
    revoked = true;
    stream?.close();
    dropToken(id, token);
    main.classList.remove("offline");
    clear(notice).append(
      h("strong", {}, t("This seat's link no longer works")), " ",
      h("span", {}, t("This seat was given up, so this link no longer works. If you should still play, ask whoever holds the new link.")), " ",
      h("a", { href: "#/", class: "link", id: "back-to-lobby" }, t("Back to the lobby")));
    notice.hidden = false;
    notice.title = error.message; // the server's own words, for the curious
    for (const button of main.querySelectorAll(".play-body button, #hint-button")) button.disabled = true;
    if (table?.dialog.open) table.dialog.close();
    notice.querySelector("a").focus({ preventScroll: true });
  }

  const isDenied = (error) => error instanceof ApiError && error.status === 403;

  /** A 403 may be the seat's token (then the seat is lost) or a rule (no hints, record not
   * ready...): ask for the payload to tell them apart. True when the seat was lost. */
  async function lostSeat(error) {
    if (!isDenied(error)) return false;
    try {
      await getJSON(`${base}?since=${current.version}&lang=${currentLang()}`, token);
      return false;
    } catch (again) {
      if (isDenied(again)) {
        lose(again);
        return true;
      }
      return false;
    }
  }

  async function act(action) {
    if (busy || revoked || !current) return null;
    busy = true;
    const body = { action, version: current.version, since: current.version };
    try {
      for (let attempt = 0; ; attempt += 1) {
        try {
          const next = await postJSON(`${base}/act?lang=${currentLang()}`, body, token);
          handle(next);
          return next;
        } catch (error) {
          if (error instanceof ApiError || attempt >= RETRIES || closed) throw error;
          await new Promise((resolve) => setTimeout(resolve, 800 * (attempt + 1)));
        }
      }
    } catch (error) {
      if (await lostSeat(error)) return null;
      if (error instanceof ApiError && error.status === 409 && error.payload) {
        await handle(error.payload, { force: true });
        toast(error.message, "error");
        return null;
      }
      toast(error instanceof ApiError ? error.message : t("The server cannot be reached; try again."), "error");
      if (error instanceof ApiError && error.status === 400) refresh();
      return null;
    } finally {
      busy = false;
    }
  }

  async function hint() {
    if (!current?.legal.length || !hintsAllowed() || revoked) return null;
    try {
      const data = await getJSON(`${base}/hint?lang=${currentLang()}`, token);
      toast(t("Hint: {label} — {reason}", { label: data.label, reason: data.reason }), "hint", 7000);
      announce(t("Hint: {label} — {reason}", { label: data.label, reason: data.reason }));
      if (view.hint) view.hint(data);
      return data;
    } catch (error) {
      if (await lostSeat(error)) return null;
      if (isDenied(error) && current) {
        current = { ...current, hints: false }; // the table rule: no hints
        renderHints();
      }
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
      if (!(await lostSeat(error))) toast(error.message, "error");
    }
  }

  async function refresh() {
    try {
      const next = await getJSON(`${base}?since=${current.version}&lang=${currentLang()}`, token);
      await handle(next, { force: true });
    } catch (error) {
      if (isDenied(error)) lose(error);
    }
  }

  function listen() {
    stream?.close();
    stream = followStream(
      () => `${base}/stream?since=${current.version}&lang=${currentLang()}`, token, {
        onMessage: (next) => handle(next),
        onOpen: () => main.classList.remove("offline"),
        onDrop: () => { if (!closed) main.classList.add("offline"); },
        onFatal: (error) => {
          if (isDenied(error)) lose(error);
          else if (!closed) main.classList.add("offline");
        },
        onReplaced: (said) => { if (!closed && !revoked) elsewhere(said); },
      });
  }

  // The seat was opened in another tab or window, which now gets its updates: this page stops
  // following the table (it does not take the seat back by itself, or two tabs would take it
  // from each other for ever) until its player chooses to play here again.
  function elsewhere(said) {
    main.classList.remove("offline");
    const back = h("button", { type: "button", class: "primary", id: "play-here",
      onclick: () => {
        notice.hidden = true;
        for (const button of main.querySelectorAll(".play-body button, #hint-button")) button.disabled = false;
        refresh();
        listen();
      } }, t("Play here"));
    clear(notice).append(
      h("strong", {}, t("This seat is open in another tab or window")), " ",
      h("span", {}, t("That page follows the game now, so this one stopped. To play here instead, take the seat back.")), " ",
      back);
    notice.hidden = false;
    notice.title = said.error || "";
    for (const button of main.querySelectorAll(".play-body button, #hint-button")) button.disabled = true;
    back.focus({ preventScroll: true });
  }

  // Back on the tab after a while: fetch the table again (a player may have joined).
  const onVisible = () => { if (document.visibilityState === "visible" && !revoked) refresh(); };
  document.addEventListener("visibilitychange", onVisible);

  handle(payload, { force: true });
  listen();

  return {
    rulesHref: `#/rules/${payload.game}/${payload.variant.name}`,
    settingsChanged(settings) {
      if (view.settingsChanged) {
        view.settingsChanged(settings);
        return;
      }
      view.destroy?.(); // a view that cannot follow new settings is drawn again
      clear(viewRoot);
      view = module.mount(viewRoot, ctx);
      if (current) view.update(current);
    },
    destroy() {
      closed = true;
      phone.undo();
      stream?.close();
      document.removeEventListener("visibilitychange", onVisible);
      if (table?.dialog.open) table.dialog.close();
      if (view.destroy) view.destroy();
    },
    async relabel() {
      ctx.lang = currentLang();
      await loadGameStrings(payload.game);
      if (revoked) return;
      try {
        const next = await getJSON(`${base}?since=${current.version}&lang=${currentLang()}`, token);
        await handle(next, { force: true });
      } catch (error) {
        if (isDenied(error)) lose(error);
      }
      if (!revoked) listen();
    },
    key(event) {
      if ((event.key === "h" || event.key === "H") && !event.ctrlKey && !event.metaKey && !event.altKey) {
        if (!hintsAllowed() || revoked) return false; // hints are off at this table: H does nothing
        hint();
        return true;
      }
      if (revoked) return false;
      return view.key ? view.key(event) : false;
    },
  };
}

/** The game's own view module, or the generic view (told in a toast when the view fails). */
export async function loadView(game, gameMeta) {
  if (!gameMeta?.view) return generic;
  try {
    return await import(`/assets/${game}/view.js`);
  } catch (error) {
    console.error(error);
    toast(t("The game's view failed to load; showing the generic view."), "error");
    return generic;
  }
}

/**
 * When a view has finished telling a payload's story: the promise its `update` returned, or,
 * for a view that returns none, once the finite animations running in its root (CSS
 * transitions and animations, Web Animations) have ended, at most STORY_MS.
 */
export async function storyOver(returned, root) {
  if (returned && typeof returned.then === "function") {
    await returned;
    return;
  }
  const running = root.getAnimations({ subtree: true })
    .filter((a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity);
  if (!running.length) return;
  await Promise.race([Promise.all(running.map((a) => a.finished.catch(() => null))),
    new Promise((resolve) => { setTimeout(resolve, STORY_MS); })]);
}

function safeTally(module, payload) {
  try {
    const counts = module.tally(payload);
    return counts && typeof counts === "object" ? counts : {};
  } catch (error) {
    console.error(error);
    return {};
  }
}

/**
 * At phone widths (<= 600 px) the game's seat chips go to the top bar's slot and its tools to
 * the bar's menu, so the view gets the whole screen below one compact bar; they come back when
 * the window grows. Returns {undo()}.
 */
export function placeForPhone(head) {
  const chips = head.querySelector(".seat-chips");
  const tools = head.querySelector(".play-tools");
  const slot = document.getElementById("bar-slot");
  const extra = document.getElementById("nav-extra");
  const query = window.matchMedia("(max-width: 600px)");
  const place = () => {
    if (query.matches) {
      if (chips) slot.append(chips);
      if (tools) extra.append(tools);
    } else {
      if (chips) head.append(chips);
      if (tools) head.append(tools);
    }
    if (chips) fitChips(chips);
  };
  const fit = () => { if (chips && query.matches) fitChips(chips); };
  place();
  query.addEventListener("change", place);
  window.addEventListener("resize", fit);
  return {
    undo() {
      query.removeEventListener("change", place);
      window.removeEventListener("resize", fit);
      chips?.remove();
      tools?.remove();
    },
  };
}
