// Calling a shot: press a ball, then a pocket; or declare a safety. A press
// that calls never turns the cue (aiming and calling go in any order, neither
// undoes the other). The server says which balls may be called and which of
// them cost nothing (`lawful_calls`); the others are offered behind a
// confirmation that says what they cost. The call rides along with the
// stroke; the server (the referee) decides what it means.

import { t } from "./i18n.js";

export class CallMode {
  constructor(renderer, onChange) {
    this.renderer = renderer;
    this.onChange = onChange;
    this.ball = null;
    this.call = null;
    /** The balls that may be called on this shot (none when the match is played without calls). */
    this.callable = new Set();
    /** The callable balls that cost nothing (the shooter's own; server's `lawful_calls`). */
    this.lawful = new Set();
    /** A ball that costs something, waiting for the player to confirm it: {ball, words}. */
    this.pending = null;
    this.costOf = () => "";
  }

  /** A new question: which balls may be called, and the words for what a costly call costs. */
  start(callable, lawful, costOf) {
    this.callable = new Set(callable);
    this.lawful = new Set(lawful);
    this.costOf = costOf;
    this.pending = null;
  }

  reset() {
    this.ball = null; this.call = null; this.pending = null;
    this.renderer.highlight.clear(); this.onChange?.();
  }

  safety() { this.ball = null; this.call = "safety"; this.pending = null; this.renderer.highlight.clear(); this.onChange?.(); }

  /** What a press at table point `p` would call: `{ball}` or `{pocket}`, or null (then it aims). */
  target(p, balls) {
    if (!this.callable.size) return null;
    const r = this.renderer.table.ball_radius;
    const hit = Object.entries(balls).find(
      ([n, [x, y]]) => this.callable.has(Number(n)) && Math.hypot(x - p[0], y - p[1]) < r * 1.15,
    );
    if (hit) return { ball: Number(hit[0]) };
    if (this.ball === null) return null;
    const pocket = this.renderer.pockets().find((k) => Math.hypot(k.x - p[0], k.y - p[1]) < k.radius * 2.2);
    return pocket ? { pocket: pocket.name } : null;
  }

  /** Take a target (from `target`): a lawful ball is picked, a costly one waits for `confirm`. */
  pick(what) {
    if (what.ball !== undefined) {
      if (!this.lawful.has(what.ball)) {
        this.pending = { ball: what.ball, words: this.costOf(what.ball) };
        this.onChange?.();
        return;
      }
      this.choose(what.ball);
      return;
    }
    this.call = { ball: this.ball, pocket: what.pocket };
    this.onChange?.();
  }

  /** The player confirmed the costly ball (yes) or took it back (no). */
  confirm(yes) {
    const ball = this.pending?.ball;
    this.pending = null;
    if (yes && ball !== undefined) this.choose(ball);
    else this.onChange?.();
  }

  choose(ball) {
    this.ball = ball;
    this.call = null;
    this.renderer.highlight = new Set([ball]);
    this.onChange?.();
  }

  /** Words for the call box. */
  describe() {
    if (this.call === "safety") return t("safety");
    if (this.call) return `${this.call.ball} → ${t(this.call.pocket)}`;
    if (this.ball !== null) return t("call_pick_pocket", { ball: this.ball });
    return t("no_call");
  }

  /** Mark the balls that may be called at no cost, and the called pocket. */
  overlay(ctx, renderer, balls) {
    const r = renderer.table.ball_radius;
    if (this.call === null && this.ball === null) {
      ctx.strokeStyle = "rgba(140, 255, 170, 0.9)";
      ctx.lineWidth = r * 0.18;
      ctx.setLineDash([r * 0.35, r * 0.25]);
      for (const ball of this.lawful) {
        const at = balls?.[ball];
        if (!at) continue;
        ctx.beginPath(); ctx.arc(at[0], at[1], r * 1.35, 0, 2 * Math.PI); ctx.stroke();
      }
      ctx.setLineDash([]);
    }
    if (!this.call || this.call === "safety") return;
    const pocket = renderer.pockets().find((k) => k.name === this.call.pocket);
    ctx.strokeStyle = "#7fd6ff";
    ctx.lineWidth = 0.008;
    ctx.beginPath(); ctx.arc(pocket.x, pocket.y, pocket.radius * 1.25, 0, 2 * Math.PI); ctx.stroke();
  }
}
