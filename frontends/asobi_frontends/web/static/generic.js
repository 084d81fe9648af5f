// The generic view: any game, drawn from its observation and its labelled legal actions.
function valueNode(h, value, depth = 0) {
  if (value === null || typeof value !== "object") {
    return h("span", { class: "value" }, JSON.stringify(value));
  }
  if (Array.isArray(value) && value.every((v) => v === null || typeof v !== "object")) {
    return h("span", { class: "value" }, value.map((v) => JSON.stringify(v)).join(", ") || "—");
  }
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i + 1), v]) : Object.entries(value);
  return h("dl", { class: `obs depth-${depth}` }, entries.map(([k, v]) => [
    h("dt", {}, k), h("dd", {}, valueNode(h, v, depth + 1))]));
}

export function mount(root, ctx) {
  const { h, t } = ctx;
  const board = h("div", { class: "generic-board panel" });
  const choices = h("div", { class: "generic-choices panel" });
  root.append(h("div", { class: "generic" }, board, choices));
  let legal = [];

  return {
    update(payload) {
      legal = payload.legal;
      board.replaceChildren(h("h2", {}, t("What you see")), valueNode(h, payload.observation));
      const list = h("ol", { class: "choice-list" }, legal.map((choice, i) => h("li", {},
        h("button", {
          type: "button", class: "choice", "data-autofocus": i === 0 ? "" : null,
          dataset: { key: choice.key },
          onclick: () => ctx.act(choice.action),
        }, h("kbd", {}, i < 9 ? String(i + 1) : ""), choice.label))));
      let heading = t("Your choices");
      if (!legal.length) {
        heading = payload.finished ? t("The game is over.") : t("Waiting for the other players…");
      }
      choices.replaceChildren(h("h2", {}, heading), list);
    },
    key(event) {
      const n = Number(event.key);
      if (n >= 1 && n <= 9 && n <= legal.length) {
        ctx.act(legal[n - 1].action);
        return true;
      }
      return false;
    },
  };
}
