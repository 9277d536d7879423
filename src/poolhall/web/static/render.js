// Canvas only: the table to scale, the balls, and the animation of a shot.
//
// Table coordinates are the server's (metres; x from the head cushion to the
// foot cushion, y from the right cushion to the left one, seen from the head).
// On screen the head is on the left, so y grows upwards. Every change asks for
// a redraw; redraws coalesce into one requestAnimationFrame. On a screen taller
// than wide (a phone held upright) the table stands up: the head at the bottom,
// as a player sees it from the head end, so it fills the screen. A shot animates
// by evaluating its trajectory segments at the frame's time, so it runs at the
// display's frame rate whatever that is.

/** A phone, held either way (style.css has the same query), and the height its bar at the bottom and the margins
 * take besides the header (measured: on a narrow phone the header's links take two rows). */
export const PHONE = "(max-width: 900px), (max-height: 500px)";
const PHONE_BAR_PX = 88;
const RAIL = 0.13; // wood + cushion around the cloth, metres
const CUSHION = 0.045; // the green rubber band inside the wood
const LIFT_SCALE = 0.25; // a ball this high (metres) is drawn twice its size: height made visible
const COLOURS = {
  1: "#f2c21b", 2: "#1f4fb4", 3: "#d3262a", 4: "#5b2d8e", 5: "#f07a1a", 6: "#178a43", 7: "#7a1f22", 8: "#111111",
};

export function ballColour(ball) {
  if (ball === 0) return "#f7f4ea";
  return COLOURS[ball > 8 ? ball - 8 : ball];
}

/** Where every ball is at time `t` of a trajectory: `{ball: [x, y, z]}`, z the height above the cloth.
 *
 * `trajectory` is `{duration, balls: {n: [[t0,t1,px,py,vx,vy,ax,ay(,z0,vz0,az)]...]}, pocketed, off_table}`;
 * a row with the three extra numbers is a ball in the air. A pocketed ball, or one that flew off the
 * table, is gone from its time on.
 */
export function positionsAt(trajectory, start, t) {
  const out = { ...start };
  for (const [ball, segments] of Object.entries(trajectory.balls)) {
    let seg = segments[0];
    for (const s of segments) { if (s[0] <= t) seg = s; else break; }
    const tau = Math.max(0, Math.min(t, seg[1]) - seg[0]);
    const z = seg.length > 8 ? Math.max(0, seg[8] + seg[9] * tau + 0.5 * seg[10] * tau * tau) : 0;
    out[ball] = [seg[2] + seg[4] * tau + 0.5 * seg[6] * tau * tau, seg[3] + seg[5] * tau + 0.5 * seg[7] * tau * tau, z];
    for (const gone of [trajectory.pocketed[ball], (trajectory.off_table || {})[ball]]) {
      if (gone !== undefined && t >= gone[0]) delete out[ball];
    }
  }
  return out;
}

/** Where each ball that flew off the table left it, for the balls gone by time `t`: `[[x, y], ...]`. */
export function exitsAt(trajectory, t) {
  const out = [];
  for (const [ball, [time]] of Object.entries(trajectory.off_table || {})) {
    if (t < time) continue;
    const segments = trajectory.balls[ball] || [];
    const last = segments[segments.length - 1];
    if (!last) continue;
    const tau = last[1] - last[0];
    out.push([last[2] + last[4] * tau + 0.5 * last[6] * tau * tau, last[3] + last[5] * tau + 0.5 * last[7] * tau * tau]);
  }
  return out;
}

/** How long a pocketed ball is seen sinking into its pocket, seconds of the shot. */
const DROP_S = 0.25;

/** The balls sinking into a pocket at time `t`: `[ball, x, y, k]`, k from 0 (at the mouth) to 1 (gone). */
export function dropsAt(trajectory, t, pockets) {
  const out = [];
  for (const [ball, [time, name]] of Object.entries(trajectory.pocketed)) {
    if (t < time || t >= time + DROP_S) continue;
    const at = positionAt(trajectory.balls[ball], time);
    const pocket = pockets.find((p) => p.name === name);
    if (!at || !pocket) continue;
    const k = (t - time) / DROP_S;
    out.push([Number(ball), at[0] + (pocket.x - at[0]) * k, at[1] + (pocket.y - at[1]) * k, k]);
  }
  return out;
}

