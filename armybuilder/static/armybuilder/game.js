// The game sheet on a phone: every tap is kept on the device at once (localStorage) and sent
// to the server; without signal the sheet stays usable and is sent when the signal is back
// ("online" event, and a retry every few seconds). The server answers with its revision.
(function () {
  "use strict";
  const root = document.getElementById("game");
  if (!root) return;
  const gameId = root.dataset.gameId;
  const server = JSON.parse(document.getElementById("game-data").textContent);
  const roster = server.roster;
  const storeKey = `sbg-game-${gameId}`;
  const STATS = [["wounds", gettext("Wounds")], ["might", gettext("Might")], ["will", gettext("Will")], ["fate", gettext("Fate")]];
  const fmt = (text, values) => interpolate(text, values, true);
  let saved = readLocal();
  let sheet = saved && saved.dirty && saved.revision >= server.revision ? saved.sheet : server.sheet;
  let revision = server.revision;
  let dirty = Boolean(saved && saved.dirty && saved.revision >= server.revision);
  let sending = false;

  function readLocal() {
    try { return JSON.parse(window.localStorage.getItem(storeKey) || "null"); } catch (e) { return null; }
  }

  function keepLocal() {
    try { window.localStorage.setItem(storeKey, JSON.stringify({ sheet, revision, dirty })); } catch (e) { /* full */ }
  }

  function csrfToken() {
    const match = document.cookie.match(/(?:^|; )csrftoken=([^;]+)/);
    return match ? decodeURIComponent(match[1]) : "";
  }

  function status(text, kind) {
    const node = document.getElementById("sync-status");
    node.textContent = text;
    node.dataset.state = kind;
  }

  async function sync() {
    if (!dirty || sending || server.result) return;
    sending = true;
    const sent = JSON.stringify(sheet);
    try {
      const response = await fetch(`/api/games/${gameId}/`, {
        method: "PUT",
        headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() },
        body: JSON.stringify({ sheet }),
        credentials: "same-origin",
      });
      const data = await response.json().catch(() => ({}));
      if (response.ok) {
        revision = data.revision;
        dirty = JSON.stringify(sheet) !== sent; // changed again while sending: send again
        status(dirty ? gettext("Saving…") : gettext("Saved"), dirty ? "saving" : "saved");
      } else if (response.status >= 400 && response.status < 500) {
        dirty = false; // refused: the server's sheet stands
        status(fmt(gettext("Not saved: %(reason)s"), { reason: Object.values(data).flat().join(" ") }), "error");
      }
    } catch (e) {
      status(gettext("Offline: kept on this phone, will be sent when the signal is back"), "offline");
    } finally {
      sending = false;
      keepLocal();
    }
    if (dirty && navigator.onLine) window.setTimeout(sync, 300);
  }

  function change(mutate) {
    if (server.result) return;
    mutate();
    dirty = true;
    keepLocal();
    render();
    status(gettext("Saving…"), "saving");
    sync();
  }

  const clamp = (value, low, high) => Math.max(low, Math.min(high, value));

  function el(tag, props, ...children) {
    const node = document.createElement(tag);
    Object.assign(node, props || {});
    for (const child of children) node.append(child);
    return node;
  }

  function stepButton(label, text, onClick) {
    const button = el("button", { type: "button", className: "step", textContent: text });
    button.setAttribute("aria-label", label);
    button.addEventListener("click", onClick);
    return button;
  }

  function heroCard(hero) {
    const values = sheet.heroes[hero.key];
    const card = el("article", { className: "card hero-card" });
    card.dataset.hero = hero.key;
    if (values.wounds === 0) card.classList.add("slain");
    card.append(el("h2", { textContent: hero.name + (values.wounds === 0 ? gettext(" (slain)") : "") }));
    for (const [stat, label] of STATS) {
      const start = hero.start[stat];
      const id = `${hero.key}-${stat}`;
      const output = el("output", { id, textContent: `${values[stat]} / ${start}` });
      const step = (by) => () => change(() => { values[stat] = clamp(values[stat] + by, 0, start); });
      card.append(el("div", { className: `counter stat-${stat}` },
        el("span", { className: "counter-label", textContent: label }),
        stepButton(fmt(gettext("%(hero)s: one %(stat)s fewer"), { hero: hero.name, stat: label }), "−", step(-1)), output,
        stepButton(fmt(gettext("%(hero)s: one %(stat)s more"), { hero: hero.name, stat: label }), "+", step(1))));
    }
    return card;
  }

  function breakState() {
    const lost = sheet.casualties;
    const left = roster.models - lost;
    const node = document.getElementById("break-state");
    const broken = lost > roster.break_point;  // COUR-BRK-02: more casualties than the break point
    const quarter = left <= roster.quarter_point;
    node.classList.toggle("broken", broken);
    node.dataset.state = broken ? (quarter ? "quarter" : "broken") : "holding";
    const number = (n) => n.toLocaleString(document.documentElement.lang || undefined);
    if (quarter) node.textContent = fmt(gettext("Down to a quarter: %(left)s of %(models)s models left (quarter %(quarter)s). Broken."), { left, models: roster.models, quarter: number(roster.quarter_point) });
    else if (broken) node.textContent = fmt(gettext("Broken: %(lost)s casualties, more than the break point %(half)s. Courage tests from the start of a turn."), { lost, half: number(roster.break_point) });
    else node.textContent = fmt(gettext("Holding: %(lost)s casualties; broken past %(half)s (half), a quarter left at %(quarter)s."), { lost, half: number(roster.break_point), quarter: number(roster.quarter_point) });
  }

  function render() {
    document.getElementById("turn").textContent = String(sheet.turn);
    document.getElementById("casualties").textContent = String(sheet.casualties);
    breakState();
    const notes = document.getElementById("notes");
    if (document.activeElement !== notes) notes.value = sheet.notes;
    document.getElementById("heroes").replaceChildren(...roster.heroes.map(heroCard));
    const over = Boolean(server.result);
    root.classList.toggle("over", over);
    for (const control of root.querySelectorAll("button.step, #notes")) control.disabled = over;
    if (over) document.getElementById("result-text").textContent = `${server.result[0].toUpperCase()}${server.result.slice(1)} against ${server.opponent}.`;
    document.getElementById("result-form").hidden = over;
  }

  for (const button of root.querySelectorAll("[data-step]")) {
    button.addEventListener("click", () => change(() => {
      const field = button.dataset.step;
      const by = Number(button.dataset.by);
      const high = field === "turn" ? 99 : roster.models;
      sheet[field] = clamp(sheet[field] + by, field === "turn" ? 1 : 0, high);
    }));
  }
  let typing = null;
  document.getElementById("notes").addEventListener("input", (event) => {
    window.clearTimeout(typing);
    typing = window.setTimeout(() => change(() => { sheet.notes = event.target.value; }), 400);
  });

  document.getElementById("result-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const form = event.target;
    for (const node of form.querySelectorAll(".field-error")) node.remove();
    await sync();
    const chosen = form.querySelector("input[name=result]:checked");
    const body = { result: chosen ? chosen.value : "", opponent: form.opponent.value };
    const response = await fetch(`/api/games/${gameId}/result/`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() },
      body: JSON.stringify(body),
      credentials: "same-origin",
    }).catch(() => null);
    if (!response) return status(gettext("Offline: record the result when the signal is back"), "offline");
    const data = await response.json().catch(() => ({}));
    if (!response.ok) {
      for (const [field, msgs] of Object.entries(data)) {
        const anchor = field === "opponent" ? form.opponent : form.querySelector(".result-choice");
        const message = el("p", { className: "field-error", role: "alert", textContent: [].concat(msgs).join(" ") });
        anchor.after(message);
        if (field === "opponent") { form.opponent.setAttribute("aria-invalid", "true"); form.opponent.focus(); }
      }
      return;
    }
    Object.assign(server, data);
    dirty = false;
    keepLocal();
    render();
  });

  window.addEventListener("online", sync);
  window.setInterval(() => { if (dirty) sync(); }, 5000);
  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register(root.dataset.worker).catch(() => undefined);
  }
  render();
  if (dirty) { status(gettext("Saving…"), "saving"); sync(); }
})();
