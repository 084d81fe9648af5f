// The seat chips of the game page: each seat's colour, name and (unless the game's view draws
// the scores itself) score; the seat to act and the seats nobody has joined yet stand out.
// On a phone the chips sit in the top bar and must fit it in every language at 2 to 6 seats:
// style.css gives each chip a short label ("You", "Seat 2") from three seats up and hides more
// as the seats grow; fitChips() switches to the short labels at two seats too when a full name
// does not fit. The full names stay for screen readers (tests/web/test_topbar_fit.py).
import { clear, h } from "./dom.js";
import { t } from "./i18n.js";

/**
 * Draw the chips of `payload` ({seats, seat, to_act, result}) in `container`. `seatName(n)`
 * names a seat; `scores` is false when the view shows them.
 */
export function drawChips(container, payload, seatName, scores) {
  clear(container);
  const shown = scores ? payload.result?.scores || [] : [];
  for (const seat of payload.seats) {
    const waiting = seat.kind === "human" && seat.claimed === false;
    const mine = seat.seat === payload.seat;
    const classes = ["chip", `seat-${seat.seat}`];
    if (payload.to_act.includes(seat.seat)) classes.push("acting");
    if (mine) classes.push("me");
    if (waiting) classes.push("unclaimed");
    container.append(h("span", { class: classes.join(" "), dataset: { seat: seat.seat },
      title: waiting ? t("Waiting for the player to join") : seatName(seat.seat) },
    h("span", { class: `seat-dot seat-${seat.seat}`, "aria-hidden": "true" }),
    h("span", { class: "chip-name" }, seatName(seat.seat)),
    h("span", { class: "chip-short", "aria-hidden": "true" },
      mine ? t("You") : t("Seat {n}", { n: seat.seat + 1 })),
    waiting ? h("span", { class: "chip-wait" }, t("not joined yet")) : null,
    shown.length ? h("b", {}, String(shown[seat.seat])) : null));
  }
  fitChips(container);
}

/** In the phone's bar, short labels when a full name shown there would be cut. */
export function fitChips(container) {
  container.classList.remove("short");
  if (!container.closest(".bar-slot")) return;
  const cut = [...container.querySelectorAll(".chip-name")].some((name) =>
    getComputedStyle(name).position !== "absolute" && name.scrollWidth > name.clientWidth + 1);
  container.classList.toggle("short", cut);
}
