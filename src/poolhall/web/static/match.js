// The match screen: keeps the state from the server, animates shots, and
// switches the UI mode to what the match asks of this page (aim, place the
// cue ball, choose, answer a stalemate offer, enter a real shot's facts).

import { AimMode, SpinPicker } from "./aim.js";
import { CallMode } from "./call.js";
import { button, renderChoices } from "./choose.js";
import { lang, onLangChange, t } from "./i18n.js";
import { bindKeys, bindPointer } from "./input.js";
import { Net } from "./net.js";
import { promptText, renderReferee, renderScoreboard } from "./panels.js";
import { PlaceMode } from "./place.js";
import { Renderer } from "./render.js";
import { Replayer } from "./replay.js";
import { renderFactsForm, renderSheet } from "./scorekeeper.js";
import { State } from "./state.js";

const $ = (id) => document.getElementById(id);

export function showMatch(root, matchId, tokens, otherTokens, showError) {
  root.hidden = false;
  const state = new State();
  const renderer = new Renderer($("table"));
  const replayer = new Replayer(renderer, matchId);
  const idle = { overlay() {} };
  let mode = idle;
  let queue = Promise.resolve();
  let editing = null; // the shot number whose facts are being corrected (GEN-14), else null
  // The version this page answered with the action it sent last, until the next question arrives (or the
  // server refuses it): the controls are out of reach meanwhile, so a second click or an Enter while the
  // balls roll sends nothing (issue 17). The server refuses a stale version anyway.
  let sentAt = null;

  const controls = {
    power: $("power"), elevation: $("elevation"), aid: $("aid"),
    spin: new SpinPicker($("spin"), () => refreshOverlay()),
    onChange: () => refreshOverlay(),
    shoot: () => shoot(),
  };
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
      showError(msg.message);
    },
    onStatus: (s) => { $("banner").textContent = s === "open" ? "" : t("reconnecting"); },
  });
  net.lang = lang();

  async function apply(match, version, action) {
    if (action?.trajectory) {
      mode = idle;
      refreshLock();
      refreshOverlay();
      renderer.setBalls(action.trajectory_start ?? action.start);
      await renderer.play(action.trajectory, action.start);
    }
    if (sentAt !== null && version > sentAt) sentAt = null; // the next question: this page may act again
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

  function refreshOverlay() {
    $("power-out").textContent = `${Number(controls.power.value).toFixed(1)} m/s`;
    $("elevation-out").textContent = `${controls.elevation.value}°`;
    refreshLock();
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
  $("replay-pick").onchange = async (e) => {
    const shot = await replayer.fetchShot(Number(e.target.value));
    if (shot) await replayer.play(shot, state.match.balls, 1);
  };
  showLinks(matchId, otherTokens);

  state.subscribe((s) => {
    const m = s.match;
    root.classList.toggle("scorekeeper", m.balls === null); // no table to draw: the facts form and the sheet
    renderer.setTable(m.table);
    renderer.setBalls(m.balls ?? {});
    // Only the page placing the cue ball shades the kitchen: to anyone else it would read as their own move.
    renderer.setKitchen(s.myAsk?.kind === "place" && s.myAsk.area === "kitchen");
    renderScoreboard($("scoreboard"), m);
    renderReferee($("reason"), m);
    $("prompt").textContent = promptText(s);
    const ask = s.myAsk;
    const kind = ask?.kind;
    mode = kind === "shoot" ? aim : kind === "place" ? place : idle;
    if (kind === "shoot") {
      const question = `${s.version}`;
      if (call.question !== question) { call.question = question; call.start(ask.callable_balls, m.lawful_calls ?? ask.callable_balls, costOf); }
      aim.start(m.balls);
    }
    if (kind === "place") place.start(m.balls, ask.area);
    $("aim-controls").hidden = kind !== "shoot";
    $("call-box").hidden = kind !== "shoot" || ask.break_shot;
    $("safety").disabled = !ask?.safety_allowed;
    $("place-controls").hidden = kind !== "place";
    const box = $("choose-controls");
    box.hidden = !(kind === "choose" || kind === "choose-breaker" || kind === "answer-stalemate");
    if (kind === "choose" || kind === "choose-breaker") renderChoices(box, ask, send);
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
    $("replay").disabled = !s.lastAction?.trajectory;
    showCall();
    refreshOverlay();
  });
  onLangChange((l) => { net.lang = l; if (state.match) state.update(state.match, state.version); });
  net.connect();
  return { state, renderer, net, place, aim, call };
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
