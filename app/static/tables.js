// Keep a live table's page up to date: every phone sees a claim, a verdict or a score within a second.
//
// The page names the table's event stream (`data-events` on #table: /tables/<code>/events, same origin, so CSP's
// default-src 'self' allows it). A page in two parts (`data-live-url`, app/pages/table_live.py) gets, after each run
// of events, the table's part on its stream (a `part` message: the regions every phone reads alike,
// `data-live="table"`, rendered once per event for every phone), and brings it in; the part lists every phone's
// part key, and only when this page's own key (`data-parts`) changed is the page's own URL fetched again, as a
// reload would, for its own regions (`data-live`). On a Secret Wordsmith table, and for what came while this
// phone's own form was on its way, the part is fetched from `data-live-url`; after a reconnect or a failed fetch,
// the whole page.
// Any other page (the score sheet, the join page) fetches its URL again on each event. Either way the regions are
// brought in by id, changing in place only what differs: the field being typed in keeps its focus and its text (an
// <input> the player typed into keeps its own value when its value attribute changes), and an open <details> stays
// open.
//
// Why fetch rendered HTML rather than build it from the event's JSON: the templates are the only renderer, so with
// or without JavaScript a phone shows the same words, escaped by the same autoescaping, and nothing here builds
// HTML from strings (the answer is parsed by DOMParser; its scripts never run).
//
// The stream's messages and its resumption are the contract of docs/api.md, "Event streams" (its one statement).
// An SSE message names its type (`event: claim`), and EventSource hands a
// named message only to listeners of that name: the page lists the types in
// `data-event-types`. Events that come in a burst (a claim and the Done! it
// triggers) cost one fetch after the one under way. EventSource reconnects by
// itself with Last-Event-ID (a refused stream: a new EventSource after a few
// seconds); after a reconnect the page is fetched once, for what a dropped
// connection may have missed. A table that is gone (404) or a
// seat taken by another phone (the page answers with a redirect to join)
// is shown by loading the page, as without this file.
//
// A phone that may have missed something knows it: while the stream is down or a
// refresh failed, a "Reconnecting…" sign shows at the top; a failed refresh is
// tried again (1 s, 2 s, 4 s ... at most 15 s apart), and the page is fetched
// again when the browser comes back `online` and when the tab is shown again.
//
// The table's forms are sent with fetch, not by loading a new page: the answer
// (the page after the action, or its refusal, at once: no redirect; the table's part alone when the action left
// this page's own part keys as they were) is swapped in where the player is,
// and the claim field keeps its focus. A form that could not be sent (no
// connection) says so, "Not sent", naming the word, with a Retry button that sends the very same
// fields again (its request id too: the table applies a repeat once); it is sent again by itself
// as soon as the page reaches the table again, and the notice gives way to its answer. A form
// that leads to another page (deleting the table) loads it; the join page's forms load pages as without it.
//
// What the page shows and how (the sign, the notices, the page's own clock, bringing regions in) is
// static/table_view.js's.
"use strict";
(function () {
  const table = document.getElementById("table");
  if (
    !table ||
    !table.dataset.events ||
    !window.Wordsmith ||
    !window.WordsmithTableView ||
    !window.EventSource ||
    !window.fetch ||
    !window.DOMParser
  )
    return;

  // What every request of this script says: a table page is then answered without the site's layout (only the
  // title and #table, which is all that is brought in), and a form's answer is the page after the action itself,
  // not a 303 to load (app/pages/tables.py, FRAGMENT_HEADER).
  const ASKED = {Accept: "text/html", "Table-Page": "fragment"};

  let busy = false;
  let again = false;
  // Forms on their way, and the newest event heard meanwhile (`heard`): looked at once the answers are in.
  let sending = 0;
  let heardWhileSending = 0;
  let failures = 0;
  let retryTimer = null;
  let streamDown = false;
  const view = window.WordsmithTableView(table); // the sign, the notices, the page's clock, the swap (table_view.js)
  function showState() {
    view.showState(streamDown || failures > 0);
  }

  // Once this page loads another (an action's answer is another page, or the table answers with a redirect), it
  // does nothing more: a later event's reload would cancel the load under way and land on the wrong page.
  let leaving = false;
  function leave(url) {
    if (leaving) return;
    leaving = true;
    if (source) source.close();
    if (url) window.location.assign(url);
    else window.location.reload();
  }

  function scheduleRetry() {
    if (retryTimer || leaving) return;
    const wait = Math.min(15000, 1000 * Math.pow(2, Math.max(0, failures - 1)));
    retryTimer = setTimeout(function () {
      retryTimer = null;
      refresh(true);
    }, wait);
  }

  // Fetches `url` as HTML: the parsed document, or null when the page must be loaded instead (a table that is gone,
  // a seat taken by another phone: the page answers with a redirect to join).
  async function fetchPage(url) {
    const response = await fetch(url, {headers: ASKED, credentials: "same-origin"});
    const type = response.headers.get("Content-Type") || "";
    if (leaving) return null;
    if (response.redirected || response.status === 404 || response.status === 403) {
      leave(null);
      return null;
    }
    if (!type.startsWith("text/html") || response.status >= 500) throw new Error("status " + response.status);
    return new DOMParser().parseFromString(await response.text(), "text/html");
  }

  // The seq of the page whose own regions this phone shows, and of the newest table's part that said they changed:
  // a part saying so while the page is being fetched asks for one more fetch only if the page that came is older
  // than that part (in a burst, the one fetch under way most often already shows it).
  let pageSeq = Number(table.dataset.seq || 0);
  let ownWanted = 0;
  let ownAgain = false;
  function seqOf(doc) {
    const fresh = doc.getElementById("table");
    return fresh ? Number(fresh.dataset.seq || 0) : 0;
  }
  // Brings in a whole page (its own regions too): false when it is older than what is shown.
  function swapPage(next) {
    const swapped = view.swap(next, true);
    if (swapped) pageSeq = Math.max(pageSeq, seqOf(next));
    return swapped;
  }
  function ownBehind(seq) {
    ownWanted = Math.max(ownWanted, seq);
    if (busy) ownAgain = true;
    else refresh(true);
  }
  // Brings in the table's part as it came (on the stream, or as this page's own action's answer: `answered`, whose
  // own regions are as true at its seq as the page the action was sent from), and the page when its own part changed.
  function takePart(part, answered) {
    if (!view.swap(part, false)) return;
    if (answered) pageSeq = Math.max(pageSeq, seqOf(part));
    if (view.ownPartChanged(part)) ownBehind(seqOf(part));
  }

  // Brings the page up to date: the table's part, then this page only if its own part changed (`whole`: the page
  // at once, after a dropped connection or a failed try, which may have missed anything).
  let wholeAgain = false;
  async function refresh(whole) {
    if (leaving) return;
    if (busy) {
      again = true;
      wholeAgain = wholeAgain || Boolean(whole);
      return;
    }
    busy = true;
    try {
      let page = whole || !table.dataset.liveUrl;
      if (!page) {
        const url = new URL(table.dataset.liveUrl, window.location.href);
        if (newestHeard) url.searchParams.set("seq", String(newestHeard)); // a render showing it will do
        const part = await fetchPage(url.href);
        if (!part) return;
        page = view.swap(part, false) && view.ownPartChanged(part);
      }
      if (page) {
        const next = await fetchPage(window.location.href);
        if (!next) return;
        swapPage(next);
      }
      failures = 0;
      if (pending) resend(); // the table is reachable again: the form that was not sent goes now
    } catch (error) {
      failures += 1; // no connection, or a server that did not answer: try again soon
      scheduleRetry();
    } finally {
      busy = false;
      showState();
      if (again) {
        const next = wholeAgain;
        again = false;
        wholeAgain = false;
        refresh(next);
      } else if (ownAgain) {
        ownAgain = false;
        if (pageSeq < ownWanted) refresh(true);
      }
    }
  }

  // --- the event stream ----------------------------------------------------------------------------

  // EventSource reconnects by itself after a dropped stream, but gives up for good on an answer that
  // is not a stream (a 503 when a worker's streams are full): then a new one, a few seconds later.
  const types = (table.dataset.eventTypes || "").split(/\s+/).filter(Boolean).concat(["message"]);
  let source = null;
  let opened = false;
  let heldWhole = false; // a holder's event heard and not yet fetched for
  let newestHeard = 0; // the newest event the stream brought
  const parts = Boolean(table.dataset.liveUrl); // its stream brings the table's part after each run of events
  let followTimer = null;
  function follow() {
    followTimer = null;
    const url = new URL(table.dataset.events, window.location.href);
    url.searchParams.set("after", table.dataset.seq || "0"); // from the state this page shows now
    source = new EventSource(url.href);
    source.addEventListener("open", function () {
      if (opened) refresh(true); // a reconnect: catch up on what the dropped connection missed
      opened = true;
      streamDown = false;
      table.dataset.stream = "open";
      showState();
    });
    source.addEventListener("error", function () {
      table.dataset.stream = "reconnecting";
      streamDown = true;
      showState();
      if (source.readyState === EventSource.CLOSED && !leaving) {
        opened = true; // whatever happened meanwhile is fetched when the next stream opens
        followTimer = setTimeout(follow, 3000 + Math.random() * 7000);
      }
    });
    // An event this page already shows (its own action's, swapped in from the answer) asks for nothing. One
    // heard while this phone's own form is on its way waits for the answer, which most often shows it already
    // (the page after the action): a fetch then only if the answer's page is older than the event.
    // An event that changes who acts for a seat (`data-holder-types`) asks for the whole page: this phone's seat
    // may be another phone's now, or its host controls come or go.
    const holders = new Set((table.dataset.holderTypes || "").split(/\s+/).filter(Boolean));
    function heard(event) {
      const seq = event.lastEventId ? Number(event.lastEventId) : Infinity;
      if (seq <= Number(table.dataset.seq || 0)) return;
      if (Number.isFinite(seq)) newestHeard = Math.max(newestHeard, seq);
      if (holders.has(event.type)) heldWhole = true;
      if (sending) {
        heardWhileSending = Math.max(heardWhileSending, seq);
        return;
      }
      if (parts) return; // the table's part follows the run of events
      const whole = heldWhole;
      heldWhole = false;
      refresh(whole);
    }
    types.forEach(function (type) {
      source.addEventListener(type, heard);
    });
    // The table's part, after a run of events (a page in two parts: its stream asks `parts=1`): brought in as it
    // comes, and this page fetched only when its own part changed; "fetch" (a Secret Wordsmith table, whose part
    // is each seat's): fetched from data-live-url. While this phone's own form is on its way, its answer comes
    // first (send()).
    source.addEventListener("part", function (event) {
      if (sending) return;
      const whole = heldWhole;
      heldWhole = false;
      if (whole || event.data === "fetch") {
        refresh(whole);
        return;
      }
      const part = new DOMParser().parseFromString(event.data, "text/html");
      takePart(part, false);
    });
  }
  follow();

  // Back online, or shown again after the phone slept: fetch what may have been missed, and a stream
  // that gave up starts again at once.
  function catchUp() {
    if (leaving) return;
    refresh(true);
    if (source && source.readyState === EventSource.CLOSED) {
      if (followTimer) clearTimeout(followTimer);
      follow();
    }
  }
  window.addEventListener("online", catchUp);
  window.addEventListener("offline", showState); // the browser knows first: say so before a request fails
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") catchUp();
  });
  window.addEventListener("pagehide", function () {
    if (source) source.close();
  });

  // --- the forms ---------------------------------------------------------------------------------

  // Every render draws fresh request ids ("<render id>-<form>"); the ones on forms outside the live
  // regions are brought up to date after an action, so the next tap is a new request, not a repeat.
  function renewRequestIds() {
    const fresh = Array.from(crypto.getRandomValues(new Uint8Array(12)), function (b) {
      return b.toString(16).padStart(2, "0");
    }).join("");
    document.querySelectorAll("#table form input[name=request_id]").forEach(function (input) {
      const form = input.value.slice(input.value.lastIndexOf("-") + 1);
      input.value = fresh + "-" + form;
    });
  }

  // The one form that could not be sent, kept to send again (the same fields and request id) when the table is
  // reached again: a newer tap that was not sent either takes its place.
  let pending = null;
  function resend() {
    if (!pending || pending.sending) return;
    pending.sending = true;
    send(pending.form, pending.body, pending.action, null, pending.name); // the player may be elsewhere: no focus taken
  }

  // Counts the answers to forms sent (the browser tests wait for the next one instead of a page load).
  function answered() {
    table.dataset.sent = String(Number(table.dataset.sent || 0) + 1);
  }

  async function send(form, body, action, focus, name) {
    sending += 1;
    try {
      await sendNow(form, body, action, focus, name);
    } finally {
      sending -= 1;
      if (!sending && heardWhileSending) {
        const newest = heardWhileSending;
        heardWhileSending = 0;
        const whole = heldWhole;
        heldWhole = false;
        if (newest > Number(table.dataset.seq || 0)) refresh(whole);
      }
    }
  }

  async function sendNow(form, body, action, focus, name) {
    let response;
    // A page in two parts says which own part keys it shows: an action that leaves them as they were is answered
    // with the table's part after it, not the whole page (app/pages/tables.py, PARTS_HEADER).
    const headers = table.dataset.liveUrl ? Object.assign({"Table-Parts": table.dataset.parts || ""}, ASKED) : ASKED;
    try {
      response = await fetch(action, {
        method: "POST",
        body: body,
        credentials: "same-origin",
        headers: headers,
      });
    } catch (error) {
      pending = {form: form, body: body, action: action, name: name};
      view.showNotice(view.notSent(resend, name));
      failures = Math.max(failures, 1);
      showState();
      scheduleRetry();
      answered();
      return;
    }
    if (pending && pending.body === body) pending = null; // sent: its answer takes the notice's place below
    const here = new URL(window.location.href);
    const there = new URL(response.url);
    const type = response.headers.get("Content-Type") || "";
    if (there.pathname !== here.pathname || !type.startsWith("text/html") || response.status >= 500) {
      leave(response.redirected ? response.url : window.location.href); // another page: load it
      return;
    }
    const next = new DOMParser().parseFromString(await response.text(), "text/html");
    const fresh = next.getElementById("table");
    if (fresh && !fresh.hasAttribute("data-events")) takePart(next, true);
    else swapPage(next);
    renewRequestIds();
    if (response.redirected && there.search !== here.search)
      history.replaceState(null, "", there.pathname + there.search + window.location.hash);
    const notice = next.getElementById("notice");
    view.noticeCame();
    view.showNotice(notice ? document.adoptNode(notice) : null);
    if (response.ok && form.isConnected) {
      // done: the field is free for the next (unless typed in since: a resend)
      // (its fields, wherever they are drawn: the claim field is the table's part, owned by `form=`)
      Array.from(form.elements).forEach(function (input) {
        if (input.type === "text" && input.value === (body.get(input.name) || "")) input.value = "";
      });
    }
    failures = 0;
    showState();
    if (focus && focus.isConnected) focus.focus({preventScroll: Boolean(notice)});
    answered();
  }

  table.addEventListener("submit", function (event) {
    const form = event.target;
    // Read as attributes: a field named "action" (every table form has one) shadows form.action.
    if (!(form instanceof HTMLFormElement) || (form.getAttribute("method") || "").toLowerCase() !== "post") return;
    if (document.body.classList.contains("page-table-join")) return; // joining leads to the seat's page: load it
    event.preventDefault();
    const submitter = event.submitter || null;
    const body = new FormData(form);
    if (submitter && submitter.name) body.append(submitter.name, submitter.value);
    const target =
      submitter && submitter.hasAttribute("formaction")
        ? submitter.getAttribute("formaction")
        : form.getAttribute("action");
    const action = new URL(target || window.location.href, window.location.href).href;
    const active = document.activeElement;
    // The field typed in keeps the focus (the claim field, after a claim); a tapped button gives it back to the page.
    const focus = active && active.form === form && active.matches("input[type=text]") ? active : null;
    const fields = new URLSearchParams(body);
    send(form, fields, action, focus, view.naming(fields, submitter));
  });
})();
