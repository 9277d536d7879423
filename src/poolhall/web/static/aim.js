// Aiming: drag around the cue ball to turn the cue; press on the cue ball and
// pull back to set direction and power together (the further, the harder), or
// use the power slider. The spin picker sets the tip offset (a, b) within the
// miscue limit, the elevation slider the cue's angle. The aid draws the ghost
// ball and the first object ball's and the cue ball's directions: plain
// geometry of the aim line, not a prediction of the physics.

const MISCUE = 0.5; // tip offset limit, fraction of the ball radius (the server checks the same)

export class AimMode {
  constructor(renderer, controls, call) {
    this.renderer = renderer;
    this.controls = controls; // {power, elevation, aid, spin: SpinPicker, onChange}
    this.call = call;
    this.phi = 0; // toward the foot cushion (+x): where a break goes
    this.pulling = false;
    this.calling = null; // what a press on a ball or pocket will call when released without a drag
    this.moved = false;
  }

  get cue() { return this.balls?.[0]; }

  start(balls) { this.balls = balls; }

  stroke() {
    const [a, b] = this.controls.spin.offset;
    return {
      speed: Number(this.controls.power.value),
      phi: normalise(this.phi),
      theta: (Number(this.controls.elevation.value) * Math.PI) / 180,
      a, b,
    };
  }

  /** A press on a ball or a pocket that may be called calls it (on release) and leaves the cue alone; on the
   * cue ball, or near it on the cloth, it starts a pull-back; elsewhere it turns the cue toward the press. */
  press(p) {
    if (!this.cue) return;
    const r = this.renderer.table.ball_radius;
    this.pressAt = p;
    this.moved = false;
    const fromCue = Math.hypot(p[0] - this.cue[0], p[1] - this.cue[1]);
    this.calling = fromCue < r ? null : this.call.target(p, this.balls);
    this.pulling = !this.calling && fromCue < r * 2.5;
    if (!this.pulling && !this.calling) this.aimAt(p);
  }

  drag(p) {
    if (!this.cue || !this.pressAt) return;
    if (Math.hypot(p[0] - this.pressAt[0], p[1] - this.pressAt[1]) > 0.01) this.moved = true;
    if (this.calling && !this.moved) return;
    this.calling = null; // a press on a ball that drags is aiming after all
    if (this.pulling) {
      const dx = this.cue[0] - p[0], dy = this.cue[1] - p[1];
      const pull = Math.hypot(dx, dy);
      if (pull > this.renderer.table.ball_radius * 2) {
        this.phi = Math.atan2(dy, dx);
        // 0.5 m of pull back is full power.
        this.controls.power.value = String(Math.min(12, Math.max(0.2, (pull / 0.5) * 12)).toFixed(2));
      }
    } else {
      this.aimAt(p);
    }
    this.controls.onChange();
  }

  release() {
    if (this.calling && !this.moved) this.call.pick(this.calling);
    this.pressAt = null;
    this.pulling = false;
    this.calling = null;
    this.controls.onChange();
  }

  aimAt(p) {
    const dx = p[0] - this.cue[0], dy = p[1] - this.cue[1];
    if (Math.hypot(dx, dy) > 1e-3) this.phi = Math.atan2(dy, dx);
    this.controls.onChange();
  }

  key(kind, value) {
    if (kind === "turn") { this.phi += value; this.controls.onChange(); return true; }
    if (kind === "power") {
      const p = this.controls.power;
      p.value = String(Math.min(12, Math.max(0.2, Number(p.value) + value)));
      this.controls.onChange();
      return true;
    }
    if (kind === "cancel") { this.call.reset(); return true; }
    if (kind === "act") { this.controls.shoot(); return true; }
    return false;
  }

