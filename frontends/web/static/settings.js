// Per-browser settings (localStorage): language, contrast, grain, colour temperature, motion.
const KEY = "asobi.settings";
export const DEFAULTS = { lang: "", contrast: 50, grain: 35, warmth: 50, reduceMotion: false };

export function loadSettings() {
  try {
    return { ...DEFAULTS, ...JSON.parse(localStorage.getItem(KEY) || "{}") };
  } catch {
    return { ...DEFAULTS };
  }
}

export function saveSettings(settings) {
  localStorage.setItem(KEY, JSON.stringify(settings));
}

/** Turn the sliders into CSS variables on <html>. 50 is neutral for contrast and warmth. */
export function applySettings(settings) {
  const root = document.documentElement;
  const contrast = 0.7 + (settings.contrast / 100) * 0.6; // 0.7 .. 1.3
  root.style.setProperty("--contrast", contrast.toFixed(3));
  root.style.setProperty("--grain", (settings.grain / 100 * 0.55).toFixed(3));
  const warm = (settings.warmth - 50) / 50; // -1 cool .. +1 warm
  const tint = warm >= 0 ? `rgba(255, 140, 40, ${(warm * 0.16).toFixed(3)})`
                         : `rgba(60, 130, 255, ${(-warm * 0.16).toFixed(3)})`;
  root.style.setProperty("--tint", tint);
  root.classList.toggle("high-contrast", settings.contrast >= 85);
  const systemReduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  root.classList.toggle("reduce-motion", Boolean(settings.reduceMotion || systemReduce));
}
