// The match screen: keeps the state from the server, animates shots, and
// switches the UI mode to what the match asks of this page (aim, place the
// cue ball, choose, answer a stalemate offer, enter a real shot's facts).

import { AimMode, SpinPicker } from "./aim.js";
import { CallMode } from "./call.js";
import { button, renderChoices } from "./choose.js";
import { errorText, httpErrorText, lang, onLangChange, t } from "./i18n.js";
import { bindKeys, bindPointer } from "./input.js";
import { Net } from "./net.js";
import { goToMatch } from "./nav.js";
import { promptText, renderLog, renderReferee, renderScoreboard, renderTray } from "./panels.js";
import { PlaceMode } from "./place.js";
import { PHONE, Renderer } from "./render.js";
import { Replayer } from "./replay.js";
import { Sounds } from "./sound.js";
import { renderFactsForm, renderSheet } from "./scorekeeper.js";
import { State } from "./state.js";

const $ = (id) => document.getElementById(id);
/** The power an eight-ball break is offered at (m/s): a firm amateur break (about 18 mph), hard enough to drive
 * four balls to a rail (8B-B), still under control. 14.1's opening break is a safety: it keeps the player's power. */
const BREAK_POWER = 8;

export function showMatch(root, matchId, tokens, otherTokens, showError) {
  root.hidden = false;
  const state = new State();
  const renderer = new Renderer($("table"));
  const replayer = new Replayer(renderer, matchId, () => showAnimBar());
  const sounds = new Sounds();
  renderer.onSound = (kind, speed) => sounds.play(kind, speed);
  const idle = { overlay() {} };
  let mode = idle;
  let queue = Promise.resolve();
  let editing = null; // the shot number whose facts are being corrected (GEN-14), else null
  // The version this page answered with the action it sent last, until the next question arrives (or the
  // server refuses it): the controls are out of reach meanwhile, so a second click or an Enter while the
  // balls roll sends nothing (issue 17). The server refuses a stale version anyway.
  let sentAt = null;

  const controls = {
    power: $("power"), elevation: $("elevation"), aid: $("aid"), rebound: $("aid-rebound"),
    spin: new SpinPicker($("spin"), () => refreshOverlay()),
    onChange: () => refreshOverlay(),
    shoot: () => shoot(),
  };
  // The power the player had before an eight-ball break, given back for the shot after it (null: no break pending).
  let ownPower = null;
  const call = new CallMode(renderer, () => { showCall(); refreshOverlay(); });
  const aim = new AimMode(renderer, controls, call);
  const place = new PlaceMode(renderer, (what) => { if (what === "place") placeBall(); refreshOverlay(); });

  const net = new Net(matchId, tokens, {
    onWelcome: (msg) => { state.seats = msg.seats; },
    onSnapshot: (msg) => { queue = queue.then(() => apply(msg.match, msg.version, null)); },
    onEvent: (msg) => { queue = queue.then(() => apply(msg.match, msg.version, msg.action)); },
    onError: (msg) => {
      if (sentAt !== null) { sentAt = null; refreshLock(); }
      if (msg.code === "stale") net.send({ type: "sync" });
      showError(errorText(msg));
    },
    onStatus: (s) => { $("banner").textContent = s === "open" ? "" : t(s === "gone" ? "err_no-match" : "reconnecting"); },
  });
  net.lang = lang();

  async function apply(match, version, action) {
    if (action?.trajectory) {
      replayer.cancel();
      mode = idle;
      const run = renderer.play(action.trajectory, action.start, liveRate());
      showAnimBar();
      refreshLock();
      refreshOverlay();
      await run;
      showAnimBar();
    }
    // The next question, or a snapshot (after a reconnection the action sent may be lost): this page may act again.
    if (sentAt !== null && (version > sentAt || !action)) sentAt = null;
    state.update(match, version, action);
    refreshLock();
  }

  /** Send an action answering the question shown (its version), once: until the answer arrives, no more. */
  function send(msg) {
    if (sentAt !== null || renderer.animating) return false;
    if (!net.send({ ...msg, version: state.version })) { showError(t("reconnecting")); return false; }
    sentAt = state.version;
    refreshLock();
    return true;
  }

  /** On a phone the bar at the bottom keeps the score and the ruling in view beside Shoot / Place. */
  function renderPhoneBar(m) {
    const score = m.game === "eight-ball" ? m.games_won : m.score;
    const turn = m.over ? "" : m.asked?.player;
    const mark = (seat) => (turn === seat ? "▶ " : "");
    $("phone-score").textContent = `${mark("A")}${m.seats.A.name} ${score.A} : ${score.B} ${m.seats.B.name}${turn === "B" ? " ◀" : ""}`;
    $("phone-ruling").textContent = m.last_ruling ? m.last_ruling.reason[lang()] : "";
    $("phone-ruling").classList.toggle("foul", Boolean(m.last_ruling?.foul));
  }

  /** Live shots play at 4x with "Fast" ticked (remembered); the computer's innings take a while otherwise. */
  function liveRate() { return $("anim-fast").checked ? 4 : 1; }

  /** The bar over the table while a shot is drawn: Skip and Fast for a live shot; for a replay, what it is,
   * pause, half speed and the previous or next shot. */
  function showAnimBar() {
    const bar = $("anim-bar");
    bar.hidden = !renderer.animating && !replayer.active;
    bar.classList.toggle("replaying", replayer.active);
    $("replay-label").textContent = replayer.active ? t("replay_of", { n: replayer.number }) : "";
    $("anim-pause").textContent = t(replayer.paused ? "resume" : "pause");
    $("anim-half").setAttribute("aria-pressed", String(replayer.half));
    refreshLock();
    if (renderer.animating) keepTableInView();
    else refreshOverlay();
  }

  /** On a phone a tap in a card below the table ("Opponent breaks", "Replay the last shot") leaves the table
   * scrolled out of view, and the shot that follows would play unseen: when one starts, the table comes back. */
  function keepTableInView() {
    if (!window.matchMedia(PHONE).matches) return;
    const box = renderer.canvas.getBoundingClientRect();
    const seen = Math.min(box.bottom, window.innerHeight) - Math.max(box.top, 0);
    if (seen < box.height / 2) renderer.canvas.scrollIntoView({ block: "nearest", behavior: "smooth" });
  }

  /** The live match's controls are out of reach while an action is on its way or a shot is drawn. */
  function refreshLock() {
    const locked = sentAt !== null || renderer.animating;
    $("controls").inert = locked;
    $("controls").classList.toggle("locked", locked);
    $("shoot").disabled = locked || missingCall();
    $("place").disabled = locked || !place.ok;
  }

  /** The match asks for a call on this shot (every shot is called, or the opponent asked) and none is made. */
  function missingCall() {
    const ask = state.myAsk;
    return ask?.kind === "shoot" && (ask.call_required || ask.call_requested) && !call.call;
  }

  /** The call box: the call so far, the cost of a ball that is not the shooter's (to confirm), the missing call. */
  function showCall() {
    $("call-out").textContent = call.describe();
    $("call-confirm").hidden = !call.pending;
    $("call-cost").textContent = call.pending?.words ?? "";
    $("call-needed").hidden = !missingCall();
  }

  /** What calling `ball` costs the asked shooter, in words (the ball is callable, not lawful: not theirs now). */
  function costOf(ball) {
    const m = state.match, shooter = m.asked.player;
    const other = state.name(shooter === "A" ? "B" : "A");
    if (ball !== 8) return t("cost_opponent_ball", { ball, name: other });
    return t(m.groups ? "cost_eight_early" : "cost_eight_open", { name: other });
  }

  function shoot() {
    if (state.myAsk?.kind !== "shoot" || missingCall()) return;
    if (send({ type: "shoot", stroke: aim.stroke(), call: call.call })) call.reset();
  }

  function placeBall() {
    if (state.myAsk?.kind !== "place" || !place.ok) return;
    send({ type: "place", x: place.spot[0], y: place.spot[1] });
  }

  /** A break is struck hard and the shot after it is not: the slider offers BREAK_POWER for an eight-ball break and
   * gives the player's own power back for the next shot (whatever the slider was moved to during the break). */
  function powerFor(breakShot) {
    if (breakShot && ownPower === null) {
      ownPower = controls.power.value;
      controls.power.value = String(BREAK_POWER);
    } else if (!breakShot && ownPower !== null) {
      controls.power.value = ownPower;
      ownPower = null;
    }
  }

  function refreshOverlay() {
    $("power-out").textContent = `${Number(controls.power.value).toFixed(1)} m/s`;
    $("elevation-out").textContent = `${controls.elevation.value}°`;
    refreshLock();
    const why = mode === place ? place.why : null;
    $("place-why").textContent = why ? t(why.key, { ball: why.ball }) : "";
    renderer.setOverlays([(ctx, r) => (mode === aim ? call.overlay(ctx, r, aim.balls) : null), (ctx, r) => mode.overlay(ctx, r)]);
  }

  const target = () => (sentAt !== null || renderer.animating ? idle : mode);
  bindPointer($("table"), renderer, target);
  bindKeys($("table"), target);
  $("shoot").onclick = shoot;
  $("place").onclick = placeBall;
  $("safety").onclick = () => call.safety();
  $("clear-call").onclick = () => call.reset();
  $("call-yes").onclick = () => call.confirm(true);
  $("call-no").onclick = () => call.confirm(false);
  $("aid").onchange = refreshOverlay;
  $("aid-rebound").checked = localStorage.getItem("poolhall.rebound") !== "0";
  $("aid-rebound").onchange = (e) => { localStorage.setItem("poolhall.rebound", e.target.checked ? "1" : "0"); refreshOverlay(); };
  $("power").oninput = refreshOverlay;
  $("elevation").oninput = refreshOverlay;
  $("download").href = `/api/matches/${encodeURIComponent(matchId)}/record`;
  $("print-sheet").onclick = () => window.print();
  $("stalemate").onclick = () => send({ type: "stalemate", answer: "offer" });
  $("request-call").onclick = () => send({ type: "request-call" });
  $("amend-shot").onclick = () => {
    editing = editing === null ? state.match.amend?.number ?? null : null;
    state.update(state.match, state.version);
  };
  $("replay").onclick = () => { if (!renderer.animating) replayer.play(state.lastAction, state.match.balls); };
  $("replay-pick").onchange = (e) => { if (!renderer.animating || replayer.active) replayer.playNumber(Number(e.target.value), state.match.balls); };
  $("anim-skip").onclick = () => renderer.skip();
  $("anim-fast").checked = localStorage.getItem("poolhall.fast") === "1";
  $("anim-fast").onchange = (e) => {
    localStorage.setItem("poolhall.fast", e.target.checked ? "1" : "0");
    if (!replayer.active) renderer.setRate(liveRate());
  };
  $("anim-pause").onclick = () => replayer.togglePause();
  $("anim-half").onclick = () => replayer.toggleHalf();
  $("anim-prev").onclick = () => replayer.step(-1, state.match.replayable, state.match.balls);
  $("anim-next").onclick = () => replayer.step(1, state.match.replayable, state.match.balls);
  const showMute = () => {
    $("mute").textContent = t(sounds.muted ? "sound_off" : "sound_on");
    $("mute").setAttribute("aria-pressed", String(sounds.muted));
  };
  $("mute").onclick = () => { sounds.setMuted(!sounds.muted); showMute(); };
  showMute();
  $("new-game-button").onclick = () => { location.href = "/"; };
  $("rematch").onclick = () => rematch();
  showLinks(matchId, otherTokens);

  /** The same players, game and house rules again; this page keeps its seats, the others get links. */
  async function rematch() {
    const m = state.match;
    const { race_to, points_to_win, ...options } = m.options;
    const body = { game: m.game, mode: m.mode, seats: m.seats, race_to, points_to_win, options, table: m.table.name };
    const r = await fetch("/api/matches", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const made = await r.json();
    if (!r.ok) { showError(httpErrorText(r.status, made)); return; }
    const mine = Object.entries(made.tokens).filter(([seat]) => state.seats.includes(seat)).map(([, tok]) => tok);
    const others = Object.fromEntries(Object.entries(made.tokens).filter(([seat]) => !state.seats.includes(seat)));
    goToMatch(made.id, mine, others);
  }

  state.subscribe((s) => {
    const m = s.match;
    root.classList.toggle("scorekeeper", m.balls === null); // no table to draw: the facts form and the sheet
    renderer.setTable(m.table);
    renderer.setBalls(m.balls ?? {});
    // Only the page placing the cue ball shades the kitchen: to anyone else it would read as their own move.
    renderer.setKitchen(s.myAsk?.kind === "place" && s.myAsk.area === "kitchen");
    renderScoreboard($("scoreboard"), m);
    renderTray($("tray"), m);
    renderPhoneBar(m);
    renderReferee($("reason"), m, (seat) => s.name(seat));
    renderLog($("log"), s.log, m.seats);
    $("end-controls").hidden = !m.over;
    $("rematch").hidden = s.seats.length === 0;
    $("prompt").textContent = promptText(s);
    const ask = s.myAsk;
    const kind = ask?.kind;
    mode = kind === "shoot" ? aim : kind === "place" ? place : idle;
    if (kind === "shoot") {
      const question = `${s.version}`;
      if (call.question !== question) {
        call.question = question;
        call.start(ask.callable_balls, m.lawful_calls ?? ask.callable_balls, costOf);
        powerFor(ask.break_shot && m.game === "eight-ball");
      }
      aim.start(m.balls);
    }
    // A new question starts the placement afresh; the same one (another language, a resync) keeps the spot.
    if (kind === "place" && place.question !== s.version) { place.question = s.version; place.start(m.balls, ask.area); }
    $("aim-controls").hidden = kind !== "shoot";
    $("call-box").hidden = kind !== "shoot" || ask.break_shot;
    $("safety").disabled = !ask?.safety_allowed;
    $("place-controls").hidden = kind !== "place";
    const box = $("choose-controls");
    box.hidden = !(kind === "choose" || kind === "choose-breaker" || kind === "answer-stalemate");
    if (kind === "choose" || kind === "choose-breaker") renderChoices(box, ask, send, s.seats.length > 1 ? (seat) => s.name(seat) : null);
    if (kind === "answer-stalemate") {
      box.replaceChildren(
        button(t("accept_stalemate"), () => send({ type: "stalemate", answer: "accept" })),
        button(t("decline_stalemate"), () => send({ type: "stalemate", answer: "decline" })),
      );
    }
    const form = $("facts-form");
    if (editing !== null && m.amend?.number !== editing) editing = null; // the next shot made it final
    form.hidden = kind !== "enter-shot" && editing === null;
    if (editing !== null) renderFactsForm(form, m, ask, (msg) => { editing = null; send(msg); }, m.amend);
    else if (kind === "enter-shot") renderFactsForm(form, m, ask, send);
    $("amend-shot").hidden = !m.amend || s.seats.length === 0;
    $("amend-shot").textContent = t(editing === null ? "edit_last_shot" : "cancel");
    const asker = s.seats.find((seat) => seat !== m.asked.player);
    $("request-call").hidden = !(asker && m.asked.may_request_call && m.seats[asker].kind === "person");
    $("request-call").textContent = asker ? t("ask_call", { name: s.name(asker) }) : "";
    $("stalemate").disabled = !ask?.may_propose_stalemate;
    $("stalemate").hidden = s.seats.length === 0;
    const sheet = $("sheet");
    sheet.hidden = !m.sheet;
    $("print-sheet").hidden = !m.sheet;
    if (m.sheet) renderSheet(sheet, m);
    const pick = $("replay-pick");
    if (pick.options.length !== m.replayable.length) {
      pick.replaceChildren(...m.replayable.map((n) => new Option(`${t("shot")} ${n}`, String(n))));
    }
    pick.parentElement.hidden = m.replayable.length === 0; // an empty list to pick from is only noise
    $("replay").disabled = !s.lastAction?.trajectory;
    showCall();
    refreshOverlay();
  });
  onLangChange((l) => { net.lang = l; showMute(); showAnimBar(); if (state.match) state.update(state.match, state.version); });
  net.connect();
  return { state, renderer, net, place, aim, call, sounds, replayer };
}

function showLinks(matchId, otherTokens) {
  const box = $("seat-links");
  box.replaceChildren();
  const base = `${location.origin}/#m=${encodeURIComponent(matchId)}`;
  const add = (label, url) => {
    const p = document.createElement("label");
    p.textContent = label;
    const input = document.createElement("input");
    input.readOnly = true;
    input.value = url;
    input.onfocus = () => input.select();
    p.append(input);
    box.append(p);
  };
  for (const [seat, token] of Object.entries(otherTokens)) add(t("seat_link", { name: seat }), `${base}&t=${token}`);
  add(t("watch_link"), base);
}
