/* A table: draws the board, the question and the log from the server's state, sends the
   chosen option, and polls for other players' and the AI's moves. The server judges. */
(function () {
  "use strict";
  const fmt = (text, values) => interpolate(text, values, true);
  const root = document.getElementById("play");
  const game = root.dataset.game;
  const board = JSON.parse(document.getElementById("board-data").textContent);
  let state = JSON.parse(document.getElementById("state-data").textContent);
  let busy = false;
  let error = "";
  let notice = "";  // the table moved on before an answer: not an error, just answer again
  const COLOURS = ["#c0392b", "#2471a3", "#1e8449", "#b7950b", "#7d3c98", "#ca6f1e"];
  // Risk's army colours as tints dark text stays readable on
  const TINTS = { yellow: "#f3e27a", red: "#ef9a92", green: "#9fd89a", black: "#a9a9b3" };

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value);
    }
    for (const child of children) if (child != null) node.append(child);
    return node;
  }
  function cookie(name) {
    const found = document.cookie.split("; ").find((c) => c.startsWith(name + "="));
    return found ? decodeURIComponent(found.split("=")[1]) : "";
  }
  function seatName(index) {
    const seat = state.seats[index];
    if (!seat) return fmt(gettext("seat %(seat)s"), { seat: index + 1 });
    if (game === "risk" && state.view.players) return state.view.players[index].colour;
    const who = seat.kind === "ai" ? fmt(gettext("AI %(strategy)s"), { strategy: seat.strategy }) : seat.user || gettext("open seat");
    return fmt(gettext("Player %(number)s (%(who)s)"), { number: index + 1, who });
  }

  async function act(choice) {
    if (busy || !state.prompt) return;
    busy = true;
    error = "";
    notice = "";
    try {
      const response = await fetch(root.dataset.act, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-CSRFToken": cookie("csrftoken") },
        body: JSON.stringify({ seat: state.prompt.seat, version: state.version, choice: choice }),
      });
      const body = await response.json().catch(() => ({ detail: gettext("the server did not answer") }));
      if (response.ok) state = body;
      else if (response.status === 409) {
        // another player or the AI moved first: show where the table stands now
        notice = gettext("The table moved on before your answer; here is where it stands now.");
        busy = false;
        await poll();
      } else error = body.detail || gettext("refused");
    } catch (e) {
      error = fmt(gettext("network error: %(error)s"), { error: String(e) });
    }
    busy = false;
    render();
  }

  async function poll() {
    if (busy) return;
    try {
      const seat = state.viewing_seat;
      const query = seat != null && !state.prompt ? "?seat=" + seat : "";
      const response = await fetch(root.dataset.api + query, { headers: { Accept: "application/json" } });
      if (!response.ok) return;
      const body = await response.json();
      if (body.version !== state.version || body.viewing_seat !== state.viewing_seat) {
        state = body;
        render();
      }
    } catch (e) { /* try again at the next tick */ }
  }

  // -- status, prompt, log --------------------------------------------------------------
  function renderStatus() {
    const box = document.getElementById("status");
    box.replaceChildren();
    if (error) box.append(el("p", { class: "error", role: "alert", text: error }));
    if (notice) box.append(el("p", { class: "notice", role: "status", text: notice }));
    if (state.error) box.append(el("p", { class: "error", role: "alert", text: fmt(gettext("The AI players could not move: %(error)s"), { error: state.error }) }));
    let text;
    if (state.status === "finished") {
      text = fmt(gettext("Game over: %(ending)s"), { ending: state.termination || "" }) + (state.winner ? fmt(gettext(", winner %(winner)s"), { winner: state.winner }) : "");
      box.append(el("p", { class: "over", id: "game-over", text: text }), el("a", { href: root.dataset.replay, id: "replay-link", text: gettext("Watch the replay") }));
      return;
    }
    if (state.status === "open") text = gettext("Waiting for invited players to take their seats.");
    else if (state.prompt) text = fmt(gettext("Your move, %(player)s."), { player: seatName(state.prompt.seat) });
    else if (state.ai_moving) text = gettext("The AI players are moving…");
    else if (state.waiting_for != null) text = fmt(gettext("Waiting for %(player)s."), { player: seatName(state.waiting_for) });
    else text = "";
    box.append(el("p", { id: "turn-status", text: text }));
    if (state.my_seats.length > 1) box.append(el("p", { class: "muted", text: fmt(gettext("Hot-seat: you see the hidden cards of %(player)s only."), { player: seatName(state.viewing_seat) }) }));
  }

  function renderPrompt() {
    const box = document.getElementById("prompt");
    box.replaceChildren();
    const prompt = state.prompt;
    if (!prompt) return;
    box.append(el("p", { class: "question", id: "question", "data-kind": prompt.kind, text: prompt.text }));
    const groups = new Map();
    for (const option of prompt.options) {
      if (!groups.has(option.group)) groups.set(option.group, []);
      groups.get(option.group).push(option);
    }
    for (const [group, options] of groups) {
      const set = el("div", { class: "options", role: "group", "aria-label": group || gettext("Choices") });
      if (group) set.append(el("span", { class: "group", text: group }));
      for (const option of options) {
        set.append(el("button", { type: "button", class: "option", "data-choice": option.id, text: option.label, onclick: () => act(option.id) }));
      }
      box.append(set);
    }
    if (prompt.form && prompt.form.type === "trade") box.append(tradeForm(prompt.form));
    if (prompt.form && prompt.form.type === "attack") box.append(attackForm(prompt.form));
  }

  function checkboxes(name, items) {
    const box = el("div", { class: "checks" });
    for (const [value, label] of items) {
      box.append(el("label", {}, el("input", { type: "checkbox", name: name, value: String(value) }), " " + label));
    }
    return box;
  }
  function checked(form, name) {
    return [...form.querySelectorAll("input[name='" + name + "']:checked")].map((i) => Number(i.value));
  }
  function squareName(i) { return board.squares[i].name; }

  function tradeForm(spec) {
    const form = el("form", { class: "trade-form", id: "trade-form" });
    const partner = el("select", { name: "partner", id: "trade-partner" }, ...spec.partners.map((p) => el("option", { value: p, text: seatName(p) })));
    const theirs = el("div", { id: "trade-theirs" });
    const fillTheirs = () => theirs.replaceChildren(checkboxes("take", (spec.theirs[partner.value] || []).map((s) => [s, squareName(s)])));
    partner.addEventListener("change", fillTheirs);
    fillTheirs();
    const number = (name, label) => el("label", {}, label + " ", el("input", { type: "number", min: "0", value: "0", name: name, inputmode: "numeric" }));
    form.append(
      el("h3", { text: gettext("Propose a trade") }),
      el("label", {}, gettext("With") + " ", partner),
      el("p", { text: gettext("You give:") }), checkboxes("give", spec.mine.map((s) => [s, squareName(s)])),
      number("give_cash", gettext("cash")), number("give_cards", gettext("release cards")),
      el("p", { text: gettext("You take:") }), theirs,
      number("take_cash", gettext("cash")), number("take_cards", gettext("release cards")),
      el("button", { type: "submit", id: "trade-submit", text: gettext("Offer the trade") }),
    );
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const value = (name) => Number(form.querySelector("[name='" + name + "']").value || 0);
      act({ partner: Number(partner.value), give: checked(form, "give"), take: checked(form, "take"),
        give_cash: value("give_cash"), take_cash: value("take_cash"), give_cards: value("give_cards"), take_cards: value("take_cards") });
    });
    return form;
  }

  function attackForm(spec) {
    const form = el("form", { class: "attack-form", id: "attack-form" });
    const seat = state.view.seats[state.prompt.seat];
    const hand = Array.isArray(seat.hand) ? seat.hand : [];
    const target = el("select", { name: "target", id: "attack-target" }, ...spec.targets.map((t) => el("option", { value: t, text: targetName(t) })));
    form.append(
      el("h3", { text: gettext("Attack") }), el("label", {}, gettext("Target") + " ", target),
      el("p", { text: gettext("Army cards (one colour):") }), checkboxes("armies", hand.filter((c) => c.kind === "army").map((c) => [c.id, c.label])),
      el("p", { text: gettext("Heroes:") }), checkboxes("heroes", hand.filter((c) => c.kind === "hero").map((c) => [c.id, c.label])),
      el("button", { type: "submit", id: "attack-submit", text: gettext("Attack") }),
    );
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      act({ target: target.value, armies: checked(form, "armies"), heroes: checked(form, "heroes") });
    });
    return form;
  }
  function targetName(t) {
    if (t === "black_gate") return gettext("the Black Gate");
    if (t === "troll") return gettext("a troll");
    const tile = state.view.tiles[t];
    return t + (tile ? fmt(gettext(" (%(kind)s, battle %(battle)s)"), { kind: tile.kind, battle: tile.battle }) : "");
  }

  function renderLog() {
    const list = document.getElementById("log");
    list.replaceChildren(...state.log.slice(-80).reverse().map((line) => el("li", { class: "log-" + line.kind, text: line.text })));
  }

  function renderDice() {
    const box = document.getElementById("dice");
    box.replaceChildren();
    const view = state.view;
    let sets = [];
    if (game === "monopoly" && view.dice && view.dice.length) sets = [["", view.dice]];
    if (game === "risk" && view.dice && view.dice.attack) sets = [[gettext("Attack"), view.dice.attack], [gettext("Defence"), view.dice.defence]];
    if (game === "rotk" && view.pending) sets = [[gettext("Battle roll"), view.pending.dice]];
    for (const [label, values] of sets) {
      const group = el("span", { class: "dice-set" }, label ? el("span", { class: "dice-label", text: label }) : null);
      for (const value of values) group.append(el("span", { class: "die", role: "img", "aria-label": "die showing " + value, text: String.fromCodePoint(0x2680 + value - 1) }));
      box.append(group);
    }
  }

  // -- players ------------------------------------------------------------------------------
  function renderPlayers() {
    const box = document.getElementById("players");
    box.replaceChildren();
    const view = state.view;
    if (!view || !Object.keys(view).length) return;
    const list = el("ul", { class: "player-list" });
    if (game === "monopoly") {
      for (const p of view.players) {
        const deeds = view.owner.map((o, i) => (o === p.seat ? i : null)).filter((i) => i !== null);
        list.append(el("li", { class: "player" + (p.bankrupt ? " out" : ""), style: "border-color:" + COLOURS[p.seat] },
          el("strong", { text: seatName(p.seat) }),
          el("span", { text: fmt(gettext(" · cash %(cash)s · on %(square)s"), { cash: p.cash, square: squareName(p.position) }) + (p.in_jail ? gettext(" · in prison") : "") + (p.jail_cards ? fmt(gettext(" · %(count)s release card(s)"), { count: p.jail_cards }) : "") + (p.bankrupt ? gettext(" · bankrupt") : "") }),
          el("div", { class: "deeds", text: deeds.length ? fmt(gettext("Deeds: %(deeds)s"), { deeds: deeds.map((i) => squareName(i) + levelText(i)).join(", ") }) : gettext("No deeds") })));
      }
      if (view.ring != null) list.append(el("li", { text: fmt(gettext("The One Ring is on %(square)s"), { square: squareName(view.ring) }) }));
    } else if (game === "risk") {
      for (const p of view.players) {
        const cards = Array.isArray(p.cards) ? (p.cards.join(", ") || gettext("none")) : fmt(gettext("%(count)s (hidden)"), { count: p.cards });
        const adventures = Array.isArray(p.adventures) ? (p.adventures.join("; ") || gettext("none")) : fmt(gettext("%(count)s (hidden)"), { count: p.adventures });
        list.append(el("li", { class: "player" + (p.eliminated ? " out" : ""), style: "border-color:" + p.colour, "data-seat": p.seat },
          el("strong", { text: p.colour + " (" + p.side + ")" }),
          el("span", { text: fmt(gettext(" · %(territories)s territories · reserve %(reserve)s"), { territories: p.territories, reserve: p.reserve }) }),
          el("div", { class: "cards", text: fmt(gettext("Territory cards: %(cards)s"), { cards }) }),
          el("div", { class: "adventures", text: fmt(gettext("Adventure cards: %(cards)s"), { cards: adventures }) })));
      }
      list.append(el("li", { text: fmt(gettext("Turn %(turn)s · the Fellowship is in %(place)s"), { turn: view.turn, place: view.fellowship }) }));
    } else {
      view.seats.forEach((s) => {
        const hand = Array.isArray(s.hand) ? s.hand.map((c) => c.label).join(", ") || gettext("empty") : fmt(gettext("%(count)s cards (hidden)"), { count: s.hand });
        list.append(el("li", { class: "player", style: "border-color:" + COLOURS[s.seat], "data-seat": s.seat },
          el("strong", { text: seatName(s.seat) }),
          el("span", { text: fmt(gettext(" · pawn %(pawn)s · tiles taken %(tiles)s"), { pawn: s.pawn || gettext("off the board"), tiles: s.trophies }) + (s.points != null ? fmt(gettext(" (%(points)s points)"), { points: s.points }) : "") }),
          el("div", { class: "cards", text: fmt(gettext("Hand: %(cards)s"), { cards: hand }) })));
      });
      list.append(el("li", { text: fmt(view.frodo.on_mountain ? gettext("Round %(round)s · Frodo on Mount Doom, space %(space)s · Gollum on %(gollum)s") : gettext("Round %(round)s · Frodo on the track, space %(space)s · Gollum on %(gollum)s"), { round: view.round, space: view.frodo.index, gollum: view.gollum }) + (view.ring_destroyed ? gettext(" · the Ring is destroyed") : "") + (view.gate_fallen ? gettext(" · the Black Gate has fallen") : "") + fmt(gettext(" · deck %(deck)s"), { deck: view.deck }) }));
      if (view.lots && view.lots.length) list.append(el("li", { text: fmt(gettext("Lots: %(lots)s"), { lots: view.lots.map((l, i) => l ? (i + 1) + ": " + l.join(", ") : (i + 1) + ": " + gettext("taken")).join(" | ") }) }));
    }
    box.append(list);
  }
  function levelText(i) {
    const level = state.view.level[i];
    const mortgaged = state.view.mortgaged.includes(i) ? " (mortgaged)" : "";
    if (!level) return mortgaged;
    return (level >= state.view.fortress_level ? " (fortress)" : " (" + level + " stronghold" + (level > 1 ? "s" : "") + ")") + mortgaged;
  }

  // -- boards -------------------------------------------------------------------------------
  // A board cell that is one of the question's options can be chosen there (click, tap, Enter).
  function offered(id) {
    return state.prompt && state.prompt.options.some((o) => o.id === id) ? id : null;
  }
  function choosable(cell, id) {
    if (!id) return cell;
    cell.classList.add("choosable");
    cell.setAttribute("role", "button");
    cell.setAttribute("tabindex", "0");
    cell.setAttribute("data-choice", id);
    cell.addEventListener("click", () => act(id));
    cell.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); act(id); }
    });
    return cell;
  }
  function monopolyCell(i) {
    if (i <= 10) return [11, 11 - i];
    if (i <= 20) return [11 - (i - 10), 1];
    if (i <= 30) return [1, 1 + (i - 20)];
    return [1 + (i - 30), 11];
  }
  function drawMonopoly(box) {
    const view = state.view;
    const grid = el("div", { class: "mono-grid" });
    board.squares.forEach((square, i) => {
      const [row, col] = monopolyCell(i);
      const owner = view.owner ? view.owner[i] : null;
      const tokens = (view.players || []).filter((p) => !p.bankrupt && p.position === i).map((p) => p.seat + 1);
      const cell = el("div", { class: "sq sq-" + square.kind + (view.mortgaged && view.mortgaged.includes(i) ? " mortgaged" : ""),
        style: "grid-row:" + row + ";grid-column:" + col + (owner != null ? ";border-color:" + COLOURS[owner] : ""), title: square.name, "data-square": i },
        el("span", { class: "sq-name", text: square.name }),
        square.price ? el("span", { class: "sq-price", text: String(square.price) }) : null,
        view.level && view.level[i] ? el("span", { class: "sq-level", text: view.level[i] >= view.fortress_level ? "▣" : "▲".repeat(view.level[i]) }) : null,
        view.ring === i ? el("span", { class: "sq-ring", text: "💍" }) : null,
        tokens.length ? el("span", { class: "tokens", text: tokens.map((t) => "●" + t).join(" ") }) : null);
      grid.append(cell);
    });
    grid.append(el("div", { class: "mono-centre", text: fmt(gettext("Bank: %(houses)s strongholds, %(hotels)s fortresses · round %(round)s"), { houses: view.houses_left, hotels: view.hotels_left, round: view.round }) }));
    box.append(el("div", { class: "mono-scroll" }, grid));
  }
  function drawRisk(box) {
    const view = state.view;
    const grid = el("div", { class: "risk-grid", style: "grid-template-columns:repeat(" + board.grid.columns + ",minmax(3.2rem,1fr))" });
    const colours = {};
    (view.players || []).forEach((p) => { colours[p.seat] = TINTS[p.colour] || p.colour; });
    for (const t of board.territories) {
      const [col, row, width] = t.cell;
      const owner = view.owner ? view.owner[t.name] : undefined;
      const here = view.fellowship === t.name;
      const pick = offered(t.name) || offered("1:" + t.name);
      grid.append(choosable(el("div", { class: "terr" + (t.stronghold ? " hold" : "") + (here ? " ring" : ""), "data-territory": t.name, title: t.name + " (" + t.region + ")",
        style: "grid-column:" + (col + 1) + " / span " + width + ";grid-row:" + (row + 1) + (owner != null ? ";background:" + colours[owner] : "") },
        el("span", { class: "terr-name", text: t.name }),
        owner != null ? el("span", { class: "terr-armies", text: String(view.armies[t.name]) + (view.leaders && view.leaders[t.name] != null ? " ★" : "") }) : null,
        here ? el("span", { class: "terr-ring", text: "💍" }) : null), pick));
    }
    box.append(el("div", { class: "risk-scroll" }, grid));
  }
  function drawRotk(box) {
    const view = state.view;
    const grid = el("div", { class: "rotk-grid" });
    const pawns = {};
    (view.seats || []).forEach((s) => { if (s.pawn) pawns[s.pawn] = s.seat; });
    for (const hex of board.hexes) {
      const key = hex.row + "," + hex.col;
      const tile = view.tiles ? view.tiles[key] : null;
      const pawn = pawns[key];
      const pick = offered("enter:" + key) || offered("aragorn:" + key);
      grid.append(choosable(el("div", { class: "hex hex-" + hex.kind + (tile ? " tile" : ""), "data-hex": key, title: key + " " + hex.kind,
        style: "grid-row:" + (hex.row + 1) + ";grid-column:" + (hex.col * 2 + (hex.row % 2) + 1) + " / span 2" },
        el("span", { class: "hex-key", text: key }),
        tile ? el("span", { class: "hex-tile", text: tile.kind + " " + tile.battle }) : null,
        pawn != null ? el("span", { class: "pawn", style: "background:" + COLOURS[pawn], text: "P" + (pawn + 1) }) : null), pick));
    }
    box.append(el("div", { class: "rotk-scroll" }, grid));
  }

  // Hot-seat: when the device passes to another seat, hide its cards until that player asks.
  let shownSeat = state.viewing_seat;
  function handover() {
    if (state.my_seats.length < 2 || state.viewing_seat === shownSeat || state.status === "finished") return false;
    const box = document.getElementById("prompt");
    document.getElementById("players").replaceChildren();
    box.replaceChildren(el("p", { class: "question", text: fmt(gettext("Pass the device to %(player)s."), { player: seatName(state.viewing_seat) }) }),
      el("button", { type: "button", id: "handover", text: fmt(gettext("I am %(player)s: show my cards"), { player: seatName(state.viewing_seat) }),
        onclick: () => { shownSeat = state.viewing_seat; render(); } }));
    return true;
  }

  function render() {
    if (handover()) {
      renderStatus();
      document.getElementById("log").replaceChildren();
      return;
    }
    renderStatus();
    renderPrompt();
    renderPlayers();
    renderLog();
    renderDice();
    const box = document.getElementById("board");
    box.replaceChildren();
    if (state.view && Object.keys(state.view).length) ({ monopoly: drawMonopoly, risk: drawRisk, rotk: drawRotk })[game](box);
    root.dataset.version = state.version;
  }

  render();
  setInterval(poll, 1000);
})();
