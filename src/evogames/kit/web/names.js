// What the page calls a seat, the same way on every page (boards, prompts, log, game-over, replay, teacher's page,
// debrief, lobby): the name the student typed when joining, "You" for your own seat, "Player 2 · bot (hard)" for a
// bot's seat, and "Player 3" for a seat with no name yet. A student's seat the teacher gave to a bot keeps the
// student's name (or "Player N"). Every function returns plain text: h() and textContent put it in the page as text,
// never as HTML, so a name like "<b>Ann</b>" shows as typed.
// ctx is the board's context: {seat (yours, or null), seats (table.js: each {seat, kind, name, bot, stands_in})}.

/** "bot (hard)": a bot of this level, as every page says it. */
export const botWords = (level) => `bot (${level || "computer"})`;

/** Is seat ``s`` a bot's own seat (not a student's seat a bot holds for now)? */
const isBotSeat = (entry) => entry?.kind === "bot" && !entry.stands_in;

/** "Ann", "Player 2 · bot (hard)" or "Player 3": a seat in the third person. A bot keeping a student's seat (the
 * teacher gave it to a bot) keeps the student's name or "Player N"; two students of one name get their seat's number. */
export function seatLabel(s, seats = []) {
  const entry = seats[s];
  if (isBotSeat(entry)) return `Player ${s + 1} · ${botWords(entry.bot)}`;
  const label = personLabel(s, seats);
  const clash = seats.some((other, i) => i !== s && !isBotSeat(other) && personLabel(i, seats) === label);
  return clash ? `${label} (Player ${s + 1})` : label;
}

const personLabel = (s, seats) => seats[s]?.name?.trim() || `Player ${s + 1}`;

/** "Ann's", "Player 2's": the seat's label as an owner ("Player 2's Lek"; a bot's seat drops its " · bot (hard)",
 * which cannot take an "'s"). */
export function possessive(s, seats = []) {
  return isBotSeat(seats[s]) ? `Player ${s + 1}'s` : `${seatLabel(s, seats)}'s`;
}

/** "You" for your own seat ("Your bot (hard)" while the teacher has given it to a bot: the bot acts, not you),
 * else the seat's label (a board's prompts, panels and game-over rows). */
export function nameOf(s, ctx = {}) {
  const {seat = null, seats = []} = ctx;
  if (s !== seat) return seatLabel(s, seats);
  return isYou(s, ctx) ? "You" : `Your ${botWords(seats[s].bot)}`;
}

/** Is seat ``s`` yours and played by you, so a verb takes "you are", "you offer" (not "Your bot is": the
 * teacher gave it to a bot)? */
export function isYou(s, {seat = null, seats = []} = {}) {
  return s === seat && seats[s]?.kind !== "bot";
}

/** Who plays seat ``s``, as a seat's panel says it after "Player 2 · ": "you", "your bot (hard)" (your seat, which
 * the teacher gave to a bot: the bot acts, not you), "bot (hard)" or "person". */
export function seatKind(s, ctx = {}) {
  const {seat = null, seats = []} = ctx;
  if (s === seat) return isYou(s, ctx) ? "you" : `your ${botWords(seats[s].bot)}`;
  return seats[s]?.kind === "bot" ? botWords(seats[s].bot) : "person";
}

/** A panel's line under the seat's name (its label): under a student's name the seat and its kind ("Player 1 ·
 * you", "Player 3 · person", "Player 1 · your bot (easy)"); under "Player 1" the kind alone ("you", never "Player 1"
 * twice); null for a bot's seat, whose name already says "Player 2 · bot (hard)". */
export function seatLine(s, ctx = {}) {
  const {seat = null, seats = []} = ctx;
  if (s !== seat && isBotSeat(seats[s])) return null;
  const number = `Player ${s + 1}`, kind = seatKind(s, ctx);
  return seatLabel(s, seats).includes(number) ? kind : `${number} · ${kind}`;
}

/** nameOf inside a sentence: "you" (or "your bot (hard)") in lower case. */
export function nameIn(s, ctx) {
  const name = nameOf(s, ctx);
  return name === "You" ? "you" : name.startsWith("Your bot") ? `y${name.slice(1)}` : name;
}

/** A sentence from the server ("Player 2 reveals Lek") with the table's names ("Ann reveals Lek"): every
 * "Player N" of a seat at this table becomes its label, your own seat too (the sentences are in the third
 * person: "Ann's carnivore", never "You's"); your own seat while a bot holds it says so as its panel does:
 * "Ann · your bot (easy)" (``seat``: yours, or null). An owner takes the possessive ("Player 2's Lek", "Ann's
 * carnivore"), and the turn of a seat your bot holds says who plays it: "your bot (easy) plays Ann's turn".
 * Returns text (the name is never parsed as HTML). */
export function withNames(text, seats = [], seat = null) {
  return String(text).replace(/\bPlayer (\d+)\b('s turn\b|'s\b)?/g, (whole, number, owner, at) => {
    const s = Number(number) - 1;
    if (s < 0 || s >= seats.length) return whole;
    const held = s === seat && seats[s]?.kind === "bot";
    if (owner === "'s turn" && held) return `${at === 0 ? "Y" : "y"}our ${botWords(seats[s].bot)} plays ${possessive(s, seats)} turn`;
    if (owner) return `${possessive(s, seats)}${owner.slice(2)}`;
    return held ? `${seatLabel(s, seats)} · ${seatKind(s, {seat, seats})}` : seatLabel(s, seats);
  });
}

/** "Ann, Bo and you": a list of names in a sentence. */
export function listing(items) {
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}
