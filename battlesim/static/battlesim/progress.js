// Poll the job's progress every second until it ends, then reload to show the statistics.
// The words come from the server's figures: battles recorded and playing, the place in the
// queue, the workers busy, and an ETA from this job's own measured time per battle.
(function () {
  "use strict";
  const card = document.getElementById("progress");
  if (!card) return;
  const active = ["queued", "running"].includes(card.dataset.status);
  if (!active && card.dataset.ready !== "false") return; // ended, figures drawn
  let waits = 0; // polls after the end, waiting for the worker to draw the figures
  const bar = card.querySelector(".progress-bar span");
  const noun = card.dataset.noun || gettext("battles");
  const fmt = (text, values) => interpolate(text, values, true);
  const STATUS = { queued: gettext("Queued"), running: gettext("Running"), done: gettext("Done"), failed: gettext("Failed"), cancelled: gettext("Cancelled") };
  const text = (id, value) => { document.getElementById(id).textContent = value; };

  function duration(seconds) {
    if (seconds < 60) return fmt(gettext("%(seconds)s s"), { seconds: Math.max(1, Math.ceil(seconds)) });
    const minutes = Math.floor(seconds / 60);
    const rest = Math.round(seconds % 60);
    return rest ? fmt(gettext("%(minutes)s min %(seconds)s s"), { minutes, seconds: rest }) : fmt(gettext("%(minutes)s min"), { minutes });
  }

  function eta(p) {
    if (p.status === "queued" && p.queue_position) return "";
    if (p.eta_seconds === null || p.eta_seconds === undefined) return `· ${gettext("measuring the pace…")}`;
    return `· ${fmt(gettext("about %(time)s left"), { time: duration(p.eta_seconds) })}`;
  }

  function queue(p) {
    const workers = fmt(ngettext("%(busy)s of %(live)s worker busy", "%(busy)s of %(live)s workers busy", p.workers_live), { busy: p.workers_busy, live: p.workers_live });
    if (p.queue_position) return `${fmt(gettext("Waiting: place %(place)s in the queue"), { place: p.queue_position })} · ${workers}`;
    return workers;
  }

  async function poll() {
    const response = await fetch(card.dataset.url, { credentials: "same-origin" });
    if (!response.ok) return setTimeout(poll, 3000);
    const p = await response.json();
    const shown = Math.min(p.total, p.done + p.playing);
    bar.style.width = `${p.percent}%`;
    card.querySelector(".progress-bar").setAttribute("aria-valuenow", p.percent);
    text("progress-done", shown);
    text("progress-percent", p.percent);
    text("progress-status", STATUS[p.status] || p.status);
    text("progress-recorded", p.playing ? `(${fmt(gettext("%(done)s recorded, %(playing)s being saved"), { done: p.done, playing: p.playing })})` : "");
    text("progress-rate", p.seconds_per_battle ? fmt(gettext("%(seconds)s s per %(noun)s"), { seconds: p.seconds_per_battle.toLocaleString(document.documentElement.lang || undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 }), noun: card.dataset.nounSingular || noun }) : "");
    text("progress-eta", eta(p));
    text("progress-queue", queue(p));
    if (p.status === "queued" || p.status === "running") return setTimeout(poll, 1000);
    text("progress-eta", p.report_ready ? "" : `· ${gettext("drawing the charts…")}`);
    waits += 1;
    if (p.report_ready || waits > 30) {
      if (active || p.report_ready) window.location.reload();
    } else setTimeout(poll, 1000);
  }
  setTimeout(poll, 500);
})();
