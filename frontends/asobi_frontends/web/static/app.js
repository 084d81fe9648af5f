// The page shell: settings, language, input mode, the top bar and a hash router (#/,
// #/play/ID/TOKEN, #/join/ID/CODE, #/table/ID, #/rules/GAME/VARIANT, #/replay, #/replay/ID).
import { loadLanguage, t, translatePage } from "./i18n.js";
import { applySettings, DEFAULTS, loadSettings, saveSettings } from "./settings.js";
import { showJoin } from "./join.js";
import { showLobby } from "./lobby.js";
import { notFound } from "./notfound.js";
import { showPlay } from "./play.js";
import { showReplay } from "./replay.js";
import { showRules } from "./rules.js";
import { savedEntry } from "./saved.js";
import { showTable } from "./table.js";

const app = {
  settings: loadSettings(),
  meta: null, // /api/games
  page: null, // the page object currently shown (may have destroy/refresh/key)
  live: () => true, // whether the route being opened is still the current one (see route)
  rerender: () => route(),
};

async function meta() {
  // Game summaries, variant titles and AI level names come in the page's language.
  const lang = app.settings.lang || "";
  if (!app.meta || app.metaLang !== lang) {
    const res = await fetch(lang ? `/api/games?lang=${encodeURIComponent(lang)}` : "/api/games");
    app.meta = await res.json();
    app.metaLang = lang;
  }
  return app.meta;
}

let routing = 0; // a newer route() makes the pages of older, unfinished ones stale

async function route() {
  const main = document.getElementById("main");
  const turn = ++routing;
  // Whether this route is still the one shown. A page reads app.live as it opens and asks it
  // after each wait (a request, a module), so that a late answer never draws over the page
  // the person went on to.
  const live = () => turn === routing;
  app.live = live;
  if (app.page?.destroy) app.page.destroy();
  app.page = null;
  main.classList.remove("offline", "show-log", "page-play");
  closeMenu();
  const parts = location.hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  const info = await meta();
  if (!live()) return;
  let page;
  if (parts[0] === "play" && parts.length >= 3) {
    page = await showPlay(main, app, parts[1], parts[2]);
  } else if (parts[0] === "join" && parts.length >= 3) {
    page = await showJoin(main, app, parts[1], parts[2]);
  } else if (parts[0] === "table" && parts.length >= 2) {
    page = await showTable(main, app, parts[1], savedEntry(parts[1]));
  } else if (parts[0] === "rules") {
    page = await showRules(main, app, info, parts[1], parts[2]);
  } else if (parts[0] === "replay") {
    page = await showReplay(main, app, parts[1]);
  } else if (!parts.length) {
    page = await showLobby(main, app, info);
  } else {
    page = notFound(main, t("There is no such page"),
      t("The address {address} does not lead to a page of asobi.", { address: location.hash }));
  }
  if (turn !== routing) {
    page?.destroy?.(); // another route took over while this one was loading
    return;
  }
  app.page = page;
  document.getElementById("nav-rules").href = app.page?.rulesHref || "#/rules";
}

function setupSettings(languages) {
  const dialog = document.getElementById("settings");
  const lang = document.getElementById("set-lang");
  lang.replaceChildren(...Object.entries(languages).map(([code, name]) => new Option(name, code)));
  const sliders = { contrast: "set-contrast", grain: "set-grain", warmth: "set-warmth" };
  const show = () => {
    lang.value = app.settings.lang;
    for (const [key, id] of Object.entries(sliders)) {
      const input = document.getElementById(id);
      input.value = app.settings[key];
      input.nextElementSibling.textContent = `${app.settings[key]}%`;
    }
    document.getElementById("set-motion").checked = app.settings.reduceMotion;
    document.getElementById("set-deck").value = app.settings.deck;
  };
  const commit = () => {
    saveSettings(app.settings);
    applySettings(app.settings);
    show();
    app.page?.settingsChanged?.(app.settings);
  };
  for (const [key, id] of Object.entries(sliders)) {
    document.getElementById(id).addEventListener("input", (e) => {
      app.settings[key] = Number(e.target.value);
      commit();
    });
  }
  document.getElementById("set-motion").addEventListener("change", (e) => {
    app.settings.reduceMotion = e.target.checked;
    commit();
  });
  document.getElementById("set-deck").addEventListener("change", (e) => {
    app.settings.deck = e.target.value;
    commit();
  });
  // The system's own reduced-motion preference may change while the page is open: apply it,
  // but save nothing (the player chose nothing, and another page may have saved meanwhile).
  window.matchMedia?.("(prefers-reduced-motion: reduce)").addEventListener?.("change", () => {
    applySettings(app.settings);
    app.page?.settingsChanged?.(app.settings);
  });
  lang.addEventListener("change", () => setLanguage(lang.value));
  document.getElementById("reset-settings").addEventListener("click", () => {
    const keep = app.settings.lang;
    app.settings = { ...DEFAULTS, lang: keep };
    commit();
  });
  document.getElementById("open-settings").addEventListener("click", () => {
    closeMenu();
    show();
    dialog.showModal();
  });
  app.openSettings = () => {
    show();
    dialog.showModal();
  };
}

