// The rules page of a game's variant, in the chosen language.
import { getJSON } from "./api.js";
import { clear, h } from "./dom.js";
import { currentLang, gt, loadGameStrings, t } from "./i18n.js";

function paragraphs(text) {
  const blocks = String(text || "").split(/\n\s*\n/);
  return blocks.map((block) => {
    const lines = block.split("\n");
    if (lines.length > 1 && lines.every((l) => /^\s*([-*•]|\d+[.)])\s/.test(l) || /^\s{2,}/.test(l))) {
      return h("ul", {}, lines.map((l) => h("li", {}, l.replace(/^\s*([-*•]|\d+[.)])\s*/, "").trim())));
    }
    if (lines.length > 1 && lines.slice(1).some((l) => /^\s/.test(l))) {
      return h("pre", { class: "rules-pre" }, block);
    }
    const [first, ...rest] = lines;
    if (rest.length && first.length < 60 && !/[.:]$/.test(first.trim())) {
      return [h("h3", {}, first), h("p", {}, rest.join(" "))];
    }
    if (lines.length === 1 && first.length < 60 && !/[.]$/.test(first.trim())) return h("h3", {}, first);
    return h("p", {}, lines.join(" "));
  });
}

export async function showRules(main, app, info, gameName, variantName) {
  clear(main);
  const game = info.games.find((g) => g.name === gameName) || info.games[0];
  if (!game) return {};
  const variant = variantName || game.default_variant;
  const section = h("section", { class: "rules-page panel" });
  main.append(section);
  const render = async () => {
    const data = await getJSON(`/api/rules/${game.name}?variant=${encodeURIComponent(variant)}&lang=${currentLang()}`);
    await loadGameStrings(game.name);
    const pickers = h("nav", { class: "rules-nav" },
      info.games.map((g) => h("a", { href: `#/rules/${g.name}`, class: `tab${g.name === game.name ? " chosen" : ""}` }, g.title)),
      h("select", { "aria-label": t("Rules"), onchange: (e) => { location.hash = `#/rules/${game.name}/${e.target.value}`; } },
        game.variants.map((v) => {
          const o = new Option(v.title || v.name, v.name);
          o.selected = v.name === variant;
          return o;
        })));
    const extra = h("div", { class: "rules-extra" });
    clear(section).append(pickers,
      h("h1", {}, `${data.title} — ${data.variant.title}`),
      h("p", { class: "lead" }, data.variant.description),
      extra,
      h("div", { class: "rules-text" }, data.text ? paragraphs(data.text) : h("pre", {}, JSON.stringify(data.rules, null, 2))));
    if (game.view) {
      try {
        const module = await import(`/assets/${game.name}/view.js`);
        if (module.rules) {
          module.rules(extra, data, { h, t, lang: currentLang(), gt: (m, p) => gt(game.name, m, p), assets: `/assets/${game.name}/` });
        }
      } catch (error) {
        console.error(error);
      }
    }
  };
  await render();
  return { relabel: render, rulesHref: `#/rules/${game.name}/${variant}` };
}
