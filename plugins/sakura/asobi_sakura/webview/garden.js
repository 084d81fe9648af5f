// The Emperor's garden as an SVG: a path that winds left-right-left from the gate to the last
// cherry tree, every space named for screen readers, and the pieces as lasting elements that
// glide from space to space (their positions are in data attributes: data-emperor on the svg,
// data-painter/data-space on each painter).

const SVGNS = "http://www.w3.org/2000/svg";
const STEP = 92;
const ROW_H = 104;
/** Spaces per row: nine on a wide screen, seven on a phone (a taller, larger garden). */
const NARROW = "(max-width: 600px)";
const columns = (n) => (window.matchMedia(NARROW).matches && n <= 36 ? 7 : 9);

/** Seat colours: classic, and the high-contrast deck's (each at least 3:1 against its garden). */
export const COLOURS = {
  classic: ["#e0523f", "#3f8fe0", "#e9b44c", "#5cb85c", "#b06fd8", "#4fd1c5"],
  contrast: ["#ff7a6b", "#6fb8ff", "#ffd23f", "#7ee07e", "#e19bff", "#4ff0e0"],
};
export const NEUTRAL = { classic: "#9aa3ad", contrast: "#ffffff" };
export const GROUND = { classic: "#3f6e3a", contrast: "#0c1f0e" };

function el(tag, attrs = {}) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) node.setAttribute(k, String(v));
  return node;
}

/** Where space i stands, with `per` spaces a row. */
function spot(i, per) {
  const row = Math.floor(i / per);
  const col = i % per;
  const x = 60 + (row % 2 ? per - 1 - col : col) * STEP;
  return [x, 60 + row * ROW_H];
}

function spaceArt(g, kind, x, y, bridge) {
  if (kind === "bridge") {
    g.append(el("ellipse", { cx: x, cy: y + 6, rx: 46, ry: 22, class: "sk-water" }));
    g.append(el("path", { d: `M${x - 34} ${y + 10} Q${x} ${y - 22} ${x + 34} ${y + 10}`, class: "sk-bridge-deck" }));
    g.append(el("path", { d: `M${x - 34} ${y + 2} Q${x} ${y - 30} ${x + 34} ${y + 2}`, class: "sk-bridge-rail" }));
    const label = el("text", { x, y: y + 38, "text-anchor": "middle", class: "sk-label" });
    label.textContent = `≈${bridge}`;
    g.append(label);
    return;
  }
  g.append(el("circle", { cx: x, cy: y, r: 21, class: `sk-stone${kind === "plain" ? "" : " special"}` }));
  if (kind === "gate") {
    g.append(el("path", { d: `M${x - 20} ${y - 26} h40 M${x - 16} ${y - 26} v38 M${x + 16} ${y - 26} v38 M${x - 22} ${y - 18} h44`, class: "sk-gate" }));
  } else if (kind === "torii") {
    g.append(el("path", { d: `M${x - 26} ${y - 28} Q${x} ${y - 34} ${x + 26} ${y - 28} M${x - 20} ${y - 19} h40 M${x - 14} ${y - 30} v44 M${x + 14} ${y - 30} v44`, class: "sk-torii" }));
  } else if (kind === "tree") {
    g.append(el("path", { d: `M${x} ${y - 11} v-12`, class: "sk-trunk" }));
    for (const [dx, dy, r] of [[0, -32, 15], [-14, -23, 11], [14, -23, 11], [-8, -40, 10], [9, -41, 10]]) {
      g.append(el("circle", { cx: x + dx, cy: y + dy, r, class: "sk-blossom" }));
    }
  }
}

function spaceName(t, obs, kind, i) {
  if (kind === "gate") return t("Space {n}: the gate", { n: i });
  if (kind === "torii") return t("Space {n}: the torii", { n: i });
  if (kind === "bridge") return t("Space {n}: bridge {b}", { n: i, b: obs.bridges[i] });
  if (kind === "tree") {
    const tree = obs.trees.indexOf(i) + 1;
    return obs.scored[tree - 1]
      ? t("Space {n}: cherry tree {tree}, already scored", { n: i, tree })
      : t("Space {n}: cherry tree {tree}", { n: i, tree });
  }
  return t("Space {n}", { n: i });
}

/** The garden: `draw(obs)` lays out the spaces (once per garden, again when a tree scores),
 * `place(state)` moves the pieces to `state.emperor` and `state.painters`. */
