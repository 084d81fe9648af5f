// The web UI's strings: English in the code, translations fetched from /api/strings/<lang>.
const state = { lang: "en", web: {}, games: {} };

export async function loadLanguage(lang) {
  state.lang = lang;
  state.web = {};
  state.games = {};
  if (lang !== "en") {
    const res = await fetch(`/api/strings/${lang}`);
    if (res.ok) state.web = (await res.json()).web || {};
  }
  document.documentElement.lang = lang;
  translatePage(document);
}

export async function loadGameStrings(game) {
  if (state.lang === "en" || state.games[game]) return;
  const res = await fetch(`/api/strings/${state.lang}?game=${encodeURIComponent(game)}`);
  state.games[game] = res.ok ? (await res.json()).game || {} : {};
}

function fill(text, params) {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
}

/** A web UI string in the current language, with {placeholders} filled. */
export function t(message, params) {
  return fill(state.web[message] ?? message, params);
}

/** A game's own string (yaku titles, card names...) through the game's catalogue. */
export function gt(game, message, params) {
  const table = state.games[game] || {};
  return fill(table[message] ?? message, params);
}

export function currentLang() {
  return state.lang;
}

/** Translate every element marked data-t (its English text is the key). */
export function translatePage(root) {
  for (const el of root.querySelectorAll("[data-t]")) {
    const key = el.dataset.t;
    el.textContent = t(key);
  }
}
