// Poll the job's progress every second until it ends, then reload to show the statistics.
(function () {
  "use strict";
  const card = document.getElementById("progress");
  if (!card || !["queued", "running"].includes(card.dataset.status)) return;
  const bar = card.querySelector(".progress-bar span");
  const text = (id, value) => { document.getElementById(id).textContent = value; };

  function formatEta(seconds) {
    if (seconds === null || seconds === undefined) return "";
    if (seconds < 60) return `· about ${Math.ceil(seconds)} s left`;
    return `· about ${Math.ceil(seconds / 60)} min left`;
  }

  async function poll() {
    const response = await fetch(card.dataset.url, { credentials: "same-origin" });
    if (!response.ok) return setTimeout(poll, 3000);
    const p = await response.json();
    bar.style.width = `${p.percent}%`;
    card.querySelector(".progress-bar").setAttribute("aria-valuenow", p.percent);
    text("progress-done", p.done);
    text("progress-percent", p.percent);
    text("progress-status", p.status);
    text("progress-rate", p.rate_per_second ? `${p.rate_per_second.toFixed(1)} battles/s` : "");
    text("progress-eta", formatEta(p.eta_seconds));
    if (p.status === "queued" || p.status === "running") setTimeout(poll, 1000);
    else window.location.reload();
  }
  setTimeout(poll, 500);
})();
