// Talking to the server. Errors come back as {error: message} with a 4xx status; a 409 also
// carries the seat's current "payload". Seat tokens travel only in the X-Asobi-Token header,
// never in a URL the server sees.
export class ApiError extends Error {
  constructor(status, message, body = null) {
    super(message);
    this.status = status;
    this.body = body; // the whole JSON answer, or null
  }

  /** The current payload a 409 (stale version) answer carries, if any. */
  get payload() {
    return this.body && typeof this.body === "object" ? this.body.payload ?? null : null;
  }
}

async function parse(res) {
  let body = null;
  try {
    body = await res.json();
  } catch {
    body = null;
  }
  if (!res.ok) throw new ApiError(res.status, (body && body.error) || res.statusText, body);
  return body;
}

function headersFor(token, extra) {
  const headers = { ...(extra || {}) };
  if (token) headers["X-Asobi-Token"] = token;
  return headers;
}

/** GET a JSON answer; `token` (a seat token) goes in the X-Asobi-Token header. */
export async function getJSON(url, token = null, extraHeaders = null) {
  return parse(await fetch(url, { headers: headersFor(token, extraHeaders), cache: "no-store" }));
}

/**
 * POST `data` as JSON. `options` is a seat token (string) or
 * {token, headers} where headers may hold X-Asobi-Club-Key or X-Asobi-Owner.
 */
export async function postJSON(url, data, options = {}) {
  const { token = null, headers = null } = typeof options === "string" ? { token: options } : options || {};
  const all = headersFor(token, headers);
  all["Content-Type"] = "application/json";
  return parse(await fetch(url, { method: "POST", headers: all, body: JSON.stringify(data) }));
}
