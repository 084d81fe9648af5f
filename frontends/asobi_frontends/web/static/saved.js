// What this browser keeps: the games it takes part in (localStorage), so they can be resumed
// from the lobby, and the club passphrase (sessionStorage, gone when the tab closes).
// An entry is {id, token, owner, game, title, seat, humans?, at}: `token` is this browser's OWN
// seat token (null for an organiser without a seat), `owner` the key that re-invites seats.
// Another seat's token is never stored here.
const SAVED = "asobi.games";
const CLUB = "asobi.clubKey";
const LIMIT = 30;

function read() {
  try {
    const list = JSON.parse(localStorage.getItem(SAVED) || "[]");
    return Array.isArray(list) ? list.filter((g) => g && typeof g.id === "string") : [];
  } catch {
    return [];
  }
}

function write(list) {
  localStorage.setItem(SAVED, JSON.stringify(list.slice(0, LIMIT)));
}

/** The saved games, newest first. Entries of the old format that held other seats' tokens
 * (marked mine: false) are dropped for good. */
export function savedGames() {
  const list = read();
  const clean = list.filter((g) => g.mine !== false).map(({ mine, ...rest }) => rest);
  if (clean.length !== list.length || list.some((g) => "mine" in g)) write(clean);
  return clean;
}

// The same seat of the same game (a newer token for a seat replaces the old, dead one), or an
// organiser's entry without a seat, which a seat token fills.
const sameSlot = (old, entry) => old.id === entry.id
  && (old.seat === entry.seat || !old.token || (!entry.token && entry.seat == null));

/** Add or update this browser's entry for a game (fields left undefined are kept). */
export function rememberGame(entry) {
  const list = savedGames();
  const index = list.findIndex((g) => sameSlot(g, entry));
  const old = index >= 0 ? list.splice(index, 1)[0] : {};
  const fresh = { ...old };
  for (const [key, value] of Object.entries(entry)) if (value !== undefined) fresh[key] = value;
  fresh.at = Date.now();
  list.unshift(fresh);
  write(list);
  return fresh;
}

/** Forget a game entirely (every entry of that id). */
export function forgetGame(id) {
  write(savedGames().filter((g) => g.id !== id));
}

/** The seat token no longer works (the seat was re-invited): drop it, keep the owner key. */
export function dropToken(id, token) {
  const list = [];
  for (const g of savedGames()) {
    if (g.id === id && g.token === token) {
      if (g.owner) list.push({ ...g, token: null, seat: null });
    } else {
      list.push(g);
    }
  }
  write(list);
}

/** This browser's own seat of a game, {seat, token}, or null. */
export function heldSeat(id) {
  const entry = savedGames().find((g) => g.id === id && g.token);
  return entry ? { seat: entry.seat, token: entry.token } : null;
}

/** The owner key of a game if this browser created it, else null. */
export function ownerKey(id) {
  return savedGames().find((g) => g.id === id && g.owner)?.owner || null;
}

export function savedEntry(id) {
  return savedGames().find((g) => g.id === id) || null;
}

export function clubKey() {
  try {
    return sessionStorage.getItem(CLUB) || "";
  } catch {
    return "";
  }
}

export function setClubKey(value) {
  try {
    if (value) sessionStorage.setItem(CLUB, value);
    else sessionStorage.removeItem(CLUB);
  } catch {
    // storage may be disabled: the field still works for this page
  }
}
