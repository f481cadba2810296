// The game-over screen: result, score table, plots, and the rulebook's discussion questions.
import {fetchJSON, fill, h} from "/static/kit/dom.js";
import {replayLinkHere} from "./replay.js";

const learning = new Map(); // game -> Promise of {intro, questions, outcomes}

function learningOf(game) {
  if (!learning.has(game)) learning.set(game, fetchJSON(`/api/games/${encodeURIComponent(game)}/learning`).catch(() => null));
  return learning.get(game);
}

/** A section built from board.results(ctx); the questions arrive a moment later. */
export function gameOverSection(board, ctx) {
  const r = board.results(ctx);
  const questions = h("section", {class: "learning", "aria-label": "Discussion questions"}, h("p", {class: "muted"}, "Loading the discussion questions…"));
  learningOf(ctx.view.game).then((data) => fill(questions, learningContent(data)));
  const table = h("table", {class: "scores", tabindex: 0, "aria-describedby": "scores-hint"},  // focusable: on a phone a wide table scrolls in its own box
    h("caption", {class: "sr-only"}, "Final scores"),
    h("thead", {}, h("tr", {}, r.columns.map((c) => h("th", {scope: "col"}, c)))),
    h("tbody", {}, r.rows.map((row) => h("tr", {class: row.winner ? "winner" : null},
      row.cells.map((cell, i) => (i === 0 ? h("th", {scope: "row"}, cell, row.winner ? h("span", {class: "star", "aria-label": "winner"}, " ★") : "") : h("td", {"data-label": r.columns[i]}, cell)))))));
  const hint = h("p", {class: "scroll-hint", id: "scores-hint", hidden: true}, "⇆ Swipe the table sideways: it has more columns.");
  stackWhenWide(table);
  watchWidth(table, hint);
  return h("section", {class: "game-over", id: "game-over", "aria-labelledby": "game-over-title"},
    h("h2", {id: "game-over-title"}, "Game over: ", r.headline),
    r.sentences.map((text) => h("p", {class: "lead"}, text)),
    hint, table,
    h("div", {class: "plots"}, r.plots.map((plot) => h("figure", {}, plot))),
    questions,
    h("p", {class: "actions"}, h("a", {class: "btn primary", href: "/"}, "Back to the lobby: play again"), replayLinkHere()));
}

/** A table the teacher ended before the rules did: no winner, so no result table; it says so, points to the
 * board above (where everyone stood), and keeps the discussion questions, the replay and the way back. */
export function endedSection(ctx) {
  const questions = h("section", {class: "learning", "aria-label": "Discussion questions"}, h("p", {class: "muted"}, "Loading the discussion questions…"));
  learningOf(ctx.view.game).then((data) => fill(questions, learningContent(data)));
  return h("section", {class: "game-over ended", id: "game-over", "aria-labelledby": "game-over-title"},
    h("h2", {id: "game-over-title"}, "Game over: your teacher ended this game"),
    h("p", {class: "lead"}, "It stopped where it stood, with no winner: the board below shows how everyone stood."),
    questions,
    h("p", {class: "actions"}, h("a", {class: "btn primary", href: "/"}, "Back to the lobby: play again"), replayLinkHere()));
}

/** A table wider than its box as a table (a phone, five columns or more) is shown as one block a player, each number
 * after its column's name ("Captured 2"), so every column is seen without swiping. Measured again whenever the
 * box's width changes (a phone turned sideways may fit the table). */
function stackWhenWide(table) {
  let width = -1;
  new ResizeObserver(() => {
    const box = table.clientWidth;  // the table is a block as wide as its box (app.css)
    if (box === width) return;
    width = box;
    table.classList.remove("stacked");
    table.classList.toggle("stacked", table.scrollWidth > table.clientWidth + 1);
  }).observe(table);
}

/** Show the hint only while the table is wider than its box (a phone), and say at its edge that more is there. */
function watchWidth(table, hint) {
  const check = () => {
    const wide = table.scrollWidth > table.clientWidth + 1;
    hint.hidden = !wide;
    table.classList.toggle("more-right", wide && table.scrollLeft + table.clientWidth < table.scrollWidth - 1);
  };
  new ResizeObserver(check).observe(table);
  table.addEventListener("scroll", check, {passive: true});
}

function learningContent(data) {
  if (!data || !data.questions?.length) return [h("p", {class: "muted"}, "No discussion questions for this game.")];
  return [
    h("h3", {}, "Talk about it"),
    data.intro ? h("p", {}, data.intro) : null,
    h("ol", {class: "questions"}, data.questions.map((q) => h("li", {},
      h("p", {class: "question"}, q.question),
      q.answer ? h("details", {}, h("summary", {}, "The game designers' thoughts"), h("p", {}, q.answer)) : null))),
    data.outcomes?.length ? [h("h3", {}, "Learning outcomes"), h("ul", {class: "outcomes"}, data.outcomes.map((o) => h("li", {}, o)))] : null,
  ];
}
