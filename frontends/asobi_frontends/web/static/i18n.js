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

// Plural entries of a catalogue are objects of CLDR categories ({one, other, ...}); the category
// of a count comes from the browser's Intl.PluralRules. Portuguese follows pt-PT, where 0 takes
// the plural ("0 fichas"), as asobi.i18n does on the server.
const PLURAL_LOCALE = { pt: "pt-PT" };
const pluralRules = new Map();

function category(n) {
  const lang = PLURAL_LOCALE[state.lang] || state.lang;
  if (!pluralRules.has(lang)) pluralRules.set(lang, new Intl.PluralRules(lang));
  return pluralRules.get(lang).select(n);
}

function pick(entry, singular, plural, n) {
  if (entry && typeof entry === "object") return entry[category(n)] ?? entry.other ?? plural;
  if (typeof entry === "string") return entry; // a language without plural forms for it
  return n === 1 ? singular : plural; // English, the language of the message ids
}

function fill(text, params) {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
}

/** A web UI string in the current language, with {placeholders} filled. */
export function t(message, params) {
  const entry = state.web[message];
  return fill(typeof entry === "string" ? entry : message, params); // plural entries: tn
}

/** A counted UI string: tn(singular, plural, n, params), the count filling `{n}`. */
export function tn(singular, plural, n, params) {
  const entry = state.lang === "en" ? undefined : state.web[singular];
  return fill(pick(entry, singular, plural, n), { n, ...params });
}

/** A counted string of a game's own catalogue. */
export function gtn(game, singular, plural, n, params) {
  const entry = state.lang === "en" ? undefined : (state.games[game] || {})[singular];
  return fill(pick(entry, singular, plural, n), { n, ...params });
}

/** A game's own string (yaku titles, card names...) through the game's catalogue. */
export function gt(game, message, params) {
  const table = state.games[game] || {};
  const entry = table[message];
  return fill(typeof entry === "string" ? entry : message, params); // plural entries: gtn
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
  for (const el of root.querySelectorAll("[data-t-label]")) el.setAttribute("aria-label", t(el.dataset.tLabel));
}