  /** The line the cue ball would take off the first cushion if it came off like a mirror (angle in = angle out):
   * the geometry players aim banks by, not the simulator's cushion, which throws with spin and speed. */
  rebound(ctx, renderer, hit, [dx, dy]) {
    const out = hit.wall === "x" ? [-dx, dy] : [dx, -dy];
    const next = firstHit(this.balls, renderer.table, hit.ghost, out);
    ctx.strokeStyle = "rgba(255, 170, 230, 0.8)";
    ctx.setLineDash([0.012, 0.012]);
    ctx.beginPath(); ctx.moveTo(hit.ghost[0], hit.ghost[1]); ctx.lineTo(next.ghost[0], next.ghost[1]); ctx.stroke();
    ctx.setLineDash([]);
    if (next.ball !== null) {
      ctx.beginPath(); ctx.arc(next.ghost[0], next.ghost[1], renderer.table.ball_radius, 0, 2 * Math.PI); ctx.stroke();
    }
    this.reboundLine = [hit.ghost, next.ghost]; // for the tests: where the drawn rebound runs
  }

  overlay(ctx, renderer) {
    this.reboundLine = null;
    if (!this.cue) return;
    const r = renderer.table.ball_radius;
    const [cx, cy] = this.cue;
    const dx = Math.cos(this.phi), dy = Math.sin(this.phi);
    // The cue stick, drawn back from the ball by the power.
    const gap = r * 1.3 + (Number(this.controls.power.value) / 12) * 0.18;
    const butt = 1.3;
    const grad = ctx.createLinearGradient(cx - dx * gap, cy - dy * gap, cx - dx * (gap + butt), cy - dy * (gap + butt));
    grad.addColorStop(0, "#f2ead8"); grad.addColorStop(0.02, "#3a6ea5"); grad.addColorStop(0.04, "#e9d3a6");
    grad.addColorStop(0.7, "#c9a26b"); grad.addColorStop(0.72, "#222"); grad.addColorStop(1, "#3b1d0e");
    ctx.strokeStyle = grad;
    ctx.lineCap = "round";
    ctx.lineWidth = r * 0.45;
    ctx.beginPath(); ctx.moveTo(cx - dx * gap, cy - dy * gap); ctx.lineTo(cx - dx * (gap + butt), cy - dy * (gap + butt));
    ctx.stroke();
    ctx.lineCap = "butt";
    if (!this.controls.aid.checked) return;
    const hit = firstHit(this.balls, renderer.table, [cx, cy], [dx, dy]);
    ctx.setLineDash([0.02, 0.015]);
    ctx.strokeStyle = "rgba(255, 255, 255, 0.7)";
    ctx.lineWidth = 0.004;
    ctx.beginPath(); ctx.moveTo(cx, cy); ctx.lineTo(hit.ghost[0], hit.ghost[1]); ctx.stroke();
    ctx.setLineDash([]);
    ctx.beginPath(); ctx.arc(hit.ghost[0], hit.ghost[1], r, 0, 2 * Math.PI); ctx.stroke();
    if (hit.ball === null) {
      if (this.controls.rebound?.checked && hit.wall) this.rebound(ctx, renderer, hit, [dx, dy]);
      return;
    }
    const [ox, oy] = this.balls[hit.ball];
    let nx = ox - hit.ghost[0], ny = oy - hit.ghost[1];
    const n = Math.hypot(nx, ny); nx /= n; ny /= n;
    ctx.strokeStyle = "rgba(255, 230, 120, 0.85)";
    ctx.beginPath(); ctx.moveTo(ox, oy); ctx.lineTo(ox + nx * 0.35, oy + ny * 0.35); ctx.stroke();
    // Stun shot: the cue ball leaves along the tangent line (the 90-degree rule).
    const dot = dx * nx + dy * ny;
    const tx = dx - dot * nx, ty = dy - dot * ny;
    const tl = Math.hypot(tx, ty);
    if (tl > 1e-3) {
      ctx.strokeStyle = "rgba(160, 220, 255, 0.8)";
      ctx.beginPath(); ctx.moveTo(hit.ghost[0], hit.ghost[1]);
      ctx.lineTo(hit.ghost[0] + (tx / tl) * 0.25 * tl, hit.ghost[1] + (ty / tl) * 0.25 * tl); ctx.stroke();
    }
  }
}

