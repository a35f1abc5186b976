// Risk LOTR replay: a schematic map of the 64 territories (owner colour, battalions, leaders,
// strongholds), the Fellowship on its path, cards in hand, and the current attack.
// The board is rebuilt event by event, as battlesim/engines/risk/replay.py does in Python.
window.ReplayRenderers = window.ReplayRenderers || {};
(function () {
  "use strict";
  const fmt = (text, values) => interpolate(text, values, true);
  const PITCH_X = 100;
  const PITCH_Y = 84;
  const GAP = 4;
  const PHASE_KINDS = new Set(["turn", "reinforcements", "fortify", "territory_card", "fellowship_moves",
    "fellowship_roll", "fellowship_stays", "ring_roll", "trade", "game_over"]);
  const REGION_COLOURS = ["#6b8e23", "#4682b4", "#8b5a2b", "#b8860b", "#2e8b57", "#556b2f", "#5b3a5e", "#a0522d", "#8b1a1a"];

  let seen = []; // the log last drawn, for isPhase, which is given one event only

  const boardData = () => {
    const tag = typeof document !== "undefined" && document.getElementById("board-data");
    return tag ? JSON.parse(tag.textContent) : { grid: { columns: 10, rows: 10 }, territories: [], regions: [], borders: [], sea_links: [], path: [] };
  };

  // --- state ---------------------------------------------------------------------------

  function initialState(events) {
    const setup = events.find((e) => e.kind === "setup") || { players: [] };
    const seats = setup.players.length;
    return {
      players: setup.players,
      owner: {}, armies: {}, leaders: [],
      fellowship: "The Shire", ringDestroyed: false,
      territoryCards: Array(seats).fill(0), adventureCards: Array(seats).fill(0),
      eliminated: new Set(), turn: 0, seat: null, attack: null, winner: null,
    };
  }

  function shift(s, e) {
    s.armies[e.source] -= e.count;
    s.armies[e.target] += e.count;
  }

  function moveLeader(s, e) {
    const leader = s.leaders.find((l) => l.territory === e.source && l.seat === e.seat)
      || s.leaders.find((l) => l.territory === e.source);
    if (leader) leader.territory = e.target;
  }

  function removeLeader(s, e) {
    const at = s.leaders.findIndex((l) => l.territory === e.territory && l.seat === e.seat);
    s.leaders.splice(at >= 0 ? at : s.leaders.findIndex((l) => l.territory === e.territory), 1);
  }

  function hands(s, e) {
    for (const [seat, cards] of Object.entries(e.territory_cards)) s.territoryCards[seat] = cards.length;
    for (const [seat, cards] of Object.entries(e.adventure_cards)) s.adventureCards[seat] = cards.length;
  }

  // The loser's territory cards go to the winner; its adventure cards are discarded.
  function eliminated(s, e) {
    s.eliminated.add(e.seat);
    s.territoryCards[e.by] += e.cards.length;
    s.territoryCards[e.seat] = 0;
    s.adventureCards[e.seat] = 0;
  }

  function apply(s, e) {
    const handlers = {
      claim: () => { s.owner[e.territory] = e.seat; s.armies[e.territory] = 1; },
      place: () => { s.armies[e.territory] += e.count; },
      battalions: () => { s.armies[e.territory] += e.change; },
      conquest: () => { s.owner[e.target] = e.seat; shift(s, e); s.attack = { source: e.source, target: e.target, won: true }; },
      fortify: () => shift(s, e),
      withdrawal: () => shift(s, e),
      leader: () => s.leaders.push({ seat: e.seat, territory: e.territory }),
      leader_removed: () => removeLeader(s, e),
      leader_move: () => moveLeader(s, e),
      ring: () => { s.fellowship = e.territory; },
      fellowship_moves: () => { s.fellowship = e.territory; },
      ring_roll: () => { s.ringDestroyed = s.ringDestroyed || e.destroyed; },
      hands: () => hands(s, e),
      territory_card: () => { s.territoryCards[e.seat] += 1; },
      trade: () => { s.territoryCards[e.seat] -= e.cards.length; },
      adventure_card: () => { s.adventureCards[e.seat] += 1; },
      adventure_played: () => { s.adventureCards[e.seat] -= 1; },
      adventure_discard: () => { s.adventureCards[e.seat] -= 1; },
      eliminated: () => eliminated(s, e),
      throw: () => { s.attack = { source: e.source, target: e.target, throw: e }; },
      turn: () => { s.turn = e.turn; s.seat = e.seat; },
      game_over: () => { s.winner = e.winner; },
    };
    if (handlers[e.kind]) handlers[e.kind]();
  }

  function stateAt(events, step) {
    const s = initialState(events);
    for (let i = 0; i <= step && i < events.length; i += 1) {
      s.attack = null; // only the current event's attack is highlighted
      apply(s, events[i]);
    }
    return s;
  }

  // An invasion starts at a throw unless the last throw of the turn hit the same target
  // from the same territory with no conquest in between.
  function opensInvasion(events, e) {
    for (let i = e.i - 1; i >= 0; i -= 1) {
      const before = events[i];
      if (before.kind === "throw") return before.source !== e.source || before.target !== e.target;
      if (before.kind === "conquest" || before.kind === "turn") return true;
    }
    return true;
  }

  const { esc, node } = window.ReplayKit;

  // --- drawing -------------------------------------------------------------------------


  function box(territory) {
    const [column, row, width] = territory.cell;
    return { x: column * PITCH_X + GAP / 2, y: row * PITCH_Y + GAP / 2, w: width * PITCH_X - GAP, h: PITCH_Y - GAP };
  }

  function centre(territory) {
    const b = box(territory);
    return [b.x + b.w / 2, b.y + b.h / 2];
  }

  function wrap(name) {
    const words = name.split(/\s+/);
    if (name.length <= 11 || words.length === 1) return [name.length > 13 ? `${name.slice(0, 12)}…` : name];
    const half = Math.ceil(words.length / 2);
    return [words.slice(0, half).join(" "), words.slice(half).join(" ")];
  }

  function seatClass(s, seat) {
    const player = s.players[seat];
    return player ? `owner-${player.colour.toLowerCase()}` : "owner-none";
  }

  function drawLinks(svg, board, byName) {
    const line = (a, b, cls) => {
      const [x1, y1] = centre(byName[a]);
      const [x2, y2] = centre(byName[b]);
      svg.append(node("line", { x1, y1, x2, y2, class: cls }));
    };
    board.borders.forEach(([a, b]) => line(a, b, "border-link"));
    board.sea_links.forEach(([a, b]) => line(a, b, "sea-link"));
  }

  function drawPath(svg, board, byName) {
    const points = board.path.map((name) => centre(byName[name]).join(",")).join(" ");
    svg.append(node("polyline", { points, class: "fellowship-path" }));
  }

  function drawMarkers(group, b, territory, s) {
    if (territory.stronghold) {
      const keep = node("rect", { x: b.x + b.w - 22, y: b.y + b.h - 24, width: 16, height: 16, class: "stronghold-mark" });
      keep.append(node("title", {}, `Stronghold: ${territory.stronghold}`));
      group.append(keep);
    }
    if (territory.site) {
      const site = node("circle", { cx: b.x + b.w - 14, cy: b.y + b.h - 16, r: 6, class: "site-mark" });
      site.append(node("title", {}, fmt(gettext("Site of power: %(site)s"), { site: territory.site })));
      group.append(site);
    }
    s.leaders.filter((l) => l.territory === territory.name).forEach((l, n) => {
      const leader = node("g", { class: `leader ${seatClass(s, l.seat)}` });
      leader.append(node("circle", { cx: b.x + 14 + n * 20, cy: b.y + b.h - 14, r: 9 }));
      leader.append(node("text", { x: b.x + 14 + n * 20, y: b.y + b.h - 10 }, "L"));
      group.append(leader);
    });
  }

  function drawTerritory(svg, territory, s, regionColour) {
    const b = box(territory);
    const owner = s.owner[territory.name];
    const attack = s.attack || {};
    const role = territory.name === attack.source ? " attack-from" : territory.name === attack.target ? " attack-to" : "";
    const group = node("g", { class: `territory ${owner === undefined ? "owner-none" : seatClass(s, owner)}${role}`, "data-territory": territory.name });
    const holder = owner === undefined ? "nobody" : `${s.players[owner].colour}`;
    group.append(node("title", {}, `${territory.name} (${territory.region}): ${holder}, ${s.armies[territory.name] || 0} battalions`));
    group.append(node("rect", { x: b.x, y: b.y, width: b.w, height: b.h, rx: 8, class: "cell" }));
    group.append(node("rect", { x: b.x, y: b.y, width: b.w, height: 8, class: "region-band", fill: regionColour }));
    wrap(territory.name).forEach((line, n, lines) => {
      group.append(node("text", { x: b.x + b.w / 2, y: b.y + 24 + n * 14 - (lines.length - 1) * 4, class: "territory-name" }, line));
    });
    if (owner !== undefined) group.append(node("text", { x: b.x + b.w / 2, y: b.y + b.h - 10, class: "battalions" }, s.armies[territory.name]));
    drawMarkers(group, b, territory, s);
    svg.append(group);
  }

  function drawFellowship(svg, s, byName) {
    const territory = byName[s.fellowship];
    if (!territory) return;
    const b = box(territory);
    svg.append(node("circle", { cx: b.x + b.w - 44, cy: b.y + b.h - 20, r: 12, class: "fellowship-outline" }));
    const ring = node("circle", { cx: b.x + b.w - 44, cy: b.y + b.h - 20, r: 12, class: `fellowship${s.ringDestroyed ? " destroyed" : ""}`, "data-territory": s.fellowship });
    ring.append(node("title", {}, s.ringDestroyed ? gettext("The Ring is destroyed") : fmt(gettext("The Fellowship: %(place)s"), { place: s.fellowship })));
    svg.append(ring);
  }

  function drawAttack(svg, s, byName) {
    if (!s.attack || !byName[s.attack.source] || !byName[s.attack.target]) return;
    const [x1, y1] = centre(byName[s.attack.source]);
    const [x2, y2] = centre(byName[s.attack.target]);
    svg.append(node("line", { x1, y1, x2, y2, class: "attack-arrow", "marker-end": "url(#risk-arrow)" }));
  }

  function arrowHead(svg) {
    const defs = node("defs", {});
    const marker = node("marker", { id: "risk-arrow", viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 5, markerHeight: 5, orient: "auto-start-reverse" });
    marker.append(node("path", { d: "M 0 0 L 10 5 L 0 10 z", class: "attack-head" }));
    defs.append(marker);
    svg.append(defs);
  }

  function panel(svg) {
    let element = document.getElementById("board-players");
    if (!element) {
      element = document.createElement("div");
      element.id = "board-players";
      element.className = "board-players";
      svg.parentElement.append(element);
    }
    return element;
  }

  function attackLine(s) {
    const t = s.attack && s.attack.throw;
    if (!t) return s.attack ? `<p class="attack-line">${esc(fmt(gettext("%(target)s taken from %(source)s"), { target: s.attack.target, source: s.attack.source }))}</p>` : "";
    const words = fmt(gettext("%(player)s attacks %(target)s from %(source)s: [%(attack)s] v [%(defence)s], losses %(lost)s–%(killed)s"), {
      player: s.players[t.seat].colour, target: t.target, source: t.source, attack: t.attack.join(" "),
      defence: t.defence.join(" "), lost: t.attacker_losses, killed: t.defender_losses });
    return `<p class="attack-line">${esc(words)}</p>`;
  }

  function drawPlayers(svg, s, board) {
    const rows = s.players.map((p) => {
      const held = Object.keys(s.owner).filter((name) => s.owner[name] === p.seat);
      const battalions = held.reduce((sum, name) => sum + s.armies[name], 0);
      const leaders = s.leaders.filter((l) => l.seat === p.seat).length;
      return `<li class="player ${seatClass(s, p.seat)}${p.seat === s.seat ? " active" : ""}" data-seat="${p.seat}">
        <span class="chip ${seatClass(s, p.seat)}"></span> <strong>${esc(p.colour)}</strong> <span class="muted">${esc(p.side)}, ${esc(p.strategy)}</span>
        <span class="held" data-territories="${held.length}">${esc(fmt(gettext("%(count)s terr."), { count: held.length }))}</span> · ${esc(fmt(gettext("%(count)s batt."), { count: battalions }))} · ${esc(fmt(gettext("%(count)s leaders"), { count: leaders }))}
        · ${esc(gettext("cards"))} <span class="cards" data-territory-cards="${s.territoryCards[p.seat]}">${s.territoryCards[p.seat]}</span>
        + ${esc(fmt(gettext("%(count)s adv."), { count: s.adventureCards[p.seat] }))}${s.eliminated.has(p.seat) ? esc(gettext(" · eliminated")) : ""}</li>`;
    });
    const regions = board.regions.map((r, n) => `<span class="region-key"><i style="background:${REGION_COLOURS[n % REGION_COLOURS.length]}"></i>${esc(r.name)} (${r.bonus})</span>`);
    const ring = esc(s.ringDestroyed ? gettext("The Ring is destroyed.") : fmt(gettext("The Fellowship is in %(place)s."), { place: s.fellowship }));
    panel(svg).innerHTML = `${attackLine(s)}<ol class="players">${rows.join("")}</ol>
      <p class="fellowship-line">${ring}${s.winner ? ` ${esc(fmt(gettext("Winner: %(player)s."), { player: s.winner }))}` : ""}</p><p class="regions">${regions.join(" ")}</p>`;
  }

  // Phones show no tooltips: a tap on a territory writes its full description under the board.
  function detailOnTap(svg) {
    if (svg.dataset.detailOnTap) return;
    svg.dataset.detailOnTap = "1";
    const detail = document.createElement("p");
    detail.id = "board-detail";
    detail.className = "board-detail";
    svg.parentElement.append(detail);
    svg.addEventListener("click", (event) => {
      const target = event.target.closest("[data-territory]");
      const title = target && target.querySelector("title");
      if (title) detail.textContent = title.textContent;
    });
  }

  function draw(svg, events, step) {
    seen = events;
    const board = boardData();
    const s = stateAt(events, step);
    const byName = Object.fromEntries(board.territories.map((t) => [t.name, t]));
    const regionColour = Object.fromEntries(board.regions.map((r, n) => [r.name, REGION_COLOURS[n % REGION_COLOURS.length]]));
    const width = board.grid.columns * PITCH_X, height = board.grid.rows * PITCH_Y;
    svg.classList.remove("hidden");
    detailOnTap(svg);
    svg.classList.add("board-risk");
    svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    svg.replaceChildren(node("rect", { x: 0, y: 0, width, height, class: "risk-sea" }));
    arrowHead(svg);
    drawLinks(svg, board, byName);
    drawPath(svg, board, byName); // under the cells: it shows in the gaps between them
    board.territories.forEach((t) => drawTerritory(svg, t, s, regionColour[t.region]));
    drawFellowship(svg, s, byName);
    drawAttack(svg, s, byName);
    drawPlayers(svg, s, board);
  }

  window.ReplayRenderers.risk = {
    draw,
    stateAt,
    where: (events, step) => {
      const s = stateAt(events, step);
      const player = s.players[s.seat];
      return player ? fmt(gettext("turn %(turn)s, %(player)s (%(strategy)s)"), { turn: s.turn, player: player.colour, strategy: player.strategy }) : gettext("set-up");
    },
    isPhase: (e) => PHASE_KINDS.has(e.kind) || (e.kind === "throw" && opensInvasion(seen, e)),
    isTurn: (e) => e.kind === "turn",
  };
})();
