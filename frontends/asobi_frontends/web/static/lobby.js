// The lobby: pick a game, a variant, the players and the language; resume saved games.
// Seats are "me" (the creator's own seat: at most one), "human" (a friend, who gets an
// invitation link) or "ai:<level>".
import { postJSON } from "./api.js";
import { clear, h, toast } from "./dom.js";
import { currentLang, t, tn } from "./i18n.js";
import { showInvitations } from "./invitations.js";
import { clubKey, forgetGame, rememberGame, savedGames, setClubKey } from "./saved.js";
import { statsPanel } from "./stats.js";

const isHuman = (s) => s === "me" || s === "human";

function seatOptions(game) {
  const options = [["me", t("You")], ["human", t("A friend (invitation link)")]];
  for (const level of game.ai_levels) {
    const title = (game.level_titles && game.level_titles[level]) || level;
    options.push([`ai:${level}`, t("AI: {level}", { level: title })]);
  }
  return options;
}

function defaultSeats(game) {
  const seats = game.default_players.length ? [...game.default_players]
    : ["human", ...Array(game.min_players - 1).fill(`ai:${game.ai_levels[0]}`)];
  const first = seats.findIndex((s) => s === "human");
  return seats.map((s, i) => (i === first ? "me" : s));
}

export async function showLobby(main, app, info) {
  const state = { game: null, variant: null, seats: [], hints: false, created: null, error: "" };
  const games = info.games;
  const allowAiOnly = Boolean(info.limits?.allow_ai_only);
  clear(main);
  if (!games.length) {
    main.append(h("p", {}, t("No games are installed.")));
    return {};
  }
  const pick = (name, focus = false) => {
    state.game = games.find((g) => g.name === name) || games[0];
    state.variant = state.game.default_variant;
    state.seats = defaultSeats(state.game);
    state.error = "";
    render();
    if (focus) main.querySelector(`.game-choice[data-game="${state.game.name}"]`)?.focus();
  };

  const section = h("section", { class: "lobby" });
  const hero = () => h("div", { class: "hero" },
    h("h1", {}, t("Play a game")),
    h("p", { class: "lead" }, t("Traditional card and board games, with house rules and AI opponents.")));

  function setSeat(i, value) {
    if (value === "me") state.seats = state.seats.map((s) => (s === "me" ? "human" : s));
    state.seats[i] = value;
    render();
    main.querySelector(`.seat-select[data-seat="${i}"]`)?.focus();
  }

  function gameList(game) {
    return h("div", { class: "game-list", role: "radiogroup", "aria-label": t("Game") },
      games.map((g) => h("button", {
        type: "button",
        class: `game-choice${g.name === game.name ? " chosen" : ""}`,
        role: "radio",
        "aria-checked": g.name === game.name ? "true" : "false",
        dataset: { game: g.name },
        onclick: () => pick(g.name, true),
      },
      h("span", { class: `game-emblem${g.emblem ? " has-art" : ""}`, "aria-hidden": "true" },
        g.emblem ? h("img", { src: g.emblem, alt: "" }) : g.title.slice(0, 1)),
      h("span", { class: "game-title" }, g.title),
      h("span", { class: "game-summary" }, g.summary || ""),
      h("span", { class: "game-players" },
        g.min_players === g.max_players
          ? tn("{n} player", "{n} players", g.min_players)
          : tn("{a} to {n} player", "{a} to {n} players", g.max_players, { a: g.min_players })))));
  }

  function playersPanel(game) {
    const seatRows = state.seats.map((seat, i) => h("li", { class: "seat-row" },
      h("span", { class: `seat-dot seat-${i}`, "aria-hidden": "true" }),
      h("select", {
        "aria-label": t("Seat {n}", { n: i + 1 }),
        class: "seat-select",
        dataset: { seat: i },
        onchange: (e) => setSeat(i, e.target.value),
      }, seatOptions(game).map(([value, text]) => {
        const option = new Option(text, value);
        option.selected = value === seat;
        return option;
      }))));
    const humans = state.seats.filter(isHuman).length;
    const mine = state.seats.includes("me");
    let note = null;
    if (!humans && !allowAiOnly) {
      note = t("At least one seat must be a person: choose You or A friend.");
    } else if (humans && !mine) {
      note = t("You have no seat: you organise the game and send every player their link.");
    }
    const hints = humans > 1
      ? h("label", { class: "check hint-rule" },
        h("input", { type: "checkbox", id: "lobby-hints", checked: state.hints,
          onchange: (e) => { state.hints = e.target.checked; } }),
        " ", t("Allow hints at this table"))
      : null;
    const canAdd = state.seats.length < game.max_players;
    const canRemove = state.seats.length > game.min_players;
    return h("div", { class: "panel" },
      h("h2", { class: "step" }, h("span", {}, "3"), t("Players")),
      h("ol", { class: "seats" }, seatRows),
      note ? h("p", { class: "seat-note", id: "seat-note" }, note) : null,
      hints,
      hints ? h("p", { class: "muted small-print" }, t("With hints off, nobody at the table can ask the computer for advice.")) : null,
      h("div", { class: "row" },
        h("button", { type: "button", class: "ghost", disabled: !canAdd,
          onclick: () => { state.seats.push(`ai:${game.ai_levels[0]}`); render(); } }, t("Add a player")),
        h("button", { type: "button", class: "ghost", disabled: !canRemove,
          onclick: () => { state.seats.pop(); render(); } }, t("Remove a player"))));
  }

  function startPanel() {
    const langSelect = h("select", {
      id: "lobby-lang",
      onchange: (e) => app.setLanguage(e.target.value),
    }, Object.entries(info.languages).map(([code, name]) => {
      const option = new Option(name, code);
      option.selected = code === currentLang();
      return option;
    }));
    const blocked = !state.seats.some(isHuman) && !allowAiOnly;
    const club = info.club_key_required
      ? h("label", { class: "club-key" }, h("span", {}, t("Club passphrase")),
        h("input", { type: "password", id: "lobby-club-key", autocomplete: "off", value: clubKey(),
          "aria-describedby": "club-key-help", oninput: (e) => setClubKey(e.target.value) }),
        h("span", { class: "muted small-print", id: "club-key-help" },
          t("This server asks for the club's passphrase before a game is created.")))
      : null;
    return h("div", { class: "panel" },
      h("h2", { class: "step" }, h("span", {}, "4"), h("label", { for: "lobby-lang" }, t("Language"))),
      langSelect,
      club,
      h("button", { type: "button", class: "primary big", id: "start-game", disabled: blocked,
        "aria-describedby": blocked ? "seat-note" : null, onclick: start }, t("Start the game")),
      state.error ? h("p", { class: "form-error", role: "alert" }, state.error) : null);
  }

  function render() {
    if (state.created) {
      showInvitations(main, state.created, state.created.gameInfo);
      return;
    }
    clear(main).append(hero(), section);
    clear(section);
    const game = state.game;
    const variant = game.variants.find((v) => v.name === state.variant) || game.variants[0];
    const variantSelect = h("select", {
      id: "lobby-variant",
      onchange: (e) => { state.variant = e.target.value; render(); },
    }, game.variants.map((v) => {
      const option = new Option(v.title || v.name, v.name);
      option.selected = v.name === state.variant;
      return option;
    }));

    section.append(
      h("h2", { class: "step" }, h("span", {}, "1"), t("Game")),
      gameList(game),
      h("div", { class: "lobby-grid" },
        h("div", { class: "panel" },
          h("h2", { class: "step" }, h("span", {}, "2"), h("label", { for: "lobby-variant" }, t("Rules"))),
          variantSelect,
          h("p", { class: "variant-description" }, variant ? variant.description : ""),
          h("a", { href: `#/rules/${game.name}/${state.variant}`, class: "link" }, t("Read the rules of this variant"))),
        playersPanel(game),
        startPanel()),
      savedList() || "",
      statsBox,
    );
    fillStats();
  }

  // Statistics kept in this browser, below the saved games (filled once the game catalogues
  // that name their tallies are loaded).
  const statsBox = h("div", { class: "stats-box" });
  async function fillStats() {
    const panel = await statsPanel(info, () => {
      fillStats();
      main.querySelector("#start-game")?.focus();
    });
    clear(statsBox);
    if (panel) statsBox.append(panel);
  }

  async function start() {
    const game = state.game;
    const seats = state.seats.map((s) => (s === "me" ? "human" : s));
    const humans = seats.filter((s) => s === "human").length;
    const mine = state.seats.indexOf("me");
    const body = {
      game: game.name, variant: state.variant, seats, lang: currentLang(),
      creator_seat: mine >= 0 ? mine : null,
      hints: humans > 1 ? state.hints : true,
    };
    const headers = {};
    const key = info.club_key_required ? main.querySelector("#lobby-club-key")?.value || "" : "";
    // Header values hold Latin-1 at most: the passphrase travels percent-encoded (UTF-8).
    if (key) headers["X-Asobi-Club-Key"] = encodeURIComponent(key);
    const button = main.querySelector("#start-game");
    if (button) button.disabled = true;
    let created;
    try {
      created = await postJSON("/api/games", body, { headers });
    } catch (error) {
      state.error = error.message;
      render();
      toast(error.message, "error");
      if (error.status === 403 && info.club_key_required) main.querySelector("#lobby-club-key")?.focus();
      return;
    }
    state.error = "";
    const own = created.token ? created.seat : null;
    const invitations = created.invitations || [];
    rememberGame({
      id: created.id, token: created.token || null, owner: created.owner || null,
      game: game.name, title: game.title, seat: own,
      // an organiser has no seat to read the table from: keep which seats it may re-invite
      humans: own === null ? invitations.map((inv) => inv.seat) : undefined,
    });
    if (invitations.length) {
      state.created = { ...created, invitations, gameInfo: game };
      render();
    } else if (own !== null) {
      location.hash = `#/play/${created.id}/${created.token}`;
    }
  }

  function savedList() {
    const saved = savedGames().filter((g) => g.token || g.owner);
    if (!saved.length) return null;
    return h("section", { class: "panel saved" },
      h("h2", {}, t("Your games")),
      h("ul", { class: "saved-list" }, saved.map((g) => {
        const when = new Date(g.at).toLocaleString();
        const where = g.token ? t("seat {n}", { n: g.seat + 1 }) : t("organiser");
        return h("li", {},
          h("a", { href: g.token ? `#/play/${g.id}/${g.token}` : `#/table/${g.id}`, class: "link" },
            `${g.title || g.game || g.id} · ${where} · ${when}`),
          h("button", { type: "button", class: "ghost small", "aria-label": t("Forget this game"),
            title: t("Forget this game"),
            onclick: () => { forgetGame(g.id); render(); } }, "×"));
      })));
  }

  pick(games[0].name);
  return {
    key: () => false,
    rulesHref: "#/rules",
    async relabel() {
      const hadLang = document.activeElement?.id === "lobby-lang";
      render();
      if (hadLang) main.querySelector("#lobby-lang")?.focus();
    },
  };
}
