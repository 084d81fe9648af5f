// The rules page of a game's variant, in the chosen language.
import { getJSON } from "./api.js";
import { clear, h } from "./dom.js";
import { currentLang, gt, gtn, loadGameStrings, t } from "./i18n.js";
import { notFound } from "./notfound.js";
import { motion } from "./settings.js";

const BULLET = /^\s*([-*•]|\d+[.)])\s+/;
const INDENT = /^\s{2,}\S/;

/** A drawing (the garden's row of spaces) rather than a sentence: many one-letter tokens. */
function isArt(line) {
  const tokens = line.trim().split(/\s+/);
  return tokens.length >= 8 && tokens.filter((w) => w.length === 1).length >= tokens.length * 0.7;
}

/** The lines of a block's body as paragraphs, lists (bullets, or indented items) and drawings. */
function body(lines) {
  const out = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (BULLET.test(line) || (INDENT.test(line) && !isArt(line))) {
      const ordered = /^\s*\d+[.)]\s/.test(line);
      const items = [];
      while (i < lines.length && (BULLET.test(lines[i]) || (INDENT.test(lines[i]) && !isArt(lines[i])))) {
        const text = lines[i].replace(BULLET, "").trim();
        // a bullet's continuation lines (indented more than the bullet) join its item
        if (!BULLET.test(lines[i]) && items.length && /^\s{4,}/.test(lines[i]) && BULLET.test(lines[i - 1] || "")) {
          items[items.length - 1] += ` ${text}`;
        } else {
          items.push(text);
        }
        i += 1;
      }
      out.push(h(ordered ? "ol" : "ul", {}, items.map((text) => h("li", {}, text))));
    } else if (isArt(line)) {
      const art = [];
      while (i < lines.length && isArt(lines[i])) art.push(lines[i++]);
      out.push(h("pre", { class: "rules-pre" }, art.join("\n")));
    } else {
      const text = [];
      while (i < lines.length && !BULLET.test(lines[i]) && !INDENT.test(lines[i])) text.push(lines[i++].trim());
      out.push(h("p", {}, text.join(" ")));
    }
  }
  return out;
}

/** The game's rules text (blank lines between blocks; a short first line is a heading). */
export function paragraphs(text) {
  const blocks = String(text || "").split(/\n\s*\n/).map((b) => b.replace(/^\n+|\s+$/g, "")).filter(Boolean);
  return blocks.map((block) => {
    const lines = block.split("\n");
    const [first, ...rest] = lines;
    const heading = first.length < 70 && !/[.:]$/.test(first.trim()) && !BULLET.test(first) && !INDENT.test(first);
    if (heading && !rest.length) return h("h2", { class: "rules-heading" }, first.trim());
    if (heading) return [h("h2", { class: "rules-heading" }, first.trim()), body(rest)];
    return body(lines);
  });
}

export async function showRules(main, app, info, gameName, variantName) {
  clear(main);
  if (!info.games.length) return notFound(main, t("No games are installed."), "");
  const game = gameName ? info.games.find((g) => g.name === gameName) : info.games[0];
  if (!game) {
    return notFound(main, t("There is no such game"),
      t("No game called {name} is installed on this server.", { name: gameName }),
      [["#/rules", t("Rules")]]);
  }
  const variant = variantName || game.default_variant;
  if (!game.variants.some((v) => v.name === variant)) {
    return notFound(main, t("There is no such variant"),
      t("{game} has no variant called {name}.", { game: game.title, name: variant }),
      [[`#/rules/${game.name}`, t("The rules of {game}", { game: game.title })]]);
  }
  const section = h("section", { class: "rules-page panel" });
  main.append(section);
  const render = async () => {
    section.setAttribute("aria-busy", "true"); // until the game's own pictures are in
    try {
      await draw();
    } finally {
      section.removeAttribute("aria-busy");
    }
  };
  const draw = async () => {
    let data;
    try {
      data = await getJSON(`/api/rules/${encodeURIComponent(game.name)}?variant=${encodeURIComponent(variant)}&lang=${currentLang()}`);
    } catch (error) {
      notFound(main, t("These rules cannot be shown"), error.message, [["#/rules", t("Rules")]]);
      return;
    }
    await loadGameStrings(game.name);
    const pickers = h("nav", { class: "rules-nav", "aria-label": t("Games and variants") },
      info.games.map((g) => h("a", { href: `#/rules/${g.name}`, class: `tab${g.name === game.name ? " chosen" : ""}`,
        "aria-current": g.name === game.name ? "page" : null }, g.title)),
      h("select", { "aria-label": t("Variant"), class: "rules-variant", onchange: (e) => { location.hash = `#/rules/${game.name}/${e.target.value}`; } },
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
      h("div", { class: "rules-text" }, data.text ? paragraphs(data.text) : h("pre", { class: "rules-pre" }, JSON.stringify(data.rules, null, 2))));
    if (game.view) {
      try {
        const module = await import(`/assets/${game.name}/view.js`);
        if (module.rules) {
          await module.rules(extra, data, { h, t, lang: currentLang(), gt: (m, p) => gt(game.name, m, p),
            gtn: (one, many, n, p) => gtn(game.name, one, many, n, p), assets: `/assets/${game.name}/`,
            settings: app.settings, motion });
        }
      } catch (error) {
        console.error(error);
      }
    }
  };
  await render();
  // the rules' card pictures follow the deck setting
  return { relabel: render, settingsChanged: render, rulesHref: `#/rules/${game.name}/${variant}` };
}
