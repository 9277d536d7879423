// Replays: the last shot from the snapshot, or any shot of the record fetched over REST. A replay says it is
// one ("Replay: shot 7"), can run at half speed, pause, and step to the previous or the next shot; while it
// plays, the live match's controls are out of reach (match.js locks them while anything animates). When it
// ends (or a live shot arrives) the table is put back as it is now.

export class Replayer {
  constructor(renderer, matchId, onChange) {
    this.renderer = renderer;
    this.matchId = matchId;
    this.onChange = onChange; // called when a replay starts, pauses, changes speed or ends
    this.number = null; // the shot being replayed, null when none
    this.paused = false;
    this.half = false;
    this.cache = new Map();
  }

  get active() { return this.number !== null; }
  get rate() { return this.paused ? 0 : this.half ? 0.5 : 1; }

  /** Replay `shot` ({number, start, trajectory}); `current` is the table to put back afterwards. */
  async play(shot, current) {
    if (!shot?.trajectory) return;
    this.number = shot.number ?? null;
    this.current = current;
    this.paused = false;
    const run = this.renderer.play(shot.trajectory, shot.start, this.rate);
    this.running = run;
    this.onChange();
    await run;
    if (this.running !== run) return; // another shot of the replay took over
    this.number = null;
    this.renderer.setBalls(this.current);
    this.onChange();
  }

  async playNumber(n, current) {
    const shot = await this.fetchShot(n);
    if (shot) await this.play(shot, current);
  }

  /** The previous or the next replayable shot (`step` -1 / +1) from the one being replayed. */
  async step(step, replayable, current) {
    const i = replayable.indexOf(this.number);
    const n = replayable[Math.max(0, Math.min(replayable.length - 1, i + step))];
    if (n !== undefined) await this.playNumber(n, current);
  }

  togglePause() { this.paused = !this.paused; this.renderer.setRate(this.rate); this.onChange(); }
  toggleHalf() { this.half = !this.half; this.renderer.setRate(this.rate); this.onChange(); }

  /** A live shot arrives: the replay gives way (the live animation puts the table right). */
  cancel() { if (this.active) { this.number = null; this.running = null; this.onChange(); } }

  async fetchShot(index) {
    if (this.cache.has(index)) return this.cache.get(index);
    const r = await fetch(`/api/matches/${encodeURIComponent(this.matchId)}/shots/${index}`);
    if (!r.ok) return null;
    const shot = await r.json();
    this.cache.set(index, shot);
    return shot;
  }
}
