// Keeps the game sheets and their files for play without signal: network first, then the
// copy kept here. The API is never cached (the sheet's own script keeps its data).
const CACHE = "sbg-game-day-v1";
const FILES = {{ files|safe }};
self.addEventListener("install", (e) => e.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES))));
self.addEventListener("fetch", (e) => {
  const url = new URL(e.request.url);
  if (e.request.method !== "GET" || url.pathname.startsWith("/api/")) return;
  e.respondWith(fetch(e.request).then((answer) => {
    const copy = answer.clone();
    caches.open(CACHE).then((c) => c.put(e.request, copy));
    return answer;
  }).catch(() => caches.match(e.request)));
});
