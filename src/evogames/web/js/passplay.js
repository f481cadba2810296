// Pass and play: several people at one screen (/table/<id>?seats=CODE1,CODE2,...).
// One connection per seat of ours, and one as a spectator. The page shows the board of the seat of
// ours that is to act (the first in the view's to_act) and nothing of any other seat: when another of
// ours is next, a full-screen cover asks to pass the device, and the seat shown before is replaced by
// the spectator's (public) board behind it. While no seat of ours acts (bots, people on other devices)
// or the game is over, the page shows the table as a spectator sees it.
// A board may let the cover pass for a seat without showing its cards (board.coverPass(view): Mating's sneaky
// moments, where everyone asked may pass whatever they hold): the device then stays where it is.
import {$, h, s} from "/static/kit/dom.js";

if (!document.querySelector("link[data-passplay-css]")) {
  document.head.append(h("link", {rel: "stylesheet", href: new URL("../css/passplay.css", import.meta.url).href,
    "data-passplay-css": ""}));
}

export class PassAndPlay {
  /** shell: what table.js lends (page, show, seatLabel, askName, feed, focusBoard); codes: our seats' codes. */
  constructor(shell, codes) {
    this.shell = shell;
    this.asked = new Set(); // seats already asked for a name on this page
    this.revealed = null; // the seat whose board is shown
    this.last = null; // the seat shown last (its player may still hold the device)
    this.covered = null; // the seat the cover waits for
    this.cover = null;
    document.body.classList.add("pass-and-play");
    this.spectator = shell.feed(null, "watch");
    this.seatFeeds = codes.map((code, i) => shell.feed(code, `seat${i + 1}`));
  }

  feedOf(seat) {
    return this.seatFeeds.find((f) => f.seat === seat && f.state && !f.dead) || null;
  }

  /** The newest state any of our connections has: whose turn it is and whether the game is over are public. */
  newest() {
    let best = null;
    for (const feed of [this.spectator, ...this.seatFeeds]) {
      if (feed.state && (!best || feed.state.version > best.version)) best = feed.state;
    }
    return best;
  }

  /** Decide what the page shows after anything arrived. */
  update() {
    const state = this.newest();
    const {shell} = this;
    if (!state) {
      shell.show(this.spectator);
      return;
    }
    const view = state.view;
    if (view.over || state.ended) {
      this.revealed = null;
      this.hideCover();
      shell.show(this.spectator);
      this.bar(null);
      return;
    }
    // a seat of ours the teacher gave to a bot is the bot's to play: nobody is handed the device for it
    const ours = view.to_act.filter((seat) => this.feedOf(seat) && this.shell.page.seats[seat]?.kind !== "bot");
    if (this.revealed !== null && ours.includes(this.revealed)) {
      this.showSeat(this.revealed);
      return;
    }
    if (this.revealed !== null) {
      this.last = this.revealed;
      this.revealed = null;
    }
    const next = ours[0];
    if (next === undefined) {
      this.hideCover();
      shell.show(this.spectator);
      this.bar(`Waiting for ${view.to_act.map((seat) => this.describe(seat)).join(", ") || "the table"}…`);
      return;
    }
    if (next === this.last && this.covered === null) {
      this.showSeat(next); // the same person again, after the others moved: the device is still theirs
      return;
    }
    shell.show(this.spectator); // first: the seat shown before leaves the page
    this.showCover(next);
  }

  /** "Ann", "Player 3 · bot (hard)", "Bo (a bot plays for now)", "Player 4 (on another device)". */
  describe(seat) {
    const entry = this.shell.page.seats[seat];
    const name = this.shell.seatLabel(seat);
    if (entry?.kind === "bot") return entry.stands_in ? `${name} (a bot plays for now)` : name;
    return this.feedOf(seat) ? name : `${name} (on another device)`;
  }

  /** The header's words while the spectator's board is shown. */
  who() {
    const ours = this.seatFeeds.filter((f) => f.seat !== null).map((f) => this.shell.seatLabel(f.seat));
    return `Pass and play: ${ours.join(", ")}`;
  }

  showSeat(seat) {
    const first = this.revealed !== seat;
    this.revealed = seat;
    this.hideCover();
    this.shell.show(this.feedOf(seat));
    const name = this.shell.seatLabel(seat);
    const number = this.shell.page.seats[seat]?.name ? ` (Player ${seat + 1})` : "";
    this.bar(`${name}${number}: your turn. Everyone else, please look away.`);
    if (first) {
      this.shell.askName();
      this.shell.focusBoard();
    }
  }