export async function setLanguage(code) {
  app.settings.lang = code;
  saveSettings(app.settings);
  await loadLanguage(code);
  document.getElementById("set-lang").value = code;
  await meta(); // names of games, variants and AI levels in the new language
  if (app.page?.relabel) await app.page.relabel();
  else await route();
}
app.setLanguage = setLanguage;

// ------------------------------------------------------------------ the top bar
// At phone widths the bar is one row: the brand, the page's own slot (a game's seat chips)
// and a menu button that opens the navigation (and the game's tools, put in #nav-extra).
function closeMenu() {
  const bar = document.getElementById("topbar");
  bar.classList.remove("nav-open");
  document.getElementById("nav-toggle").setAttribute("aria-expanded", "false");
}

function setupBar() {
  const bar = document.getElementById("topbar");
  const toggle = document.getElementById("nav-toggle");
  toggle.addEventListener("click", () => {
    const open = !bar.classList.contains("nav-open");
    bar.classList.toggle("nav-open", open);
    toggle.setAttribute("aria-expanded", String(open));
    if (open) document.querySelector("#topnav a, #topnav button")?.focus();
  });
  document.addEventListener("click", (event) => {
    if (bar.classList.contains("nav-open") && !bar.contains(event.target)) closeMenu();
  });
  document.getElementById("topnav").addEventListener("click", (event) => {
    if (event.target.closest("a, button")) closeMenu(); // a choice made: the menu's job is done
  });
  // --bar: the height of the top bar, for views that lay out to fit the screen below it.
  const measure = () => document.documentElement.style.setProperty("--bar", `${bar.offsetHeight}px`);
  new ResizeObserver(measure).observe(bar);
  measure();
}

// The input mode: html.keyboard once a key is used, removed on a touch or pointer press; key
// badges and "(1-4)" hints are shown only under it.
function setupInputMode() {
  const root = document.documentElement;
  document.addEventListener("keydown", (event) => {
    if (event.key === "Tab" || event.key.length === 1 || event.key.startsWith("Arrow")
        || event.key === "Enter" || event.key === "Escape") root.classList.add("keyboard");
  }, true);
  document.addEventListener("pointerdown", () => root.classList.remove("keyboard"), true);
}

async function start() {
  applySettings(app.settings);
  setupInputMode();
  setupBar();
  const info = await meta();
  if (!app.settings.lang) {
    const browser = (navigator.language || "en").slice(0, 2);
    app.settings.lang = browser in info.languages ? browser : info.default_lang;
  }
  setupSettings(info.languages);
  await loadLanguage(app.settings.lang);
  translatePage(document);
  window.addEventListener("hashchange", route);
  document.addEventListener("keydown", (event) => {
    const dialogOpen = document.querySelector("dialog[open]");
    if (dialogOpen) return; // a modal dialog handles its own keys (Esc closes it)
    if (event.key === "Escape" && document.getElementById("topbar").classList.contains("nav-open")) {
      closeMenu();
      document.getElementById("nav-toggle").focus();
      return;
    }
    const tag = (event.target.tagName || "").toLowerCase();
    if (["input", "select", "textarea"].includes(tag)) return;
    if (app.page?.key && app.page.key(event)) event.preventDefault();
  });
  await route();
  document.title = `asobi — ${t("Traditional card and board games")}`;
}

start();
