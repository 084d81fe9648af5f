// A server-sent-events reader built on fetch(), so the seat token can travel in a header
// (EventSource can only put it in the URL). It reconnects by itself after an error or the end of
// the stream, asking for the changes since the version on screen, and stops for good on a
// refusal (400/403/404), when closed, when the stream ends after a payload of a finished
// game (the server closes those: nothing more will change), or when the server says that a
// newer page of the same seat took this one's place (a "replaced" event: the newest page wins,
// and this one waits until its player takes the seat back, instead of taking it back by itself).
import { ApiError } from "./api.js";

const RETRY_MS = 1000;
const RETRY_MAX_MS = 8000;

/**
 * A text/event-stream parser: feed it text as it arrives; it calls onData(text, event) with the
 * data of each complete event and its type ("message" unless an "event:" field named one).
 * Comment lines (":" pings) and other fields are skipped.
 */
export function eventParser(onData) {
  let buffer = "";
  let data = null;
  let event = "message";
  return (chunk) => {
    buffer += chunk;
    let start = 0;
    for (;;) {
      const match = /\r\n|\r|\n/.exec(buffer.slice(start));
      if (!match) break;
      // A lone CR at the very end may be the first half of a CRLF: wait for more text.
      if (match[0] === "\r" && start + match.index + 1 === buffer.length) break;
      const line = buffer.slice(start, start + match.index);
      start += match.index + match[0].length;
      if (line === "") {
        if (data !== null) onData(data, event);
        data = null;
        event = "message";
      } else if (!line.startsWith(":")) {
        const colon = line.indexOf(":");
        const field = colon === -1 ? line : line.slice(0, colon);
        let value = colon === -1 ? "" : line.slice(colon + 1);
        if (value.startsWith(" ")) value = value.slice(1);
        if (field === "data") data = data === null ? value : `${data}\n${value}`;
        else if (field === "event") event = value || "message";
        // "id" and "retry" are not needed by this client
      }
    }
    buffer = buffer.slice(start);
  };
}

/**
 * Follow `url()` (a function, so each reconnection can ask with a fresh since=) with `token`.
 * Callbacks: onMessage(object), onOpen(), onDrop() (connection lost, retrying), onFatal(ApiError),
 * onReplaced(object) (a newer page of the seat follows it now: this one stopped for good).
 * Returns {close()}.
 */
export function followStream(url, token, { onMessage, onOpen, onDrop, onFatal, onReplaced }) {
  const controller = new AbortController();
  let delay = RETRY_MS;
  let over = false; // the last payload was of a finished game
  let replaced = null; // what the server said when a newer page took this one's place

  const wait = (ms) => new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    controller.signal.addEventListener("abort", () => { clearTimeout(timer); resolve(); }, { once: true });
  });

  async function readOnce() {
    const res = await fetch(url(), {
      headers: { "X-Asobi-Token": token, Accept: "text/event-stream" },
      cache: "no-store",
      signal: controller.signal,
    });
    if (!res.ok) {
      let body = null;
      try { body = await res.json(); } catch { body = null; }
      throw new ApiError(res.status, (body && body.error) || res.statusText, body);
    }
    onOpen?.();
    delay = RETRY_MS;
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    const feed = eventParser((text, event) => {
      let message;
      try {
        message = JSON.parse(text);
      } catch {
        return; // not a payload: ignore it
      }
      if (event === "replaced") {
        replaced = message || {};
        return;
      }
      if (event !== "message") return;
      over = message?.finished === true;
      onMessage(message);
    });
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      feed(value);
    }
  }

  async function loop() {
    while (!controller.signal.aborted) {
      try {
        await readOnce();
        if (over) return; // the game is over and the server said all there was to say
        if (replaced) {
          onReplaced?.(replaced);
          return;
        }
      } catch (error) {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && [400, 403, 404].includes(error.status)) {
          onFatal?.(error);
          return;
        }
      }
      if (controller.signal.aborted) return;
      onDrop?.();
      await wait(delay);
      delay = Math.min(delay * 2, RETRY_MAX_MS);
    }
  }

  loop();
  return { close: () => controller.abort() };
}