/** A ball's position at time `t` from its segments (null without any). */
function positionAt(segments, t) {
  if (!segments?.length) return null;
  let seg = segments[0];
  for (const s of segments) { if (s[0] <= t) seg = s; else break; }
  const tau = Math.max(0, Math.min(t, seg[1]) - seg[0]);
  return [seg[2] + seg[4] * tau + 0.5 * seg[6] * tau * tau, seg[3] + seg[5] * tau + 0.5 * seg[7] * tau * tau];
}

/** A ball's speed (m/s) just before time `t`: what a contact there sounds like. */
export function speedAt(trajectory, ball, t) {
  const segments = trajectory.balls[ball];
  if (!segments?.length) return 0;
  let seg = segments[0];
  for (const s of segments) { if (s[0] < t) seg = s; else break; }
  const tau = Math.max(0, Math.min(t, seg[1]) - seg[0]);
  return Math.hypot(seg[4] + seg[6] * tau, seg[5] + seg[7] * tau);
}

export class Renderer {
  constructor(canvas) {
    this.canvas = canvas;
    this.ctx = canvas.getContext("2d");
    this.table = null;
    this.balls = {};
    this.kitchen = false;
    this.overlays = [];
    this.highlight = new Set();
    this.pending = false;
    this.animation = null;
    new ResizeObserver(() => this.resize()).observe(canvas.parentElement);
    window.addEventListener("resize", () => this.resize());
  }

  setTable(table) { this.table = table; this.resize(); }
  setBalls(balls) { if (!this.animation) this.balls = { ...balls }; this.request(); }
  setKitchen(on) { this.kitchen = on; this.request(); }
  setOverlays(list) { this.overlays = list; this.request(); }
  get animating() { return this.animation !== null; }

  resize() {
    if (!this.table) return;
    const area = this.canvas.parentElement.clientWidth || 800;
    this.portrait = window.innerHeight > window.innerWidth && window.innerWidth < 700;
    const long = this.table.length + 2 * RAIL, short = this.table.width + 2 * RAIL;
    const [across, down] = this.portrait ? [short, long] : [long, short];
    // As wide as the area, but never taller than most of the window (the controls stay in reach); on a phone
    // the header and the bar at the bottom (score, ruling, Shoot or Place) keep their room.
    const phone = window.matchMedia(PHONE).matches;
    const header = document.querySelector("header")?.offsetHeight ?? 42;
    const tall = phone ? window.innerHeight - header - PHONE_BAR_PX : window.innerHeight * 0.8;
    const cssWidth = Math.min(area, (tall * across) / down);
    const cssHeight = (cssWidth * down) / across;
    const dpr = window.devicePixelRatio || 1;
    this.canvas.style.width = `${cssWidth}px`;
    this.canvas.style.height = `${cssHeight}px`;
    this.canvas.width = Math.round(cssWidth * dpr);
    this.canvas.height = Math.round(cssHeight * dpr);
    this.scale = (cssWidth * dpr) / across; // device pixels per metre
    this.dpr = dpr;
    this.request();
  }

  /** The canvas transform from table metres to device pixels (y up in landscape; the foot at the top upright). */
  matrix() {
    const s = this.scale, { length: L, width: W } = this.table;
    return this.portrait ? [0, -s, -s, 0, (W + RAIL) * s, (L + RAIL) * s] : [s, 0, 0, -s, RAIL * s, (W + RAIL) * s];
  }

  /** Table metres -> canvas device pixels. */
  toCanvas(x, y) {
    const [a, b, c, d, e, f] = this.matrix();
    return [a * x + c * y + e, b * x + d * y + f];
  }