export function createGarden(ctx, names) {
  const t = ctx.gt;
  const svg = el("svg", { class: "sk-garden-svg", role: "group" });
  const ground = el("g");
  const pieces = el("g", { class: "sk-pieces" });
  svg.append(ground, pieces);
  let layoutKey = "";
  let emperor = null;
  let per = 9;
  const painters = [];
  const place = (i) => spot(i, per);

  function draw(obs, scored) {
    const n = obs.spaces.length;
    const key = JSON.stringify([obs.spaces, scored, names.deck(), ctx.lang, columns(n)]);
    if (key === layoutKey) return false;
    layoutKey = key;
    per = columns(n);
    const rows = Math.ceil(n / per);
    const width = per * STEP + 30;
    const height = rows * ROW_H + 30;
    svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    svg.dataset.columns = String(per);
    svg.setAttribute("aria-label", t("The garden: {n} spaces from the gate to the last cherry tree", { n }));
    ground.replaceChildren(el("rect", { x: 0, y: 0, width, height, rx: 18, class: "sk-ground" }));
    let d = "";
    for (let i = 0; i < n; i += 1) {
      const [x, y] = place(i);
      d += `${i ? "L" : "M"}${x} ${y}`;
    }
    ground.append(el("path", { d, class: "sk-path" }), el("path", { d, class: "sk-path-dots" }));
    const view = { ...obs, scored };
    obs.spaces.forEach((kind, i) => {
      const [x, y] = place(i);
      const g = el("g", { class: `sk-space sk-${kind}`, role: "img", "aria-label": spaceName(t, view, kind, i) });
      g.dataset.index = String(i);
      spaceArt(g, kind, x, y, obs.bridges[i]);
      const tree = obs.trees.indexOf(i);
      if (tree >= 0 && scored[tree]) {
        const mark = el("text", { x: x + 22, y: y - 26, class: "sk-scored" });
        mark.textContent = "✓";
        g.append(mark);
      }
      if (kind !== "bridge") {
        const num = el("text", { x, y: y + 5, "text-anchor": "middle", class: "sk-space-num" });
        num.textContent = String(i);
        g.append(num);
      }
      ground.append(g);
    });
    emperor = null;
    painters.length = 0;
    pieces.replaceChildren();
    return true;
  }

  function emperorPiece() {
    const outer = el("g", { class: "sk-emperor", role: "img" });
    const g = el("g", { class: "sk-art" });
    outer.append(g);
    g.append(el("path", { d: "M-22 -16 Q0 -40 22 -16Z", class: "sk-parasol" }));
    g.append(el("path", { d: "M0 -16 v30", class: "sk-pole" }));
    g.append(el("circle", { cx: 0, cy: 2, r: 11, class: "sk-face" }));
    g.append(el("path", { d: "M-6 -1 l3 -6 l3 4 l3 -4 l3 6z", class: "sk-crown" }));
    return outer;
  }

  function painterPiece(p, obs) {
    const me = p === obs.seat;
    const outer = el("g", { class: `sk-painter${me ? " me" : ""}`, role: "img" });
    outer.dataset.painter = String(p);
    outer.style.setProperty("--c", names.colour(p));
    const g = el("g", { class: "sk-art" });
    outer.append(g);
    g.append(el("ellipse", { cx: 0, cy: 12, rx: 9, ry: 3.5, class: "sk-shadow" }));
    g.append(el("path", { d: "M-9 11 Q0 -13 9 11Z", class: "sk-body" }));
    g.append(el("circle", { cx: 0, cy: -7, r: 7, class: "sk-head" }));
    const mark = el("text", { x: 0, y: -3.5, "text-anchor": "middle", class: "sk-seat-mark" });
    mark.textContent = p === obs.neutral ? "N" : String(p + 1);
    g.append(mark);
    if (me) g.append(el("circle", { cx: 0, cy: -7, r: 2.4, class: "sk-me-dot" }));
    return outer;
  }

  /** Put a piece on (x, y): it glides there (CSS transition), or with reduced motion it
   * fades in at its new place. */
  function move(g, x, y, fade) {
    const to = `translate(${x}px, ${y}px)`;
    if (g.style.transform === to) return;
    const first = !g.style.transform;
    g.style.transform = to;
    if (fade && !first && g.animate) g.animate([{ opacity: 0.15 }, { opacity: 1 }], { duration: 220, easing: "ease-out" });
  }

  function placePieces(obs, state, fade = false) {
    if (!emperor) {
      emperor = emperorPiece();
      pieces.append(emperor);
    }
    const [ex, ey] = place(state.emperor);
    move(emperor, ex, ey, fade);
    emperor.setAttribute("aria-label", t("The Emperor (space {n})", { n: state.emperor }));
    svg.dataset.emperor = String(state.emperor);
    const bySpace = new Map();
    state.painters.forEach((pos, p) => {
      if (!bySpace.has(pos)) bySpace.set(pos, []);
      bySpace.get(pos).push(p);
    });
    for (const [pos, list] of bySpace) {
      const [x, y] = place(pos);
      list.forEach((p, k) => {
        if (!painters[p]) {
          painters[p] = painterPiece(p, obs);
          pieces.append(painters[p]);
        }
        const g = painters[p];
        move(g, x + (k - (list.length - 1) / 2) * 16, y + 12, fade);
        g.dataset.space = String(pos);
        g.setAttribute("aria-label", t("{who} on space {n}", { who: names.painter(p), n: pos }));
      });
    }
    pieces.append(emperor); // the Emperor stays on top
  }

  return { svg, draw, place: placePieces };
}
