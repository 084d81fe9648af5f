// The lobby: pick a game, a variant, the players and the language; resume saved games.
import { forgetGame, postJSON, rememberGame, savedGames } from "./api.js";
import { clear, h, toast } from "./dom.js";
import { currentLang, t } from "./i18n.js";

function seatOptions(game, first) {
  const options = [];
  if (first) options.push(["me", t("You")]);
  options.push(["human", t("A friend (invitation link)")]);
  for (const level of game.ai_levels) options.push([`ai:${level}`, t("AI: {level}", { level: t(level) })]);
  return options;
}

function defaultSeats(game) {
  const seats = game.default_players.length ? [...game.default_players]
    : ["human", ...Array(game.min_players - 1).fill(`ai:${game.ai_levels[0]}`)];
  return seats.map((s, i) => (i === 0 && s === "human" ? "me" : s));
}

export async function showLobby(main, app, info) {
  const state = { game: null, variant: null, seats: [] };
  const games = info.games;
  clear(main);
  if (!games.length) {
    main.append(h("p", {}, t("No games are installed.")));
    return {};
  }
  const pick = (name) => {
    state.game = games.find((g) => g.name === name) || games[0];
    state.variant = state.game.default_variant;
    state.seats = defaultSeats(state.game);
    render();
  };

  const section = h("section", { class: "lobby" });
  main.append(
    h("div", { class: "hero" },
      h("h1", {}, t("Play a game")),
      h("p", { class: "lead" }, t("Traditional card and board games, with house rules and AI opponents.")),
    ),
    section,
  );

  function render() {
    clear(section);
    const game = state.game;
    const gameList = h("div", { class: "game-list", role: "radiogroup", "aria-label": t("Game") },
      games.map((g) => h("button", {
        type: "button",
        class: `game-choice${g.name === game.name ? " chosen" : ""}`,
        role: "radio",
        "aria-checked": g.name === game.name ? "true" : "false",
        dataset: { game: g.name },
        onclick: () => pick(g.name),
      },
      h("span", { class: `game-emblem emblem-${g.name}`, "aria-hidden": "true" }, g.title.slice(0, 1)),
      h("span", { class: "game-title" }, g.title),
      h("span", { class: "game-summary" }, g.summary || ""),
      h("span", { class: "game-players" },
        g.min_players === g.max_players
          ? t("{n} players", { n: g.min_players })
          : t("{a} to {b} players", { a: g.min_players, b: g.max_players })))));

    const variant = game.variants.find((v) => v.name === state.variant) || game.variants[0];
    const variantSelect = h("select", {
      id: "lobby-variant",
      onchange: (e) => { state.variant = e.target.value; render(); },
    }, game.variants.map((v) => {
      const option = new Option(v.title || v.name, v.name);
      option.selected = v.name === state.variant;
      return option;
    }));

    const seatRows = state.seats.map((seat, i) => {
      const select = h("select", {
        "aria-label": t("Seat {n}", { n: i + 1 }),
        class: "seat-select",
        dataset: { seat: i },
        onchange: (e) => { state.seats[i] = e.target.value; render(); },
      }, seatOptions(game, i === 0).map(([value, text]) => {
        const option = new Option(text, value);
        option.selected = value === seat;
        return option;
      }));
      return h("li", { class: "seat-row" },
        h("span", { class: `seat-dot seat-${i}`, "aria-hidden": "true" }), select);
    });
    const canAdd = state.seats.length < game.max_players;
    const canRemove = state.seats.length > game.min_players;

    const langSelect = h("select", {
      id: "lobby-lang",
      onchange: (e) => app.setLanguage(e.target.value),
    }, Object.entries(info.languages).map(([code, name]) => {
      const option = new Option(name, code);
      option.selected = code === currentLang();
      return option;
    }));

    section.append(
      h("h2", { class: "step" }, h("span", {}, "1"), t("Game")),
      gameList,
      h("div", { class: "lobby-grid" },
        h("div", { class: "panel" },
          h("h2", { class: "step" }, h("span", {}, "2"), h("label", { for: "lobby-variant" }, t("Rules"))),
          variantSelect,
          h("p", { class: "variant-description" }, variant ? variant.description : ""),
          h("a", { href: `#/rules/${game.name}/${state.variant}`, class: "link" }, t("Read the rules of this variant"))),
        h("div", { class: "panel" },
          h("h2", { class: "step" }, h("span", {}, "3"), t("Players")),
          h("ol", { class: "seats" }, seatRows),
          h("div", { class: "row" },
            h("button", { type: "button", class: "ghost", disabled: !canAdd,
              onclick: () => { state.seats.push(`ai:${game.ai_levels[0]}`); render(); } }, t("Add a player")),
            h("button", { type: "button", class: "ghost", disabled: !canRemove,
              onclick: () => { state.seats.pop(); render(); } }, t("Remove a player")))),
        h("div", { class: "panel" },
          h("h2", { class: "step" }, h("span", {}, "4"), h("label", { for: "lobby-lang" }, t("Language"))),
          langSelect,
          h("button", { type: "button", class: "primary big", id: "start-game", onclick: start }, t("Start the game")))),
      savedList() || "",
    );
  }

  async function start() {
    const game = state.game;
    const seats = state.seats.map((s) => (s === "me" ? "human" : s));
    let created;
    try {
      created = await postJSON("/api/games", {
        game: game.name, variant: state.variant, seats, lang: currentLang(),
      });
    } catch (error) {
      toast(error.message, "error");
      return;
    }
    const humans = created.seats.filter((s) => s.token);
    const mine = state.seats[0] === "me" ? created.seats[0] : null;
    for (const seat of humans) {
      rememberGame({ id: created.id, token: seat.token, game: game.name, title: game.title,
        seat: seat.seat, mine: seat === mine });
    }
    const others = humans.filter((s) => s !== mine);
    if (others.length) {
      showInvitations(main, created, game, mine);
    } else if (mine) {
      location.hash = `#/play/${created.id}/${mine.token}`;
    }
  }

  function savedList() {
    const saved = savedGames().filter((g) => g.mine !== false);
    if (!saved.length) return null;
    return h("section", { class: "panel saved" },
      h("h2", {}, t("Your games")),
      h("ul", { class: "saved-list" }, saved.map((g) => h("li", {},
        h("a", { href: `#/play/${g.id}/${g.token}`, class: "link" },
          `${g.title} · ${t("seat {n}", { n: g.seat + 1 })} · ${new Date(g.at).toLocaleString()}`),
        h("button", { type: "button", class: "ghost small", "aria-label": t("Forget this game"),
          onclick: () => { forgetGame(g.id, g.token); render(); } }, "×")))));
  }

  pick(games[0].name);
  return { key: () => false, rulesHref: "#/rules" };
}

function showInvitations(main, created, game, mine) {
  clear(main);
  const base = `${location.origin}${location.pathname}`;
  main.append(h("section", { class: "panel invitations" },
    h("h1", {}, t("Invitations")),
    h("p", {}, t("Send each player their own link. A link acts for its seat only: keep it private.")),
    h("ul", { class: "invite-list" }, created.seats.filter((s) => s.token).map((s) => {
      const url = `${base}${s.link.slice(1)}`;
      return h("li", {},
        h("span", { class: `seat-dot seat-${s.seat}`, "aria-hidden": "true" }),
        h("strong", {}, t("Seat {n}", { n: s.seat + 1 })), " ",
        h("input", { class: "invite-link", readonly: true, value: url, "aria-label": t("Link for seat {n}", { n: s.seat + 1 }) }),
        h("button", { type: "button", class: "ghost small", onclick: () => navigator.clipboard?.writeText(url) }, t("Copy")),
        h("a", { class: "link", href: s.link.slice(1) }, t("Open")));
    })),
    mine ? h("a", { class: "primary big button", href: `#/play/${created.id}/${mine.token}` }, t("Go to my seat")) : null));
}
