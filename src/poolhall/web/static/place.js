// Ball in hand: drag the cue ball where it may go, then place it. The server
// says where it is in hand (anywhere, or the kitchen behind the head string);
// here we only keep the ball on the cloth, off the other balls and, for the
// kitchen, behind the head string, so that an illegal spot is shown as such.
// The server checks the placement again.

export class PlaceMode {
  constructor(renderer, onChange) {
    this.renderer = renderer;
    this.onChange = onChange;
    this.spot = null;
    this.dragging = false;
  }

  start(balls, where) {
    this.balls = balls;
    this.where = where; // "kitchen" | "anywhere"
    const t = this.renderer.table;
    const candidates = [balls[0], [t.length / 4 - 2 * t.ball_radius, t.width / 2], [t.length / 8, t.width / 2], [t.length / 8, t.width / 4], [t.length / 2, t.width / 2]];
    this.spot = candidates.find((p) => p && this.legal(p)) ?? [t.length / 8, t.width / 2];
    this.onChange();
  }

  legal(p) { return this.whyNot(p) === null; }

  /** Why the cue ball may not go to `p`: `{key, ball?}` for the words (off the cloth, in front of the head
   * string when it is in hand in the kitchen, on a ball), or null when it may. */
  whyNot([x, y]) {
    const t = this.renderer.table, r = t.ball_radius;
    if (x < r || x > t.length - r || y < r || y > t.width - r) return { key: "spot_off_cloth" };
    if (this.where === "kitchen" && x >= t.length / 4) return { key: "spot_kitchen" };
    const on = Object.entries(this.balls).find(([n, [bx, by]]) => n !== "0" && Math.hypot(bx - x, by - y) < 2 * r);
    return on ? { key: "spot_on_ball", ball: Number(on[0]) } : null;
  }

  /** The reason the spot is illegal, for the page to say; null when it is fine. */
  get why() { return this.spot === null ? null : this.whyNot(this.spot); }

  press(p) {
    const r = this.renderer.table.ball_radius;
    this.dragging = Math.hypot(p[0] - this.spot[0], p[1] - this.spot[1]) < r * 3;
    if (!this.dragging) this.moveTo(p); // a tap elsewhere puts the ball there
  }

  drag(p) { if (this.dragging) this.moveTo(p); }
  release() { this.dragging = false; }

  moveTo(p) { this.spot = [p[0], p[1]]; this.onChange(); }

  key(kind, value) {
    if (kind === "nudge") { this.moveTo([this.spot[0], this.spot[1] + value[1]]); return true; }
    if (kind === "turn") { this.moveTo([this.spot[0] - value, this.spot[1]]); return true; }
    if (kind === "act") { this.onChange("place"); return true; }
    return false;
  }

  get ok() { return this.spot !== null && this.legal(this.spot); }

  overlay(ctx, renderer) {
    if (!this.spot) return;
    const r = renderer.table.ball_radius;
    ctx.globalAlpha = 0.85;
    renderer.drawBall(ctx, 0, this.spot[0], this.spot[1]);
    ctx.globalAlpha = 1;
    ctx.strokeStyle = this.ok ? "#7fd6ff" : "#ff5a4a";
    ctx.lineWidth = 0.005;
    ctx.beginPath(); ctx.arc(this.spot[0], this.spot[1], r * 1.5, 0, 2 * Math.PI); ctx.stroke();
  }
}
