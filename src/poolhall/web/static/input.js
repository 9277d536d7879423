// Pointer, touch and keyboard to intents. The canvas reports table
// coordinates; the active UI mode decides what a press or a drag means.
// Keys: arrows turn the aim (Shift: finer), +/- change power, Enter or Space
// acts (shoot / place), Escape cancels a call.

export function bindPointer(canvas, renderer, target) {
  let down = false;
  const at = (e) => renderer.toTable(e.clientX, e.clientY);
  canvas.addEventListener("pointerdown", (e) => {
    if (!renderer.table) return;
    down = true;
    canvas.setPointerCapture(e.pointerId);
    canvas.focus({ preventScroll: true }); // a scroll here would move the table under the finger
    target().press?.(at(e), e.pointerType);
    e.preventDefault();
  });
  canvas.addEventListener("pointermove", (e) => {
    if (!renderer.table) return;
    if (down) target().drag?.(at(e));
    else target().hover?.(at(e));
  });
  const end = (e) => {
    if (!down) return;
    down = false;
    target().release?.(at(e));
  };
  canvas.addEventListener("pointerup", end);
  canvas.addEventListener("pointercancel", end);
}

export function bindKeys(canvas, target) {
  canvas.addEventListener("keydown", (e) => {
    const fine = e.shiftKey ? 0.1 : 1;
    const intents = {
      ArrowLeft: ["turn", 0.01 * fine], ArrowRight: ["turn", -0.01 * fine],
      ArrowUp: ["nudge", [0, 0.01 * fine]], ArrowDown: ["nudge", [0, -0.01 * fine]],
      "+": ["power", 0.25], "=": ["power", 0.25], "-": ["power", -0.25],
      Enter: ["act", null], " ": ["act", null], Escape: ["cancel", null],
    };
    const intent = intents[e.key];
    if (!intent) return;
    const handled = target().key?.(intent[0], intent[1]);
    if (handled) e.preventDefault();
  });
}
