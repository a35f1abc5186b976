// The army builder: renders the list from the API's JSON and sends each change to the API;
// every answer carries the whole list with its figures and breaches, so nothing is computed
// twice and the page never reloads. A refused change shows its message next to the field
// that sent it, and the field shows the list's value again. Every change can be undone (the
// server keeps the undo stack); removals ask first.
(function () {
  "use strict";
  const root = document.getElementById("builder");
  if (!root) return;
  const listId = root.dataset.listId;
  let state = JSON.parse(document.getElementById("list-data").textContent);
  const catalogue = JSON.parse(document.getElementById("catalogue-data").textContent);
  const search = { text: "", tier: "", role: "" };
  const knownWarbands = new Set();
  // Texts in the reader's language (Django's JavaScript catalogue, loaded by the base page).
  const fmt = (text, values) => interpolate(text, values, true);
  const formats = { number: (n) => (typeof n === "number" ? n.toLocaleString(document.documentElement.lang || undefined) : n) };
  const SIDES = { good: gettext("Good"), evil: gettext("Evil") };
  const ALLIANCES = { historical: gettext("historical"), convenient: gettext("convenient"), impossible: gettext("impossible"), none: gettext("none") };

  function csrfToken() {
    const match = document.cookie.match(/(?:^|; )csrftoken=([^;]+)/);
    return match ? decodeURIComponent(match[1]) : "";
  }

  // Changes go to the server one at a time, in order: two quick edits of one field (or a
  // change event fired again when an edited field leaves the page) cannot overtake each other.
  let queue = Promise.resolve();
  function send(method, url, body, fieldKey) {
    queue = queue.then(() => sendNow(method, url, body, fieldKey)).catch(() => undefined);
    return queue;
  }

  async function sendNow(method, url, body, fieldKey) {
    const response = await fetch(url, {
      method,
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
    });
    const data = await response.json().catch(() => ({}));
    if (!response.ok) {
      render(); // the refused value goes back to the list's own
      showError(data, fieldKey);
      return null;
    }
    state = data;
    render();
    if (data.undone) announce(fmt(gettext("Undone: %(change)s"), { change: data.undone }));
    return data;
  }

  function errorText(data) {
    if (data && typeof data.detail === "string") return data.detail;
    const parts = Object.entries(data || {}).map(([, msgs]) => [].concat(msgs).map((m) => (typeof m === "object" ? JSON.stringify(m) : m)).join(" "));
    return parts.join(" ") || gettext("That change was refused.");
  }

  // The message sits right after the field (found again by its key after the re-render).
  function showError(data, fieldKey) {
    clearErrors();
    const field = fieldKey ? root.querySelector(`[data-key="${fieldKey}"]`) : null;
    const message = el("p", { className: "field-error", id: "field-error", role: "alert", textContent: errorText(data) });
    if (field) {
      field.setAttribute("aria-invalid", "true");
      field.setAttribute("aria-describedby", "field-error");
      (field.closest(".field-wrap") || field).after(message);
      field.focus();
    } else {
      root.prepend(message);
    }
  }

  function clearErrors() {
    for (const node of root.querySelectorAll(".field-error")) node.remove();
  }

  function announce(text) {
    document.getElementById("builder-status").textContent = text;
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

  function labelled(node, label) {
    node.setAttribute("aria-label", label);
    return node;
  }

  const profilesOf = (factionId) => catalogue.profiles.filter((p) => p.faction === factionId);
  const profileById = (id) => catalogue.profiles.find((p) => p.id === id);
  const TIERS = { legend: gettext("Legend"), valour: gettext("Valour"), fortitude: gettext("Fortitude"),
    minor: gettext("Minor"), independent: gettext("Independent") };
  const tierLabel = (tier) => (tier ? TIERS[tier] || tier : gettext("Warrior"));
  const signed = (n) => `${n >= 0 ? "+" : ""}${n}`;

  // -- options: a count of models for a row of several, alternatives as radio buttons --------

  function optionControls(entry) {
    const profile = profileById(entry.profile.id);
    const chosen = new Map(entry.options.map((o) => [o.option_id, o.count]));
    const box = el("div", { className: "options" });
    const groups = new Map();
    for (const opt of profile ? profile.options : []) {
      if (entry.count > 1) box.append(modelsOption(entry, opt, chosen));
      else if (opt.exclusive) {
        if (!groups.has(opt.exclusive)) groups.set(opt.exclusive, []);
        groups.get(opt.exclusive).push(opt);
      } else box.append(checkOption(entry, opt, chosen));
    }
    for (const [key, opts] of groups) box.append(radioGroup(entry, key, opts, chosen));
    return box;
  }

  function setModels(entry, opt, models) {
    return send("POST", `/api/entries/${entry.id}/option-models/`, { option: opt.id, models }, `opt-${entry.id}-${opt.id}`);
  }

  function checkOption(entry, opt, chosen) {
    const input = el("input", { type: "checkbox", checked: chosen.has(opt.id) });
    input.dataset.option = String(opt.id);
    input.dataset.key = `opt-${entry.id}-${opt.id}`;
    input.addEventListener("change", () => setModels(entry, opt, input.checked ? 1 : 0));
    return el("label", { className: "option" }, input, ` ${opt.name} (${signed(opt.points)})`);
  }

  // Options that exclude each other (mounts, a weapon swap): one radio group with "none".
  function radioGroup(entry, key, opts, chosen) {
    const name = `alt-${entry.id}-${key}`;
    const legend = key === "mount" ? gettext("Mount (one)") : fmt(gettext("%(group)s (one)"), { group: key.replace(/^group:/, "") });
    const set = el("fieldset", { className: "option-group" }, el("legend", { textContent: legend }));
    const current = opts.find((o) => chosen.has(o.id));
    const none = el("input", { type: "radio", name, checked: !current });
    none.dataset.key = `opt-${entry.id}-none-${key}`;
    none.addEventListener("change", () => current && setModels(entry, current, 0));
    set.append(el("label", { className: "option" }, none, ` ${gettext("None")}`));
    for (const opt of opts) {
      const input = el("input", { type: "radio", name, checked: chosen.has(opt.id) });
      input.dataset.option = String(opt.id);
      input.dataset.key = `opt-${entry.id}-${opt.id}`;
      input.addEventListener("change", () => setModels(entry, opt, 1));
      set.append(el("label", { className: "option" }, input, ` ${opt.name} (${signed(opt.points)})`));
    }
    return set;
  }

  // "2 of 12 with Banner": the server splits the row as BattleScribe does.
  function modelsOption(entry, opt, chosen) {
    const input = el("input", { type: "number", min: 0, max: entry.count, value: chosen.has(opt.id) ? entry.count : 0, className: "option-models" });
    input.dataset.option = String(opt.id);
    input.dataset.key = `opt-${entry.id}-${opt.id}`;
    labelled(input, fmt(gettext("%(option)s: how many of the %(count)s %(name)s"), { option: opt.name, count: entry.count, name: entry.profile.name }));
    input.addEventListener("change", () => {
      // a field replaced by the answer can fire "change" again as it leaves: once per value
      if (!input.isConnected || input.dataset.sent === input.value) return;
      input.dataset.sent = input.value;
      setModels(entry, opt, Number(input.value));
    });
    const alt = opt.exclusive ? (opt.exclusive === "mount" ? gettext(" · one mount") : gettext(" · instead of the others")) : "";
    return el("label", { className: "option option-count field-wrap" }, input,
      ` ${fmt(gettext("of %(count)s with %(option)s (%(points)s each%(alt)s)"), { count: entry.count, option: opt.name, points: signed(opt.points), alt })}`);
  }

  // -- cards ----------------------------------------------------------------------------------

  // A profile the data hides in a plain list: legal only once something unlocks it
  // (the list's breaches say BS-HIDDEN until then).
  function unlockNote(p) {
    return p.conditional ? gettext(" - only when unlocked") : "";
  }

  function statLine(entry) {
    const c = entry.card;
    const move = typeof c.move === "number" ? `${c.move}"` : c.move;  // "*", "-" or "?"
    // The rulebook's abbreviations in the reader's language (French: M C F D A PV B, P/V/D).
    const cells = [[pgettext("Move (abbreviation)", "Mv"), move],
      [pgettext("Fight value / Shoot value (abbreviation)", "F"), c.fight_shoot],
      [pgettext("Strength (abbreviation)", "S"), c.strength], [pgettext("Defence (abbreviation)", "D"), c.defence],
      [pgettext("Attacks (abbreviation)", "A"), c.attacks], [pgettext("Wounds (abbreviation)", "W"), c.wounds],
      [pgettext("Courage (abbreviation)", "C"), c.courage]];
    if (entry.profile.kind === "hero") cells.push([pgettext("Might/Will/Fate (abbreviation)", "M/W/F"), `${c.might ?? 0}/${c.will ?? 0}/${c.fate ?? 0}`]);
    const line = el("dl", { className: "stat-line" });
    for (const [label, value] of cells) line.append(el("dt", { textContent: label }), el("dd", { textContent: String(value) }));
    const box = el("div", { className: "card-line" }, line);
    if (c.notes.length) box.append(el("p", { className: "card-notes", textContent: c.notes.join(" · ") }));
    return box;
  }

  // Special rules, powers and wargear with their text, folded under the stat line.
  function rulesBox(entry) {
    const items = [];
    for (const r of entry.rules) items.push(el("li", {}, el("strong", { textContent: r.name }), ` ${r.text || gettext("(no text in the data)")}`));
    for (const p of entry.powers) {
      const range = p.range === null ? pgettext("power range", "self") : `${p.range}"`;
      items.push(el("li", {}, el("strong", { textContent: `${p.name} (${range}, ${p.cast}+)` }), ` ${p.text}`));
    }
    const gear = entry.card.wargear.map((name) => (entry.wargear_rules[name] ? `${name}: ${entry.wargear_rules[name]}` : name));
    if (gear.length) items.push(el("li", { className: "wargear" }, el("strong", { textContent: gettext("Wargear") }), ` ${gear.join(" · ")}`));
    if (entry.heroic_actions.length) items.push(el("li", {}, el("strong", { textContent: gettext("Heroic actions") }), ` ${entry.heroic_actions.join(", ")}`));
    if (!items.length) return document.createTextNode("");
    const list = el("ul", { className: "rule-texts" }, ...items);
    const label = [entry.rules.length && gettext("Special rules"), entry.powers.length && gettext("Magical powers"), gear.length && gettext("Wargear")].filter(Boolean).join(", ");
    return el("details", { className: "entry-rules" }, el("summary", { textContent: label }), list);
  }

  function findEntry(id) {
    for (const c of state.contingents) for (const w of c.warbands) for (const e of w.entries) if (e.id === id) return e;
    return null;
  }

  function confirmRemove(text) {
    return window.confirm(fmt(gettext("%(change)s? You can undo it afterwards."), { change: text }));
  }

  function entryRow(entry, warband, contingent) {
    const row = el("li", { className: `entry ${entry.role}` });
    row.dataset.entry = String(entry.id);
    const title = el("div", { className: "entry-title" },
      el("strong", { textContent: entry.profile.name }),
      el("span", { className: "muted", textContent: ` ${tierLabel(entry.profile.heroic_tier)} · ${fmt(gettext("%(points)s pts"), { points: entry.points })}` }));
    row.append(title, statLine(entry));
    if (entry.role !== "captain") {
      row.draggable = true;
      row.addEventListener("dragstart", (event) => event.dataTransfer.setData("text/plain", `entry:${entry.id}`));
      const count = el("input", { type: "number", min: 1, max: 100, value: entry.count, className: "count", title: gettext("Count") });
      count.dataset.key = `count-${entry.id}`;
      labelled(count, fmt(gettext("Count of %(name)s"), { name: entry.profile.name }));
      count.addEventListener("change", () => {
        const wanted = Number(count.value);
        const current = findEntry(entry.id);
        if (current && current.count !== wanted) send("PATCH", `/api/entries/${entry.id}/`, { count: wanted }, count.dataset.key);
      });
      const move = el("select", { className: "move", title: gettext("Move to warband") });
      move.dataset.key = `move-${entry.id}`;
      labelled(move, fmt(gettext("Move %(name)s to another warband"), { name: entry.profile.name }));
      contingent.warbands.forEach((w, i) => move.append(option(w.id, fmt(gettext("Warband %(number)s"), { number: i + 1 }))));
      move.value = String(warband.id);
      move.addEventListener("change", () => send("PATCH", `/api/entries/${entry.id}/`, { warband: Number(move.value) }, move.dataset.key));
      const remove = el("button", { type: "button", className: "link-button danger", textContent: gettext("Remove") });
      labelled(remove, fmt(gettext("Remove %(count)s %(name)s"), { count: entry.count, name: entry.profile.name }));
      remove.addEventListener("click", () => {
        if (confirmRemove(fmt(gettext("Remove %(count)s × %(name)s"), { count: entry.count, name: entry.profile.name }))) send("DELETE", `/api/entries/${entry.id}/`);
      });
      row.append(el("div", { className: "entry-controls field-wrap" }, count, move, remove));
    }
    row.append(optionControls(entry), rulesBox(entry));
    return row;
  }

  // A warband takes a unit dropped from the search results or another warband.
  function dropTarget(card, warband) {
    card.addEventListener("dragover", (event) => { event.preventDefault(); card.classList.add("drop-here"); });
    card.addEventListener("dragleave", () => card.classList.remove("drop-here"));
    card.addEventListener("drop", (event) => {
      event.preventDefault();
      card.classList.remove("drop-here");
      const [kind, id] = event.dataTransfer.getData("text/plain").split(":");
      if (kind === "entry") send("PATCH", `/api/entries/${id}/`, { warband: warband.id }, `move-${id}`);
      if (kind === "profile") addFollower(warband.id, Number(id));
    });
  }

  function addFollower(warbandId, profileId) {
    const count = Number(document.getElementById("search-count").value) || 1;
    return send("POST", `/api/warbands/${warbandId}/entries/`, { profile: profileId, count }, "search-count");
  }

  function warbandCard(warband, index, contingent) {
    const fig = state.figures.warbands.find((w) => w.ref === `warband:${warband.id}`);
    const capacity = fig && fig.capacity !== null ? fmt(gettext("%(followers)s/%(capacity)s followers"), { followers: fig.followers, capacity: fig.capacity }) : "";
    const card = el("article", { className: "warband card" });
    card.dataset.warband = String(warband.id);
    const leader = warband.is_army_leader
      ? el("span", { className: "badge", textContent: gettext("Army leader") })
      : el("button", { type: "button", className: "link-button", textContent: gettext("Make leader") });
    if (!warband.is_army_leader) leader.addEventListener("click", () => send("PATCH", `/api/warbands/${warband.id}/`, { is_army_leader: true }));
    const remove = el("button", { type: "button", className: "link-button danger", textContent: gettext("Remove warband") });
    const models = warband.entries.reduce((sum, e) => sum + e.count, 0);
    remove.addEventListener("click", () => {
      if (confirmRemove(fmt(gettext("Remove Warband %(number)s and its %(models)s models"), { number: index + 1, models }))) send("DELETE", `/api/warbands/${warband.id}/`);
    });
    card.append(el("header", { className: "warband-head" },
      el("h3", { textContent: fmt(gettext("Warband %(number)s"), { number: index + 1 }) }),
      el("span", { className: "muted", textContent: `${fmt(gettext("%(points)s pts"), { points: fig ? fig.points : 0 })} ${capacity}` }), leader, remove));
    const entries = el("ul", { className: "entries" });
    warband.entries.forEach((e) => entries.append(entryRow(e, warband, contingent)));
    card.append(entries, el("p", { className: "drop-hint muted", textContent: gettext("Drop a unit here, or use Add in the unit search.") }));
    dropTarget(card, warband);
    return card;
  }

  // The army bonus of an imported army list, or the Legendary Legion it is built as (chosen
  // here; the list's breaches then apply the legion's restrictions from the data).
  function armyRules(contingent) {
    const parts = [];
    if (contingent.legions.length) {
      const select = el("select", { className: "legion" });
      select.dataset.key = `legion-${contingent.id}`;
      labelled(select, gettext("Legendary Legion"));
      select.append(option("", gettext("No Legendary Legion")));
      for (const legion of contingent.legions) select.append(option(legion.id, fmt(gettext("Legendary Legion: %(name)s"), { name: legion.name })));
      select.value = contingent.legion ? String(contingent.legion.id) : "";
      select.addEventListener("change", () =>
        send("PATCH", `/api/contingents/${contingent.id}/`, { legion: select.value ? Number(select.value) : null }, select.dataset.key));
      parts.push(el("div", { className: "row field-wrap" }, select));
    }
    const rules = contingent.legion ? contingent.legion.rules : contingent.army_bonus;
    if (rules.length) {
      const list = el("ul", { className: contingent.legion ? "legion-rules" : "army-bonus" });
      for (const rule of rules) list.append(el("li", {}, el("strong", { textContent: rule.name }), ` ${rule.text}`));
      parts.push(el("details", {}, el("summary", { textContent: contingent.legion ? gettext("Legion rules") : gettext("Army bonus") }), list));
    }
    return parts;
  }

  function renderContingents() {
    const box = document.getElementById("contingents");
    box.replaceChildren();
    for (const contingent of state.contingents) {
      const section = el("section", { className: `contingent side-${contingent.faction.side}` });
      section.dataset.contingent = String(contingent.id);
      section.append(el("h2", { textContent: contingent.faction.name }));
      section.append(...armyRules(contingent));
      contingent.warbands.forEach((w, i) => section.append(warbandCard(w, i, contingent)));
      if (!contingent.warbands.length) section.append(el("p", { className: "muted", textContent: gettext("No warband yet: find a hero in the unit search and add it as a captain.") }));
      box.append(section);
    }
  }

  // -- unit search ------------------------------------------------------------------------------

  function matches(p) {
    const words = search.text.toLowerCase().split(/\s+/).filter(Boolean);
    const hay = `${p.name} ${(p.keywords || []).join(" ")}`.toLowerCase();
    if (!words.every((w) => hay.includes(w))) return false;
    if (search.tier && (p.heroic_tier || "warrior") !== search.tier) return false;
    if (search.role === "captain" && p.kind !== "hero") return false;
    if (search.role === "follower" && !(p.kind === "warrior" || p.heroic_tier === "independent")) return false;
    return true;
  }

  function targetWarband() {
    const value = document.getElementById("search-target").value;
    return value ? Number(value) : null;
  }

  function resultRow(p, contingent) {
    const item = el("li", { className: "result", draggable: true });
    item.dataset.profile = String(p.id);
    item.addEventListener("dragstart", (event) => event.dataTransfer.setData("text/plain", `profile:${p.id}`));
    const info = el("span", { className: "result-name" }, el("strong", { textContent: p.name }),
      el("span", { className: "muted", textContent: ` ${tierLabel(p.heroic_tier)} · ${fmt(gettext("%(points)s pts"), { points: p.points })}${unlockNote(p)} · ${(p.keywords || []).join(", ")}` }));
    const actions = el("span", { className: "result-actions" });
    if (p.kind === "hero") {
      const lead = el("button", { type: "button", className: "button small", textContent: gettext("Add as captain") });
      labelled(lead, fmt(gettext("Add %(name)s as the captain of a new warband"), { name: p.name }));
      lead.addEventListener("click", () => send("POST", `/api/lists/${listId}/warbands/`, { contingent: contingent.id, captain: p.id }, "search-text"));
      actions.append(lead);
    }
    if (p.kind === "warrior" || p.heroic_tier === "independent") {
      const follow = el("button", { type: "button", className: "button small secondary", textContent: gettext("Add as follower") });
      labelled(follow, fmt(gettext("Add %(name)s as a follower to the chosen warband"), { name: p.name }));
      follow.disabled = !contingent.warbands.length;
      follow.addEventListener("click", () => {
        const target = targetWarband();
        if (target) addFollower(target, p.id);
      });
      actions.append(follow);
    }
    item.append(info, actions);
    return item;
  }

  function renderResults() {
    const list = document.getElementById("search-results");
    const contingent = state.contingents.find((c) => String(c.id) === document.getElementById("search-contingent").value) || state.contingents[0];
    if (!contingent) return list.replaceChildren();
    const found = profilesOf(contingent.faction.id).filter(matches);
    list.replaceChildren(...found.slice(0, 40).map((p) => resultRow(p, contingent)));
    document.getElementById("search-count-text").textContent = fmt(ngettext("%(count)s unit", "%(count)s units", found.length), { count: found.length }) + (found.length > 40 ? gettext(" (first 40 shown)") : "");
  }

  function renderSearchTargets() {
    const picker = document.getElementById("search-contingent");
    const previous = picker.value;
    picker.replaceChildren(...state.contingents.map((c) => option(c.id, c.faction.name)));
    if (state.contingents.some((c) => String(c.id) === previous)) picker.value = previous;
    picker.closest(".field-wrap").hidden = state.contingents.length < 2;
    const contingent = state.contingents.find((c) => String(c.id) === picker.value);
    const target = document.getElementById("search-target");
    const before = target.value;
    const warbands = contingent ? contingent.warbands : [];
    target.replaceChildren(...warbands.map((w, i) => option(w.id, fmt(gettext("Warband %(number)s (%(captain)s)"), { number: i + 1, captain: w.entries[0] ? w.entries[0].profile.name : gettext("no captain") }))));
    const fresh = warbands.filter((w) => !knownWarbands.has(w.id));
    for (const w of warbands) knownWarbands.add(w.id);
    if (fresh.length) target.value = String(fresh[fresh.length - 1].id); // a new warband: fill it
    else if (warbands.some((w) => String(w.id) === before)) target.value = before;
    else if (warbands.length) target.value = String(warbands[warbands.length - 1].id);
    renderResults();
  }

  function bindSearch() {
    const text = document.getElementById("search-text");
    text.addEventListener("input", () => { search.text = text.value; renderResults(); });
    const tier = document.getElementById("search-tier");
    tier.addEventListener("change", () => { search.tier = tier.value; renderResults(); });
    const role = document.getElementById("search-role");
    role.addEventListener("change", () => { search.role = role.value; renderResults(); });
    document.getElementById("search-contingent").addEventListener("change", renderSearchTargets);
  }

  // -- side panel -------------------------------------------------------------------------------

  const breachIds = () => new Set(state.breaches.map((b) => b.rule_id));

  // The figures say what the breaches say: a row a breach is about names that breach.
  function flag(ids) {
    const present = breachIds();
    const hit = ids.filter((id) => present.has(id));
    return hit.length ? el("span", { className: "figure-breach", textContent: ` ${fmt(gettext("breach: %(rules)s"), { rules: hit.join(", ") })}` }) : "";
  }

  function renderFigures() {
    const f = state.figures;
    const over = f.points > f.points_limit ? " over" : "";
    const rows = [
      [gettext("Points"), `${f.points} / ${f.points_limit}`, `points${over}`, ["LIST-POINTS"]],
      [gettext("Models"), f.models, "models", []],
      [gettext("Break point"), formats.number(f.break_point), "break", []],
      [gettext("Quarter"), formats.number(f.quarter_point), "quarter", []],
      [gettext("Might"), f.might, "might", []],
      [gettext("Alliance"), ALLIANCES[state.alliance] || state.alliance, "alliance", ["LIST-SIDES", "CONTINGENT-ALLY-HERO"]],
    ];
    for (const c of f.contingents) {
      const contingent = state.contingents.find((item) => `contingent:${item.id}` === c.ref);
      const ids = c.bows > c.bow_limit ? ["CONTINGENT-BOWS"] : [];
      rows.push([fmt(gettext("Bows, %(army)s"), { army: contingent ? contingent.faction.name : "" }), `${c.bows} / ${c.bow_limit}`, "bows", ids]);
    }
    const dl = el("dl", { className: "facts" });
    for (const [label, value, key, ids] of rows) {
      const shown = el("span", { textContent: String(value), className: `figure-${key}` });
      dl.append(el("dt", { textContent: label }), el("dd", {}, shown, flag(ids)));
    }
    document.getElementById("figures").replaceChildren(el("h2", { textContent: gettext("Figures") }), dl);
  }

  function renderBreaches() {
    const box = document.getElementById("breaches");
    const title = el("h2", { textContent: state.breaches.length ? fmt(gettext("Breaches (%(count)s)"), { count: state.breaches.length }) : gettext("Legal list") });
    const list = el("ul", { className: "breach-list" });
    for (const b of state.breaches) {
      const item = el("li", { className: "breach" }, el("code", { textContent: b.rule_id }), ` ${b.message} `,
        el("small", { className: "muted breach-source", textContent: b.section ? `(${b.source} · ${b.section})` : `(${b.source})` }));
      item.dataset.rule = b.rule_id;
      item.title = b.source;
      list.append(item);
    }
    box.replaceChildren(title, list);
  }

  function renderSimulation() {
    // what the battle simulator leaves out of this list: results do not account for it
    const ignored = (state.simulation && state.simulation.ignored) || [];
    const box = document.getElementById("simulation");
    const title = el("h2", { textContent: gettext("Battle simulator") });
    const text = ignored.length
      ? el("p", { className: "sim-partial", textContent: fmt(gettext("Leaves out: %(rules)s"), { rules: ignored.join(", ") }) })
      : el("p", { className: "sim-full", textContent: gettext("Fully simulated") });
    box.dataset.breadth = ignored.length ? "partial" : "full";
    box.replaceChildren(title, text);
  }

  function renderUndo() {
    const button = document.getElementById("undo-button");
    button.disabled = !state.undo;
    button.textContent = state.undo ? fmt(gettext("Undo: %(change)s"), { change: state.undo }) : gettext("Nothing to undo");
  }

  async function renderHistory() {
    const box = document.getElementById("history-list");
    const response = await fetch(`/api/lists/${listId}/versions/`, { credentials: "same-origin" });
    const versions = response.ok ? await response.json() : [];
    box.replaceChildren(...versions.map((v) => {
      const restore = el("button", { type: "button", className: "link-button", textContent: gettext("Restore") });
      labelled(restore, fmt(gettext("Restore the list as it was before: %(change)s"), { change: v.label }));
      restore.addEventListener("click", () => send("POST", `/api/lists/${listId}/versions/${v.id}/restore/`).then(renderHistory));
      const when = new Date(v.created_at).toLocaleString(document.documentElement.lang || undefined);
      return el("li", {}, el("span", { textContent: `${fmt(gettext("Before “%(change)s”"), { change: v.label })} ` }), el("span", { className: "muted", textContent: when }), " ", restore);
    }));
    if (!versions.length) box.replaceChildren(el("li", { className: "muted", textContent: gettext("No earlier version yet.") }));
  }

  function renderContingentPicker() {
    const select = document.getElementById("add-contingent");
    const used = new Set(state.contingents.map((c) => c.faction.id));
    select.replaceChildren(...catalogue.factions.filter((f) => !used.has(f.id)).map((f) => option(f.id, `${f.label} (${SIDES[f.side] || f.side})`)));
  }

  function render() {
    clearErrors();
    document.getElementById("list-name").textContent = state.name;
    renderContingents();
    renderSearchTargets();
    renderFigures();
    renderBreaches();
    renderSimulation();
    renderUndo();
    renderContingentPicker();
    const history = document.getElementById("history");
    if (history.open) renderHistory();
  }

  document.getElementById("undo-button").addEventListener("click", () => send("POST", `/api/lists/${listId}/undo/`));
  document.getElementById("history").addEventListener("toggle", (event) => { if (event.target.open) renderHistory(); });
  document.getElementById("add-contingent-button").addEventListener("click", () => {
    const value = document.getElementById("add-contingent").value;
    // the page holds the catalogue of its own army lists only: load the new one's
    if (value) send("POST", `/api/lists/${listId}/contingents/`, { faction: Number(value) }, "add-contingent")
      .then((data) => data && window.location.reload());
  });
  bindSearch();
  render();
})();
