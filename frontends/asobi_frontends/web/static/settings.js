// Per-browser settings (localStorage): language, contrast, grain, colour temperature, motion and
// the deck. Views read them as ctx.settings ({deck: "classic" | "contrast", ...}).
const KEY = "asobi.settings";
export const DECKS = ["classic", "contrast"];
export const DEFAULTS = {
  lang: "", contrast: 50, grain: 35, warmth: 50, reduceMotion: false, deck: "classic",
};

export function loadSettings() {
  let stored = {};
  try {
    stored = JSON.parse(localStorage.getItem(KEY) || "{}") || {};
  } catch {
    stored = {};
  }
  const settings = { ...DEFAULTS, ...stored };
  if (!DECKS.includes(settings.deck)) settings.deck = DEFAULTS.deck;
  return settings;
}

export function saveSettings(settings) {
  localStorage.setItem(KEY, JSON.stringify(settings));
}

const systemReduce = () => Boolean(window.matchMedia?.("(prefers-reduced-motion: reduce)").matches);

/** "reduced" when the player asked for reduced motion or the system prefers it, else "full". */
export function motion() {
  return document.documentElement.classList.contains("reduce-motion") ? "reduced" : "full";
}

/**
 * Turn the settings into CSS variables and classes on <html>. 50 is neutral for contrast and
 * colour temperature. The filters live on the #tint layer (backdrop-filter), not on the page,
 * so that nothing in the page loses `position: fixed` (a filter would make the page their
 * containing block).
 */
export function applySettings(settings) {
  const root = document.documentElement;
  const contrast = 0.7 + (settings.contrast / 100) * 0.6; // 0.7 .. 1.3
  root.style.setProperty("--contrast", contrast.toFixed(3));
  root.style.setProperty("--grain", (settings.grain / 100 * 0.28).toFixed(3));
  const warm = (settings.warmth - 50) / 50; // -1 cool .. +1 warm
  root.style.setProperty("--sepia", Math.max(0, warm * 0.55).toFixed(3));
  root.style.setProperty("--hue", `${Math.min(0, warm * 14).toFixed(1)}deg`);
  const tint = warm >= 0 ? `rgba(255, 136, 40, ${(warm * 0.13).toFixed(3)})`
    : `rgba(70, 140, 255, ${(-warm * 0.17).toFixed(3)})`;
  root.style.setProperty("--tint", tint);
  // the filters of #tint only off neutral (see style.css)
  root.classList.toggle("filtered", Number(settings.contrast) !== 50 || warm !== 0);
  root.classList.toggle("high-contrast", settings.contrast >= 85);
  root.classList.toggle("deck-contrast", settings.deck === "contrast");
  root.classList.toggle("reduce-motion", Boolean(settings.reduceMotion || systemReduce()));
}
