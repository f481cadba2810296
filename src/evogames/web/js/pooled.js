// Pure helpers for the class debrief: a class's tables pooled into per-round means, what won, and the
// class's own numbers for a discussion question. No game names here: everything comes from each game's
// Match.stats() ({rounds, seats: [{metric: number}], history: [{metric: [per seat]}], kinds?: [per seat]}).

/** "food_spent" -> "Food spent", "mutationsAtDeath" -> "Mutations at death", "famine+relocation" -> "Famine + relocation". */
export function words(key) {
  const text = String(key).replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/[_\-.]+/g, " ").replace(/\s*\+\s*/g, " + ")
    .replace(/\s+/g, " ").trim().toLowerCase();
  return text ? text[0].toUpperCase() + text.slice(1) : "";
}

const isNumber = (v) => typeof v === "number" && Number.isFinite(v);

export function mean(values) {
  const nums = values.filter(isNumber);
  return nums.length ? nums.reduce((a, b) => a + b, 0) / nums.length : null;
}

/** A number for people: whole numbers as they are, else one decimal (two below 1). */
export function fmt(value) {
  if (!isNumber(value)) return "–";
  if (Number.isInteger(value)) return String(value);
  const digits = Math.abs(value) >= 1 ? 1 : 2;
  return String(Number(value.toFixed(digits)));
}

export const percent = (part, whole) => (whole ? `${Math.round((100 * part) / whole)}%` : "–");

/** Tables whose game is finished and that have a result (winners). */
export const decided = (tables) => tables.filter((t) => t.stats && t.result && Array.isArray(t.result.winners));

/** Seat is a winner of its table? */
const won = (t, seat) => Boolean(t.result?.winners?.includes(seat));

/** The history metrics every finished table has, in their first table's order. */
export function historyMetrics(tables) {
  const keys = [];
  for (const t of tables) {
    for (const round of t.stats?.history || []) {
      for (const [key, values] of Object.entries(round || {})) {
        if (Array.isArray(values) && values.some(isNumber) && !keys.includes(key)) keys.push(key);
      }
    }
  }
  return keys;
}

/**
 * The game's own word for what a table's ``round`` counts: "turn" where it counts turns (Phylo, Dodo, and
 * Evolution, whose rulebook's turns its view counts as rounds), else "round" (the summary's ``round_word``).
 * The teacher's page and the debrief both say it.
 */
export const roundWord = (t) => (t?.round_word === "turn" ? "turn" : "round");

