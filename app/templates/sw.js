// The service worker (app/offline.py serves it at /sw.js, scope: the whole site). It keeps one cache per
// version: the pages' shell (each page with an empty form), their scripts, styles and icons, and the word data
// named by the word lists' checksum. A new version (new word lists, a deploy) is a new /sw.js: it fills its own
// cache while the old one still answers, then takes over and deletes the old, so a phone never mixes versions.
//
// Online, a page comes from the server as always (and refreshes its shell in the cache); with no connection
// the cached shell answers, and static/offline.js in it gives the verdict from the word data.
"use strict";
const CONFIG = {{ config|tojson }};
const CACHE = "wordsmith-" + CONFIG.version;
const KEEP = CONFIG.shell.concat(CONFIG.static, CONFIG.extra, [CONFIG.words]);

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return cache.addAll(KEEP.map(function (url) { return new Request(url, {cache: "reload"}); }));
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) { return name.startsWith("wordsmith-") && name !== CACHE; })
      .map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

function shellOf(url) {
  return CONFIG.shell.indexOf(url.pathname) >= 0 ? url.pathname : null;
}

function needsConnection() {
  const body = JSON.stringify({type: "about:blank", title: "Needs a connection", status: 503,
    detail: {{ say("page.needs_connection", what=say("page.this"))|tojson }}});
  return new Response(body, {status: 503, headers: {"Content-Type": "application/problem+json"}});
}

// A navigation waits this long for the network before the cached page answers: a phone with one bar of signal
// (or a connection that only looks alive) would otherwise show nothing at all.
const PATIENCE_MS = 6000;

async function page(request, url) {
  const cache = await caches.open(CACHE);
  const network = fetch(request).then(function (response) {
    if (response.ok && url.search === "" && shellOf(url)) cache.put(url.pathname, response.clone());
    return response;
  });
  network.catch(function () {});  // answered from the cache meanwhile: a late failure is no one's concern
  const shell = async function () {
    return (shellOf(url) && await cache.match(url.pathname)) || await cache.match(CONFIG.shell[0]);  // the judge says: needs a connection
  };
  let timer;
  const slow = new Promise(function (resolve) { timer = setTimeout(resolve, PATIENCE_MS); });
  try {
    const first = await Promise.race([network, slow]);
    if (first) return first;
    return (await shell()) || await network;  // too slow: the kept page, if there is one
  } catch (error) {
    const kept = await shell();
    if (kept) return kept;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

// What a version keeps (its scripts, style, icons, word data and the data's description) answers from its own
// cache: the page and the data it describes are always of one version.
async function kept(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  return hit || fetch(request);
}

self.addEventListener("fetch", function (event) {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if ((request.headers.get("Accept") || "").includes("text/event-stream")) return;  // a live table's stream: left to the browser
  if (request.mode === "navigate") event.respondWith(page(request, url));
  else if (url.pathname === CONFIG.words || CONFIG.static.concat(CONFIG.extra).indexOf(url.pathname) >= 0) event.respondWith(kept(request));
  else if (url.pathname.startsWith("/api/")) event.respondWith(fetch(request).catch(needsConnection));
});
