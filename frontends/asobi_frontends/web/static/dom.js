// A tiny element builder shared by the pages (views receive it as ctx.h).
export function h(tag, attrs = {}, ...children) {
  const el = tag === "svg" || attrs.svg
    ? document.createElementNS("http://www.w3.org/2000/svg", tag)
    : document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false || key === "svg") continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2).toLowerCase(), value);
    } else if (key === "class") {
      el.setAttribute("class", value);
    } else if (key === "dataset") {
      Object.assign(el.dataset, value);
    } else if (value === true) {
      el.setAttribute(key, "");
    } else {
      el.setAttribute(key, String(value));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

export function clear(el) {
  while (el.firstChild) el.firstChild.remove();
  return el;
}

export function toast(text, kind = "info", ms = 4000) {
  const box = document.getElementById("toasts");
  const item = h("div", { class: `toast ${kind}`, role: kind === "error" ? "alert" : "status" }, text);
  box.append(item);
  setTimeout(() => item.remove(), ms);
  return item;
}

/**
 * Say `text` to screen readers through the page's live region. Each announcement is a new
 * line added to the region (read in turn, so a quick second move does not cut the first
 * off); lines leave after a while, and only the last few are kept.
 */
export function announce(text) {
  const el = document.getElementById("announcer");
  if (!text) return;
  const line = document.createElement("p");
  line.textContent = text;
  el.append(line);
  while (el.children.length > 4) el.firstElementChild.remove();
  setTimeout(() => line.remove(), 15000);
}
