// The table's sounds, made in the page (Web Audio, no files): the cue's tip, a ball on a ball, a cushion, a
// pocket. Each is a short burst of filtered noise and a tone, its loudness from the speed of the balls at
// that contact (the renderer passes it). The mute switch is remembered (localStorage). The audio context
// starts on the first press anywhere, as browsers allow sound only after a gesture.

const KEY = "poolhall.mute";

/** Per kind: the noise's band (Hz), the tone (Hz, 0: none), how long it rings (s), and its loudness at 1. */
const VOICES = {
  cue: { band: 1800, q: 1.2, tone: 0, decay: 0.025, gain: 0.5 },
  ball: { band: 3800, q: 2.5, tone: 2600, decay: 0.03, gain: 0.9 },
  cushion: { band: 500, q: 0.8, tone: 140, decay: 0.09, gain: 0.6 },
  pocket: { band: 300, q: 0.7, tone: 90, decay: 0.16, gain: 0.8 },
};

export class Sounds {
  constructor() {
    this.muted = localStorage.getItem(KEY) === "1";
    this.context = null;
    this.played = { cue: 0, ball: 0, cushion: 0, pocket: 0 }; // what was played, by kind (the tests read it)
    const wake = () => this.wake();
    window.addEventListener("pointerdown", wake, { capture: true });
    window.addEventListener("keydown", wake, { capture: true });
  }

  setMuted(on) {
    this.muted = on;
    localStorage.setItem(KEY, on ? "1" : "0");
  }

  wake() {
    if (this.muted) return;
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return;
    if (!this.context) {
      this.context = new Ctx();
      const length = Math.round(this.context.sampleRate * 0.2);
      this.noise = this.context.createBuffer(1, length, this.context.sampleRate);
      const data = this.noise.getChannelData(0);
      for (let i = 0; i < length; i++) data[i] = Math.random() * 2 - 1;
    }
    if (this.context.state === "suspended") this.context.resume();
  }

  /** Play `kind` for a contact at `speed` m/s: quiet below a few cm/s, full at 4 m/s and more. */
  play(kind, speed) {
    const voice = VOICES[kind];
    if (this.muted || !voice || speed < 0.02) return;
    this.wake();
    const ctx = this.context;
    if (!ctx) return;
    this.played[kind] += 1;
    const loud = voice.gain * Math.min(1, speed / 4) ** 0.7;
    const now = ctx.currentTime;
    const out = ctx.createGain();
    out.gain.setValueAtTime(loud, now);
    out.gain.exponentialRampToValueAtTime(0.0005, now + voice.decay);
    out.connect(ctx.destination);
    const src = ctx.createBufferSource();
    src.buffer = this.noise;
    const band = ctx.createBiquadFilter();
    band.type = "bandpass"; band.frequency.value = voice.band; band.Q.value = voice.q;
    src.connect(band).connect(out);
    src.start(now, Math.random() * 0.1, voice.decay + 0.02);
    if (voice.tone) {
      const osc = ctx.createOscillator();
      osc.frequency.value = voice.tone;
      const g = ctx.createGain();
      g.gain.value = 0.5;
      osc.connect(g).connect(out);
      osc.start(now);
      osc.stop(now + voice.decay + 0.02);
    }
  }
}
