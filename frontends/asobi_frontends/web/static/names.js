// How the page names a seat, the same way everywhere a person reads (chips, banners, the
// replay viewer) and the way the games' narration does: "Seat 2", counted from 1.
import { t } from "./i18n.js";

/** An AI level for people: its title in the player's language, and the think time if given. */
export function levelTitle(level, titles = {}) {
  const [name, budget] = String(level).split(":");
  const title = titles[name] || name;
  return budget ? `${title} (${budget} s)` : title;
}

/** `info` is the payload's seat entry ({kind, level}); `mine` when it is the viewer's seat. */
export function seatLabel(seat, info, { mine = false, levelTitles = {} } = {}) {
  const n = seat + 1;
  if (mine) return t("Seat {n} (you)", { n });
  if (!info || info.kind === "human") return t("Seat {n}", { n });
  return t("Seat {n} (AI, {level})", { n, level: levelTitle(info.level, levelTitles) });
}
