// The display side of a live table's page (static/tables.js keeps it up to date): the "Reconnecting…" sign, this
// phone's own notices, the page's own clock that takes an Object button away when its window closes, and bringing
// in a page or the table's part (app/pages/table_live.py) region by region. A classic script, before tables.js:
// `window.WordsmithTableView(table)` makes the view of the page's #table.
//
// Times the page keeps by its own clock: an Object button, a ballot, and the words true only while a vote's window
// is open (whom it waits for, how long before counting) (`data-closes-at`, the window's end in the server's clock,
// read against #table's `data-now`) go away when the window closes, not at the next update, and what the table takes
// only once it closed (`data-opens-at`: Count the votes, which style.css hides till then, and a vote's "Voting
// closed", drawn `hidden`) comes; the server's rule stays the judge of a tap. When the game or a challenge ends (#table's `data-phase`), the big box with
// the result is brought into view, wherever the phone was scrolled.
"use strict";
window.WordsmithTableView = function (table) {
  // What this view says, from the server's table (the page's #table-said: the table_page.* sentences of
  // solver/data/sentences.toml), each plain {name} filled as static/sentences.js fills it.
  const SAID = JSON.parse((document.getElementById("table-said") || {}).textContent || "{}");
  function said(key, values) {
    return String(SAID[key]).replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, function (_, name) {
      return String(values[name]);
    });
  }

  // --- the "Reconnecting…" sign ----------------------------------------------------------------

  const sign = document.createElement("p");
  sign.id = "table-conn";
  sign.className = "table-conn";
  sign.setAttribute("role", "status");
  sign.hidden = true;
  sign.textContent = said("reconnecting");
  table.prepend(sign);

  // `behind`: the stream is down or a fetch failed; the browser saying it is offline counts too.
  function showState(behind) {
    behind = behind || navigator.onLine === false;
    sign.hidden = !behind;
    table.dataset.connection = behind ? "reconnecting" : "live";
  }

  // This phone's own refusal notice (#notice, rendered with a refused action's answer) stays until this phone acts
  // again or the table's next event, so it never sits above a newer claim. Two stay past an event: "Not sent" waits
  // for its Retry, and a notice `kept` (the join page's word on this phone's seat, the view's on a hand-over) is the
  // page's news, which the page drawn again for a later event replaces (the seat is back).
  function dropNotice() {
    const notice = document.getElementById("notice");
    const kept =
      notice && (notice.classList.contains("table-notsent") || notice.classList.contains("table-notice--kept"));
    if (notice && !kept) notice.remove();
  }
  // The table's seq when the notice came: only a page of a later event replaces it (a refresh that was already
  // on its way when this phone's own answer came is not newer than the notice).
  let noticeSeq = Number(table.dataset.seq || 0);

  // --- the page's own clock: an Object button leaves when its window closes, Count comes ---------------

  // The page's clock minus the server's, the smallest seen (the render that came quickest): a deadline in the
  // server's clock plus this is one in the page's. A late answer errs the button towards staying a moment longer.
  let skew = Infinity;
  let closeTimer = null;
  function learnSkew(root) {
    const now = Number(root.dataset.now || NaN);
    if (Number.isFinite(now)) skew = Math.min(skew, Date.now() - now);
  }
  function closeWindows() {
    if (closeTimer) {
      clearTimeout(closeTimer);
      closeTimer = null;
    }
    let next = Infinity;
    document.querySelectorAll("#table [data-closes-at], #table [data-opens-at]").forEach(function (node) {
      const opens = node.dataset.closesAt === undefined;
      // Without the server's time the page cannot tell: it reads as a page without script does (Count offered, and
      // the server judges a tap; words drawn `hidden` stay so).
      if (!Number.isFinite(skew)) {
        if (opens && !node.hidden) delete node.dataset.opensAt;
        return;
      }
      const left = Number(opens ? node.dataset.opensAt : node.dataset.closesAt) + skew - Date.now();
      if (left > 0) {
        next = Math.min(next, left);
      } else if (opens) {
        delete node.dataset.opensAt;
        node.hidden = false;
      } else {
        node.remove();
      }
    });
    if (next < Infinity) closeTimer = setTimeout(closeWindows, next + 50);
  }
  learnSkew(table);
  closeWindows();

  // An Advanced row this phone's seat has filled (`data-taken`, drawn once for every seat) cannot be chosen on this
  // phone: style.css hides it, and disabled it stays out where a browser shows hidden options (iOS Safari).
  function takenRows() {
    const viewer = (table.dataset.viewer || "").split(" ");
    document.querySelectorAll("#table option[data-taken]").forEach(function (option) {
      option.disabled = option.dataset.taken.split(" ").some(function (seat) {
        return seat && viewer.includes(seat);
      });
    });
  }
  takenRows();

  // A time the table's part gives in UTC (`time[data-clock]`: when objections close) is said in this phone's own.
  function localTimes() {
    document.querySelectorAll("#table time[data-clock]").forEach(function (node) {
      const at = new Date(node.dateTime);
      if (!Number.isNaN(at.getTime())) node.textContent = at.toLocaleTimeString();
    });
  }
  localTimes();

  // When the phase changes to a result (a challenge over, the game over), the big box comes into view; on the table
  // view (a TV nobody scrolls), the next challenge's start brings the page back to its top.
  function showResult(before) {
    const phase = table.dataset.phase || "";
    if (phase === before) return;
    if (phase === "playing" && document.body.classList.contains("page-table-view")) window.scrollTo(0, 0);
    if (phase !== "between" && phase !== "game_over") return;
    const box = document.getElementById("latest");
    if (!box) return;
    // Already wholly on the screen (a TV, sized so that nothing needs scrolling): left where it is, so the title and
    // the scores above it stay in view.
    const at = box.getBoundingClientRect();
    if (at.top >= 0 && at.bottom <= window.innerHeight) return;
    box.scrollIntoView({block: "start"});
  }

  // The outermost live regions: one inside another moves with it.
  function regions(root) {
    return Array.from(root.querySelectorAll("[data-live][id]")).filter(function (node) {
      return !node.parentElement.closest("[data-live]");
    });
  }

  // Brings in `next`: a whole page (`whole`), or the table's part from data-live-url. False when it is older than
  // what is shown (an answer overtaken by a newer one), which changes nothing.
  function swap(next, whole) {
    const fresh = next.getElementById("table");
    if (fresh && Number(fresh.dataset.seq || 0) < Number(table.dataset.seq || 0)) return false;
    if (fresh && Number(fresh.dataset.seq || 0) > noticeSeq) dropNotice();
    const kept = whole && document.querySelector("#table .table-notice--kept");
    if (kept) {
      const news = next.querySelector("#notice.table-notice--kept");
      if (news) kept.replaceWith(document.adoptNode(news));
      else kept.remove();
    }
    // A field typed for one state of the table (`data-typed-for`: a Booksmack round) is emptied once the table is
    // past it: another phone entered that round, and what was typed would be sent as the next one.
    const typed = Array.from(document.querySelectorAll("#table input[data-typed-for]"), function (input) {
      return [input, input.dataset.typedFor];
    });
    regions(next).forEach(function (region) {
      const here = document.getElementById(region.id);
      if (here) window.Wordsmith.morph(here, document.adoptNode(region), "details"); // any open <details> stays open
    });
    typed.forEach(function ([input, was]) {
      if (input.isConnected && input.dataset.typedFor !== was) input.value = "";
    });
    // The host's invite (the code and QR code) folds away once, when play starts (the page's invite, or the table's
    // part, says so); the host may open it again. The host's undo of the start brings back the table before play,
    // and the invite opens again, as the page draws it then.
    const invite = document.getElementById("invite");
    const says = whole ? next.getElementById("invite") : fresh;
    if (invite && says && says.dataset.started && !invite.dataset.started) {
      invite.open = false;
      invite.dataset.started = says.dataset.started;
    } else if (invite && says && !says.dataset.started && invite.dataset.started) {
      invite.open = true;
      delete invite.dataset.started;
    }
    if (whole) {
      if (fresh && fresh.dataset.parts !== undefined) table.dataset.parts = fresh.dataset.parts;
      // Who this phone is at the table (its seat, and whether it hosts): the host role handed to or from it changes
      // which of the table's part's controls style.css shows it (`data-for`).
      if (fresh && fresh.dataset.viewer !== undefined) table.dataset.viewer = fresh.dataset.viewer;
      document.title = next.title;
    }
    const phase = table.dataset.phase;
    if (fresh) {
      table.dataset.seq = fresh.dataset.seq;
      table.dataset.phase = fresh.dataset.phase || "";
      learnSkew(fresh);
    }
    table.dataset.source = "event"; // the browser tests tell a live swap from a reload by this
    closeWindows();
    takenRows();
    localTimes();
    showResult(phase);
    return true;
  }

  // Whether this page's own part changed, by the keys the table's part lists (`token:key ...`).
  function ownPartChanged(next) {
    const fresh = next.getElementById("table");
    const now = new Map(
      ((fresh && fresh.dataset.parts) || "")
        .split(/\s+/)
        .filter(Boolean)
        .map(function (pair) {
          const colon = pair.indexOf(":");
          return [pair.slice(0, colon), pair.slice(colon + 1)];
        }),
    );
    return (table.dataset.parts || "")
      .split(/\s+/)
      .filter(Boolean)
      .some(function (pair) {
        const colon = pair.indexOf(":");
        return now.get(pair.slice(0, colon)) !== pair.slice(colon + 1);
      });
  }

  // The page's notice (a refusal, or "Not sent") goes under the title, where the eye is.
  function showNotice(notice) {
    document.querySelectorAll("#table #notice").forEach(function (old) {
      old.remove();
    });
    if (!notice) return;
    const title = table.querySelector(".page-title");
    if (title) title.after(notice);
    else table.prepend(notice);
    notice.setAttribute("tabindex", "-1");
    notice.scrollIntoView({block: "nearest"});
    notice.focus({preventScroll: true});
  }

  // What was not sent, in the player's words: the claimed word, else the button tapped ("Object to CAST").
  function naming(body, submitter) {
    const word = body.get("action") === "claim" ? (body.get("word") || "").trim() : "";
    if (word) return {word: word.toUpperCase(), what: said("claim", {W: word.toUpperCase()})};
    const label = submitter ? submitter.textContent.replace(/\s+/g, " ").trim() : "";
    return {word: "", what: label ? said("button", {label: label}) : said("this")};
  }

  function notSent(retry, name) {
    const notice = document.createElement("section");
    notice.id = "notice";
    notice.className = "verdict verdict--invalid table-notice table-notsent";
    notice.setAttribute("role", "alert");
    const mark = document.createElement("p");
    mark.className = "verdict__mark";
    mark.textContent = said("not_sent");
    const parts = [mark];
    if (name.word) {
      const word = document.createElement("p");
      word.className = "verdict__word";
      word.textContent = name.word;
      parts.push(word);
    }
    const why = document.createElement("p");
    why.className = "verdict__message";
    why.textContent = said("not_sent_why", {what: name.what});
    const button = document.createElement("button");
    button.type = "button";
    button.className = "go";
    button.id = "notsent-retry";
    button.textContent = said("retry");
    button.addEventListener("click", retry);
    parts.push(why, button);
    notice.append.apply(notice, parts);
    return notice;
  }

  // The table's seq when this phone's own answer came: only a page of a later event replaces its notice.
  function noticeCame() {
    noticeSeq = Number(table.dataset.seq || 0);
  }

  return {showState, dropNotice, showNotice, naming, notSent, noticeCame, swap, ownPartChanged, closeWindows};
};
