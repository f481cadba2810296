// The game's icons as inline SVG (no image files to fetch, sharp on a projector).
import {s} from "./dom.js";

const SHAPES = {
  food: () => [
    s("path", {d: "M12 7c-3-2.2-8-1.2-8 4.3C4 16.6 7.4 21 10 21c1 0 1.4-.5 2-.5s1 .5 2 .5c2.6 0 6-4.4 6-9.7C20 5.8 15 4.8 12 7z",
      fill: "#e39b1b", stroke: "#8a5a00", "stroke-width": "1.2"}),
    s("path", {d: "M12 7c0-2 .6-3.6 2.4-4.6", fill: "none", stroke: "#5b3a00", "stroke-width": "1.5"}),
    s("path", {d: "M13 4.5c1.8-1.8 4.5-1.6 5.5-.8-1.3 1.8-3.7 2.2-5.5.8z", fill: "#3c9a3c"}),
  ],
  fitness: () => [
    s("path", {d: "M12 20.5S3.5 15.2 3.5 9.3A4.5 4.5 0 0 1 12 6.8a4.5 4.5 0 0 1 8.5 2.5c0 5.9-8.5 11.2-8.5 11.2z",
      fill: "#d63384", stroke: "#7a0f45", "stroke-width": "1.2"}),
  ],
  predator: () => [
    s("ellipse", {cx: "12", cy: "16", rx: "5", ry: "4.2", fill: "#3b3b3b"}),
    s("ellipse", {cx: "5.2", cy: "10.5", rx: "2", ry: "2.6", fill: "#3b3b3b"}),
    s("ellipse", {cx: "9.2", cy: "6.3", rx: "2", ry: "2.7", fill: "#3b3b3b"}),
    s("ellipse", {cx: "14.8", cy: "6.3", rx: "2", ry: "2.7", fill: "#3b3b3b"}),
    s("ellipse", {cx: "18.8", cy: "10.5", rx: "2", ry: "2.6", fill: "#3b3b3b"}),
  ],
  scarcity: () => [
    s("circle", {cx: "12", cy: "9", r: "5", fill: "none", stroke: "#6f42c1", "stroke-width": "2.2"}),
    s("path", {d: "M12 14v7M8.5 18h7", stroke: "#6f42c1", "stroke-width": "2.2", fill: "none"}),
    s("path", {d: "M3 21L21 3", stroke: "#b02a37", "stroke-width": "2.2"}),
  ],
  offspring: () => [
    s("path", {d: "M12 2.8c3.6 0 7 6.2 7 11.1A7 7 0 0 1 5 13.9C5 9 8.4 2.8 12 2.8z",
      fill: "#fff6dc", stroke: "#9c7a2b", "stroke-width": "1.4"}),
    s("circle", {cx: "10", cy: "10", r: "1.2", fill: "#d9c48a"}),
    s("circle", {cx: "14", cy: "15", r: "1", fill: "#d9c48a"}),
  ],
};

/** An icon; with a label it is announced, without it is decoration next to its text. */
export function icon(name, label = null) {
  const attrs = {viewBox: "0 0 24 24", class: `icon icon-${name}`, focusable: "false"};
  if (label) Object.assign(attrs, {role: "img", "aria-label": label});
  else attrs["aria-hidden"] = "true";
  return s("svg", attrs, label ? s("title", {}, label) : null, ...SHAPES[name]());
}

/** A Female meeple of the red or blue Stand. */
export function meeple(colour, label = null) {
  const fill = colour === "red" ? "#c62828" : "#1565c0";
  const attrs = {viewBox: "0 0 24 24", class: `meeple meeple-${colour}`, focusable: "false"};
  if (label) Object.assign(attrs, {role: "img", "aria-label": label});
  else attrs["aria-hidden"] = "true";
  return s("svg", attrs,
    label ? s("title", {}, label) : null,
    s("path", {
      d: "M12 2.5a3.6 3.6 0 0 1 3.6 3.6c0 1.2-.6 2.2-1.4 2.9 3.4.8 7 2 7 3.6 0 1.3-2.6 1.4-4.3 1.2l3.1 7.7H4l3.1-7.7C5.4 14 2.8 13.9 2.8 12.6c0-1.6 3.6-2.8 7-3.6-.8-.7-1.4-1.7-1.4-2.9A3.6 3.6 0 0 1 12 2.5z",
      fill, stroke: "#fff", "stroke-width": "0.8"}));
}
