// "Give up my seat": only the person who holds a seat can let someone else have it. The server
// revokes this browser's token and answers a new invitation link for the seat, to send to
// whoever takes it over; the whole table sees the seat free again. The table's creator can
// invite again only a seat nobody holds.
import { postJSON } from "./api.js";
import { clear, h, toast } from "./dom.js";
import { t } from "./i18n.js";
import { linkField } from "./share.js";

/** The button and dialog of seat `seat`; `onGivenUp()` is told once the seat is given up. */
export function giveUpControl({ id, token, seat, onGivenUp }) {
  const n = seat + 1;
  const body = h("div", { class: "giveup-body" });
  const dialog = h("dialog", { class: "giveup-dialog", "aria-labelledby": "giveup-title" },
    h("div", { class: "dialog-inner" }, h("h2", { id: "giveup-title" }, t("Give up my seat")), body));
  const button = h("button", { type: "button", class: "ghost", id: "giveup-button",
    "aria-haspopup": "dialog", onclick: open }, t("Give up my seat"));

  function open() {
    clear(body).append(
      h("p", { class: "warning" },
        t("Someone else takes your seat with a new link: this page and your seat's link stop working, and everyone at the table sees that the seat is free.")),
      h("div", { class: "row end" },
        h("button", { type: "button", class: "primary confirm-giveup", onclick: send },
          t("Give up seat {n}", { n })),
        h("button", { type: "button", class: "ghost", onclick: () => dialog.close() }, t("Cancel"))));
    dialog.showModal();
    body.querySelector(".confirm-giveup").focus();
  }

  async function send() {
    for (const b of body.querySelectorAll("button")) b.disabled = true;
    try {
      const answer = await postJSON(`/api/play/${encodeURIComponent(id)}/invite`, { seat }, token);
      clear(body).append(
        h("p", { class: "new-link-note" },
          t("Your seat is free. Send this link to whoever takes it over: it works once.")),
        linkField(answer.link, t("Link for seat {n}", { n })),
        h("div", { class: "row end" },
          h("button", { type: "button", class: "primary", onclick: () => dialog.close() }, t("Close"))));
      onGivenUp?.();
      body.querySelector(".copy-link")?.focus();
    } catch (error) {
      dialog.close();
      toast(error.message, "error");
    }
  }

  return { button, dialog };
}
