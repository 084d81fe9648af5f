// Talking to the server. Errors come back as {error: message} with a 4xx status.
export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

async function parse(res) {
  let body = null;
  try {
    body = await res.json();
  } catch {
    body = null;
  }
  if (!res.ok) throw new ApiError(res.status, (body && body.error) || res.statusText);
  return body;
}

export async function getJSON(url, token) {
  const headers = token ? { "X-Asobi-Token": token } : {};
  return parse(await fetch(url, { headers }));
}

export async function postJSON(url, data, token) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers["X-Asobi-Token"] = token;
  return parse(await fetch(url, { method: "POST", headers, body: JSON.stringify(data) }));
}

// Games this browser has joined, so they can be resumed from the lobby.
const SAVED = "asobi.games";

export function savedGames() {
  try {
    return JSON.parse(localStorage.getItem(SAVED) || "[]");
  } catch {
    return [];
  }
}

export function rememberGame(entry) {
  const list = savedGames().filter((g) => !(g.id === entry.id && g.token === entry.token));
  list.unshift({ ...entry, at: Date.now() });
  localStorage.setItem(SAVED, JSON.stringify(list.slice(0, 30)));
}

export function forgetGame(id, token) {
  const list = savedGames().filter((g) => !(g.id === id && g.token === token));
  localStorage.setItem(SAVED, JSON.stringify(list));
}
