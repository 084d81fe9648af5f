// The table owner's control: the human seats of a game, each with "Invite again", which asks the
// server (with the owner key, header X-Asobi-Owner) for a new invitation link for that seat. The
// old link stops working. A seat a player holds is theirs: only they can give it up (giveup.js),
// so it has no "Invite again" (the server refuses it with 409 seat-held).
import { postJSON } from "./api.js";
import { clear, h, toast } from "./dom.js";
import { t } from "./i18n.js";
import { linkField } from "./share.js";

function statusOf(seat) {
  if (seat.mine) return t("your seat");
  if (seat.claimed === true) return t("joined");
  if (seat.claimed === false) return t("waiting for the player to join");
  return "";
}

/**
 * A list of the human seats. `seats()` gives [{seat, claimed, mine}], `seatName(n)` a name;
 * `onReinvited(seat)` is told after a seat got a new link.
 */
export function seatList({ id, owner, seats, seatName, onReinvited }) {
  const list = h("ul", { class: "table-seats" });

  function row(info) {
    const n = info.seat + 1;
    const status = h("span", { class: "seat-status" }, statusOf(info));
    const confirm = h("div", { class: "reinvite-confirm", hidden: true });
    const result = h("div", { class: "reinvite-result", "aria-live": "polite" });
    const held = !info.mine && info.claimed === true;
    const again = info.mine || held ? null : h("button", {
      type: "button", class: "ghost small reinvite", dataset: { seat: info.seat }, onclick: ask,
    }, t("Invite again"));
    const note = held ? h("span", { class: "seat-held muted" },
      t("only this player can give the seat up")) : null;

    function ask() {
      again.hidden = true;
      clear(confirm).append(
        h("p", { class: "warning" },
          t("A new link replaces the current one: the old link and the token of whoever holds seat {n} stop working.", { n })),
        h("div", { class: "row" },
          h("button", { type: "button", class: "primary small confirm-reinvite", onclick: send },
            t("Make a new link for seat {n}", { n })),
          h("button", { type: "button", class: "ghost small", onclick: reset }, t("Cancel"))));
      confirm.hidden = false;
      confirm.querySelector(".confirm-reinvite").focus();
    }

    function reset() {
      clear(confirm).hidden = true;
      again.hidden = false;
    }

    async function send() {
      for (const b of confirm.querySelectorAll("button")) b.disabled = true;
      try {
        const answer = await postJSON(`/api/play/${encodeURIComponent(id)}/invite`, { seat: info.seat },
          { headers: { "X-Asobi-Owner": owner } });
        info.claimed = false;
        status.textContent = statusOf(info);
        reset();
        clear(result).append(
          h("p", { class: "new-link-note" },
            t("New link for seat {n}. The old link and the old token of this seat no longer work: send this link to the player.", { n })),
          linkField(answer.link, t("Link for seat {n}", { n })));
        onReinvited?.(info.seat);
        result.querySelector(".copy-link")?.focus();
      } catch (error) {
        toast(error.message, "error");
        reset();
        again.focus();
      }
    }

    return h("li", { class: `table-seat${info.mine ? " mine" : ""}`, dataset: { seat: info.seat } },
      h("div", { class: "table-seat-head" },
        h("span", { class: `seat-dot seat-${info.seat}`, "aria-hidden": "true" }),
        h("strong", {}, seatName(info.seat)), status, again, note),
      confirm, result);
  }

  for (const info of seats()) list.append(row({ ...info }));
  return list;
}

/** The play page's "Table" button and its dialog. */
export function tableControl(options) {
  const body = h("div", { class: "table-body" });
  const dialog = h("dialog", { class: "table-dialog", "aria-labelledby": "table-title" },
    h("div", { class: "dialog-inner" },
      h("h2", { id: "table-title" }, t("Table")),
      h("p", { class: "muted" }, t("You created this game. If a player lost their link, or someone else should take a seat, make a new link for it.")),
      body,
      h("div", { class: "row end" },
        h("button", { type: "button", class: "primary", onclick: () => dialog.close() }, t("Close")))));
  const button = h("button", { type: "button", class: "ghost", id: "table-button",
    "aria-haspopup": "dialog", onclick: open }, t("Table"));

  function open() {
    clear(body).append(seatList(options));
    dialog.querySelector("#table-title").textContent = t("Table");
    dialog.showModal();
  }

  return { button, dialog };
}

/** #/table/ID: the page of an organiser who has no seat at the game. */
export async function showTable(main, app, id, entry) {
  clear(main);
  const back = h("a", { href: "#/", class: "link" }, t("Back to the lobby"));
  if (!entry?.owner) {
    main.append(h("section", { class: "panel narrow" },
      h("h1", {}, t("This table is not yours")),
      h("p", {}, t("Only the browser that created a game can invite players to it again.")), back));
    return {};
  }
  const humans = entry.humans || [];
  const render = () => {
    clear(main).append(h("section", { class: "panel narrow organiser" },
      h("h1", {}, entry.title || t("Table")),
      h("p", {}, t("You organise this game and have no seat at it. If a player lost their link, make a new one for their seat.")),
      humans.length
        ? seatList({ id, owner: entry.owner, seats: () => humans.map((seat) => ({ seat })),
          seatName: (n) => t("Seat {n}", { n: n + 1 }) })
        : h("p", { class: "muted" }, t("No seats to invite.")),
      h("div", { class: "row" }, back)));
  };
  render();
  // the rules link in the top bar points at this game
  const game = app.meta.games.find((g) => g.name === entry.game);
  return { relabel: render, rulesHref: game ? `#/rules/${game.name}` : "#/rules" };
}
