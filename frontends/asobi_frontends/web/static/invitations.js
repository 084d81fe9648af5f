// After creating a game with friends: one invitation link per friend's seat, to copy and send.
// The links are shown here only (never stored); a lost one is replaced with Table → Invite again.
import { clear, h } from "./dom.js";
import { t } from "./i18n.js";
import { linkField } from "./share.js";

/** Draw the invitations screen of `created` (the POST /api/games answer) into `main`. */
export function showInvitations(main, created, game) {
  clear(main);
  const mine = created.token ? created.seat : null;
  const items = created.invitations.map((inv) => {
    const n = inv.seat + 1;
    return h("li", { class: "invite", dataset: { seat: inv.seat } },
      h("span", { class: "invite-seat" },
        h("span", { class: `seat-dot seat-${inv.seat}`, "aria-hidden": "true" }),
        h("strong", {}, t("Seat {n}", { n }))),
      linkField(inv.link, t("Link for seat {n}", { n })));
  });
  const go = mine !== null
    ? h("a", { class: "primary big button", id: "go-to-seat", href: `#/play/${created.id}/${created.token}` },
      t("Go to my seat"))
    : h("a", { class: "primary big button", id: "go-to-table", href: `#/table/${created.id}` }, t("Open the table"));
  main.append(h("section", { class: "panel invitations" },
    h("h1", {}, t("Invitations")),
    h("p", { class: "lead" }, t("{game}: send each friend the link of their seat. A link can be used once: whoever opens it first takes the seat.", { game: game.title })),
    mine !== null
      ? h("p", {}, h("span", { class: `seat-dot seat-${mine}`, "aria-hidden": "true" }), " ",
        t("Your seat is seat {n}.", { n: mine + 1 }))
      : h("p", {}, t("You have no seat at this table: you organise it.")),
    h("ul", { class: "invite-list" }, items),
    h("p", { class: "muted" }, created.hints
      ? t("Hints are on at this table.") : t("Hints are off at this table.")),
    h("p", { class: "muted" },
      t("These links are shown only now and are not saved. If one gets lost, make a new one with Table → Invite again.")),
    h("div", { class: "row" }, go, h("a", { href: "#/", class: "link" }, t("Back to the lobby")))));
  go.focus();
}
