// Keep a live table's page up to date: every phone sees a claim, a verdict or a score within a second.
//
// The page names the table's event stream (`data-events` on #table: the API's
// /api/v1/tables/<code>/events, same origin, so CSP's default-src 'self' allows
// it). On each event this file fetches the page's own URL again, as a reload
// would, and brings in the regions marked `data-live` (by id), changing in
// place only what differs: the field being typed in keeps its focus and its
// text (an <input> the player typed into keeps its own value when its value
// attribute changes), and an open <details> stays open.
//
// Why re-fetch the page rather than build it from the event's JSON: the
// templates are the only renderer, so with or without JavaScript a phone shows
// the same words, escaped by the same autoescaping, and nothing here builds
// HTML from strings (the answer is parsed by DOMParser; its scripts never run).
//
// An SSE message names its type (`event: claim`), and EventSource hands a
// named message only to listeners of that name: the page lists the types in
// `data-event-types`. Events that come in a burst (a claim and the Done! it
// triggers) cost one fetch after the one under way. EventSource reconnects by
// itself with Last-Event-ID (a refused stream: a new EventSource after a few
// seconds); after a reconnect the page is fetched once, for what a dropped
// connection may have missed. A table that is gone (404) or a
// seat taken by another phone (the page answers with a redirect to join)
// is shown by loading the page, as without this file.
"use strict";
(function () {
  const table = document.getElementById("table");
  if (!table || !table.dataset.events || !window.Wordsmith || !window.EventSource || !window.fetch || !window.DOMParser) return;

  let busy = false;
  let again = false;

  // This phone's own refusal notice (#notice, rendered with a refused action's answer) gives way to the table's
  // current state: at the next event, or after a few seconds, so it never sits above the newest claim.
  const NOTICE_MS = 6000;
  function dropNotice() {
    const notice = document.getElementById("notice");
    if (notice) notice.remove();
  }
  if (document.getElementById("notice")) setTimeout(dropNotice, NOTICE_MS);

  // The outermost live regions: one inside another moves with it.
  function regions(root) {
    return Array.from(root.querySelectorAll("[data-live][id]")).filter(function (node) {
      return !node.parentElement.closest("[data-live]");
    });
  }

  function swap(html) {
    dropNotice();
    const next = new DOMParser().parseFromString(html, "text/html");
    regions(next).forEach(function (fresh) {
      const here = document.getElementById(fresh.id);
      if (here) window.Wordsmith.morph(here, document.adoptNode(fresh), "details");  // any open <details> stays open
    });
    const seq = next.getElementById("table");
    if (seq) table.dataset.seq = seq.dataset.seq;
    document.title = next.title;
    table.dataset.source = "event";  // the browser tests tell a live swap from a reload by this
  }

  async function refresh() {
    if (busy) { again = true; return; }
    busy = true;
    try {
      const response = await fetch(window.location.href, {headers: {"Accept": "text/html"}, credentials: "same-origin"});
      const type = response.headers.get("Content-Type") || "";
      if (response.redirected || response.status === 404 || response.status === 403) {
        window.location.reload();
        return;
      }
      if (type.startsWith("text/html") && response.status < 500) swap(await response.text());
    } catch (error) {
      // the next event, or the next reconnect, tries again
    } finally {
      busy = false;
      if (again) { again = false; refresh(); }
    }
  }

  // EventSource reconnects by itself after a dropped stream, but gives up for good on an answer that
  // is not a stream (a 503 when a worker's streams are full): then a new one, a few seconds later.
  const types = (table.dataset.eventTypes || "").split(/\s+/).filter(Boolean).concat(["message"]);
  let source = null;
  let opened = false;
  function follow() {
    const url = new URL(table.dataset.events, window.location.href);
    url.searchParams.set("after", table.dataset.seq || "0");  // from the state this page shows now
    source = new EventSource(url.href);
    source.addEventListener("open", function () {
      if (opened) refresh();  // a reconnect: catch up on what the dropped connection missed
      opened = true;
      table.dataset.stream = "open";
    });
    source.addEventListener("error", function () {
      table.dataset.stream = "reconnecting";
      if (source.readyState === EventSource.CLOSED) {
        opened = true;  // whatever happened meanwhile is fetched when the next stream opens
        setTimeout(follow, 3000 + Math.random() * 7000);
      }
    });
    types.forEach(function (type) { source.addEventListener(type, refresh); });
  }
  follow();
  window.addEventListener("pagehide", function () { if (source) source.close(); });
})();