  /** A pointer event's client position -> table metres. */
  toTable(clientX, clientY) {
    const rect = this.canvas.getBoundingClientRect();
    const px = (clientX - rect.left) * this.dpr, py = (clientY - rect.top) * this.dpr;
    const [a, b, c, d, e, f] = this.matrix();
    const det = a * d - b * c;
    return [(d * (px - e) - c * (py - f)) / det, (a * (py - f) - b * (px - e)) / det];
  }

  /** Pixels (CSS) per metre, for hit tests in screen terms. */
  get cssPerMetre() { return this.scale / this.dpr; }

  request() {
    if (this.pending) return;
    this.pending = true;
    requestAnimationFrame((now) => { this.pending = false; this.frame(now); });
  }

  /** Animate a shot; resolves when it ends (or is stopped). `rate` < 1 is slow motion, 0 a pause; it may
   * change while the shot plays (`setRate`), and `skip` jumps to the end. */
  play(trajectory, start, rate = 1) {
    this.stop();
    return new Promise((resolve) => {
      this.animation = { trajectory, start, rate, t: 0, last: null, resolve, sounded: 0 };
      this.request();
    });
  }

  setRate(rate) { if (this.animation) { this.animation.rate = rate; this.request(); } }
  skip() { if (this.animation) { this.animation.t = this.animation.trajectory.duration; this.animation.skipped = true; this.request(); } }

  stop() {
    if (!this.animation) return;
    const { resolve } = this.animation;
    this.animation = null;
    resolve();
  }

  /** The sounds of the shot between the last frame and this one (none for a skipped part). */
  sound(a) {
    const list = a.trajectory.sounds || [];
    while (a.sounded < list.length && list[a.sounded][0] <= a.now) {
      const [time, kind, ball, other] = list[a.sounded++];
      if (!a.skipped && this.onSound) {
        const v = speedAt(a.trajectory, ball, time), w = other === undefined ? 0 : speedAt(a.trajectory, other, time);
        this.onSound(kind, Math.max(v, w));
      }
    }
  }

  frame(now) {
    if (!this.table) return;
    let balls = this.balls;
    let exits = [];
    let drops = [];
    if (this.animation) {
      const a = this.animation;
      if (a.last === null) {
        a.last = now;
        if (this.onSound && !a.skipped) this.onSound("cue", speedAt(a.trajectory, 0, 0));
      }
      a.t += ((now - a.last) / 1000) * a.rate;
      a.last = now;
      a.now = Math.min(a.t, a.trajectory.duration);
      balls = positionsAt(a.trajectory, a.start, a.now);
      exits = exitsAt(a.trajectory, a.now);
      drops = dropsAt(a.trajectory, a.now, this.pockets());
      this.sound(a);
      if (a.t >= a.trajectory.duration) { this.balls = balls; this.stop(); }
      else this.request();
    }
    const ctx = this.ctx;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    this.drawTable(ctx);
    // From here on, draw in table metres.
    ctx.setTransform(...this.matrix());
    if (this.kitchen) {
      ctx.fillStyle = "rgba(255, 255, 255, 0.10)";
      ctx.fillRect(0, 0, this.table.length / 4, this.table.width);
    }
    for (const [x, y] of exits) this.drawExit(ctx, x, y);
    // A ball that dropped sinks into its pocket: smaller and darker for DROP_S.
    for (const [ball, x, y, k] of drops) {
      ctx.save();
      ctx.globalAlpha = 1 - 0.7 * k;
      ctx.translate(x, y); ctx.scale(1 - 0.55 * k, 1 - 0.55 * k); ctx.translate(-x, -y);
      this.drawBall(ctx, ball, x, y, 0);
      ctx.restore();
    }
    // Balls in the air last, so a jumping ball passes over the others.
    const order = Object.entries(balls).sort((p, q) => (p[1][2] || 0) - (q[1][2] || 0));
    for (const [ball, [x, y, z]] of order) this.drawBall(ctx, Number(ball), x, y, z || 0);
    if (!this.animation) for (const draw of this.overlays) draw(ctx, this);
  }

