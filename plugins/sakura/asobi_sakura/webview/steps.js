// The story of a round, step by step, and the player that tells it without falling behind.
//
// A *scene* is what the table shows: positions, tokens, the round's cards and their statuses.
// It is made from an observation (sceneOf) and moved on by the game's events (advance), so the
// screen can walk from one payload's state to the next. The player plays queued batches of
// events in order, then settles on the batch's payload, which is the truth: whatever the events
// said, the scene at the end of a batch is the observation's.

export const TOLD = ["reveal", "resolve", "emperor", "painter", "bump", "choice", "tree", "regroup"];

/** How long each kind of step holds the screen, in units of the step time. */
const WEIGHT = { reveal: 0.6, resolve: 0.6, emperor: 1, painter: 1, bump: 1.2, tree: 1.4, regroup: 1, choice: 0.3 };
const STEP_MS = 320;
/** The longest the steps of one batch may take (a round at most). */
const BUDGET_MS = 2400;

export function sceneOf(obs) {
  return {
    round: obs.plays.length ? obs.plays_round : obs.round,
    emperor: obs.emperor,
    painters: [...obs.painters],
    tokens: [...obs.tokens],
    bumps: [...obs.bumps],
    scored: [...obs.scored],
    supply: obs.supply,
    plays: obs.plays.map((p) => ({ number: p.card.number, painter: p.painter, status: p.status })),
    lines: [],
  };
}

/** Move `scene` on by one event; returns the line to tell (or null). */
export function advance(scene, e, tell) {
  switch (e.type) {
    case "reveal":
      scene.round = e.round;
      scene.plays = e.cards.map((c) => ({ number: c.card, painter: c.painter, status: "waiting" }))
        .sort((a, b) => a.number - b.number);
      scene.lines = [];
      break;
    case "resolve":
      for (const play of scene.plays) {
        if (play.status === "current") play.status = "resolved";
        if (play.number === e.card) play.status = "current";
      }
      break;
    case "emperor":
      scene.emperor = e.to;
      break;
    case "painter":
      scene.painters[e.painter] = e.to;
      break;
    case "bump":
      scene.painters[e.painter] = e.to;
      scene.tokens[e.painter] -= e.tokens;
      scene.bumps[e.painter] += 1;
      scene.supply += e.tokens;
      break;
    case "tree":
      scene.scored[e.tree - 1] = true;
      e.points.forEach((n, p) => { scene.tokens[p] += n; scene.supply -= n; });
      for (const play of scene.plays) if (play.status === "waiting") play.status = "discarded";
      break;
    case "regroup":
      scene.painters = [...e.painters];
      break;
    default:
      break;
  }
  const line = tell(e);
  if (line) scene.lines.push({ text: line, kind: e.type });
  return line;
}

/** The words of an event, from the viewer's side. */
export function teller(ctx, names) {
  const t = ctx.gt;
  return (e) => {
    switch (e.type) {
      case "reveal": return t("Round {n}: the cards are revealed.", { n: e.round });
      case "resolve": return t("Card {n} ({who})", { n: e.card, who: names.painter(e.painter) });
      case "emperor": return t("The Emperor moves from {a} to {b}.", { a: e.from, b: e.to });
      case "painter":
        if (e.from === e.to) return null;
        return e.painter === names.seat()
          ? t("You move from {a} to {b}.", { a: e.from, b: e.to })
          : t("{who} moves from {a} to {b}.", { who: names.painter(e.painter), a: e.from, b: e.to });
      case "bump": {
        const who = names.painter(e.painter);
        if (e.tokens === 0) return t("{who} bumps into the Emperor, has no token to lose and goes back to {to}.", { who, to: e.to });
        return ctx.gtn("{who} bumps into the Emperor, loses {n} token and goes back to {to}.",
          "{who} bumps into the Emperor, loses {n} tokens and goes back to {to}.", e.tokens, { who, to: e.to });
      }
      case "choice": return t("{who} chooses {dir}.", { who: names.painter(e.seat), dir: t(e.direction) });
      case "tree": return t("A cherry tree scores!");
      case "regroup": return t("The painters line up behind the leader.");
      default: return null;
    }
  };
}

/**
 * Plays batches ({payload, events, animate, fresh}) in order. `begin(batch)` is told when a
 * batch starts, `show(event)` draws one step, `settle(payload)` draws a batch's end state. A
 * batch is played step by step only when `animate` is true, motion is full and no later batch
 * with steps of its own waits behind it (otherwise it is told at once: the older news is
 * skipped, the newest is played); a batch that spans rounds plays only its last one; its steps
 * shorten to fit BUDGET_MS. So the screen is never more than one batch's couple of seconds
 * behind the game. `idle()` is called when nothing is left to play.
 */
export function createPlayer({ show, settle, idle, reduced, begin = () => {} }) {
  const queue = [];
  let timer = null;
  let steps = null; // the steps of the batch being played: {e, due} (due: performance.now())
  let end = 0; // when the batch's last step has been seen long enough
  let batch = null;

  /** Whether a queued batch has steps of its own: then what plays now is already old. */
  const newer = () => queue.some((b) => b.events.length > 0);

  /** Each step's time on a clock: a late timer (a busy machine) shows the steps that are due
   * together, so a batch never takes much longer than BUDGET_MS. */
  function plan(events) {
    const total = events.reduce((n, e) => n + (WEIGHT[e.type] ?? 0), 0) * STEP_MS;
    const scale = Math.min(1, BUDGET_MS / Math.max(1, total));
    let at = performance.now();
    const planned = events.map((e) => {
      const step = { e, due: at };
      at += (WEIGHT[e.type] ?? 0) * STEP_MS * scale;
      return step;
    });
    end = at;
    return planned;
  }

  function finishBatch() {
    const done = batch;
    batch = null;
    steps = null;
    settle(done.payload);
  }

  function tick() {
    timer = null;
    if (steps && newer()) for (const step of steps.splice(0)) show(step.e); // news: catch up
    const now = performance.now();
    if (steps && steps.length) {
      while (steps.length && steps[0].due <= now) show(steps.shift().e);
      timer = setTimeout(tick, Math.max(0, (steps.length ? steps[0].due : end) - now));
      return;
    }
    if (steps && now < end && !newer()) {
      timer = setTimeout(tick, end - now);
      return;
    }
    if (batch) finishBatch();
    while (queue.length) {
      batch = queue.shift();
      begin(batch);
      const animate = batch.animate && !reduced() && !newer();
      if (animate && batch.events.length) {
        // a batch that spans rounds (a slow tab, a burst of moves) plays only its last round
        const last = batch.events.map((e) => e.type).lastIndexOf("reveal");
        const older = last > 0 ? batch.events.slice(0, last) : [];
        for (const e of older) show(e);
        steps = plan(batch.events.slice(older.length));
        tick();
        return;
      }
      for (const e of batch.events) show(e);
      finishBatch();
    }
    idle();
  }

  return {
    push(next) {
      queue.push(next);
      if (!timer && !batch) tick();
    },
    /** Tell everything queued at once (the player asked to skip, or a setting changed). */
    skip() {
      if (timer) clearTimeout(timer);
      timer = null;
      if (steps) for (const step of steps.splice(0)) show(step.e);
      if (batch) finishBatch();
      for (const b of queue.splice(0)) {
        begin(b);
        for (const e of b.events) show(e);
        settle(b.payload);
      }
      idle();
    },
    busy: () => Boolean(timer || batch || queue.length),
    destroy() {
      if (timer) clearTimeout(timer);
      timer = null;
      queue.length = 0;
    },
  };
}
