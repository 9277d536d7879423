// The WebSocket to the server: hello with the seat tokens, reconnection with
// backoff, and resync by version. Every server message carries the version of
// the match it reflects; an event that does not follow the version we hold
// means we missed something, so we ask for a snapshot instead of guessing.

const BACKOFF_MS = [250, 500, 1000, 2000, 4000, 8000];
/** The close code of a socket to a match the server does not have (app.py): reconnecting cannot help. */
const NO_MATCH = 4404;

export class Net {
  /** `handlers`: onWelcome(msg), onSnapshot(msg), onEvent(msg), onError(msg), onStatus("open"|"closed"|"gone"). */
  constructor(matchId, tokens, handlers) {
    this.matchId = matchId;
    this.tokens = tokens;
    this.handlers = handlers;
    this.version = null;
    this.lang = "en";
    this.socket = null;
    this.attempt = 0;
    this.closedByUs = false;
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws/matches/${encodeURIComponent(this.matchId)}`);
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.attempt = 0;
      const hello = { type: "hello", tokens: this.tokens, lang: this.lang };
      if (this.version !== null) hello.version = this.version;
      socket.send(JSON.stringify(hello));
      this.handlers.onStatus("open");
    });
    socket.addEventListener("message", (e) => this.receive(e.data));
    socket.addEventListener("close", (e) => {
      if (this.socket !== socket) return;
      if (e.code === NO_MATCH) { this.handlers.onStatus("gone"); return; }  // no match to reconnect to
      this.handlers.onStatus("closed");
      if (this.closedByUs) return;
      const delay = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)] * (0.75 + Math.random() / 2);
      this.attempt += 1;
      setTimeout(() => this.connect(), delay);
    });
  }

  close() { this.closedByUs = true; this.socket?.close(); }

  receive(text) {
    let msg;
    try { msg = JSON.parse(text); } catch { return; }
    switch (msg.type) {
      case "welcome": this.handlers.onWelcome(msg); break;
      case "snapshot": this.version = msg.version; this.handlers.onSnapshot(msg); break;
      case "event":
        if (this.version !== null && msg.version <= this.version) return; // already have it
        if (this.version !== null && msg.version !== this.version + 1) { this.send({ type: "sync" }); return; }
        this.version = msg.version;
        this.handlers.onEvent(msg);
        break;
      case "error":
        if (this.version !== null && msg.version !== this.version) this.send({ type: "sync" });
        this.handlers.onError(msg);
        break;
      default: break;
    }
  }

  send(msg) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(msg));
    return true;
  }
}
