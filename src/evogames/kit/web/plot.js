// A small SVG line plot: one line per seat over the rounds.
import {s} from "./dom.js";

export const SEAT_COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf"];
const DASHES = ["", "7 4", "2 3", "10 3 2 3", "4 4", "1 2"];
const W = 560, BASE_H = 300, MARGIN = {left: 48, right: 16, top: 34, bottom: 44};

function niceStep(max) {
  const raw = Math.max(1, max) / 5;
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * power).find((step) => step >= raw);
}

const CHAR = 9, KEY = 32, ROW = 20; // a legend's character (px at 15-17 px), its line and gap, one row's height

/** A legend's label cut to its room: only a name longer than the plot is wide is cut; the full label stays in
 * each point's tooltip and the plot's description. */
function short(label, room) {
  const most = Math.max(4, Math.floor(room / CHAR));
  return label.length <= most ? label : `${label.slice(0, most - 1).trimEnd()}…`;
}

/** As many legend entries a row as the longest name lets whole ("Player 2 · bot (hard)"): one row for short
 * names, more rows (the plot's top grows) for long ones. */
function legendRows(labels, room) {
  const widest = Math.max(1, ...labels.map((label) => label.length)) * CHAR + KEY + 8;
  const columns = Math.max(1, Math.min(labels.length, Math.floor(room / Math.min(widest, room))));
  return {columns, rows: Math.ceil(labels.length / columns), gap: Math.min(Math.max(200, widest), room / columns)};
}

/**
 * linePlot({title, xLabel, yLabel, series: [{label, values}]}) -> <svg>.
 * values[i] is the value after round i (values[0]: the start).
 */
export function linePlot({title, xLabel, yLabel, series, goal = null}) {
  const {columns, rows, gap} = legendRows(series.map((line) => line.label), W - MARGIN.left - MARGIN.right);
  const grow = (rows - 1) * ROW, H = BASE_H + grow, M = {...MARGIN, top: MARGIN.top + grow};
  const rounds = Math.max(1, ...series.map((line) => line.values.length - 1));
  const all = series.flatMap((line) => line.values);
  const low = Math.min(0, ...all), high = Math.max(1, goal ?? 0, ...all);
  const step = niceStep(high - low);
  const top = Math.ceil(high / step) * step, bottom = Math.floor(low / step) * step;
  const x = (round) => M.left + (round / rounds) * (W - M.left - M.right);
  const y = (value) => H - M.bottom - ((value - bottom) / (top - bottom || 1)) * (H - M.top - M.bottom);
  const summary = series.map((line) => `${line.label}: ${line.values.at(-1)}`).join(", ");
  const grid = [], ticks = [];
  for (let v = bottom; v <= top + 1e-9; v += step) {
    grid.push(s("line", {x1: M.left, x2: W - M.right, y1: y(v), y2: y(v), class: "grid"}));
    ticks.push(s("text", {x: M.left - 8, y: y(v) + 5, "text-anchor": "end", class: "tick"}, String(v)));
  }
  const every = Math.ceil(rounds / 12);
  for (let r = 0; r <= rounds; r += every) {
    ticks.push(s("text", {x: x(r), y: H - M.bottom + 20, "text-anchor": "middle", class: "tick"}, String(r)));
  }
  const lines = series.map((line, i) => s("g", {class: "series"},
    s("polyline", {
      points: line.values.map((v, r) => `${x(r).toFixed(1)},${y(v).toFixed(1)}`).join(" "),
      fill: "none", stroke: SEAT_COLOURS[i % 6], "stroke-width": "3", "stroke-dasharray": DASHES[i % 6] || null,
      "stroke-linejoin": "round"}),
    line.values.map((v, r) => s("circle", {cx: x(r), cy: y(v), r: "3.5", fill: SEAT_COLOURS[i % 6]},
      s("title", {}, `${line.label}, ${(xLabel || "round").toLowerCase()} ${r}: ${v}`)))));
  const legend = series.map((line, i) => s("g",
    {transform: `translate(${M.left + 4 + (i % columns) * gap}, ${16 + Math.floor(i / columns) * ROW})`},
    s("line", {x1: 0, x2: 22, y1: 0, y2: 0, stroke: SEAT_COLOURS[i % 6], "stroke-width": "3",
      "stroke-dasharray": DASHES[i % 6] || null}),
    s("text", {x: 27, y: 5, class: "legend"}, short(line.label, gap - KEY))));
  return s("svg", {viewBox: `0 0 ${W} ${H}`, class: "plot", role: "img", "aria-label": `${title}. ${summary}.`},
    s("title", {}, title),
    grid, ticks,
    s("line", {x1: M.left, x2: M.left, y1: M.top, y2: H - M.bottom, class: "axis"}),
    s("line", {x1: M.left, x2: W - M.right, y1: H - M.bottom, y2: H - M.bottom, class: "axis"}),
    s("text", {x: (W + M.left) / 2, y: H - 6, "text-anchor": "middle", class: "label"}, xLabel),
    s("text", {x: 14, y: (H - M.bottom + M.top) / 2, "text-anchor": "middle", class: "label",
      transform: `rotate(-90 14 ${(H - M.bottom + M.top) / 2})`}, yLabel),
    goal === null ? null : s("g", {class: "goal"},
      s("line", {x1: M.left, x2: W - M.right, y1: y(goal), y2: y(goal), stroke: "#f9a825", "stroke-width": "2.5", "stroke-dasharray": "8 5"}),
      s("text", {x: W - M.right - 4, y: y(goal) - 6, "text-anchor": "end", class: "legend"}, `goal: ${goal}`)),
    lines, legend);
}
