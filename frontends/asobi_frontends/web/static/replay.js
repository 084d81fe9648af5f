// The replay viewer (#/replay, #/replay/ID): open a record (a file the player chooses, or a
// finished game of this server that this browser played) and step through it move by move,
// forwards and backwards, from any seat's point of view, or with every card shown when the
// game is over. The server replays the record for each step (POST /api/replay) and answers
// with a payload like a seat's (legal empty); the game's own view draws it with ctx.replay.
import { ApiError, getJSON, postJSON } from "./api.js";
import { announce, clear, h, toast } from "./dom.js";
import { currentLang, gt, gtn, loadGameStrings, t } from "./i18n.js";
import { notFound } from "./notfound.js";
import { seatLabel } from "./names.js";
import { loadView } from "./play.js";
import { clubKey, heldSeat, savedGames, setClubKey } from "./saved.js";
import { motion } from "./settings.js";

const MAX_BYTES = 64 * 1024; // the server reads bodies up to this size

/** Read a chosen file as a record object; a clear message when it is not one. */
async function readRecord(file) {
  if (file.size > MAX_BYTES - 1024) throw new Error(t("This file is too large to be a record."));
  const text = await file.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(t("This file is not a record: it is not JSON."));
  }
}

export async function showReplay(main, app, id) {
  const live = app.live;
  clear(main);
  if (id) {
    const held = heldSeat(id);
    if (!held) {
      return notFound(main, t("This game cannot be replayed here"),
        t("Only a browser that played this game can open its record. Ask a player for the record file."),
        [["#/replay", t("Replay a record")]]);
    }
    let record;
    try {
      record = await getJSON(`/api/play/${encodeURIComponent(id)}/record`, held.token);
    } catch (error) {
      if (!live()) return {};
      const text = error instanceof ApiError && error.body?.code === "not-over"
        ? t("The record of a game can be seen once the game is over.") : error.message;
      return notFound(main, t("This game cannot be replayed yet"), text,
        [[`#/play/${encodeURIComponent(id)}/${encodeURIComponent(held.token)}`, t("Back to the game")]]);
    }
    return live() ? viewer(main, app, record, held.seat) : {};
  }
  return chooser(main, app);
}

/** #/replay: choose a record file or one of this browser's games. */
function chooser(main, app) {
  const error = h("p", { class: "form-error", role: "alert", id: "replay-error" });
  let page = { rulesHref: "#/rules" };
  const input = h("input", { type: "file", id: "replay-file", accept: ".json,application/json",
    "aria-describedby": "replay-help",
    onchange: async () => {
      const file = input.files?.[0];
      if (!file) return;
      const live = app.live;
      try {
        const record = await readRecord(file);
        if (!live()) return;
        page = await viewer(main, app, record, 0, () => chooser(main, app));
        if (live()) app.page = page; // the viewer takes over this route
      } catch (problem) {
        error.textContent = problem.message;
      }
    } });
  const games = savedGames().filter((g) => g.token);
  const club = app.meta?.club_key_required
    ? h("label", { class: "club-key" }, h("span", {}, t("Club passphrase")),
      h("input", { type: "password", id: "replay-club-key", autocomplete: "off", value: clubKey(),
        oninput: (e) => setClubKey(e.target.value) }))
    : null;
  clear(main).append(h("section", { class: "panel narrow replay-chooser" },
    h("h1", { tabindex: "-1" }, t("Replay a game")),
    h("p", { id: "replay-help" }, t("Open a record (the file a finished game offers to download, or one a player sent you) and step through it move by move.")),
    club,
    h("label", { class: "file-pick" }, h("span", {}, t("Record file")), input),
    error,
    games.length ? [h("h2", {}, t("Games of this browser")),
      h("ul", { class: "saved-list" }, games.map((g) => h("li", {},
        h("a", { class: "link", href: `#/replay/${encodeURIComponent(g.id)}` },
          `${g.title || g.game} · ${new Date(g.at).toLocaleString()}`))))] : null));
  return page;
}

