// What every part of the Koi-Koi view draws cards with: the card and back builders (classic or
// high-contrast deck) and the accessible names ("Pine with crane, bright").
import { backSVG, cardSVG, kindOf, monthOf } from "./cards.js";

const contrastDeck = (ctx) => ctx.settings?.deck === "contrast"
  || document.documentElement.classList.contains("deck-contrast");

/** Card builders and names in the player's language, shared by the view's parts; `name(id)`
 * is the card's name (view.js gives it). */
export function createKit(ctx, name) {
  // The accessible name: "Pine with crane, bright" (the sake cup may count as a plain too).
  const label = (id, sakePlain = false) => ctx.gt("{card}, {kind}", {
    card: name(id),
    kind: id === "chrysanthemum-sake" && sakePlain ? ctx.gt("animal and plain") : ctx.gt(kindOf(id)),
  });
  const kit = {
    ctx, h: ctx.h, t: ctx.gt, name, label, sakePlain: false,
    card(id, { button = false, aria = "", extra = "" } = {}) {
      const el = ctx.h(button ? "button" : "span", {
        class: `kk-card ${extra}`.trim(),
        type: button ? "button" : null,
        role: button ? null : "img",
        dataset: { card: id, month: monthOf(id) },
        "aria-label": aria || label(id, kit.sakePlain),
      });
      el.innerHTML = cardSVG(id, { contrast: contrastDeck(ctx) });
      return el;
    },
    back(extra = "") {
      const el = ctx.h("span", { class: `kk-card kk-back ${extra}`.trim(), "aria-hidden": "true" });
      el.innerHTML = backSVG();
      return el;
    },
  };
  return kit;
}