  bar(text) {
    const bar = $("#pass-bar");
    bar.hidden = !text;
    bar.textContent = text || "";
  }

  // -- the cover: "Pass the device to …" ----------------------------------------------------------

  showCover(seat) {
    const name = this.shell.seatLabel(seat);
    const number = this.shell.page.seats[seat]?.name ? ` (Player ${seat + 1})` : "";
    const before = this.last !== null && this.last !== seat ? `${this.shell.seatLabel(this.last)}'s cards are hidden. `
      : "No one's cards are showing. ";
    const quick = this.coverPass();
    const texts = {
      title: quick ? `${name}'s turn: ${quick.moment}` : `Pass the device to ${name}`,
      note: quick ? `${before}${name}${number}: to play, take the device and show your cards. To pass, just say so: `
        + "anyone may press Pass, and no cards are shown." : `${before}${name}${number}: press the button when only you can see the screen.`,
      button: `I am ${name}: show my cards`,
      quick: quick ? `${name} passes: ${quick.label}` : "",
    };
    this.bar(null);
    if (!this.cover) {
      this.cover = coverElement(() => this.reveal(), () => this.passFromCover());
      document.body.append(this.cover);
      for (const el of document.body.children) {
        if (el !== this.cover && el.id !== "banner" && el.id !== "class-state") el.inert = true;
      }
      document.body.classList.add("pass-covered");
    }
    for (const [part, text] of Object.entries(texts)) {
      const el = this.cover.querySelector(`[data-part="${part}"]`);
      if (el.textContent !== text) el.textContent = text;
    }
    this.cover.querySelector('[data-part="quick"]').hidden = !quick;
    if (this.covered !== seat) {
      this.covered = seat;
      this.cover.querySelector("button").focus();
    }
  }

  /** What the board lets the cover offer now ({action, label, moment}) or null. It reads the public phase
   * only: the offer is the same whatever the seat holds, so it tells the table nothing. */
  coverPass() {
    const view = this.newest()?.view;
    const board = this.spectator.board?.module;
    return view && board?.coverPass ? board.coverPass(view) : null;
  }

  /** The seat on the cover passes without taking the device (its cards are never drawn). */
  passFromCover() {
    const seat = this.covered;
    const quick = this.coverPass();
    const feed = seat === null ? null : this.feedOf(seat);
    if (!quick || !feed) return;
    feed.connection.act(quick.action);
  }

  reveal() {
    const seat = this.covered;
    if (seat === null || !this.feedOf(seat)) return;
    this.covered = null;
    this.showSeat(seat);
  }

  hideCover() {
    this.covered = null;
    if (!this.cover) return;
    this.cover.remove();
    this.cover = null;
    for (const el of document.body.children) el.inert = false;
    document.body.classList.remove("pass-covered");
  }
}

function coverElement(onReveal, onPass) {
  return h("section", {class: "pass-cover", role: "dialog", "aria-modal": "true", "aria-labelledby": "pass-title",
    "aria-describedby": "pass-note"},
  h("div", {class: "pass-card"},
    passIcon(),
    h("h2", {id: "pass-title", "data-part": "title"}),
    h("p", {id: "pass-note", "data-part": "note"}),
    h("button", {type: "button", class: "btn primary big", "data-part": "button", dataset: {key: "pass-reveal"},
      onclick: onReveal}),
    h("button", {type: "button", class: "btn secondary big pass-quick", "data-part": "quick", dataset: {key: "pass-quick"},
      hidden: true, onclick: onPass})));
}

/** A tablet handed from one side to the other (decoration: the heading says it). */
function passIcon() {
  return s("svg", {class: "pass-icon", viewBox: "0 0 120 64", "aria-hidden": "true", focusable: "false"},
    s("rect", {x: 38, y: 6, width: 44, height: 52, rx: 6, fill: "#ffffff", stroke: "#1b1f24", "stroke-width": 3}),
    s("rect", {x: 44, y: 13, width: 32, height: 36, rx: 2, fill: "#c8e6c9"}),
    s("circle", {cx: 60, cy: 53, r: 2.2, fill: "#1b1f24"}),
    s("path", {d: "M6 32 H30 M22 24 L30 32 L22 40", fill: "none", stroke: "#2e7d32", "stroke-width": 5,
      "stroke-linecap": "round", "stroke-linejoin": "round"}),
    s("path", {d: "M90 32 H114 M106 24 L114 32 L106 40", fill: "none", stroke: "#2e7d32", "stroke-width": 5,
      "stroke-linecap": "round", "stroke-linejoin": "round"}));
}
