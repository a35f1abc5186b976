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
  const noun = card.dataset.noun || "battles";
  const text = (id, value) => { document.getElementById(id).textContent = value; };

  function duration(seconds) {
    if (seconds < 60) return `${Math.max(1, Math.ceil(seconds))} s`;
    const minutes = Math.floor(seconds / 60);
    const rest = Math.round(seconds % 60);
    return rest ? `${minutes} min ${rest} s` : `${minutes} min`;
  }

  function eta(p) {
    if (p.status === "queued" && p.queue_position) return "";
    if (p.eta_seconds === null || p.eta_seconds === undefined) return "· measuring the pace…";
    return `· about ${duration(p.eta_seconds)} left`;
  }

  function queue(p) {
    const workers = `${p.workers_busy} of ${p.workers_live} worker${p.workers_live === 1 ? "" : "s"} busy`;
    if (p.queue_position) return `Waiting: place ${p.queue_position} in the queue · ${workers}`;
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
    text("progress-status", p.status);
    text("progress-recorded", p.playing ? `(${p.done} recorded, ${p.playing} being saved)` : "");
    text("progress-rate", p.seconds_per_battle ? `${p.seconds_per_battle.toFixed(2)} s per ${noun.replace(/s$/, "")}` : "");
    text("progress-eta", eta(p));
    text("progress-queue", queue(p));
    if (p.status === "queued" || p.status === "running") return setTimeout(poll, 1000);
    text("progress-eta", p.report_ready ? "" : "· drawing the charts…");
    waits += 1;
    if (p.report_ready || waits > 30) {
      if (active || p.report_ready) window.location.reload();
    } else setTimeout(poll, 1000);
  }
  setTimeout(poll, 500);
})();
