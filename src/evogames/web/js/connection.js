// The table's websocket: it reconnects by itself and remembers the last version.

// a bad seat code, an unknown table, the seat opened in a newer window: retrying cannot help
const FATAL = new Set([4403, 4404, 4409]);

export class TableConnection {
  /** handlers: {welcome, state, error, seat, status(text, ok), fatal(reason, code)} */
  constructor(tableId, token, handlers) {
    this.url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/tables/${encodeURIComponent(tableId)}`
      + (token ? `?token=${encodeURIComponent(token)}` : "");
    this.handlers = handlers;
    this.version = null;
    this.pending = false; // an action is on its way: a second click waits for the answer
    this.retry = 0;
    this.lastError = null;
    this.open();
    setInterval(() => this.send({type: "ping"}), 25000); // keeps proxies from closing an idle socket
  }

  open() {
    this.handlers.status("Connecting…", false);
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.retry = 0;
      this.handlers.status("Connected", true);
    });
    socket.addEventListener("message", (event) => this.receive(event.data));
    socket.addEventListener("close", (event) => this.closed(event));
  }

  receive(text) {
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (message.type === "welcome") this.handlers.welcome(message);
    else if (message.type === "state") {
      this.version = message.version;
      this.pending = false;
      this.handlers.state(message);
    } else if (message.type === "error") {
      this.pending = false;
      this.lastError = message;
      this.handlers.error(message);
    } else if (message.type === "hint") {
      this.handlers.hint?.(message); // the coach's answer to this seat's "hint"
    } else if (message.type === "seat") {
      this.handlers.seat(message); // the teacher gave this seat to a bot, or gave it back
    } else if (message.type === "replaced") {
      this.lastError = message;
    }
  }

  closed(event) {
    this.pending = false;
    if (FATAL.has(event.code)) {
      this.handlers.status("Not connected", false);
      this.handlers.fatal(this.lastError?.reason || "This table cannot be opened.", event.code);
      return;
    }
    const wait = Math.min(5000, 300 * 2 ** this.retry++);
    this.handlers.status(`Connection lost; reconnecting in ${Math.ceil(wait / 1000)} s…`, false);
    setTimeout(() => this.open(), wait);
  }

  send(message) {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** Ask the coach for this seat's top moves (the answer comes as a "hint" message). */
  hint() {
    return this.send({type: "hint"});
  }

  /** Send an action against the last state this page received: true if sent, "busy" while the
   * last action waits for its answer (a double click sends once), false when offline. */
  act(action) {
    if (this.pending) return "busy";
    const sent = this.send({type: "action", version: this.version, action});
    this.pending = sent;
    return sent;
  }
}
