// Sakura's action cards: the words of each half, the short marks a phone shows, and the card
// element with its accessible name. Every word comes from the game's catalogue (ctx.gt).

export function gardenText(ctx, card) {
  const t = ctx.gt;
  const n = card.move;
  switch (card.garden) {
    case "emperor-forward": return t("Emperor {n} forward", { n });
    case "emperor-back": return t("Emperor {n} back", { n });
    case "emperor-either": return t("Emperor {n} forward or back", { n });
    case "closest-back": return t("Closest painter {n} back", { n });
    case "furthest-forward": return t("Furthest painter {n} forward", { n });
    default: return card.garden;
  }
}

export function painterText(ctx, card) {
  const t = ctx.gt;
  const n = card.steps;
  switch (card.painter) {
    case "forward": return t("Your painter {n} forward", { n });
    case "either": return t("Your painter {n} forward or back", { n });
    case "jump": return t("Jump in front of the next painter");
    case "count": return t("1 forward per painter ahead of you");
    default: return card.painter;
  }
}

/** The whole card in words: what a screen reader says for it. */
export function cardLabel(ctx, card) {
  const t = ctx.gt;
  return t("Card {n}: {garden}; {painter}",
    { n: card.number, garden: gardenText(ctx, card), painter: painterText(ctx, card) });
}

const GARDEN_ICON = {
  "emperor-forward": "♛→", "emperor-back": "←♛", "emperor-either": "←♛→",
  "closest-back": "←●", "furthest-forward": "●→",
};
const PAINTER_ICON = { forward: "→", either: "↔", jump: "⤼", count: "⇢" };

/** The marks of a half as a phone shows them: a symbol and a signed count. */
function gardenMark(card) {
  const n = card.move;
  switch (card.garden) {
    case "emperor-forward": return `♛ +${n}`;
    case "emperor-back": return `♛ −${n}`;
    case "emperor-either": return `♛ ±${n}`;
    case "closest-back": return `◎ −${n}`;
    case "furthest-forward": return `◌ +${n}`;
    default: return "";
  }
}

function painterMark(card) {
  const n = card.steps;
  switch (card.painter) {
    case "forward": return `● +${n}`;
    case "either": return `● ±${n}`;
    case "jump": return "● ⤼";
    case "count": return "● ⇢";
    default: return "";
  }
}

/** A card: number, garden half (top), painter half (bottom). Decorative for assistive
 * technology: the control or group holding it carries the card's name (cardLabel). */
export function cardNode(ctx, card, extra = "") {
  const { h } = ctx;
  return h("div", { class: `sk-card ${extra}`.trim(), dataset: { number: card.number }, "aria-hidden": "true" },
    h("span", { class: "sk-number" }, String(card.number)),
    h("div", { class: `sk-half sk-half-garden g-${card.garden}` },
      h("span", { class: "sk-icon" }, GARDEN_ICON[card.garden] || ""),
      h("span", { class: "sk-words" }, gardenText(ctx, card)),
      h("span", { class: "sk-mark" }, gardenMark(card))),
    h("div", { class: `sk-half sk-half-painter p-${card.painter}` },
      h("span", { class: "sk-icon" }, PAINTER_ICON[card.painter] || ""),
      h("span", { class: "sk-words" }, painterText(ctx, card)),
      h("span", { class: "sk-mark" }, painterMark(card))));
}
