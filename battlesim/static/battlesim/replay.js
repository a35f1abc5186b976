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
  const root = document.getElementById("replay");
  if (!root) return;
  const events = JSON.parse(document.getElementById("events-data").textContent);
  const svg = document.getElementById("board");
  const logList = document.getElementById("log");
  const BASE_RADIUS = 25 / 25.4 / 2; // a 25 mm base, in inches (the engine default)
  let current = 0;

  function describe(e) {
    const skip = new Set(["i", "kind"]);
    const parts = Object.entries(e).filter(([k]) => !skip.has(k) && !["table", "positions", "forces", "bases"].includes(k));
    const text = parts.map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v) : v}`).join(", ");
    return text.length > 220 ? `${text.slice(0, 220)}…` : text;
  }

  function renderLog() {
    const fragment = document.createDocumentFragment();
    events.forEach((e, index) => {
      const item = document.createElement("li");
      item.className = `event kind-${e.kind}`;
      item.dataset.index = String(index);
      const kind = document.createElement("strong");
      kind.textContent = e.kind;
      item.append(kind, ` ${describe(e)}`);
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
    let turn = 0, phase = "";
    for (let i = 0; i <= step && i < events.length; i += 1) {
      const e = events[i];
      if (e.kind === "move" && e.end) positions[e.model] = e.end;
      if (e.kind === "riderless_mount" && e.at) { // a mount left alone: the rider's circle
        positions[e.model] = e.at;
        radii[e.model] = radii[e.rider];
      }
      if (e.kind === "unhorsed") radii[e.model] = BASE_RADIUS; // on foot again
      if (e.kind === "wound") wounds[e.model] = e.wounds_left;
      if (e.kind === "ring_on") ring.add(e.model);
      if (e.kind === "ring_off" || e.kind === "casualty") ring.delete(e.model);
      if (e.kind === "casualty") dead.add(e.model);
      if (e.kind === "phase") { turn = e.turn; phase = e.phase; }
    }
    return { setup, positions, radii, wounds, ring, dead, turn, phase };
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
    const info = about[model] || { name: "riderless mount" };
    const kinds = ["hero", "leader", "cavalry", "monster"].filter((k) => info[k]);
    const classes = ["model", `side-${side}`, ...kinds, state.ring.has(model) ? "invisible" : "", focused ? "focus" : ""];
    const r = state.radii[model] || BASE_RADIUS;
    const group = node("g", { class: classes.filter(Boolean).join(" ") });
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

  window.ReplayRenderers.sbg = {
    draw: (board, all, step) => drawTable(stateAt(step)),
    where: (all, step) => {
      const state = stateAt(step);
      return state.turn ? `turn ${state.turn}, ${state.phase} phase` : "";
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
      `Step ${current + 1} of ${events.length}${where ? ` · ${where}` : ""} · ${e.kind || ""}`;
    logList.querySelectorAll(".current").forEach((n) => n.classList.remove("current"));
    const item = logList.children[current];
    if (item) { item.classList.add("current"); item.scrollIntoView({ block: "nearest" }); }
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
  document.addEventListener("keydown", (event) => {
    if (event.key === "ArrowRight") moves.forward();
    if (event.key === "ArrowLeft") moves.back();
  });
  renderLog();
  // Renderers of other games load after this file; draw once the page has them all.
  window.addEventListener("load", draw);
  draw();
})();
