// Replays: the last shot from the snapshot, or any shot of the record fetched
// over REST. A replay animates the shot's trajectory from its starting layout
// at the display's frame rate, then puts the table back as it is now.

export class Replayer {
  constructor(renderer, matchId) {
    this.renderer = renderer;
    this.matchId = matchId;
  }

  async play(shot, current, rate = 1) {
    if (!shot?.trajectory) return;
    await this.renderer.play(shot.trajectory, shot.start, rate);
    this.renderer.setBalls(current);
  }

  async fetchShot(index) {
    const r = await fetch(`/api/matches/${encodeURIComponent(this.matchId)}/shots/${index}`);
    if (!r.ok) return null;
    return r.json();
  }
}
