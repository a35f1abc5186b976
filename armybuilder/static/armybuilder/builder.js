// The army builder: renders the list from the API's JSON and sends each change to the API;
// every answer carries the whole list with its figures and breaches, so nothing is computed
// twice and the page never reloads.
(function () {
  "use strict";
  const root = document.getElementById("builder");
  if (!root) return;
  const listId = root.dataset.listId;
  let state = JSON.parse(document.getElementById("list-data").textContent);
  const catalogue = JSON.parse(document.getElementById("catalogue-data").textContent);

  function csrfToken() {
    const match = document.cookie.match(/(?:^|; )csrftoken=([^;]+)/);
    return match ? decodeURIComponent(match[1]) : "";
  }

  // Changes go to the server one at a time, in order: two quick edits of one field (or a
  // change event fired again when an edited field leaves the page) cannot overtake each other.
  let queue = Promise.resolve();
  function send(method, url, body) {
    queue = queue.then(() => sendNow(method, url, body)).catch(() => undefined);
    return queue;
  }

  async function sendNow(method, url, body) {
    const response = await fetch(url, {
      method,
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
    });
    const data = await response.json().catch(() => ({}));
    if (!response.ok) {
      showError(data);
      return;
    }
    clearError();
    state = data;
    render();
  }

  function showError(data) {
    const parts = Object.entries(data).map(([field, msgs]) => `${field}: ${[].concat(msgs).join(" ")}`);
    let banner = document.getElementById("builder-error");
    if (!banner) {
      banner = el("div", { id: "builder-error", className: "error-banner", role: "alert" });
      root.prepend(banner);
    }
    banner.textContent = parts.join(" · ") || "That change was refused.";
  }

  function clearError() {
    const banner = document.getElementById("builder-error");
    if (banner) banner.remove();
  }

  function el(tag, props, ...children) {
    const node = document.createElement(tag);
    Object.assign(node, props || {});
    for (const child of children) node.append(child);
    return node;
  }

  function option(value, label) {
    return el("option", { value: String(value), textContent: label });
  }

  const profilesOf = (factionId) => catalogue.profiles.filter((p) => p.faction === factionId);
  const profileById = (id) => catalogue.profiles.find((p) => p.id === id);
  const tierLabel = (tier) => (tier ? tier.charAt(0).toUpperCase() + tier.slice(1) : "Warrior");

  function optionToggles(entry) {
    const profile = profileById(entry.profile.id);
    const chosen = new Map(entry.options.map((o) => [o.option_id, o.count]));
    const box = el("div", { className: "options" });
    for (const opt of profile ? profile.options : []) {
      const input = el("input", { type: "checkbox", checked: chosen.has(opt.id) });
      input.dataset.option = String(opt.id);
      input.addEventListener("change", () => {
        const next = new Map(chosen);
        if (input.checked) next.set(opt.id, 1);
        else next.delete(opt.id);
        const options = [...next].map(([id, count]) => ({ option: id, count }));
        send("PATCH", `/api/entries/${entry.id}/`, { options });
      });
      box.append(el("label", { className: "option" }, input, ` ${opt.name} (${opt.points >= 0 ? "+" : ""}${opt.points})`));
    }
    return box;
  }

  // A profile the data hides in a plain list: legal only once something unlocks it
  // (the list's breaches say BS-HIDDEN until then).
  function unlockNote(p) {
    return p.conditional ? " - only when unlocked" : "";
  }

  function statLine(entry) {
    const c = entry.card;
    const move = typeof c.move === "number" ? `${c.move}"` : c.move;  // "*", "-" or "?"
    const cells = [["Mv", move], ["F", c.fight_shoot], ["S", c.strength], ["D", c.defence],
      ["A", c.attacks], ["W", c.wounds], ["C", c.courage]];
    if (entry.profile.kind === "hero") cells.push(["M/W/F", `${c.might ?? 0}/${c.will ?? 0}/${c.fate ?? 0}`]);
    const line = el("dl", { className: "stat-line" });
    for (const [label, value] of cells) line.append(el("dt", { textContent: label }), el("dd", { textContent: String(value) }));
    const box = el("div", { className: "card-line" }, line);
    if (c.notes.length) box.append(el("p", { className: "card-notes", textContent: c.notes.join(" · ") }));
    return box;
  }

  function findEntry(id) {
    for (const c of state.contingents) for (const w of c.warbands) for (const e of w.entries) if (e.id === id) return e;
    return null;
  }

  function entryRow(entry, warband, contingent) {
    const row = el("li", { className: `entry ${entry.role}` });
    row.dataset.entry = String(entry.id);
    const title = el("div", { className: "entry-title" },
      el("strong", { textContent: entry.profile.name }),
      el("span", { className: "muted", textContent: ` ${tierLabel(entry.profile.heroic_tier)} · ${entry.points} pts` }));
    row.append(title, statLine(entry));
    if (entry.role !== "captain") {
      const count = el("input", { type: "number", min: 1, max: 100, value: entry.count, className: "count", title: "Count" });
      count.setAttribute("aria-label", `Count of ${entry.profile.name}`);
      count.addEventListener("change", () => {
        const wanted = Number(count.value);
        const current = findEntry(entry.id);
        if (current && current.count !== wanted) send("PATCH", `/api/entries/${entry.id}/`, { count: wanted });
      });
      const move = el("select", { className: "move", title: "Move to warband" });
      move.setAttribute("aria-label", `Move ${entry.profile.name} to another warband`);
      contingent.warbands.forEach((w, i) => move.append(option(w.id, `Warband ${i + 1}`)));
      move.value = String(warband.id);
      move.addEventListener("change", () => send("PATCH", `/api/entries/${entry.id}/`, { warband: Number(move.value) }));
      const remove = el("button", { type: "button", className: "link-button danger", textContent: "Remove" });
      remove.addEventListener("click", () => send("DELETE", `/api/entries/${entry.id}/`));
      row.append(el("div", { className: "entry-controls" }, count, move, remove));
    }
    row.append(optionToggles(entry));
    return row;
  }

  function addFollowerForm(warband, contingent) {
    const select = el("select", { className: "add-follower" });
    select.setAttribute("aria-label", "Follower to add");
    for (const p of profilesOf(contingent.faction.id)) {
      if (p.kind === "warrior" || p.heroic_tier === "independent") select.append(option(p.id, `${p.name} (${p.points})${unlockNote(p)}`));
    }
    const count = el("input", { type: "number", min: 1, max: 100, value: 1, className: "count" });
    count.setAttribute("aria-label", "How many");
    const button = el("button", { type: "button", className: "button small", textContent: "Add follower" });
    button.addEventListener("click", () =>
      send("POST", `/api/warbands/${warband.id}/entries/`, { profile: Number(select.value), count: Number(count.value) }));
    return el("div", { className: "row add-row" }, select, count, button);
  }

  function warbandCard(warband, index, contingent) {
    const fig = state.figures.warbands.find((w) => w.ref === `warband:${warband.id}`);
    const capacity = fig && fig.capacity !== null ? `${fig.followers}/${fig.capacity} followers` : "";
    const card = el("article", { className: "warband card" });
    card.dataset.warband = String(warband.id);
    const leader = warband.is_army_leader
      ? el("span", { className: "badge", textContent: "Army leader" })
      : el("button", { type: "button", className: "link-button", textContent: "Make leader" });
    if (!warband.is_army_leader) leader.addEventListener("click", () => send("PATCH", `/api/warbands/${warband.id}/`, { is_army_leader: true }));
    const remove = el("button", { type: "button", className: "link-button danger", textContent: "Remove warband" });
    remove.addEventListener("click", () => send("DELETE", `/api/warbands/${warband.id}/`));
    card.append(el("header", { className: "warband-head" },
      el("h3", { textContent: `Warband ${index + 1}` }),
      el("span", { className: "muted", textContent: `${fig ? fig.points : 0} pts ${capacity}` }), leader, remove));
    const entries = el("ul", { className: "entries" });
    warband.entries.forEach((e) => entries.append(entryRow(e, warband, contingent)));
    card.append(entries, addFollowerForm(warband, contingent));
    return card;
  }

  function addWarbandForm(contingent) {
    const select = el("select", { className: "add-hero" });
    select.setAttribute("aria-label", "Hero to lead a new warband");
    for (const p of profilesOf(contingent.faction.id)) {
      if (p.kind === "hero") select.append(option(p.id, `${p.name} (${tierLabel(p.heroic_tier)}, ${p.points})${unlockNote(p)}`));
    }
    const button = el("button", { type: "button", className: "button small", textContent: "Add hero" });
    button.addEventListener("click", () =>
      send("POST", `/api/lists/${listId}/warbands/`, { contingent: contingent.id, captain: Number(select.value) }));
    return el("div", { className: "row add-row" }, select, button);
  }

  // The army bonus of an imported army list, or the Legendary Legion it is built as (chosen
  // here; the list's breaches then apply the legion's restrictions from the data).
  function armyRules(contingent) {
    const parts = [];
    if (contingent.legions.length) {
      const select = el("select", { className: "legion" });
      select.setAttribute("aria-label", "Legendary Legion");
      select.append(option("", "No Legendary Legion"));
      for (const legion of contingent.legions) select.append(option(legion.id, `Legendary Legion: ${legion.name}`));
      select.value = contingent.legion ? String(contingent.legion.id) : "";
      select.addEventListener("change", () =>
        send("PATCH", `/api/contingents/${contingent.id}/`, { legion: select.value ? Number(select.value) : null }));
      parts.push(el("div", { className: "row" }, select));
    }
    const rules = contingent.legion ? contingent.legion.rules : contingent.army_bonus;
    if (rules.length) {
      const list = el("ul", { className: contingent.legion ? "legion-rules" : "army-bonus" });
      for (const rule of rules) list.append(el("li", {}, el("strong", { textContent: rule.name }), ` ${rule.text}`));
      parts.push(el("details", {}, el("summary", { textContent: contingent.legion ? "Legion rules" : "Army bonus" }), list));
    }
    return parts;
  }

  function renderContingents() {
    const box = document.getElementById("contingents");
    box.replaceChildren();
    for (const contingent of state.contingents) {
      const section = el("section", { className: `contingent side-${contingent.faction.side}` });
      section.append(el("h2", { textContent: contingent.faction.name }));
      section.append(...armyRules(contingent));
      contingent.warbands.forEach((w, i) => section.append(warbandCard(w, i, contingent)));
      section.append(addWarbandForm(contingent));
      box.append(section);
    }
  }

  function renderFigures() {
    const f = state.figures;
    const over = f.points > f.points_limit ? " over" : "";
    const rows = [
      ["Points", `${f.points} / ${f.points_limit}`, `points${over}`],
      ["Models", f.models, "models"],
      ["Break point", f.break_point, "break"],
      ["Quarter", f.quarter_point, "quarter"],
      ["Might", f.might, "might"],
      ["Alliance", state.alliance, "alliance"],
    ];
    for (const c of f.contingents) {
      const contingent = state.contingents.find((item) => `contingent:${item.id}` === c.ref);
      rows.push([`Bows, ${contingent ? contingent.faction.name : ""}`, `${c.bows} / ${c.bow_limit}`, "bows"]);
    }
    const dl = el("dl", { className: "facts" });
    for (const [label, value, key] of rows) {
      dl.append(el("dt", { textContent: label }), el("dd", { textContent: String(value), className: `figure-${key}` }));
    }
    document.getElementById("figures").replaceChildren(el("h2", { textContent: "Figures" }), dl);
  }

  function renderBreaches() {
    const box = document.getElementById("breaches");
    const title = el("h2", { textContent: state.breaches.length ? `Breaches (${state.breaches.length})` : "Legal list" });
    const list = el("ul", { className: "breach-list" });
    for (const b of state.breaches) {
      const item = el("li", { className: "breach" }, el("code", { textContent: b.rule_id }), ` ${b.message}`);
      item.dataset.rule = b.rule_id;
      item.title = b.source;
      list.append(item);
    }
    box.replaceChildren(title, list);
  }

  function renderContingentPicker() {
    const select = document.getElementById("add-contingent");
    const used = new Set(state.contingents.map((c) => c.faction.id));
    select.replaceChildren(...catalogue.factions.filter((f) => !used.has(f.id)).map((f) => option(f.id, `${f.label} (${f.side})`)));
  }

  function render() {
    document.getElementById("list-name").textContent = state.name;
    renderContingents();
    renderFigures();
    renderBreaches();
    renderContingentPicker();
  }

  document.getElementById("add-contingent-button").addEventListener("click", () => {
    const value = document.getElementById("add-contingent").value;
    if (value) send("POST", `/api/lists/${listId}/contingents/`, { faction: Number(value) }).then(() => window.location.reload());
  });
  render();
})();
