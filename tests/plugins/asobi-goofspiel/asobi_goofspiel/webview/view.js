// Goofspiel in the browser: the prize, every player's unshown cards, and your bid.
// The contract (mount, update, key) is "The view.js contract" in frontends/asobi_frontends/web/README.md.

// The stylesheet is in before the module is (the page mounts a view once its import resolves):
// the table is never drawn without it.
await new Promise((resolve) => {
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = new URL("view.css", import.meta.url).href;
  link.addEventListener("load", resolve, { once: true });
  link.addEventListener("error", resolve, { once: true });
  document.head.append(link);
});

function cardRow(h, cards, extra = "") {
  if (!cards.length) return h("span", { class: "gs-none" }, "—");
  return cards.map((n) => h("span", { class: `gs-card ${extra}`.trim() }, String(n)));
}

function roundText(ctx, unit) {
  const { gt } = ctx;
  const bids = unit.bids.map((bid, seat) => `${ctx.seatName(seat)} ${bid}`).join(", ");
  const points = unit.winner === null ? 0 : unit.points[unit.winner];
  let outcome = gt("a tie: nobody takes it");
  if (unit.winner === ctx.seat) {
    outcome = gt("you take {points}", { points });
  } else if (unit.winner !== null) {
    outcome = gt("{who} takes {points}", { who: ctx.seatName(unit.winner), points });
  } else if (Math.max(...unit.points) > 0) {
    outcome = gt("a tie: the prize is shared");
  }
  return gt("prize {prize}, bids {bids}: {outcome}", { prize: unit.prize, bids, outcome });
}

export function mount(root, ctx) {
  const { h, gt } = ctx;
  const prize = h("div", { class: "gs-prize" });
  const deck = h("div", { class: "gs-deck" });
  const seats = h("tbody");
  const last = h("p", { class: "gs-last" });
  const prompt = h("p", { class: "gs-prompt", role: "status" });
  const hand = h("div", { class: "gs-hand", role: "group", "aria-label": gt("Your cards") });
  root.append(h("div", { class: "gs" },
    h("div", { class: "gs-top" }, prize, deck),
    h("table", { class: "gs-seats" }, h("thead", {}, h("tr", {},
      h("th", {}, gt("Player")), h("th", {}, gt("Score")), h("th", {}, gt("Cards not shown")),
      h("th", {}, ""))), seats),
    last, prompt, hand));
  let legal = [];
  let roundsSeen = null;

  function bid(card) {
    const choice = legal.find((c) => c.action.bid === card);
    if (choice) ctx.act(choice.action);
    return Boolean(choice);
  }

  return {
    update(payload) {
      const obs = payload.observation;
      legal = payload.legal;
      prize.replaceChildren(h("span", { class: "gs-label" }, gt("Prize")),
        obs.prize === null ? h("span", { class: "gs-none" }, "—")
          : h("span", { class: "gs-card gs-big" }, String(obs.prize)));
      deck.replaceChildren(h("span", { class: "gs-label" }, gt("Prizes face down")),
        h("div", { class: "gs-row" }, cardRow(h, obs.prizes_left, "gs-small")));
      seats.replaceChildren(...obs.unshown.map((cards, seat) => h("tr",
        { class: seat === obs.seat ? "gs-me" : null },
        h("th", {}, ctx.seatName(seat)), h("td", {}, String(obs.scores[seat])),
        h("td", {}, h("div", { class: "gs-row" }, cardRow(h, cards, "gs-small"))),
        h("td", {}, obs.face_down[seat] ? gt("a card face down")
          : obs.waiting.includes(seat) ? gt("choosing") : ""))));
      const rounds = obs.rounds;
      last.textContent = rounds.length
        ? gt("Last round: {text}", { text: roundText(ctx, rounds[rounds.length - 1]) }) : "";
      if (roundsSeen !== null && rounds.length > roundsSeen) ctx.announce(last.textContent);
      roundsSeen = rounds.length;
      prompt.textContent = payload.finished ? gt("The game is over.")
        : legal.length ? gt("Choose your bid for the prize {prize}.", { prize: obs.prize })
          : gt("Your bid: {card}. Waiting for the others.", { card: obs.bid });
      hand.replaceChildren(...obs.hand.map((card) => {
        const playable = legal.some((c) => c.action.bid === card);
        return h("button", {
          type: "button", class: "gs-card gs-button", disabled: !playable,
          "data-autofocus": playable && card === obs.hand[0] ? "" : null,
          "aria-label": gt("Bid {card}", { card }), onclick: () => bid(card),
        }, String(card));
      }));
    },
    key(event) {
      // A digit bids the card of that number (1 to 9), when it may be bid now.
      const n = Number(event.key);
      return Number.isInteger(n) && n >= 1 && n <= 9 && bid(n);
    },
  };
}
