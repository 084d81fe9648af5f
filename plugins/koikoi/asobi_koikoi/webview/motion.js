// Motion that tells what happened between two payloads: the card played flies from the hand
// (yours, or the opponent's backs) to the board or onto the card it captures, the stock card
// turns over, captures slide to the pile. The table is drawn in its final state first; the
// motion only moves floating copies over it and hides the real cards until their copy lands,
// so once it ends (or is skipped by a click or a key) the table is exactly the payload.
import { backSVG, cardSVG } from "./cards.js";

const STEP_MS = 200;
const HURRIED_MS = 70;
const REDUCED_MS = 140;

/** The moves of one update, as steps of [card, from, to, {flip}] built from the events. */
export function plan(events, seat) {
  const steps = [];
  for (let i = 0; i < events.length; i += 1) {
    const e = events[i];
    const next = events[i + 1];
    if (e.type === "round_end" || e.type === "new_round") break;
    if (e.type === "play") {
      const from = e.seat === seat ? { hand: e.card } : { opponent: true };
      const to = next?.type === "capture" && next.card === e.card ? { onto: next.cards.find((c) => c !== e.card) }
        : next?.type === "choose" && next.card === e.card ? { spot: true } : { final: e.card };
      steps.push([{ card: e.card, from, to, flip: e.seat !== seat }]);
    } else if (e.type === "draw") {
      steps.push([{ card: e.card, from: { stock: true }, to: { spot: true }, flip: true }]);
      const to = next?.type === "capture" && next.card === e.card ? { onto: next.cards.find((c) => c !== e.card) }
        : next?.type === "choose" ? null : { final: e.card };
      if (to) steps.push([{ card: e.card, from: { at: true }, to }]);
    } else if (e.type === "capture") {
      steps.push(e.cards.map((card) => ({ card, from: { at: true }, to: { final: card }, owner: e.seat })));
    }
  }
  return steps;
}

/** Does an update continue the one on screen (so its events can be shown as motion)? */
export function continues(previous, next, replay) {
  if (!previous || previous.id !== next.id) return false;
  if (next.events.some((e) => e.type === "new_round" || e.type === "round_end")) return false;
  return replay ? next.version === previous.version + 1 : next.since === previous.version;
}