export const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * How many rounds (or turns: the game's word) a finished table played: the result's count of them, else the
 * statistics' (which count what the view counts). Phylo's result has both: 4 rounds of 2 players are 8 turns.
 */
export function roundsOf(t) {
  const result = t.result || {};
  const counts = roundWord(t) === "turn" ? [result.turns, t.stats?.rounds, result.rounds] : [result.rounds, t.stats?.rounds];
  return counts.find(isNumber) ?? null;
}

/** Where a table is, in the game's word: "Finished after 7 rounds", "Ended in turn 5", "Round 3" (playing). */
export function progressText(t) {
  const word = roundWord(t);
  if (t.over) {
    const n = roundsOf(t);
    return n === null ? "Finished" : `Finished after ${plural(n, word)}`;
  }
  if (t.ended) return `Ended in ${word} ${t.round ?? "–"}`;
  return `${capital(word)} ${t.round ?? 1}`;
}

/** "Round" or "Turn": the word most of these tables' games use (see ``roundWord``). */
export function roundHeading(tables) {
  const turns = tables.filter((t) => roundWord(t) === "turn").length;
  return turns > tables.length - turns ? "Turn" : "Round";
}

/**
 * Does the history hold one entry per round or one per turn? The game's word where the tables say it (their
 * history counts what their ``round`` counts); else the one whose count (the result's ``rounds`` or ``turns``)
 * is nearer the history's length, over the tables; "Round" when nothing says otherwise.
 */
export function stepWord(tables) {
  const told = tables.filter((t) => t.round_word && t.stats?.history?.length);
  if (told.length) return roundHeading(told);
  let turns = 0, rounds = 0;
  for (const t of tables) {
    const n = t.stats?.history?.length;
    if (!n) continue;
    const perTurn = isNumber(t.result?.turns) ? Math.abs(n - t.result.turns) : Infinity;
    if (perTurn < Math.abs(n - (roundsOf(t) ?? Infinity))) turns += 1;
    else rounds += 1;
  }
  return turns > rounds ? "Turn" : "Round";
}

/**
 * One metric round by round over the class: [{step, all, winners, seats, tables}] where step counts from 1,
 * all is the mean over every seat of every table that reached that step, winners the mean over those
 * tables' winners (null if none).
 */
export function pooledSeries(tables, key) {
  const steps = Math.max(0, ...tables.map((t) => t.stats?.history?.length || 0));
  const out = [];
  for (let i = 0; i < steps; i++) {
    const all = [], best = [];
    let count = 0;
    for (const t of tables) {
      const values = t.stats?.history?.[i]?.[key];
      if (!Array.isArray(values)) continue;
      count += 1;
      values.forEach((v, seat) => {
        if (!isNumber(v)) return;
        all.push(v);
        if (won(t, seat)) best.push(v);
      });
    }
    out.push({step: i + 1, all: mean(all), winners: mean(best), seats: all.length, tables: count});
  }
  return out;
}

/** The last value of a history metric for each seat (its value at the table's end). */
function finals(t, key) {
  const history = t.stats?.history || [];
  for (let i = history.length - 1; i >= 0; i--) {
    if (Array.isArray(history[i]?.[key])) return history[i][key];
  }
  return [];
}

/**
 * Where a history measure's last value was taken: at the end of the last round (or turn) the history recorded,
 * which a game ending in the middle of a round does not reach (Adapt or Die's final scores count the whole game).
 */
export const lastStep = (step) => `end of the last full ${step}`;

/** A history metric at the end of the game: the mean over all seats and over the winners. */
export function finalMeans(tables, key) {
  const all = [], best = [];
  for (const t of tables) {
    finals(t, key).forEach((v, seat) => {
      if (!isNumber(v)) return;
      all.push(v);
      if (won(t, seat)) best.push(v);
    });
  }
  return {all: mean(all), winners: mean(best)};
}

/** What won: per kind, how many seats had it and how many of them won; most wins first. */
export function kindTally(tables) {
  const by = new Map();
  for (const t of decided(tables)) {
    (t.stats.kinds || []).forEach((kind, seat) => {
      const name = kind === null || kind === undefined || kind === "" ? "none" : String(kind);
      const row = by.get(name) || {kind: name, seats: 0, winners: 0};
      row.seats += 1;
      if (won(t, seat)) row.winners += 1;
      by.set(name, row);
    });
  }
  return [...by.values()].sort((a, b) => b.winners - a.winners || b.winners / b.seats - a.winners / a.seats
    || b.seats - a.seats || a.kind.localeCompare(b.kind));
}

/** Per-seat metrics, winners' mean against everyone else's; the ones telling them apart most (for their spread) first. */
export function seatComparison(tables) {
  const keys = [];
  const rows = decided(tables).flatMap((t) => (t.stats.seats || []).map((row, seat) => ({row, winner: won(t, seat)})));
  for (const {row} of rows) {
    for (const [key, v] of Object.entries(row || {})) if (isNumber(v) && !keys.includes(key)) keys.push(key);
  }
  const out = keys.map((key) => {
    const winners = mean(rows.filter((r) => r.winner).map((r) => r.row[key]));
    const others = mean(rows.filter((r) => !r.winner).map((r) => r.row[key]));
    const values = rows.map((r) => r.row[key]).filter(isNumber);
    const all = mean(values);
    const spread = values.length > 1 ? Math.sqrt(values.reduce((sum, v) => sum + (v - all) ** 2, 0) / values.length) : 0;
    // the gap in units of the class's spread (an effect size): a gap of 1 in a measure that hardly varies counts
    const gap = winners === null || others === null || !spread ? 0 : Math.abs(winners - others) / spread;
    return {key, label: words(key), winners, others, all, gap};
  });
  return out.sort((a, b) => b.gap - a.gap || keys.indexOf(a.key) - keys.indexOf(b.key));
}

/** The class in numbers: tables, players, rounds, scores and the kind that won most. */
export function classFacts(tables) {
  const over = tables.filter((t) => t.over).length;
  const ended = tables.filter((t) => t.ended && !t.over).length;
  const done = decided(tables);
  const seats = tables.flatMap((t) => t.seats || []);
  const people = seats.filter((s) => s.kind === "human" || s.stands_in).length;
  const rounds = done.map(roundsOf).filter(isNumber);
  const scores = done.flatMap((t) => (t.result.scores || []).map((score, seat) => ({score, winner: won(t, seat)})));
  const kinds = kindTally(tables);
  return {
    tables: tables.length, over, ended, finished: over + ended, playing: tables.length - over - ended,
    players: seats.length, people, bots: seats.length - people,
    // the rounds of the games played to their end (a table ended by the teacher is not one)
    rounds: {mean: mean(rounds), low: rounds.length ? Math.min(...rounds) : null, high: rounds.length ? Math.max(...rounds) : null,
      count: rounds.length},
    winningScore: mean(scores.filter((s) => s.winner).map((s) => s.score)),
    // each winner's (or leader's) score: a mean of several is said to be one ("mean of the leading scores")
    winningScores: scores.filter((s) => s.winner && isNumber(s.score)).map((s) => s.score),
    score: mean(scores.map((s) => s.score)),
    lowerIsBetter: done.some((t) => t.result.lower_is_better),
    winners: scores.filter((s) => s.winner).length,
    // the kinds with the most winners (several when they tie)
    topKinds: kinds.filter((k) => k.winners > 0 && k.winners === kinds[0].winners),
  };
}

// -- tables the teacher ended ------------------------------------------------------------------------------
// A table ended at the bell has no winner and no result: its numbers are as they stood when ended. They are
// shown on their own, labelled so, and never pooled with the finished games' (a leader is not a winner).

/** The words a fact uses: of finished games, or of tables as they stood when ended. */
export const FINISHED = {winners: "winners", won: "won", when: ""};
export const AT_THE_BELL = {winners: "leading", won: "were leading", when: " (when ended)"};

/** The tables the teacher ended before their game was over that have their statistics. */
export const endedEarly = (tables) => tables.filter((t) => t.ended && !t.over && t.stats);

/**
 * The seats ahead when a table was ended: the best running score (the lowest where ``lower``); none when the
 * game shows no running score, or when every seat ties (nobody was ahead).
 */
export function leaders(t, lower = false) {
  const scored = (t.scores || []).map((score, seat) => ({score, seat})).filter((s) => isNumber(s.score));
  if (!scored.length) return [];
  const best = (lower ? Math.min : Math.max)(...scored.map((s) => s.score));
  const ahead = scored.filter((s) => s.score === best).map((s) => s.seat);
  return ahead.length === (t.seats?.length || scored.length) && ahead.length > 1 ? [] : ahead;
}

/**
 * An ended table as it stood when ended, shaped as a finished one for the helpers above: its running scores,
 * its leaders where a finished table has its winners, the round (or turn) it was in. Never mixed with finished ones.
 */
export function asEnded(t, lower = false) {
  return {...t, result: {scores: t.scores || [], winners: leaders(t, lower), rounds: t.round, turns: t.round,
    lower_is_better: lower}};
}

const STOP = new Set(["times", "used", "played", "taken", "drawn", "gained", "spent", "fought", "rate", "success",
  "with", "from", "that", "this", "what", "which", "your", "each", "more", "most", "many", "much", "than", "when",
  "were", "does", "have", "into", "over", "game", "games", "player", "players", "table", "round", "rounds"]);

/** The stem a word is matched on: "Cascades" and "cascade" both give "cascad". */
function stem(word) {
  let w = word.toLowerCase();
  if (w.length > 3 && w.endsWith("s")) w = w.slice(0, -1);
  if (w.length > 3 && w.endsWith("e")) w = w.slice(0, -1);
  return w;
}

const stems = (text, stop = STOP) => new Set(String(text).toLowerCase().split(/[^a-z0-9]+/)
  .filter((w) => w.length >= 4 && !stop.has(w)).map(stem));
const same = (a, b) => a.size === b.size && [...a].every((w) => b.has(w));

/**
 * The class's numbers a discussion question speaks of: the metrics (and kinds) whose words it uses.
 * Returns [{label, text}] (at most ``most``). ``labels``: the game's metric labels (its words for a yes/no measure).
 */
export function questionFacts(question, tables, most = 4, say = FINISHED, labels = {}) {
  const asked = stems(question);
  const facts = [];
  const says = (key) => [...stems(words(key))].some((w) => asked.has(w));
  const anyWinner = tables.some((t) => t.result?.winners?.length); // none (nobody led when ended): no "0 of 3 won"
  const against = (value) => (value === null ? "" : `, ${say.winners} ${fmt(value)}`);
  for (const kind of anyWinner ? kindTally(tables) : []) {
    const parts = kind.kind.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
    if (parts.length && parts.every((p) => asked.has(stem(p)))) {
      facts.push({label: words(kind.kind), text: `${kind.winners} of ${kind.seats} ${say.won} (${percent(kind.winners, kind.seats)})`});
    }
  }
  const told = [];
  for (const key of historyMetrics(tables)) {
    if (!says(key)) continue;
    const m = finalMeans(tables, key);
    told.push(stems(words(key), new Set()));
    facts.push({label: `${words(key)}, ${lastStep(stepWord(tables).toLowerCase())}${say.when}`,
      text: `${fmt(m.all)} a player${against(m.winners)}`});
  }
  for (const row of seatComparison(tables)) {
    // "creatures_at_end" says what the history's last "creatures" already said; a kind may be a metric too.
    const mine = stems(row.label, new Set());
    if (!says(row.key) || told.some((t) => same(t, mine)) || facts.some((f) => f.label === row.label)) continue;
    const yes = yesNo(tables, row.key);
    facts.push({label: `${row.label}${say.when}`, text: yes ? yesNoText(yes, row.key, labels, say)
      : `${fmt(row.all)} a player${against(row.winners)}`});
  }
  return facts.slice(0, most);
}

/**
 * A seat measure that is a yes or a no (every value 0 or 1, "generic creature (1: yes)"): how many players had it
 * and how many of the winners, or null for a measure that counts.
 */
export function yesNo(tables, key) {
  const rows = decided(tables).flatMap((t) => (t.stats.seats || []).map((row, seat) => ({v: row?.[key], winner: won(t, seat)})))
    .filter((r) => isNumber(r.v));
  if (!rows.length || rows.some((r) => r.v !== 0 && r.v !== 1)) return null;
  const winners = rows.filter((r) => r.winner);
  return {yes: rows.filter((r) => r.v === 1).length, seats: rows.length,
    winnersYes: winners.filter((r) => r.v === 1).length, winners: winners.length};
}

/** A yes/no measure in words: "no generic creature in these games", or "1 of 6 players, winners 1 of 2". */
export function yesNoText(count, key, labels = {}, say = FINISHED) {
  const named = String(labels[key] || "").replace(/\s*\(.*\)\s*$/, "").trim() || words(key).toLowerCase();
  if (!count.yes) return `no ${named} in these games`;
  const of = (k, n, noun) => `${k} of ${n} ${noun}${n === 1 ? "" : "s"}`;
  return of(count.yes, count.seats, "player") + (count.winners ? `, ${say.winners} ${count.winnersYes} of ${count.winners}` : "");
}
