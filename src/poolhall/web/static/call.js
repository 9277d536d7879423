// Calling a shot: click a ball, then a pocket; or declare a safety. The call
// rides along with the stroke; the server (the referee) decides what it means.

import { t } from "./i18n.js";

export class CallMode {
  constructor(renderer, onChange) {
    this.renderer = renderer;
    this.onChange = onChange;
    this.ball = null;
    this.call = null;
    /** The balls that may be called on this shot (none when the match is played without calls). */
    this.callable = new Set();
  }

  reset() { this.ball = null; this.call = null; this.renderer.highlight.clear(); this.onChange?.(); }

  safety() { this.ball = null; this.call = "safety"; this.renderer.highlight.clear(); this.onChange?.(); }

  /** A click at table point `p`: pick the object ball under it, or the pocket for the picked ball. */
  click(p, balls) {
    const r = this.renderer.table.ball_radius;
    const hit = Object.entries(balls).find(
      ([n, [x, y]]) => this.callable.has(Number(n)) && Math.hypot(x - p[0], y - p[1]) < r * 1.3,
    );
    if (hit) {
      this.ball = Number(hit[0]);
      this.call = null;
      this.renderer.highlight = new Set([this.ball]);
      this.onChange?.();
      return true;
    }
    if (this.ball === null) return false;
    const pocket = this.renderer.pockets().find((k) => Math.hypot(k.x - p[0], k.y - p[1]) < k.radius * 2.2);
    if (!pocket) return false;
    this.call = { ball: this.ball, pocket: pocket.name };
    this.onChange?.();
    return true;
  }

  /** Words for the call box. */
  describe() {
    if (this.call === "safety") return t("safety");
    if (this.call) return `${this.call.ball} → ${t(this.call.pocket)}`;
    if (this.ball !== null) return t("call_pick_pocket", { ball: this.ball });
    return t("no_call");
  }

  /** Draw the called pocket. */
  overlay(ctx, renderer) {
    if (!this.call || this.call === "safety") return;
    const pocket = renderer.pockets().find((k) => k.name === this.call.pocket);
    ctx.strokeStyle = "#7fd6ff";
    ctx.lineWidth = 0.008;
    ctx.beginPath(); ctx.arc(pocket.x, pocket.y, pocket.radius * 1.25, 0, 2 * Math.PI); ctx.stroke();
  }
}