export function createMotion(root, { reduced }) {
  const layer = document.createElement("div");
  layer.className = "kk-fly";
  layer.setAttribute("aria-hidden", "true");
  document.body.append(layer);
  let running = null;

  const rectOf = (el) => {
    if (!el || !el.isConnected) return null;
    const r = el.getBoundingClientRect();
    return r.width && r.height ? { x: r.left, y: r.top, w: r.width, h: r.height } : null;
  };

  /** Where every drawn card is now (before the next payload is drawn). */
  function snapshot() {
    const where = new Map();
    for (const el of root.querySelectorAll("[data-place] [data-card]")) {
      const r = rectOf(el);
      if (r && !where.has(el.dataset.card)) where.set(el.dataset.card, r);
    }
    const anchors = {};
    for (const el of root.querySelectorAll("[data-anchor]")) {
      const r = rectOf(el);
      if (r) anchors[el.dataset.anchor] = r;
    }
    return { where, anchors };
  }

  function finalNode(card) {
    for (const el of root.querySelectorAll(`[data-place] [data-card="${card}"]`)) {
      if (rectOf(el)) return el;
    }
    return null;
  }

  function ghost(card, rect, faceDown) {
    const g = document.createElement("div");
    g.className = "kk-ghost";
    g.style.cssText = `left:${rect.x}px;top:${rect.y}px;width:${rect.w}px;height:${rect.h}px`;
    g.innerHTML = `<div class="kk-ghost-in${faceDown ? " down" : ""}"><div class="face">${cardSVG(card, { contrast: document.documentElement.classList.contains("deck-contrast") })}</div><div class="back">${backSVG()}</div></div>`;
    g.dataset.card = card;
    layer.append(g);
    return g;
  }

  function move(g, from, to, ms, flip) {
    const dx = to.x - from.x;
    const dy = to.y - from.y;
    const sx = to.w / from.w;
    const sy = to.h / from.h;
    g.style.transformOrigin = "0 0";
    const anims = [g.animate([{ transform: "translate(0,0) scale(1,1)" },
      { transform: `translate(${dx}px,${dy}px) scale(${sx},${sy})` }],
    { duration: ms, easing: "cubic-bezier(.3,.7,.3,1)", fill: "forwards" })];
    if (flip) {
      const inner = g.firstElementChild;
      inner.classList.remove("down");
      anims.push(inner.animate([{ transform: "rotateY(180deg)" }, { transform: "rotateY(0deg)" }],
        { duration: ms, easing: "ease-in-out", fill: "forwards" }));
    }
    return anims;
  }

  const offset = (r) => ({ x: r.x + r.w * 0.22, y: r.y + r.h * 0.18, w: r.w, h: r.h });

  /** Show the steps from the snapshot taken before drawing; resolves when done or skipped. */
  async function play(before, steps) {
    finish();
    if (!steps.length) return;
    const state = { anims: [], skipped: false, hurried: false, ghosts: new Map(), hidden: [] };
    state.done = new Promise((resolve) => { state.resolve = resolve; });
    running = state;
    root.dataset.motion = "running";
    const after = snapshot();
    const anchor = (name) => {
      const r = after.anchors[name] || before.anchors[name];
      if (!r || !name.startsWith("pile-")) return r;
      const h = Math.min(r.h, 48); // a pile summary is wide: a card shrinks into its middle
      return { x: r.x + r.w / 2 - h * 0.31, y: r.y + (r.h - h) / 2, w: h * 0.625, h };
    };
    const fast = reduced();
    // Hide the real cards that will arrive, and park copies of the ones that leave the board.
    for (const step of steps) {
      for (const m of step) {
        const el = finalNode(m.card);
        if (el && !el.classList.contains("kk-flying")) {
          el.classList.add("kk-flying");
          state.hidden.push(el);
        }
        if (m.from.at && !state.ghosts.has(m.card) && before.where.has(m.card)) {
          state.ghosts.set(m.card, { g: ghost(m.card, before.where.get(m.card), false), rect: before.where.get(m.card) });
        }
      }
    }
    const full = fast ? REDUCED_MS : Math.max(110, Math.min(STEP_MS, 1600 / steps.length));
    for (const step of steps) {
      if (state.skipped) break;
      const ms = state.hurried ? HURRIED_MS : full;
      const anims = [];
      for (const m of step) {
        let from = null;
        let entry = state.ghosts.get(m.card);
        if (m.from.hand) from = before.where.get(m.card);
        else if (m.from.opponent) from = anchor("opponent-hand");
        else if (m.from.stock) from = anchor("stock");
        else if (entry) from = entry.rect;
        let to = null;
        if (m.to.final) to = rectOf(finalNode(m.card)) || (m.owner !== undefined ? anchor(`pile-${m.owner}`) : null);
        else if (m.to.spot) to = anchor("spot");
        else if (m.to.onto) {
          const target = state.ghosts.get(m.to.onto)?.rect || before.where.get(m.to.onto);
          to = target ? offset(target) : null;
        }
        if (!from || !to) continue;
        if (!entry) {
          entry = { g: ghost(m.card, from, Boolean(m.flip) && !fast), rect: from };
          state.ghosts.set(m.card, entry);
        }
        const g = entry.g;
        if (fast) {
          g.style.cssText = `left:${to.x}px;top:${to.y}px;width:${to.w}px;height:${to.h}px`;
          anims.push(g.animate([{ opacity: 0 }, { opacity: 1 }], { duration: ms, fill: "forwards" }));
        } else {
          g.getAnimations().forEach((a) => { a.commitStyles?.(); a.cancel(); });
          g.style.cssText = `left:${from.x}px;top:${from.y}px;width:${from.w}px;height:${from.h}px`;
          g.style.transform = "";
          anims.push(...move(g, from, to, ms, m.flip));
        }
        entry.rect = to;
      }
      state.anims.push(...anims);
      await Promise.all(anims.map((a) => a.finished.catch(() => null)));
      // a card that reached its final place shows the real one
      for (const m of step) {
        if (m.to.final) reveal(state, m.card);
      }
    }
    end(state);
  }

  function reveal(state, card) {
    const entry = state.ghosts.get(card);
    if (entry) {
      entry.g.remove();
      state.ghosts.delete(card);
    }
    for (const el of state.hidden) if (el.dataset.card === card) el.classList.remove("kk-flying");
  }

  function end(state) {
    for (const { g } of state.ghosts.values()) g.remove();
    state.ghosts.clear();
    for (const el of state.hidden) el.classList.remove("kk-flying");
    state.hidden = [];
    if (running === state) {
      running = null;
      root.dataset.motion = "idle";
    }
    state.resolve?.();
  }

  /** The next payload is waiting: play what is left quickly; resolves when it has ended. */
  function hurry() {
    const state = running;
    if (!state) return Promise.resolve();
    state.hurried = true;
    for (const a of state.anims) if (a.playState === "running") a.playbackRate = 4;
    return state.done;
  }

  /** Skip to the end: the real table shows at once. */
  function finish() {
    const state = running;
    if (!state) return;
    state.skipped = true;
    for (const a of state.anims) a.finish?.();
    end(state);
  }

  const skip = () => { if (running) finish(); };
  root.addEventListener("pointerdown", skip, true);
  root.addEventListener("keydown", skip, true);
  root.dataset.motion = "idle";

  return {
    snapshot, play, finish, hurry,
    busy: () => Boolean(running),
    destroy() {
      finish();
      layer.remove();
      root.removeEventListener("pointerdown", skip, true);
      root.removeEventListener("keydown", skip, true);
    },
  };
}
