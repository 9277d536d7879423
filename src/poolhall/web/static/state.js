// The last snapshot the server sent, and what this page holds: its seats.
// The server says what is asked of whom and what is legal; the page only reads it.

export class State {
  constructor() {
    this.match = null; // the server's view of the match (see docs/web.md, "snapshot")
    this.version = null;
    this.seats = []; // the seats this page acts for ("A", "B"); empty when watching
    this.lastAction = null; // the last committed action, with its ruling and trajectory
    this.listeners = new Set();
  }

  subscribe(fn) { this.listeners.add(fn); }

  update(match, version, action = null) {
    this.match = match;
    this.version = version;
    if (action) this.lastAction = action;
    else if (match.last_action) this.lastAction = match.last_action;
    for (const fn of this.listeners) fn(this, action);
  }

  /** What the match asks now, when this page may answer it; else null. */
  get myAsk() {
    const ask = this.match?.asked;
    if (!ask || !this.seats.includes(ask.player)) return null;
    return ask;
  }

  name(seat) { return this.match?.seats?.[seat]?.name || seat; }
}
