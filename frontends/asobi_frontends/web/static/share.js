// Showing an invitation link: the full URL in a read-only field, with Copy (and Share where the
// browser can share). Invitation links are not tokens, but each can be claimed once: they are
// shown, never stored.
import { h, toast } from "./dom.js";
import { t } from "./i18n.js";

/** The full URL of a link the server gives as "/#/join/GAME/CODE". */
export function fullLink(link) {
  return new URL(link, location.href).href;
}

async function copy(input) {
  const text = input.value;
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // no clipboard permission (plain http, an old browser): select the text for Ctrl+C
    input.focus();
    input.select();
    let done = false;
    try {
      done = document.execCommand("copy");
    } catch {
      done = false;
    }
    if (!done) {
      toast(t("Select the link and copy it yourself (Ctrl+C)."), "info");
      return;
    }
  }
  toast(t("Link copied."), "info", 2500);
}

/** A row: the link, a Copy button and, when available, a Share button. */
export function linkField(link, label) {
  const url = fullLink(link);
  const input = h("input", {
    class: "invite-link", type: "text", readonly: true, value: url, "aria-label": label,
    spellcheck: "false", onfocus: (e) => e.target.select(),
  });
  const share = navigator.share
    ? h("button", { type: "button", class: "ghost small",
      onclick: () => navigator.share({ title: "asobi", text: label, url }).catch(() => {}) }, t("Share…"))
    : null;
  return h("span", { class: "link-field" }, input,
    h("button", { type: "button", class: "ghost small copy-link", onclick: () => copy(input) }, t("Copy")),
    share);
}