  drawTable(ctx) {
    const { length: L, width: W } = this.table;
    ctx.setTransform(...this.matrix());
    // Wood.
    const wood = ctx.createLinearGradient(0, -RAIL, 0, W + RAIL);
    wood.addColorStop(0, "#4a2812"); wood.addColorStop(0.5, "#6b3a1c"); wood.addColorStop(1, "#4a2812");
    ctx.fillStyle = wood;
    roundRect(ctx, -RAIL, -RAIL, L + 2 * RAIL, W + 2 * RAIL, 0.05);
    ctx.fill();
    // Cloth, cushions included (they are cloth-covered).
    ctx.fillStyle = "#0d6b45";
    ctx.fillRect(-CUSHION, -CUSHION, L + 2 * CUSHION, W + 2 * CUSHION);
    const cloth = ctx.createRadialGradient(L / 2, W / 2, 0.1, L / 2, W / 2, L * 0.6);
    cloth.addColorStop(0, "#16a06a"); cloth.addColorStop(1, "#0f7c51");
    ctx.fillStyle = cloth;
    ctx.fillRect(0, 0, L, W);
    // Cushion noses: a darker line where the rubber meets the bed.
    ctx.strokeStyle = "rgba(0, 0, 0, 0.35)";
    ctx.lineWidth = 0.006;
    ctx.strokeRect(0, 0, L, W);
    // Pockets: mouths cut through the cushion, then the holes.
    for (const p of this.pockets()) {
      ctx.fillStyle = "#0f7c51";
      ctx.beginPath(); ctx.arc(p.mx, p.my, p.mouth / 2, 0, 2 * Math.PI); ctx.fill();
      ctx.fillStyle = "#050505";
      ctx.beginPath(); ctx.arc(p.x, p.y, p.radius, 0, 2 * Math.PI); ctx.fill();
      ctx.strokeStyle = "#2b1608"; ctx.lineWidth = 0.01; ctx.stroke();
    }
    // Diamonds on the wood: every eighth of the length, every quarter of the width.
    ctx.fillStyle = "#efe6cf";
    const mid = CUSHION + (RAIL - CUSHION) / 2;
    for (let i = 1; i < 8; i++) {
      if (i === 4) continue;
      diamond(ctx, (i * L) / 8, -mid); diamond(ctx, (i * L) / 8, W + mid);
    }
    for (let i = 1; i < 4; i++) { diamond(ctx, -mid, (i * W) / 4); diamond(ctx, L + mid, (i * W) / 4); }
    // Head string and spots.
    ctx.strokeStyle = "rgba(255, 255, 255, 0.28)"; ctx.lineWidth = 0.003;
    ctx.beginPath(); ctx.moveTo(L / 4, 0); ctx.lineTo(L / 4, W); ctx.stroke();
    ctx.fillStyle = "rgba(255, 255, 255, 0.45)";
    for (const x of [L / 4, L / 2, (3 * L) / 4]) { ctx.beginPath(); ctx.arc(x, W / 2, 0.006, 0, 2 * Math.PI); ctx.fill(); }
  }

  /** Pocket holes and mouths (centres in metres), from the table's mouth widths. */
  pockets() {
    const { length: L, width: W, corner_mouth: cm, side_mouth: sm } = this.table;
    const c = cm / 2 / Math.SQRT2;
    const corner = (x, y, dx, dy) => ({ x: x + dx * c * 0.9, y: y + dy * c * 0.9, radius: cm * 0.55, mx: x + dx * c * 0.2, my: y + dy * c * 0.2, mouth: cm });
    return [
      { name: "head-right", ...corner(0, 0, -1, -1) },
      { name: "head-left", ...corner(0, W, -1, 1) },
      { name: "foot-right", ...corner(L, 0, 1, -1) },
      { name: "foot-left", ...corner(L, W, 1, 1) },
      { name: "side-right", x: L / 2, y: -sm * 0.45, radius: sm * 0.5, mx: L / 2, my: -0.01, mouth: sm },
      { name: "side-left", x: L / 2, y: W + sm * 0.45, radius: sm * 0.5, mx: L / 2, my: W + 0.01, mouth: sm },
    ];
  }

