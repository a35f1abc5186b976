// The Return of the King film game replay: the 7x11 hex board (start row, Sauron tiles still
// in play with their battle value, Nazgul hexes, the Black Gate and the trolls, the pawns),
// Frodo and Sam's track, the Mount Doom spiral with Frodo and Gollum, hands, deck and discard
// pile, and the current attack (dice, cards). The state is rebuilt event by event, as
// battlesim/engines/rotk/replay.py does in Python; the fixed board comes from material.yaml
// through the "rotk-board-data" JSON of the page (battlesim/replay_rotk.py).
window.ReplayRenderers = window.ReplayRenderers || {};
(function () {
  "use strict";
  const fmt = (text, values) => interpolate(text, values, true);
  const { node } = window.ReplayKit;
  const R = 28; // hex circumradius, pointy-top hexes
  const HEX_W = Math.sqrt(3) * R;
  const ROW_PITCH = 1.5 * R;
  const BOARD_X = 8;
  const BOARD_TOP = 96; // the Black Gate and the trolls sit above the last row
  // Two layouts in one drawing: wide puts the mountain, the track and the attack right of the
  // board; tall (phones) stacks them below it, so the hexes keep a tappable size.
  const LAYOUTS = {
    wide: { width: 600, height: 770, mountain: [496, 150], track: [422, 560, 24], players: [8, 596], attack: [396, 590, 198] },
    tall: { width: 384, height: 1206, mountain: [118, 690], track: [262, 800, 22], players: [8, 856], attack: [8, 1026, 370] },
  };
  let L = LAYOUTS.wide;
  let lastRow = 10; // the Gate approach row, the top of the drawing; set from the board data
  const ATTACK_KINDS = new Set(["reroll", "protect", "resolve", "tile_taken", "troll_taken", "gate_taken", "frodo", "gollum", "ring_destroyed"]);
  const PHASE_KINDS = new Set(["lots", "turn", "attack", "round_end", "game_over"]);
  const EMPTY_BOARD = { hexes: [], tiles: [], cards: [], black_gate: null, tracks: { track_length: 11, start_by_players: {}, mountain_spaces: 9, frodo_entry: 2, crater: 10 } };

  let cachedBoard = null;
  function boardData() {
    if (cachedBoard) return cachedBoard;
    const tag = document.getElementById("rotk-board-data");
    cachedBoard = tag ? JSON.parse(tag.textContent) : EMPTY_BOARD;
    return cachedBoard;
  }

  // --- state ---------------------------------------------------------------------------

  const key = (hex) => `${hex[0]},${hex[1]}`;
  const remove = (list, ids) => ids.forEach((id) => { const at = list.indexOf(id); if (at >= 0) list.splice(at, 1); });

  function initialState(events) {
    const setup = events.find((e) => e.kind === "setup") || { players: 0, tiles: [], trolls: [], hands: [], deck: [] };
    const tiles = {};
    for (const t of setup.tiles) tiles[key(t.hex)] = t;
    return {
      players: setup.players, tiles, trolls: [...setup.trolls], gateFallen: false,
      pawns: Array(setup.players).fill(null), hands: setup.hands.map((h) => [...h]),
      trophies: Array(setup.players).fill(0), deck: setup.deck.length, discard: 0, lots: 0,
      frodo: { ...(setup.frodo_place || { on_mountain: false, index: 0 }) }, gollum: setup.gollum || 0,
      round: 0, seat: null, phase: "set-up", attack: null, moved: null, over: null, ring: false,
    };
  }

  function place(s, e, hex) {
    s.pawns[e.seat] = hex;
    s.moved = e.seat;
  }

  function spend(s, e) {
    remove(s.hands[e.seat], [e.card]);
    s.discard += 1;
  }

  // Each event changes the state as the engine did; the cards of an attack stay on the table
  // (s.attack.cards) until it is resolved, then go back to the hand or to the discard pile.
  const CHANGES = {
    lots: (s, e) => {
      Object.assign(s, { round: e.round, phase: "recruitment", lots: e.lots.reduce((n, lot) => n + lot.length, 0) });
      s.deck -= s.lots;
    },
    lot_taken: (s, e) => { s.hands[e.seat].push(...e.cards); s.lots -= e.cards.length; },
    turn: (s, e) => { s.seat = e.seat; s.round = e.round; s.phase = "turn"; s.hands[e.seat] = [...e.hand]; },
    enter: (s, e) => place(s, e, e.hex),
    move: (s, e) => { place(s, e, e.hex); spend(s, e); },
    aragorn_move: (s, e) => place(s, e, e.hex),
    forced_march: (s, e) => { place(s, e, e.path[e.path.length - 1]); spend(s, e); },
    reinforce: (s, e) => { spend(s, e); s.hands[e.seat].push(...e.drawn); s.deck -= e.drawn.length; },
    // The deck runs out only mid-draw: the cards already drawn leave with the draw's own event.
    reshuffle: (s, e) => { s.deck += e.cards; s.discard = 0; },
    attack: (s, e) => {
      const cards = [...e.armies, ...e.heroes];
      remove(s.hands[e.seat], cards);
      s.attack = { ...e, cards, played: [...cards], rerolls: [], protected: false, resolved: false };
    },
    reroll: (s, e) => {
      remove(s.hands[e.seat], [e.card]);
      Object.assign(s.attack, { dice: e.dice, total: e.total, success: e.success });
      s.attack.rerolls.push(e.card);
      s.attack.cards.push(e.card);
    },
    protect: (s, e) => { remove(s.hands[e.seat], [e.card]); s.attack.protected = true; s.attack.cards.push(e.card); },
    resolve: (s, e) => {
      s.hands[e.seat].push(...e.returned);
      s.discard += s.attack.cards.length - e.returned.length;
      Object.assign(s.attack, { resolved: true, success: e.success, cards: [] });
    },
    tile_taken: (s, e) => { delete s.tiles[key(e.hex)]; place(s, e, e.hex); s.trophies[e.seat] += 1; },
    troll_taken: (s, e) => { remove(s.trolls, [e.tile]); s.trophies[e.seat] += 1; },
    gate_taken: (s, e) => { s.gateFallen = true; s.trophies[e.seat] += 1; },
    frodo: (s, e) => { s.frodo = { on_mountain: e.on_mountain, index: e.index }; },
    gollum: (s, e) => { s.gollum = e.after; },
    ring_destroyed: (s) => { s.ring = true; },
    round_end: (s) => { s.phase = "round end"; },
    game_over: (s, e) => { s.over = e; s.phase = "game over"; },
  };

  function stateAt(events, step) {
    const s = initialState(events);
    for (let i = 0; i <= step && i < events.length; i += 1) {
      const e = events[i];
      if (!ATTACK_KINDS.has(e.kind)) s.attack = null; // the attack's own events keep it shown
      s.moved = null;
      if (CHANGES[e.kind]) CHANGES[e.kind](s, e);
    }
    return s;
  }

  // --- drawing -------------------------------------------------------------------------


  function titled(n, text) {
    n.append(node("title", {}, text));
    return n;
  }

  // Row 0 (the start row) is at the bottom; odd rows shift half a hex right ("odd-r").
  function centre(row, col) {
    const x = BOARD_X + HEX_W / 2 + col * HEX_W + (row % 2 ? HEX_W / 2 : 0);
    const y = BOARD_TOP + R + (lastRow - row) * ROW_PITCH;
    return [x, y];
  }

  function hexPoints(x, y, radius) {
    const corners = [];
    for (let k = 0; k < 6; k += 1) {
      const angle = (Math.PI / 180) * (60 * k - 30);
      corners.push(`${(x + radius * Math.cos(angle)).toFixed(1)},${(y + radius * Math.sin(angle)).toFixed(1)}`);
    }
    return corners.join(" ");
  }

  function drawHex(svg, h, s, focus) {
    const [x, y] = centre(h.row, h.col);
    const tile = s.tiles[`${h.row},${h.col}`];
    const g = node("g", { class: `hex hex-${h.kind}${tile ? ` tile tile-${tile.kind}` : ""}${focus ? " focus" : ""}`, "data-hex": `${h.row},${h.col}` });
    g.append(node("polygon", { points: hexPoints(x, y, R - 1), class: "hex-shape" }));
    if (tile) {
      g.append(node("polygon", { points: hexPoints(x, y, R - 7), class: "tile-shape" }));
      g.append(node("text", { x, y: y + 6, class: "battle" }, tile.battle));
      titled(g, `${h.row},${h.col}: ${tile.kind}, battle ${tile.battle}`);
    } else {
      if (h.kind === "nazgul" || h.kind === "tile") g.append(node("circle", { cx: x, cy: y, r: 5, class: "dot" }));
      if (h.kind === "minas_tirith") g.append(node("text", { x, y: y + 5, class: "hex-label" }, "MT"));
      titled(g, `${h.row},${h.col}: ${h.kind.replace("_", " ")}`);
    }
    svg.append(g);
  }

  function drawGate(svg, s, board) {
    const target = s.attack ? s.attack.target : null;
    const gate = board.tiles[board.black_gate] || { battle: "?" };
    const g = node("g", { class: `black-gate${s.gateFallen ? " fallen" : ""}${target === "black_gate" ? " focus" : ""}` });
    g.append(node("rect", { x: 96, y: 8, width: 190, height: 36, rx: 4, class: "gate-shape" }));
    g.append(node("text", { x: 191, y: 32, class: "gate-label" }, s.gateFallen ? gettext("Black Gate (fallen)") : fmt(gettext("Black Gate %(battle)s"), { battle: gate.battle })));
    svg.append(titled(g, gettext("The Black Gate")));
    s.trolls.forEach((id, n) => {
      const tile = board.tiles[id] || { battle: "?" };
      const x = 120 + n * 60;
      const t = node("g", { class: `troll${target === "troll" && s.attack.tile === id ? " focus" : ""}`, "data-tile": id });
      t.append(node("rect", { x: x - 20, y: 52, width: 40, height: 32, rx: 4, class: "troll-shape" }));
      t.append(node("text", { x, y: 74, class: "battle" }, tile.battle));
      svg.append(titled(t, `Troll, battle ${tile.battle}`));
    });
  }

  function drawPawns(svg, s) {
    const here = {};
    s.pawns.forEach((hex, seat) => {
      if (!hex) return;
      const k = key(hex);
      const n = (here[k] = (here[k] || 0) + 1) - 1;
      const [x, y] = centre(hex[0], hex[1]);
      const dx = [-9, 9, -9, 9][n] || 0, dy = [-9, -9, 9, 9][n] || 0;
      const mine = s.seat === seat ? " active" : "";
      const pawn = node("g", { class: `pawn seat-${seat}${mine}${s.moved === seat ? " moved" : ""}`, "data-seat": seat, "data-hex": k });
      pawn.append(node("circle", { cx: x + dx, cy: y + dy, r: 9 }));
      pawn.append(node("text", { x: x + dx, y: y + dy + 4, class: "pawn-label" }, seat + 1));
      svg.append(titled(pawn, `P${seat + 1} on ${k}`));
    });
  }

  // Mount Doom: spaces 1..mountain_spaces wind inwards to the crater at the centre.
  function mountainSpot(index, tracks) {
    const [cx, cy] = L.mountain;
    if (index >= tracks.crater) return [cx, cy];
    const turn = (index - 1) / tracks.mountain_spaces;
    const angle = Math.PI / 2 + turn * 2 * Math.PI * 1.1;
    const radius = 88 - turn * 52;
    return [cx + radius * Math.cos(angle), cy + radius * Math.sin(angle)];
  }

  function trackSpot(index, tracks) {
    const [x, base, pitch] = L.track;
    return [x + (index % 2) * 14, base - index * pitch];
  }

  function drawTracks(svg, s, board) {
    const tracks = board.tracks;
    const [cx, cy] = L.mountain;
    svg.append(node("text", { x: cx, y: cy + 130, class: "panel-title" }, "Mount Doom"));
    svg.append(node("circle", { cx, cy, r: 102, class: "mountain" }));
    for (let i = 1; i <= tracks.crater; i += 1) {
      const [x, y] = mountainSpot(i, tracks);
      const crater = i === tracks.crater;
      const c = node("g", { class: `space mountain-space${crater ? " crater" : ""}${i === tracks.frodo_entry ? " entry" : ""}`, "data-space": i });
      c.append(node("circle", { cx: x, cy: y, r: crater ? 18 : i === tracks.frodo_entry ? 15 : 12 }));
      c.append(node("text", { x, y: y + 4, class: "space-label" }, crater ? "" : i));
      svg.append(titled(c, crater ? gettext("The crater") : fmt(gettext("Mountain space %(space)s"), { space: i })));
    }
    const starts = Object.fromEntries(Object.entries(tracks.start_by_players).map(([n, i]) => [i, n]));
    for (let i = 0; i < tracks.track_length; i += 1) {
      const [x, y] = trackSpot(i, tracks);
      const c = node("g", { class: "space track-space", "data-space": i });
      c.append(node("circle", { cx: x, cy: y, r: 10 }));
      if (starts[i] !== undefined) c.append(node("text", { x, y: y + 4, class: "space-label" }, starts[i]));
      svg.append(titled(c, fmt(gettext("Track space %(space)s"), { space: i }) + (starts[i] !== undefined ? fmt(gettext(" (start with %(players)s players)"), { players: starts[i] }) : "")));
    }
    const [tx, base, pitch] = L.track;
    svg.append(node("text", { x: tx + 32, y: base - 5 * pitch, class: "panel-note left" }, "Frodo & Sam"));
    svg.append(node("text", { x: tx + 32, y: base - 5 * pitch + 18, class: "panel-note left" }, "track ↑"));
    drawRingBearers(svg, s, tracks);
  }

  function drawRingBearers(svg, s, tracks) {
    const [fx, fy] = s.frodo.on_mountain ? mountainSpot(s.frodo.index, tracks) : trackSpot(s.frodo.index, tracks);
    const frodo = node("g", { class: `frodo${s.ring ? " ring-destroyed" : ""}`, "data-place": `${s.frodo.on_mountain ? "mountain" : "track"} ${s.frodo.index}` });
    frodo.append(node("circle", { cx: fx, cy: fy, r: 9 }));
    frodo.append(node("text", { x: fx, y: fy + 4, class: "pawn-label" }, "F"));
    svg.append(titled(frodo, fmt(s.frodo.on_mountain ? gettext("Frodo and Sam: mountain %(space)s") : gettext("Frodo and Sam: track %(space)s"), { space: s.frodo.index })));
    const [gx, gy] = mountainSpot(s.gollum, tracks);
    const gollum = node("g", { class: "gollum", "data-place": `mountain ${s.gollum}` });
    gollum.append(node("circle", { cx: gx + 7, cy: gy - 7, r: 8 }));
    gollum.append(node("text", { x: gx + 7, y: gy - 3, class: "pawn-label" }, "G"));
    svg.append(titled(gollum, `Gollum: mountain ${s.gollum}`));
  }

  function drawPlayers(svg, s) {
    const [left, top] = L.players;
    svg.append(node("text", { x: left, y: top - 6, class: "panel-note left" }, `Deck ${s.deck} · discard ${s.discard}${s.lots ? ` · lots ${s.lots}` : ""}`));
    s.hands.forEach((hand, seat) => {
      const y = top + 8 + seat * 40;
      const g = node("g", { class: `player seat-${seat}${s.seat === seat ? " active" : ""}`, "data-seat": seat });
      g.append(node("rect", { x: left, y, width: 370, height: 34, rx: 5, class: "player-row" }));
      g.append(node("circle", { cx: left + 18, cy: y + 17, r: 10, class: "swatch" }));
      const text = fmt(gettext("P%(player)s · hand %(hand)s · tiles %(tiles)s"), { player: seat + 1, hand: hand.length, tiles: s.trophies[seat] }) + (s.pawns[seat] ? "" : gettext(" · off board"));
      g.append(node("text", { x: left + 36, y: y + 23, class: "player-text" }, text));
      svg.append(g);
    });
  }

  const cardLabel = (board, id) => (board.cards[id] ? board.cards[id].label : `#${id}`);

  function drawAttack(svg, s, board) {
    const a = s.attack;
    const [x, y, width] = L.attack;
    const g = node("g", { class: `attack-box${a ? (a.success ? " success" : " failure") : " idle"}` });
    g.append(node("rect", { x, y, width, height: 172, rx: 6, class: "attack-shape" }));
    if (!a) {
      g.append(node("text", { x: x + 10, y: y + 26, class: "attack-title" }, s.over ? overText(s.over) : gettext("No attack")));
      svg.append(g);
      return;
    }
    const target = typeof a.target === "string" ? a.target.replace("_", " ") : (board.tiles[a.tile] || {}).kind || "tile";
    g.append(node("text", { x: x + 10, y: y + 24, class: "attack-title" }, fmt(gettext("P%(player)s attacks %(target)s (%(battle)s)"), { player: a.seat + 1, target, battle: a.battle })));
    a.dice.forEach((d, n) => drawDie(g, x + 10 + n * 32, y + 36, d));
    g.append(node("text", { x: x + 78, y: y + 54, class: "attack-line total" }, fmt(gettext("total %(total)s"), { total: a.total })));
    const lines = [
      ...a.played.map((id) => cardLabel(board, id)),
      ...a.rerolls.map((id) => fmt(gettext("reroll: %(card)s"), { card: cardLabel(board, id) })),
      ...(a.protected ? [gettext("Gandalf's protection")] : []),
    ];
    const shown = lines.length > 4 ? [...lines.slice(0, 3), fmt(gettext("+%(count)s more"), { count: lines.length - 3 })] : lines;
    shown.forEach((line, n) => {
      g.append(node("text", { x: x + 10, y: y + 84 + n * 19, class: "attack-line card" }, line));
    });
    const verdict = a.success ? gettext("success") : a.resolved ? gettext("failed") : gettext("fails");
    g.append(node("text", { x: x + width - 10, y: y + 162, class: "attack-verdict" }, verdict));
    svg.append(g);
  }

  function drawDie(g, x, y, value) {
    const die = node("g", { class: "rotk-die", "data-value": value });
    die.append(node("rect", { x, y, width: 26, height: 26, rx: 4 }));
    die.append(node("text", { x: x + 13, y: y + 19, class: "die-value" }, value));
    g.append(die);
  }

  function overText(over) {
    if (over.termination === "gollum") return gettext("Gollum wins: all lose");
    const leaders = over.leaders.map((seat) => `P${seat + 1}`).join(", ");
    return `${over.termination.replace("_", " ")}: ${leaders || gettext("no winner")}`;
  }

  function attackLine(svg, s) {
    const a = s.attack;
    if (!a || !Array.isArray(a.target) || !s.pawns[a.seat]) return;
    const [x1, y1] = centre(s.pawns[a.seat][0], s.pawns[a.seat][1]);
    const [x2, y2] = centre(a.target[0], a.target[1]);
    svg.append(node("line", { x1, y1, x2, y2, class: "attack-line-arrow" }));
  }

  let last = null; // what was drawn last, to redraw when the screen turns
  const narrow = window.matchMedia ? window.matchMedia("(max-width: 600px)") : null;
  if (narrow && narrow.addEventListener) narrow.addEventListener("change", () => last && draw(...last));

  function draw(svg, events, step) {
    last = [svg, events, step];
    const board = boardData();
    lastRow = Math.max(0, ...board.hexes.map((h) => h.row));
    const s = stateAt(events, step);
    svg.classList.remove("hidden");
    svg.classList.add("board-rotk");
    L = narrow && narrow.matches ? LAYOUTS.tall : LAYOUTS.wide;
    svg.dataset.layout = L === LAYOUTS.tall ? "tall" : "wide";
    svg.style.aspectRatio = `${L.width} / ${L.height}`;
    svg.setAttribute("viewBox", `0 0 ${L.width} ${L.height}`);
    svg.replaceChildren(node("rect", { x: 0, y: 0, width: L.width, height: L.height, class: "rotk-table" }));
    const target = s.attack ? s.attack.target : null;
    const focus = Array.isArray(target) ? key(target) : null;
    drawGate(svg, s, board);
    board.hexes.forEach((h) => drawHex(svg, h, s, `${h.row},${h.col}` === focus));
    attackLine(svg, s);
    drawPawns(svg, s);
    drawTracks(svg, s, board);
    drawPlayers(svg, s);
    drawAttack(svg, s, board);
  }

  function where(events, step) {
    const s = stateAt(events, step);
    if (s.over) return fmt(gettext("game over, %(result)s"), { result: overText(s.over) });
    if (!s.round) return gettext("set-up");
    return s.phase === "turn" ? fmt(gettext("round %(round)s, P%(player)s's turn"), { round: s.round, player: s.seat + 1 }) : fmt(gettext("round %(round)s, %(phase)s"), { round: s.round, phase: s.phase });
  }

  window.ReplayRenderers.rotk = {
    draw,
    stateAt,
    where,
    isPhase: (e) => PHASE_KINDS.has(e.kind),
    isTurn: (e) => e.kind === "turn",
  };
})();
