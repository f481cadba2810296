// Tiny DOM helpers: h() builds HTML elements, s() builds SVG elements.
import {seatLabel} from "./names.js";

const SVG_NS = "http://www.w3.org/2000/svg";

function setAttrs(el, attrs) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") el.textContent = value;
    else if (key === "class") el.setAttribute("class", Array.isArray(value) ? value.filter(Boolean).join(" ") : value);
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key === "style" && typeof value === "object") Object.assign(el.style, value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** An HTML element: h("button", {class: "big", onclick}, "Start"). */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

/** An SVG element, same shape as h(). */
export function s(tag, attrs, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

/** Replace every child of el. */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

export const $ = (selector, root = document) => root.querySelector(selector);

/** Read a JSON response; a refusal becomes an Error carrying the server's sentence. */
export async function fetchJSON(url, options = {}) {
  const response = await fetch(url, options);
  const text = await response.text();
  let body = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok) {
    const reason = body?.error?.reason || body?.detail || text || response.statusText;
    throw new Error(typeof reason === "string" ? reason : JSON.stringify(reason));
  }
  return body;
}

export function postJSON(url, data) {
  return fetchJSON(url, {method: "POST", headers: {"content-type": "application/json"}, body: JSON.stringify(data)});
}

/** The seats of a table as chips: who sits there and whether a person is connected. */
export function seatChips(seats) {
  return h("span", {class: "seat-chips"}, seats.map((s) => h("span", {class: ["chip", s.kind]},
    seatLabel(s.seat, seats),
    s.kind === "human" ? h("span", {class: ["dot", s.connected ? "on" : "off"], role: "img",
      "aria-label": s.connected ? "connected" : "not connected"}) : null)));
}