  /** A red dashed ring where a ball flew off the table (RULES GEN-4), for the rest of the shot. */
  drawExit(ctx, x, y) {
    const r = this.table.ball_radius;
    ctx.save();
    ctx.strokeStyle = "#ff5a4f"; ctx.lineWidth = r * 0.2; ctx.setLineDash([r * 0.5, r * 0.4]);
    ctx.beginPath(); ctx.arc(x, y, r * 1.3, 0, 2 * Math.PI); ctx.stroke();
    ctx.restore();
  }

  /** A ball at (x, y); `z` > 0 lifts it: it grows (nearer the eye) and its shadow falls away, paler. */
  drawBall(ctx, ball, x, y, z = 0) {
    const lift = Math.max(0, z);
    const grow = 1 + lift / LIFT_SCALE;
    const r = this.table.ball_radius * grow;
    ctx.save();
    ctx.translate(x, y);
    // Shadow: under a lifted ball it drops away from the light and fades.
    ctx.fillStyle = `rgba(0, 0, 0, ${(0.28 / (1 + lift * 12)).toFixed(3)})`;
    const drop = 0.2 + lift * 0.8 / this.table.ball_radius;
    ctx.beginPath(); ctx.arc(this.table.ball_radius * drop * 0.8, -this.table.ball_radius * drop, this.table.ball_radius, 0, 2 * Math.PI); ctx.fill();
    ctx.beginPath(); ctx.arc(0, 0, r, 0, 2 * Math.PI); ctx.closePath();
    ctx.save();
    ctx.clip();
    const colour = ballColour(ball);
    ctx.fillStyle = ball > 8 ? "#f7f4ea" : colour;
    ctx.fillRect(-r, -r, 2 * r, 2 * r);
    if (ball > 8) { ctx.fillStyle = colour; ctx.fillRect(-r, -r * 0.55, 2 * r, r * 1.1); }
    const shine = ctx.createRadialGradient(-r * 0.35, r * 0.35, r * 0.05, 0, 0, r * 1.05);
    shine.addColorStop(0, "rgba(255, 255, 255, 0.55)"); shine.addColorStop(0.35, "rgba(255, 255, 255, 0)");
    shine.addColorStop(1, "rgba(0, 0, 0, 0.35)");
    ctx.fillStyle = shine;
    ctx.fillRect(-r, -r, 2 * r, 2 * r);
    ctx.restore();
    if (this.highlight.has(ball)) { ctx.strokeStyle = "#7fd6ff"; ctx.lineWidth = r * 0.25; ctx.stroke(); }
    if (ball > 0) {
      ctx.fillStyle = "#fbfbf5";
      ctx.beginPath(); ctx.arc(0, 0, r * 0.5, 0, 2 * Math.PI); ctx.fill();
      // The number in device pixels: fonts of a fraction of a pixel (metres) do not render.
      const [px, py] = this.toCanvas(x, y);
      const size = r * this.scale;
      ctx.setTransform(1, 0, 0, 1, px, py);
      ctx.fillStyle = "#111";
      ctx.font = `bold ${Math.max(7, size * 0.62)}px system-ui, sans-serif`;
      ctx.textAlign = "center"; ctx.textBaseline = "middle";
      ctx.fillText(String(ball), 0, size * 0.05);
    }
    ctx.restore();
  }
}

function roundRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r); ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r); ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

function diamond(ctx, x, y) {
  const d = 0.011;
  ctx.beginPath(); ctx.moveTo(x - d, y); ctx.lineTo(x, y + d * 0.6); ctx.lineTo(x + d, y); ctx.lineTo(x, y - d * 0.6);
  ctx.closePath(); ctx.fill();
}