/** The first ball on the cue ball's straight path, and where the cue ball touches it (the ghost ball). */
export function firstHit(balls, table, from, dir) {
  const r = table.ball_radius;
  let best = null, bestS = Infinity;
  for (const [n, [x, y]] of Object.entries(balls)) {
    if (n === "0") continue;
    const ox = x - from[0], oy = y - from[1];
    const along = ox * dir[0] + oy * dir[1];
    if (along <= 0) continue;
    const off2 = ox * ox + oy * oy - along * along;
    if (off2 >= 4 * r * r) continue;
    const s = along - Math.sqrt(4 * r * r - off2);
    if (s < bestS) { bestS = s; best = Number(n); }
  }
  // No ball: stop at the cushion.
  const limits = [];
  if (dir[0] > 0) limits.push((table.length - r - from[0]) / dir[0]);
  if (dir[0] < 0) limits.push((r - from[0]) / dir[0]);
  if (dir[1] > 0) limits.push((table.width - r - from[1]) / dir[1]);
  if (dir[1] < 0) limits.push((r - from[1]) / dir[1]);
  const wall = Math.max(0, Math.min(...limits));
  let side = null;
  if (bestS > wall) {
    best = null; bestS = wall;
    const sx = dir[0] > 0 ? (table.length - r - from[0]) / dir[0] : dir[0] < 0 ? (r - from[0]) / dir[0] : Infinity;
    side = Math.abs(sx - wall) < 1e-9 ? "x" : "y"; // the head/foot cushion (x) or a long one (y)
  }
  return { ball: best, ghost: [from[0] + dir[0] * bestS, from[1] + dir[1] * bestS], wall: side };
}

/** An angle in (-pi, pi]. */
function normalise(phi) {
  let p = phi % (2 * Math.PI);
  if (p > Math.PI) p -= 2 * Math.PI;
  if (p <= -Math.PI) p += 2 * Math.PI;
  return p;
}

/** The tip-offset picker: the cue ball's face; click or drag to put the tip, arrows to nudge. */
export class SpinPicker {
  constructor(canvas, onChange) {
    this.canvas = canvas;
    this.offset = [0, 0];
    this.onChange = onChange;
    const set = (e) => {
      const rect = canvas.getBoundingClientRect();
      const x = ((e.clientX - rect.left) / rect.width) * 2 - 1;
      const y = 1 - ((e.clientY - rect.top) / rect.height) * 2;
      this.put(x, y);
    };
    let down = false;
    canvas.addEventListener("pointerdown", (e) => { down = true; canvas.setPointerCapture(e.pointerId); set(e); });
    canvas.addEventListener("pointermove", (e) => { if (down) set(e); });
    canvas.addEventListener("pointerup", () => { down = false; });
    canvas.addEventListener("keydown", (e) => {
      const step = { ArrowLeft: [-0.05, 0], ArrowRight: [0.05, 0], ArrowUp: [0, 0.05], ArrowDown: [0, -0.05] }[e.key];
      if (e.key === "0") this.put(0, 0);
      if (!step) return;
      this.put(this.offset[0] + step[0], this.offset[1] + step[1]);
      e.preventDefault();
    });
    this.draw();
  }

  put(a, b) {
    const n = Math.hypot(a, b);
    if (n > MISCUE) { a = (a / n) * MISCUE; b = (b / n) * MISCUE; }
    this.offset = [Math.round(a * 100) / 100, Math.round(b * 100) / 100];
    this.draw();
    this.onChange?.();
  }

  draw() {
    const ctx = this.canvas.getContext("2d");
    const s = this.canvas.width / 2;
    ctx.clearRect(0, 0, 2 * s, 2 * s);
    ctx.fillStyle = "#f7f4ea";
    ctx.beginPath(); ctx.arc(s, s, s - 2, 0, 2 * Math.PI); ctx.fill();
    ctx.strokeStyle = "rgba(0,0,0,0.25)";
    ctx.beginPath(); ctx.arc(s, s, (s - 2) * MISCUE, 0, 2 * Math.PI); ctx.stroke();
    ctx.beginPath(); ctx.moveTo(s, 4); ctx.lineTo(s, 2 * s - 4); ctx.moveTo(4, s); ctx.lineTo(2 * s - 4, s); ctx.stroke();
    ctx.fillStyle = "#c0392b";
    ctx.beginPath(); ctx.arc(s + this.offset[0] * (s - 2), s - this.offset[1] * (s - 2), 6, 0, 2 * Math.PI); ctx.fill();
  }
}
