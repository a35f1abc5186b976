// Replay a logged battle: rebuild the state event by event and draw it; step by action,
// phase or turn. The log is the only source: the page never reruns the engine.
// Each game draws its board with a renderer registered on window.ReplayRenderers[game]:
// { draw(svg, events, step) } (SBG's is below; others load from replay-<game>.js), and may
// name which events start a phase or a turn with { isPhase(e), isTurn(e), where(events, step) }.
window.ReplayRenderers = window.ReplayRenderers || {};

// Small drawing helpers shared by every game's renderer.
window.ReplayKit = {
  node(tag, attrs, text) {
    const n = document.createElementNS("http://www.w3.org/2000/svg", tag);
    for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, String(v));
    if (text !== undefined) n.textContent = String(text);
    return n;
  },
  // Log values going into HTML are escaped: the log is data, not markup.
  esc: (value) => String(value).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]),
};
(function () {
  "use strict";
  // Whole names, so French can say « phase d'Initiative » as the rulebook does.
  const PHASE_NAMES = { priority: gettext("priority phase"), move: gettext("move phase"), shoot: gettext("shoot phase"), fight: gettext("fight phase"), end: gettext("end phase") };
  const fmt = (text, values) => interpolate(text, values, true);
  const phaseName = (phase) => PHASE_NAMES[phase] || fmt(gettext("%(phase)s phase"), { phase });
  const root = document.getElementById("replay");
  if (!root) return;
  const events = JSON.parse(document.getElementById("events-data").textContent);
  const svg = document.getElementById("board");
  const logList = document.getElementById("log");
  const BASE_RADIUS = 25 / 25.4 / 2; // a 25 mm base, in inches (the engine default)
  let current = 0;

  function describe(e) {
    if (e.text) return e.text; // the site's sentence (battlesim/narration.py)
    const skip = new Set(["i", "kind", "text"]);
    const parts = Object.entries(e).filter(([k]) => !skip.has(k) && !["table", "positions", "forces", "bases"].includes(k));
    const text = parts.map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v) : v}`).join(", ");
    return text.length > 220 ? `${text.slice(0, 220)}…` : text;
  }

  // Dice shown as dice: ⚀ to ⚅ for 1 to 6 (any other number as itself), each labelled.
  const FACES = ["⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];
  function diceOf(e) {
    const raw = e.dice !== undefined ? e.dice : (e.die !== undefined ? [e.die] : null);
    if (!Array.isArray(raw)) return null;
    const groups = raw.every(Array.isArray) ? raw : [raw];
    const box = document.createElement("span");
    box.className = "dice";
    groups.forEach((group, index) => {
      if (index) box.append(document.createTextNode(" v "));
      group.forEach((value) => {
        const die = document.createElement("span");
        die.className = "die";
        die.textContent = Number.isInteger(value) && value >= 1 && value <= 6 ? FACES[value - 1] : String(value);
        die.title = fmt(gettext("rolled %(value)s"), { value });
        die.setAttribute("aria-label", fmt(gettext("rolled %(value)s"), { value }));
        box.append(die);
      });
    });
    return box;
  }

  function renderLog() {
    const fragment = document.createDocumentFragment();
    events.forEach((e, index) => {
      const item = document.createElement("li");
      item.className = `event kind-${e.kind}`;
      item.dataset.index = String(index);
      if (e.text) {
        item.append(e.text);
      } else {
        const kind = document.createElement("strong");
        kind.textContent = e.kind;
        item.append(kind, ` ${describe(e)}`);
      }
      const dice = diceOf(e);
      if (dice) item.append(" ", dice);
      item.addEventListener("click", () => go(index));
      fragment.append(item);
    });
    logList.replaceChildren(fragment);
  }

  // SBG state: positions, bases, wounds and the living, rebuilt from the set-up and the log.
  function stateAt(step) {
    const setup = events.find((e) => e.kind === "setup") || {};
    const positions = { ...(setup.positions || {}) };
    const radii = { ...(setup.bases || {}) };
    const wounds = {};
    const ring = new Set();
    const dead = new Set();
    const left = {}; // Might, Will and Fate left, as the log last told them
    const named = {}; // models summoned during the battle: their profile name
    let turn = 0, phase = "";
    for (let i = 0; i <= step && i < events.length; i += 1) {
      const e = events[i];
      if (e.kind === "move" && e.end) positions[e.model] = e.end;
      if (e.kind === "riderless_mount" && e.at) { // a mount left alone: the rider's circle
        positions[e.model] = e.at;
        radii[e.model] = radii[e.rider];
      }
      if (e.kind === "army_rule" && e.summoned && e.at) { // Progeny: a model summoned
        positions[e.summoned] = e.at;
        named[e.summoned] = e.name;
      }
      if (e.kind === "army_rule" && e.risen) { // Unholy Ressurrection: back on the table
        positions[e.model] = e.risen;
        wounds[e.model] = 1;
        dead.delete(e.model);
      }
      if (e.kind === "unhorsed") radii[e.model] = BASE_RADIUS; // on foot again
      if (e.kind === "wound") wounds[e.model] = e.wounds_left;
      if (e.kind === "ring_on") ring.add(e.model);
      if (e.kind === "ring_off" || e.kind === "casualty") ring.delete(e.model);
      if (e.kind === "casualty") dead.add(e.model);
      if (e.kind === "phase") { turn = e.turn; phase = e.phase; }
      const who = e.model || e.hero;
      if (who && e.might_left !== undefined) (left[who] = left[who] || {}).might = e.might_left;
      if (who && e.kind === "will_lost" && e.will !== undefined) (left[who] = left[who] || {}).will = e.will;
      if (who && e.fate_left !== undefined) (left[who] = left[who] || {}).fate = e.fate_left;
    }
    return { setup, positions, radii, wounds, ring, dead, turn, phase, left, named };
  }

  const { node } = window.ReplayKit;

  // What the set-up says of each model: its profile name, Hero, leader, cavalry, monster.
  function roster(setup) {
    const about = {};
    (setup.forces || []).forEach((force) => {
      for (const [uid, name] of Object.entries(force.models || {})) {
        const profile = (force.profiles || {})[name] || {};
        const words = new Set((profile.keywords || []).map((k) => k.toLowerCase()));
        about[uid] = {
          name,
          profile,
          hero: words.has("hero"),
          leader: force.leader === uid,
          cavalry: words.has("cavalry") || Boolean(profile.mount),
          monster: words.has("monster"),
        };
      }
    });
    return about;
  }

  function drawModel(state, about, model, x, y, focused) {
    const side = model.startsWith("A") ? "a" : "b";
    const info = about[model] || { name: state.named[model] || "riderless mount" };
    const kinds = ["hero", "leader", "cavalry", "monster"].filter((k) => info[k]);
    const classes = ["model", `side-${side}`, ...kinds, state.ring.has(model) ? "invisible" : "", focused ? "focus" : ""];
    const r = state.radii[model] || BASE_RADIUS;
    const group = node("g", { class: classes.filter(Boolean).join(" "), "data-model": model });
    group.addEventListener("click", () => select(model));
    group.append(node("circle", { cx: x, cy: y, r }));
    if (info.cavalry) group.append(node("circle", { cx: x, cy: y, r: r * 0.45, class: "mount-mark" }));
    if (info.hero) { // text drawn at size 10 and scaled: browsers clamp tiny font sizes
      const mark = node("g", { transform: `translate(${x} ${y}) scale(${r / 10})` });
      mark.append(node("text", { x: 0, y: 3.5, class: "hero-mark", "font-size": 10 }, info.leader ? "★" : "H"));
      group.append(mark);
    }
    const left = state.wounds[model];
    const title = node("title", {});
    title.textContent = `${model} ${info.name}${left !== undefined ? ` (${left} wound${left === 1 ? "" : "s"} left)` : ""}${state.ring.has(model) ? ", wearing the One Ring" : ""}`;
    group.append(title);
    return group;
  }

  function drawTable(state) {
    const table = state.setup.table || { width: 48, depth: 48, pieces: [] };
    svg.setAttribute("viewBox", `0 0 ${table.width} ${table.depth}`);
    svg.replaceChildren(node("rect", { x: 0, y: 0, width: table.width, height: table.depth, class: "cloth" }));
    for (const piece of table.pieces || []) {
      const points = piece.points.map(([x, y]) => `${x},${table.depth - y}`).join(" ");
      const shape = node("polygon", { points, class: `terrain terrain-${piece.kind}` });
      const title = node("title", {});
      title.textContent = `${piece.name} (${piece.kind}${piece.height ? `, ${piece.height}"` : ""})`;
      shape.append(title);
      svg.append(shape);
    }
    const active = events[current] || {};
    const focus = new Set([active.model, active.shooter, active.target, active.hero, ...(active.combat || [])]);
    const about = roster(state.setup);
    for (const [model, [x, y]] of Object.entries(state.positions)) {
      if (state.dead.has(model)) continue;
      svg.append(drawModel(state, about, model, x, table.depth - y, focus.has(model)));
    }
    if (active.kind === "move" && active.start && active.end) {
      svg.append(node("line", { x1: active.start[0], y1: table.depth - active.start[1], x2: active.end[0], y2: table.depth - active.end[1], class: "move-line" }));
    }
    const from = state.positions[active.shooter], to = state.positions[active.target];
    if (active.kind === "shot" && from && to) {
      svg.append(node("line", { x1: from[0], y1: table.depth - from[1], x2: to[0], y2: table.depth - to[1], class: `shot-line${active.hit ? " hit" : ""}` }));
    }
    // MAGIC-*: a power cast (or taking effect) at another model: a line caster -> target
    const caster = state.positions[active.model], aim = state.positions[active.target];
    if ((active.kind === "cast" || active.kind === "spell") && caster && aim && active.model !== active.target) {
      svg.append(node("line", { x1: caster[0], y1: table.depth - caster[1], x2: aim[0], y2: table.depth - aim[1], class: `spell-line${active.cast === false ? " failed" : ""}` }));
    }
  }

  // The selected model's card: its profile, and what it has left at this step.
  let selected = null;
  function select(model) { selected = model; drawCard(); }
  function drawCard() {
    const card = document.getElementById("model-card");
    if (!card) return;
    if (!selected) { card.hidden = true; return; }
    const state = stateAt(current);
    const info = roster(state.setup)[selected] || { name: selected, profile: {} };
    const p = info.profile || {};
    const stats = [[pgettext("Move (abbreviation)", "Mv"), p.move], [pgettext("Fight value (abbreviation)", "F"), p.fight], [pgettext("Shoot value (abbreviation)", "Sh"), p.shoot], [pgettext("Strength (abbreviation)", "S"), p.strength], [pgettext("Defence (abbreviation)", "D"), p.defence], [pgettext("Attacks (abbreviation)", "A"), p.attacks], [pgettext("Wounds (abbreviation)", "W"), p.wounds], [pgettext("Courage (abbreviation)", "C"), p.courage]];
    const left = state.left[selected] || {};
    const wounds = state.wounds[selected] !== undefined ? state.wounds[selected] : p.wounds;
    const heroic = [[gettext("Might"), left.might, p.might], [gettext("Will"), left.will, p.will], [gettext("Fate"), left.fate, p.fate]]
      .filter(([, , start]) => start);
    card.replaceChildren();
    const head = document.createElement("h3");
    head.textContent = `${info.name} (${selected})`;
    const table = document.createElement("table");
    table.className = "stat-line";
    const names = table.insertRow(), values = table.insertRow();
    stats.forEach(([label, value]) => { names.insertCell().textContent = label; values.insertCell().textContent = value === undefined ? "–" : value; });
    const status = document.createElement("p");
    const dead = state.dead.has(selected);
    status.textContent = dead ? gettext("Slain.") : fmt(gettext("Wounds left: %(wounds)s"), { wounds }) +
      heroic.map(([label, now, start]) => ` · ${label} ${now === undefined ? start : now}/${start}`).join("");
    const gear = document.createElement("p");
    gear.className = "muted";
    gear.textContent = [...(p.wargear || []), ...(p.options || [])].join(", ");
    const close = document.createElement("button");
    close.type = "button"; close.textContent = gettext("Close"); close.className = "close";
    close.addEventListener("click", () => select(null));
    card.append(head, table, status, gear, close);
    card.hidden = false;
  }

  window.ReplayRenderers.sbg = {
    draw: (board, all, step) => drawTable(stateAt(step)),
    where: (all, step) => {
      const state = stateAt(step);
      return state.turn ? fmt(gettext("turn %(turn)s, %(phase)s"), { turn: state.turn, phase: phaseName(state.phase) }) : "";
    },
  };

  function renderer() {
    return window.ReplayRenderers[root.dataset.game];
  }

  function draw() {
    const game = renderer();
    // A game's renderer may load after the first draw: hide the board only until it has one.
    svg.classList.toggle("hidden", !game);
    if (game) game.draw(svg, events, current);
    const e = events[current] || {};
    const where = game && game.where ? game.where(events, current) : "";
    document.getElementById("position").textContent =
      fmt(gettext("Step %(step)s of %(steps)s"), { step: current + 1, steps: events.length }) + `${where ? ` · ${where}` : ""} · ${e.kind || ""}`;
    logList.querySelectorAll(".current").forEach((n) => n.classList.remove("current"));
    const item = logList.children[current];
    if (item) { item.classList.add("current"); item.scrollIntoView({ block: "nearest" }); }
    scrubber.value = String(current);
    const mark = marks.filter((m) => m.index <= current).pop();
    if (mark) jump.value = String(mark.index);
    if (root.dataset.game === "sbg") drawCard();
  }

  function go(index) {
    current = Math.max(0, Math.min(events.length - 1, index));
    draw();
  }

  function seek(direction, test) {
    let i = current + direction;
    while (i >= 0 && i < events.length && !test(events[i])) i += direction;
    go(i);
  }

  const isPhase = (e) => (renderer() && renderer().isPhase ? renderer().isPhase(e) : e.kind === "phase");
  const isTurn = (e) => (renderer() && renderer().isTurn ? renderer().isTurn(e) : e.kind === "phase" && e.phase === "priority");
  const moves = {
    back: () => go(current - 1),
    forward: () => go(current + 1),
    "phase-back": () => seek(-1, isPhase),
    "phase-forward": () => seek(1, isPhase),
    "turn-back": () => seek(-1, isTurn),
    "turn-forward": () => seek(1, isTurn),
  };
  root.querySelectorAll("[data-step]").forEach((button) => button.addEventListener("click", () => moves[button.dataset.step]()));

  // Play and pause, at a chosen speed; the scrubber and the turn/phase list move with it.
  const playButton = document.getElementById("play");
  const speed = document.getElementById("speed");
  const scrubber = document.getElementById("scrubber");
  const jump = document.getElementById("jump");
  let timer = null;
  function pause() {
    if (timer) clearInterval(timer);
    timer = null;
    playButton.textContent = `▶ ${pgettext("replay", "Play")}`;
    playButton.setAttribute("aria-pressed", "false");
  }
  function play() {
    if (current >= events.length - 1) go(0);
    pause();
    timer = setInterval(() => (current >= events.length - 1 ? pause() : go(current + 1)), 1000 / Number(speed.value));
    playButton.textContent = `❚❚ ${gettext("Pause")}`;
    playButton.setAttribute("aria-pressed", "true");
  }
  const toggle = () => (timer ? pause() : play());
  playButton.addEventListener("click", toggle);
  speed.addEventListener("change", () => { if (timer) play(); });
  function faster(step) {
    const options = [...speed.options];
    const at = Math.max(0, Math.min(options.length - 1, speed.selectedIndex + step));
    speed.selectedIndex = at;
    if (timer) play();
  }
  scrubber.max = String(Math.max(0, events.length - 1));
  scrubber.addEventListener("input", () => go(Number(scrubber.value)));
  // The turn and phase list: every phase start, or every turn of the board games.
  // Built once every renderer is loaded (they may name their own phases and turns).
  let marks = [];
  function buildMarks() {
    marks = [];
    let turns = 0;
    try {
      events.forEach((e, index) => {
        if (root.dataset.game === "sbg" && e.kind === "phase") {
          marks.push({ index, label: fmt(gettext("turn %(turn)s, %(phase)s"), { turn: e.turn, phase: phaseName(e.phase) }) });
        } else if (root.dataset.game !== "sbg" && isTurn(e)) {
          turns += 1;
          marks.push({ index, label: fmt(gettext("turn %(turn)s (step %(step)s)"), { turn: turns, step: index + 1 }) });
        }
      });
    } catch (error) { // a renderer not ready yet: the list is built again on load
      marks = [];
    }
    jump.replaceChildren(...marks.map((m) => new Option(m.label, String(m.index))));
    jump.closest("label").hidden = marks.length === 0;
  }
  jump.addEventListener("change", () => go(Number(jump.value)));

  document.addEventListener("keydown", (event) => {
    if (event.target.closest && event.target.closest("input, select, textarea")) return;
    const keys = {
      ArrowRight: () => (event.shiftKey ? moves["phase-forward"]() : moves.forward()),
      ArrowLeft: () => (event.shiftKey ? moves["phase-back"]() : moves.back()),
      ArrowDown: () => moves["turn-forward"](),
      ArrowUp: () => moves["turn-back"](),
      Home: () => go(0),
      End: () => go(events.length - 1),
      " ": toggle,
      "+": () => faster(1),
      "=": () => faster(1),
      "-": () => faster(-1),
      Escape: () => select(null),
    };
    if (keys[event.key]) { event.preventDefault(); keys[event.key](); }
  });
  renderLog();
  // Renderers of other games load after this file; draw once the page has them all.
  window.addEventListener("load", () => { buildMarks(); draw(); });
  buildMarks();
  draw();
})();
