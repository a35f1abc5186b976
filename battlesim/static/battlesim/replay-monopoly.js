// Monopoly LOTR replay: the 40 squares, deeds, buildings, mortgages, tokens, cash and the Ring.
// Every turn_end event carries the engine's own snapshot of the table; between two snapshots
// the state is rebuilt from the events of the turn (rolls, moves, payments, deeds, building).
window.ReplayRenderers = window.ReplayRenderers || {};
(function () {
  "use strict";
  const fmt = (text, values) => interpolate(text, values, true);
  const SIZE = 1090; // viewBox side: two 140-unit corners and nine 90-unit squares
  const CORNER = 140;
  const CELL = 90;
  const BAND = 26; // the group colour band on the inner edge of a square
  const PHASE_KINDS = new Set(["turn", "roll", "card", "auction", "trade", "bankrupt", "game_over"]);

  const boardData = () => {
    const tag = typeof document !== "undefined" && document.getElementById("board-data");
    return tag ? JSON.parse(tag.textContent) : { squares: [], start_cash: 1500, jail: 10, fortress_level: { classic: 5, quick: 4 } };
  };

  // --- state ---------------------------------------------------------------------------

  function initialState(events, board) {
    const setup = events.find((e) => e.kind === "setup") || { strategies: [], variant: {} };
    const seats = setup.strategies.length;
    const variant = setup.variant || {};
    return {
      strategies: setup.strategies,
      oneRing: Boolean(variant.one_ring),
      fortress: variant.quick ? board.fortress_level.quick : board.fortress_level.classic,
      cash: Array(seats).fill(board.start_cash),
      positions: Array(seats).fill(0),
      owner: Array(40).fill(null),
      level: Array(40).fill(0),
      mortgaged: new Set(),
      bankrupt: new Set(),
      jailed: new Set(),
      ring: setup.ring,
      round: 0, seat: null, dice: null, winner: null,
      housesLeft: null, hotelsLeft: null,
    };
  }

  function transfer(s, from, to, amount) {
    if (from !== null && from >= 0) s.cash[from] -= amount;
    if (to !== null && to >= 0) s.cash[to] += amount;
  }

  function manage(s, e, board) {
    s.cash[e.seat] += e.delta || 0;
    const actions = {
      Build: () => { s.level[e.square] += 1; },
      SellBuilding: () => { s.level[e.square] -= 1; },
      BreakFortress: () => { s.level[e.square] = s.fortress - 1; },
      SellFortresses: () => board.squares.filter((q) => q.group === e.group).forEach((q) => { s.level[q.index] = 0; }),
      Mortgage: () => s.mortgaged.add(e.square),
      Unmortgage: () => s.mortgaged.delete(e.square),
      // the log gives no delta: lifting a received mortgage costs its value, half the price
      LiftReceived: () => { s.mortgaged.delete(e.square); s.cash[e.seat] -= Math.floor(board.squares[e.square].price / 2); },
    };
    if (actions[e.action]) actions[e.action]();
  }

  function trade(s, e) {
    if (!e.accepted) return;
    e.give.forEach((q) => { s.owner[q] = e.partner; });
    e.take.forEach((q) => { s.owner[q] = e.proposer; });
    transfer(s, e.proposer, e.partner, e.give_cash);
    transfer(s, e.partner, e.proposer, e.take_cash);
  }

  // A debtor's cash goes to the creditor; deeds seized by the bank go back to it bare (001:L263-267).
  function bankrupt(s, e) {
    s.bankrupt.add(e.seat);
    transfer(s, e.seat, e.creditor, e.cash);
    if (e.creditor >= 0) return;
    s.owner.forEach((o, q) => {
      if (o !== e.seat) return;
      s.owner[q] = null; s.level[q] = 0; s.mortgaged.delete(q);
    });
  }

  // The engine's snapshot after a turn: the authority that corrects any drift.
  function snapshot(s, e) {
    s.cash = [...e.cash];
    s.positions = [...e.positions];
    s.owner = [...e.owner];
    s.level = [...e.level];
    s.mortgaged = new Set(e.mortgaged);
    s.ring = e.ring;
    s.housesLeft = e.houses_left;
    s.hotelsLeft = e.hotels_left;
  }

  function apply(s, e, board) {
    const handlers = {
      turn: () => { s.seat = e.seat; s.round = e.round; s.dice = null; },
      roll: () => { s.dice = e.dice; },
      move: () => { s.positions[e.seat] = e.to; },
      salary: () => transfer(s, null, e.seat, e.amount),
      receive: () => transfer(s, null, e.seat, e.amount),
      pay: () => transfer(s, e.seat, e.to, e.amount),
      deed: () => { s.owner[e.square] = e.seat; transfer(s, e.seat, null, e.price); },
      manage: () => manage(s, e, board),
      trade: () => trade(s, e),
      jail: () => { s.jailed.add(e.seat); s.positions[e.seat] = board.jail; },
      jail_leave: () => s.jailed.delete(e.seat),
      ring: () => { s.ring = e.square; },
      bankrupt: () => bankrupt(s, e),
      deeds_transferred: () => {
        transfer(s, null, e.seat, e.refund); // buildings sold back at half, then handed over
        e.squares.forEach((q) => { s.owner[q] = e.seat; s.level[q] = 0; });
      },
      deeds_paid: () => { e.squares.forEach((q) => { s.owner[q] = e.to; }); }, // 001:L271
      turn_end: () => snapshot(s, e),
      game_over: () => { s.winner = e.winner; },
    };
    if (handlers[e.kind]) handlers[e.kind]();
  }

  function stateAt(events, step, board = boardData()) {
    const s = initialState(events, board);
    for (let i = 0; i <= step && i < events.length; i += 1) apply(s, events[i], board);
    return s;
  }

  const { esc, node } = window.ReplayKit;

  // --- drawing -------------------------------------------------------------------------


  // Square i's rectangle and the side it lies on: 0 at the bottom right, then clockwise.
  function squareBox(i) {
    const side = Math.floor(i / 10), k = i % 10, far = SIZE - CORNER;
    const offset = k === 0 ? 0 : CORNER + (k - 1) * CELL;
    const boxes = [
      () => (k === 0 ? [far, far, CORNER, CORNER] : [far - k * CELL, far, CELL, CORNER]),
      () => (k === 0 ? [0, far, CORNER, CORNER] : [0, far - k * CELL, CORNER, CELL]),
      () => (k === 0 ? [0, 0, CORNER, CORNER] : [offset, 0, CELL, CORNER]),
      () => (k === 0 ? [far, 0, CORNER, CORNER] : [far, offset, CORNER, CELL]),
    ];
    const [x, y, w, h] = boxes[side]();
    return { x, y, w, h, side, corner: k === 0 };
  }

  // The group band lies on the edge that faces the centre of the board.
  function bandBox(b) {
    const bands = [
      [b.x, b.y, b.w, BAND], [b.x + b.w - BAND, b.y, BAND, b.h],
      [b.x, b.y + b.h - BAND, b.w, BAND], [b.x, b.y, BAND, b.h],
    ];
    const [x, y, w, h] = bands[b.side];
    return { x, y, w, h };
  }

  function wrap(name, width) {
    const lines = [];
    for (const word of name.split(/\s+/)) {
      const last = lines[lines.length - 1];
      if (last && (last + " " + word).length <= width) lines[lines.length - 1] = `${last} ${word}`;
      else lines.push(word);
    }
    return lines.slice(0, 3);
  }

  // Where a square puts its name and its tokens: the name next to the group band (inner
  // side), the tokens along the outer edge, so that neither hides the other.
  function zones(b) {
    const mid = b.x + b.w / 2;
    if (b.corner) return { name: [mid, b.y + 34], width: b.w - 12, chars: 12, tokens: [mid, b.y + b.h - 44], across: true };
    const layouts = [
      () => ({ name: [mid, b.y + BAND + 22], width: b.w - 8, chars: 9, tokens: [mid, b.y + b.h - 44], across: true }),
      () => ({ name: [b.x + 69, b.y + b.h / 2 - 3], width: 80, chars: 10, tokens: [b.x + 14, b.y + 14], across: false }),
      () => ({ name: [mid, b.y + b.h - BAND - 50], width: b.w - 8, chars: 9, tokens: [mid, b.y + 20], across: true }),
      () => ({ name: [b.x + 71, b.y + b.h / 2 - 3], width: 80, chars: 10, tokens: [b.x + b.w - 14, b.y + 14], across: false }),
    ];
    return layouts[b.side]();
  }

  // The owner's chip sits just inside the board, beside the band: never under a token.
  function ownerSpot(b) {
    const spots = [
      [b.x + b.w / 2, b.y - 14], [b.x + b.w + 14, b.y + b.h / 2],
      [b.x + b.w / 2, b.y + b.h + 14], [b.x - 14, b.y + b.h / 2],
    ];
    return spots[b.side];
  }

  function drawBuildings(group, band, level, fortress) {
    if (level <= 0) return;
    if (level >= fortress) {
      group.append(node("rect", { x: band.x + band.w / 2 - 16, y: band.y + band.h / 2 - 9, width: 32, height: 18, class: "fortress" }));
      return;
    }
    const across = band.w >= band.h;
    for (let n = 0; n < level; n += 1) {
      const x = across ? band.x + 8 + n * 19 : band.x + band.w / 2 - 7;
      const y = across ? band.y + band.h / 2 - 7 : band.y + 8 + n * 19;
      group.append(node("rect", { x, y, width: 14, height: 14, class: "stronghold" }));
    }
  }

  function drawName(group, square, b) {
    const [x, y] = zones(b).name;
    wrap(square.name, zones(b).chars).forEach((line, n) => {
      group.append(node("text", { x, y: y + n * 17, class: "square-name" }, line));
    });
  }

  // Squeeze a long word into its square rather than let it spill onto the next one
  // (measured once drawn: the font decides the width).
  function fitNames(group, b) {
    const width = zones(b).width;
    group.querySelectorAll("text.square-name").forEach((text) => {
      if (text.getComputedTextLength() <= width) return;
      text.setAttribute("textLength", width);
      text.setAttribute("lengthAdjust", "spacingAndGlyphs");
    });
  }

  function drawSquare(svg, square, s, focus) {
    const b = squareBox(square.index);
    const group = node("g", { class: `square kind-${square.kind}${focus.has(square.index) ? " focus" : ""}${s.mortgaged.has(square.index) ? " mortgaged" : ""}`, "data-square": square.index });
    group.append(node("title", {}, `${square.index}. ${square.name}${square.price ? ` (${square.price})` : ""}`));
    group.append(node("rect", { x: b.x, y: b.y, width: b.w, height: b.h, class: "square-bg" }));
    const band = bandBox(b);
    if (square.group && !b.corner) group.append(node("rect", { x: band.x, y: band.y, width: band.w, height: band.h, class: `band group-${square.group}` }));
    drawBuildings(group, band, s.level[square.index], s.fortress);
    drawName(group, square, b);
    // a mortgaged deed is turned face down (001:L259): greyed and struck through
    if (s.mortgaged.has(square.index)) group.append(node("line", { x1: b.x, y1: b.y + b.h, x2: b.x + b.w, y2: b.y, class: "mortgage-mark" }));
    const owner = s.owner[square.index];
    if (owner !== null && owner !== undefined) {
      const [cx, cy] = ownerSpot(b);
      group.append(node("circle", { cx, cy, r: 10, class: `deed-owner seat-${owner}` }));
    }
    svg.append(group);
    fitNames(group, b);
  }

  function tokenSpot(index, seat) {
    const b = squareBox(index);
    const zone = zones(b);
    const [x, y] = zone.tokens;
    if (zone.across) return { x: x + ((seat % 3) - 1) * 24, y: y + Math.floor(seat / 3) * 24 };
    const inward = b.side === 1 ? 1 : -1, place = seat % 4, column = Math.floor(seat / 4);
    return { x: x + inward * column * 24, y: y + place * 21 };
  }

  function drawTokens(svg, s) {
    s.positions.forEach((index, seat) => {
      if (s.bankrupt.has(seat)) return;
      const { x, y } = tokenSpot(index, seat);
      const token = node("g", { class: `token seat-${seat}${seat === s.seat ? " active" : ""}`, "data-seat": seat, "data-square": index });
      token.append(node("title", {}, `Seat ${seat} (${s.strategies[seat]}): ${s.cash[seat]}`));
      token.append(node("circle", { cx: x, cy: y, r: 10 }));
      token.append(node("text", { x, y: y + 5 }, seat));
      svg.append(token);
    });
  }

  function drawRing(svg, s) {
    if (!s.oneRing || s.ring === null || s.ring === undefined) return;
    const [cx, cy] = ownerSpot(squareBox(s.ring));
    const ring = node("circle", { cx, cy, r: 17, class: "one-ring", "data-square": s.ring });
    ring.append(node("title", {}, gettext("The One Ring")));
    svg.append(ring);
  }

  function drawDie(svg, x, y, value) {
    svg.append(node("rect", { x, y, width: 70, height: 70, rx: 10, class: "die" }));
    svg.append(node("text", { x: x + 35, y: y + 50, class: "die-face" }, value));
  }

  function drawCentre(svg, s, e, board) {
    const mid = SIZE / 2;
    svg.append(node("text", { x: mid, y: 250, class: "centre-title" }, gettext("Monopoly LOTR")));
    const who = s.seat === null ? gettext("Set-up") : fmt(gettext("Round %(round)s · seat %(seat)s (%(strategy)s)"), { round: s.round, seat: s.seat, strategy: s.strategies[s.seat] });
    svg.append(node("text", { x: mid, y: 320, class: "centre-line" }, who));
    if (s.dice) s.dice.forEach((v, n) => drawDie(svg, mid - 80 + n * 90, 360, v));
    svg.append(node("text", { x: mid, y: 500, class: "centre-event" }, eventLine(e, board)));
    if (s.housesLeft !== null) {
      svg.append(node("text", { x: mid, y: 560, class: "centre-line small" }, fmt(gettext("Bank: %(houses)s strongholds, %(hotels)s fortresses"), { houses: s.housesLeft, hotels: s.hotelsLeft })));
    }
    if (s.winner !== null) svg.append(node("text", { x: mid, y: 640, class: "centre-line winner" }, fmt(gettext("Winner: seat %(seat)s"), { seat: s.winner })));
  }

  function squareName(board, index) {
    const square = board.squares[index];
    return square ? square.name : fmt(gettext("square %(index)s"), { index });
  }

  function eventLine(e, board) {
    const lines = {
      roll: () => fmt(gettext("seat %(seat)s rolls %(dice)s"), { seat: e.seat, dice: e.dice.join(" + ") }),
      move: () => fmt(gettext("seat %(seat)s → %(square)s"), { seat: e.seat, square: squareName(board, e.to) }),
      deed: () => fmt(gettext("seat %(seat)s takes %(square)s (%(how)s)"), { seat: e.seat, square: squareName(board, e.square), how: e.how }),
      pay: () => fmt(gettext("seat %(seat)s pays %(amount)s (%(reason)s)"), { seat: e.seat, amount: e.amount, reason: e.reason }),
      manage: () => `${fmt(gettext("seat %(seat)s"), { seat: e.seat })}: ${e.action}${e.square !== undefined ? ` ${squareName(board, e.square)}` : ""}`,
      card: () => e.text,
      ring: () => fmt(gettext("the Ring → %(square)s"), { square: squareName(board, e.square) }),
      jail: () => fmt(gettext("seat %(seat)s to prison"), { seat: e.seat }),
      bankrupt: () => fmt(gettext("seat %(seat)s is bankrupt"), { seat: e.seat }),
      salary: () => fmt(gettext("seat %(seat)s collects %(amount)s"), { seat: e.seat, amount: e.amount }),
    };
    const text = lines[e.kind] ? lines[e.kind]() : e.kind;
    return text.length > 44 ? `${text.slice(0, 43)}…` : text;
  }

  // Squares the current event is about: the move's start and end, the deed, the building.
  function focusOf(e) {
    const focus = new Set();
    if (e.kind === "move") { focus.add(e.start); focus.add(e.to); }
    if (e.square !== undefined && e.kind !== "ring") focus.add(e.square);
    if (e.kind === "ring") focus.add(e.square);
    if (e.kind === "pay" && /^rent (\d+)/.test(e.reason || "")) focus.add(Number(e.reason.split(" ")[1]));
    return focus;
  }

  function drawPlayers(svg, s) {
    let panel = document.getElementById("board-players");
    if (!panel) {
      panel = document.createElement("div");
      panel.id = "board-players";
      panel.className = "board-players";
      svg.parentElement.append(panel);
    }
    const rows = s.strategies.map((strategy, seat) => {
      const deeds = s.owner.filter((o) => o === seat).length;
      const state = s.bankrupt.has(seat) ? gettext("bankrupt") : s.jailed.has(seat) ? gettext("in prison") : "";
      return `<li class="player seat-${seat}${seat === s.seat ? " active" : ""}" data-seat="${seat}">
        <span class="chip seat-${seat}">${seat}</span> <span class="strategy">${esc(strategy)}</span>
        <span class="cash" data-cash="${s.cash[seat]}">${s.cash[seat]}</span>
        <span class="muted">${esc(fmt(ngettext("%(count)s deed", "%(count)s deeds", deeds), { count: deeds }))} ${esc(state)}</span></li>`;
    });
    panel.innerHTML = `<ol class="players">${rows.join("")}</ol>`;
  }

  // Phones show no tooltips: a tap on a square writes its full description under the board.
  function detailOnTap(svg) {
    if (svg.dataset.detailOnTap) return;
    svg.dataset.detailOnTap = "1";
    const detail = document.createElement("p");
    detail.id = "board-detail";
    detail.className = "board-detail";
    svg.parentElement.append(detail);
    svg.addEventListener("click", (event) => {
      const target = event.target.closest("[data-square]");
      const title = target && target.querySelector("title");
      if (title) detail.textContent = title.textContent;
    });
  }

  function draw(svg, events, step) {
    const board = boardData();
    const s = stateAt(events, step, board);
    const e = events[step] || {};
    svg.classList.remove("hidden");
    detailOnTap(svg);
    svg.classList.add("board-monopoly");
    svg.setAttribute("viewBox", `0 0 ${SIZE} ${SIZE}`);
    svg.replaceChildren(node("rect", { x: 0, y: 0, width: SIZE, height: SIZE, class: "monopoly-table" }));
    const focus = focusOf(e);
    board.squares.forEach((square) => drawSquare(svg, square, s, focus));
    drawCentre(svg, s, e, board);
    drawRing(svg, s);
    drawTokens(svg, s);
    drawPlayers(svg, s);
  }

  window.ReplayRenderers.monopoly = {
    draw,
    stateAt,
    where: (events, step) => {
      const s = stateAt(events, step);
      return s.seat === null ? gettext("set-up") : fmt(gettext("round %(round)s, seat %(seat)s's turn"), { round: s.round, seat: s.seat });
    },
    isPhase: (e) => PHASE_KINDS.has(e.kind),
    isTurn: (e) => e.kind === "turn",
  };
})();