async function viewer(main, app, record, startSeat, back = null) {
  const live = app.live;
  const state = { step: 0, steps: 0, seat: startSeat || 0, reveal: false, payload: null };
  let wanted = null;
  let busy = false;
  let view = null;
  let module = null;
  let closed = false;

  async function fetchStep(step) {
    // A club server replays records for its members only: the passphrase goes along.
    const key = clubKey();
    return postJSON(`/api/replay?lang=${currentLang()}`,
      { record, step, seat: state.seat, reveal: state.reveal },
      { headers: key ? { "X-Asobi-Club-Key": encodeURIComponent(key) } : null });
  }

  let first;
  try {
    first = await fetchStep(0);
  } catch (error) {
    if (!live()) return {};
    const page = notFound(main, t("This record cannot be replayed"), error.message,
      [["#/replay", t("Replay a record")]]);
    if (back) main.querySelector("a[href='#/replay']")?.addEventListener("click", (e) => { e.preventDefault(); back(); });
    return page;
  }
  const gameMeta = app.meta.games.find((g) => g.name === first.game) || {};
  await loadGameStrings(first.game);
  module = await loadView(first.game, gameMeta);
  if (!live()) return {}; // the person went elsewhere while the record loaded
  state.steps = first.replay.steps;
  if (state.seat >= first.seats.length) state.seat = 0;

  const seatName = (seat) => seatLabel(seat, state.payload?.seats[seat] || first.seats[seat],
    { levelTitles: gameMeta.level_titles });

  clear(main);
  const counter = h("span", { class: "replay-counter", id: "replay-counter", "aria-live": "off" });
  const slider = h("input", { type: "range", id: "replay-slider", min: 0, max: state.steps, value: 0,
    "aria-label": t("Move"), oninput: (e) => go(Number(e.target.value)) });
  const button = (idText, label, glyph, key, onclick) => h("button", {
    type: "button", class: "ghost", id: idText, "aria-label": label, title: label,
    "aria-keyshortcuts": key, onclick,
  }, h("span", { "aria-hidden": "true" }, glyph));
  const firstButton = button("replay-first", t("First move"), "|◀", "Home", () => go(0));
  const prevButton = button("replay-prev", t("Previous move"), "◀", "ArrowLeft", () => go(state.step - 1));
  const nextButton = button("replay-next", t("Next move"), "▶", "ArrowRight", () => go(state.step + 1));
  const lastButton = button("replay-last", t("Last move"), "▶|", "End", () => go(state.steps));
  const seatSelect = h("select", { id: "replay-seat", "aria-label": t("Seen by"),
    onchange: (e) => { state.seat = Number(e.target.value); go(state.step, true); } },
  first.seats.map((s) => {
    const option = new Option(seatName(s.seat), String(s.seat));
    option.selected = s.seat === state.seat;
    return option;
  }));
  const revealBox = h("input", { type: "checkbox", id: "replay-reveal",
    disabled: !first.replay.can_reveal,
    onchange: (e) => { state.reveal = e.target.checked; go(state.step, true); } });
  const revealLabel = h("label", { class: "check replay-reveal",
    title: first.replay.can_reveal ? null : t("Every card can be shown only for a finished game whose game can reveal its hands.") },
  revealBox, " ", t("Show every card"));
  const logList = h("ol", { class: "log-list", "aria-label": t("Move log") });
  const viewRoot = h("div", { class: `view-root view-${first.game} replaying` });
  const status = h("p", { class: "replay-status", id: "replay-status" });
  main.append(h("section", { class: "play replay" },
    h("div", { class: "play-head" },
      h("div", { class: "play-title" },
        h("h1", {}, t("Replay: {title}", { title: first.title })),
        h("span", { class: "variant-name" }, first.variant.title)),
      h("div", { class: "replay-controls", role: "group", "aria-label": t("Replay controls") },
        firstButton, prevButton, counter, nextButton, lastButton, slider),
      h("div", { class: "play-tools" },
        h("label", { class: "replay-seat" }, h("span", {}, t("Seen by")), seatSelect), revealLabel,
        back ? h("button", { type: "button", class: "ghost", onclick: back }, t("Another record")) : null,
        h("button", { type: "button", class: "ghost", id: "log-toggle", "aria-expanded": "false",
          onclick: () => {
            const open = main.classList.toggle("show-log");
            document.getElementById("log-toggle").setAttribute("aria-expanded", String(open));
          } }, t("Log")))),
    status,
    h("div", { class: "play-body" }, viewRoot,
      h("aside", { class: "log", "aria-label": t("Move log"), tabindex: "0" }, h("h2", {}, t("Log")), logList))));
  main.querySelectorAll(".play-head h1").forEach((el) => el.setAttribute("tabindex", "-1"));

  const ctx = {
    h, t, lang: currentLang(), seat: state.seat, game: first.game, assets: `/assets/${first.game}/`,
    gt: (message, params) => gt(first.game, message, params),
    gtn: (singular, plural, n, params) => gtn(first.game, singular, plural, n, params),
    act: async () => null, // a replay is not played
    hint: async () => null,
    announce, toast,
    get settings() { return app.settings; },
    motion,
    replay: true,
    seatName,
  };

  function mountView() {
    view?.destroy?.();
    clear(viewRoot);
    ctx.seat = state.seat;
    view = module.mount(viewRoot, ctx);
  }

  async function draw(payload, remount) {
    state.payload = payload;
    state.step = payload.replay.step;
    if (remount || !view) mountView();
    counter.textContent = t("Move {n} of {total}", { n: state.step, total: state.steps });
    slider.value = String(state.step);
    firstButton.disabled = prevButton.disabled = state.step <= 0;
    nextButton.disabled = lastButton.disabled = state.step >= state.steps;
    const who = payload.finished
      ? (payload.result.winner === null || payload.result.winner === undefined
        ? t("The game is over: a draw.")
        : t("The game is over: {who} wins.", { who: seatName(payload.result.winner) }))
      : payload.to_act.length ? t("To play: {who}", { who: payload.to_act.map(seatName).join(", ") }) : "";
    status.textContent = [who, ...payload.replay.notes].filter(Boolean).join(" ");
    logList.replaceChildren(...payload.replay.log.map((line) => h("li", {}, line)));
    const log = logList.parentElement;
    log.scrollTop = log.scrollHeight;
    await view.update(payload);
    if (payload.narration.length) announce(payload.narration.join(" "));
  }

  /** Show step `step` (bounded); requests are made one at a time, the latest wish wins. */
  async function go(step, remount = false) {
    wanted = { step: Math.max(0, Math.min(state.steps, step)), remount: remount || wanted?.remount };
    if (busy) return;
    busy = true;
    try {
      while (wanted && !closed) {
        const { step: target, remount: again } = wanted;
        wanted = null;
        try {
          const payload = await fetchStep(target);
          if (!closed) await draw(payload, again);
        } catch (error) {
          toast(error.message, "error");
          if (error instanceof ApiError && error.body?.code === "not-over") {
            state.reveal = false;
            revealBox.checked = false;
          }
        }
      }
    } finally {
      busy = false;
    }
  }

  await draw(first, true);
  nextButton.focus({ preventScroll: true });
  return {
    rulesHref: `#/rules/${first.game}/${first.variant.name}`,
    destroy() {
      closed = true;
      view?.destroy?.();
    },
    settingsChanged(settings) {
      if (view?.settingsChanged) view.settingsChanged(settings);
      else go(state.step, true);
    },
    async relabel() {
      ctx.lang = currentLang();
      await loadGameStrings(first.game);
      await go(state.step, true);
    },
    key(event) {
      if (event.ctrlKey || event.metaKey || event.altKey) return false;
      const moves = { ArrowLeft: -1, ArrowRight: 1, PageUp: -10, PageDown: 10 };
      if (event.key in moves) {
        go(state.step + moves[event.key]);
        return true;
      }
      if (event.key === "Home") { go(0); return true; }
      if (event.key === "End") { go(state.steps); return true; }
      return false;
    },
  };
}
