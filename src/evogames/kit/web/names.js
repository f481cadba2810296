// What the page calls a seat, the same way on every board, in the log and on the game-over table:
// the name the student typed when joining, "You" for your own seat, "Bot (heuristic)" for a bot, and
// "Player 3" for a seat with no name yet. Every function returns plain text: h() and textContent put
// it in the page as text, never as HTML, so a name like "<b>Ann</b>" shows as typed.
// ctx is the board's context: {seat (yours, or null), seats (table.js: each {seat, kind, name, bot, stands_in})}.

/** "Ann", "Bot (heuristic)" or "Player 3": a seat in the third person. A bot keeping a student's seat (the teacher
 * gave it to a bot) keeps the student's name or "Player N", as the seat's panel does ("Player 1 · bot"). */
export function seatLabel(s, seats = []) {
  const label = plainLabel(s, seats);
  const clash = seats.some((other, i) => i !== s && plainLabel(i, seats) === label);
  if (!clash) return label;
  const entry = seats[s];
  return entry?.kind === "bot" && !entry.name ? `Bot ${s + 1} (${entry.bot || "computer"})` : `${label} (Player ${s + 1})`;
}

function plainLabel(s, seats) {
  const entry = seats[s];
  const name = entry?.name?.trim();
  if (entry?.kind === "bot" && !entry.stands_in) return name ? `${name} (bot)` : `Bot (${entry.bot || "computer"})`;
  return name || `Player ${s + 1}`;
}

/** "You" for your own seat ("Your bot (hard)" while the teacher has given it to a bot: the bot acts, not you),
 * else the seat's label (a board's prompts, panels and game-over rows). */
export function nameOf(s, ctx = {}) {
  const {seat = null, seats = []} = ctx;
  if (s !== seat) return seatLabel(s, seats);
  return isYou(s, ctx) ? "You" : `Your bot (${seats[s].bot || "computer"})`;
}

/** Is seat ``s`` yours and played by you, so a verb takes "you are", "you offer" (not "Your bot is": the
 * teacher gave it to a bot)? */
export function isYou(s, {seat = null, seats = []} = {}) {
  return s === seat && seats[s]?.kind !== "bot";
}

/** Who plays seat ``s``, as a seat's panel says it after "Player 2 · ": "you", "your bot (hard)" (your seat, which
 * the teacher gave to a bot: the bot acts, not you), "bot" or "person". */
export function seatKind(s, ctx = {}) {
  const {seat = null, seats = []} = ctx;
  if (s === seat) return isYou(s, ctx) ? "you" : `your bot (${seats[s].bot || "computer"})`;
  return seats[s]?.kind === "bot" ? "bot" : "person";
}

/** nameOf inside a sentence: "you" (or "your bot (hard)") in lower case. */
export function nameIn(s, ctx) {
  const name = nameOf(s, ctx);
  return name === "You" ? "you" : name.startsWith("Your bot") ? `y${name.slice(1)}` : name;
}

/** A sentence from the server ("Player 2 reveals Lek") with the table's names ("Ann reveals Lek"): every
 * "Player N" of a seat at this table becomes its label, your own seat too (the sentences are in the third
 * person: "Ann's carnivore", never "You's"); your own seat while a bot holds it says so as its panel does:
 * "Ann · your bot (easy)" (``seat``: yours, or null). Returns text (the name is never parsed as HTML). */
export function withNames(text, seats = [], seat = null) {
  return String(text).replace(/\bPlayer (\d+)\b/g, (whole, number) => {
    const s = Number(number) - 1;
    if (s < 0 || s >= seats.length) return whole;
    return s === seat && seats[s]?.kind === "bot" ? `${seatLabel(s, seats)} · ${seatKind(s, {seat, seats})}` : seatLabel(s, seats);
  });
}

/** "Ann, Bo and you": a list of names in a sentence. */
export function listing(items) {
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}
