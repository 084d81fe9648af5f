// A friendly page for an address that leads nowhere (an unknown game, variant or route):
// what went wrong, in the player's words, and links back.
import { clear, h } from "./dom.js";
import { t } from "./i18n.js";

/** Show the page in `main`; `links` are extra [href, text] pairs offered before the lobby. */
export function notFound(main, title, text, links = []) {
  clear(main).append(h("section", { class: "panel narrow not-found", "aria-labelledby": "not-found-title" },
    h("h1", { id: "not-found-title", tabindex: "-1" }, title),
    h("p", {}, text),
    h("div", { class: "row" },
      links.map(([href, label]) => h("a", { href, class: "ghost button" }, label)),
      h("a", { href: "#/", class: "primary button", id: "back-to-lobby" }, t("Back to the lobby")))));
  main.querySelector("h1").focus({ preventScroll: true });
  return { rulesHref: "#/rules" };
}
