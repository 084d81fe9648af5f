// #/join/GAME/CODE: claim an invitation, keep the seat token it gives, and open the seat. The
// join URL is replaced in the history, so Back does not try to claim a spent code again.
import { ApiError, postJSON } from "./api.js";
import { clear, h } from "./dom.js";
import { t } from "./i18n.js";
import { heldSeat, rememberGame } from "./saved.js";

function goTo(app, hash) {
  history.replaceState(null, "", hash);
  app.rerender();
}

function panel(main, title, ...content) {
  clear(main).append(h("section", { class: "panel narrow join", role: "alert" },
    h("h1", { tabindex: "-1" }, title), ...content));
  main.querySelector("h1").focus({ preventScroll: true });
}

const lobbyLink = () => h("a", { href: "#/", class: "primary button", id: "back-to-lobby" }, t("Back to the lobby"));

function seatLink(id, held) {
  return h("a", { href: `#/play/${id}/${held.token}`, class: "primary button", id: "go-to-seat" },
    t("Go to my seat (seat {n})", { n: held.seat + 1 }));
}

export async function showJoin(main, app, id, code) {
  const held = heldSeat(id);
  if (held) {
    // Claiming would spend a friend's invitation: say so first.
    const claim = h("button", { type: "button", class: "ghost", id: "claim-anyway",
      onclick: () => claimIt(main, app, id, code) }, t("Take this seat too"));
    panel(main, t("You already have a seat at this game"),
      h("p", {}, t("This browser already plays seat {n} of this game. This invitation is probably meant for someone else: opening it here would use it up.", { n: held.seat + 1 })),
      h("div", { class: "row" }, seatLink(id, held), claim, h("a", { href: "#/", class: "link" }, t("Back to the lobby"))));
    return {};
  }
  return claimIt(main, app, id, code);
}

async function claimIt(main, app, id, code) {
  const live = app.live;
  clear(main).append(h("section", { class: "panel narrow join" },
    h("p", { class: "loading" }, t("Joining the game…"))));
  try {
    const answer = await postJSON(`/api/join/${encodeURIComponent(id)}`, { code });
    if (!live()) return {};
    rememberGame({ id: answer.id || id, seat: answer.seat, token: answer.token });
    goTo(app, `#/play/${encodeURIComponent(answer.id || id)}/${encodeURIComponent(answer.token)}`);
    return {};
  } catch (error) {
    if (!live()) return {}; // the person went elsewhere meanwhile
    const status = error instanceof ApiError ? error.status : 0;
    const held = heldSeat(id);
    if (status === 409 && held) {
      goTo(app, `#/play/${encodeURIComponent(id)}/${encodeURIComponent(held.token)}`);
      return {};
    }
    if (status === 409) {
      panel(main, t("This invitation was already used"),
        h("p", {}, t("Someone has already taken this seat with this link. If that was you on another device, carry on there. Otherwise ask the person who invited you for a new link.")),
        h("div", { class: "row" }, lobbyLink()));
    } else if (status === 403) {
      panel(main, t("This invitation no longer works"),
        h("p", {}, t("The link was replaced by a newer one, or it was mistyped. Ask the person who invited you for a new link.")),
        h("div", { class: "row" }, lobbyLink()));
    } else if (status === 404) {
      panel(main, t("This game does not exist"),
        h("p", {}, t("There is no game with this id on this server. Check the link you were sent.")),
        h("div", { class: "row" }, lobbyLink()));
    } else {
      panel(main, t("Joining the game failed"), h("p", {}, error.message),
        h("div", { class: "row" },
          h("button", { type: "button", class: "primary", onclick: () => claimIt(main, app, id, code) }, t("Try again")),
          h("a", { href: "#/", class: "link" }, t("Back to the lobby"))));
    }
    return {};
  }
}
