// The last snapshot the server sent, and what this page holds: its seats.
// The server says what is asked of whom and what is legal; the page only reads it.

const LOG_LENGTH = 40; // as many as a snapshot's log (rooms.LOG_LENGTH)

export class State {
  constructor() {
    this.match = null; // the server's view of the match (see docs/web.md, "snapshot")
    this.version = null;
    this.seats = []; // the seats this page acts for ("A", "B"); empty when watching
    this.lastAction = null; // the last committed action, with its ruling and trajectory
    this.log = []; // the last actions, with their rulings (the snapshot's log, then each event's action)
    this.listeners = new Set();
  }

  subscribe(fn) { this.listeners.add(fn); }

  update(match, version, action = null) {
    if (match.log) this.log = match.log; // a snapshot: the server's last actions
    else if (action && version !== this.version) {
      const { start, trajectory, ...entry } = action; // the log keeps the words, not the motion
      this.log = [...this.log, { version, ...entry }].slice(-LOG_LENGTH);
    }
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
