"""bench/tables.py's report: latencies matched from what the clients kept, and the rows printed per database.

Every figure is computed after the run from raw timestamps on one clock
(CLOCK_MONOTONIC, shared by the client processes): a claim's send time against
the time each stream received its event (API mode) or each screen's page that
shows it was answered (pages mode).
"""

from __future__ import annotations

import json
import math
from bisect import bisect_left
from collections import Counter

from tables_api import Sent
from tables_pages import TAKEN
from tables_plan import SEATS

WINDOW_SECONDS = 10.0  # the report's tail by window of the claims phase (by_window)


def percentile(values, q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def deliveries(claims: list[Sent], got: list, seats: int) -> tuple[list[float], list[float], int]:
    """Match each accepted claim to the first event carrying its word on each of its table's streams, after it was sent.

    Returns the latency of every delivery (ms), of the last of each claim's deliveries, and how many are missing.
    """
    arrivals: dict[tuple[int, int, str], list[float]] = {}
    for when, table, seat, data in got:
        try:
            event = json.loads(data)
        except ValueError:
            continue
        word = (event.get("data") or {}).get("word") if isinstance(event, dict) else None
        if isinstance(word, str):
            arrivals.setdefault((table, seat, word), []).append(when)
    for times in arrivals.values():
        times.sort()
    every, last, missing = [], [], 0
    for claim in claims:
        if claim.status != 201:
            continue
        latest = None
        for seat in range(1, seats + 1):
            times = arrivals.get((claim.table, seat, claim.word), [])
            i = bisect_left(times, claim.sent)
            if i == len(times):
                missing += 1
                continue
            latency = 1000 * (times[i] - claim.sent)
            every.append(latency)
            latest = max(latency, latest or 0.0)
        if latest is not None:
            last.append(latest)
            claim.delivered = latest
    return every, last, missing


def by_window(claims: list[Sent], seconds: float = WINDOW_SECONDS) -> str:
    """The last phone's p99 in each `seconds` of the claims phase (by when the claim was sent): a tail that grows
    with the run (state that grows) reads differently from one that comes and goes (the machine)."""
    delivered = [c for c in claims if c.delivered is not None]
    if not delivered:
        return "-"
    began = min(c.sent for c in delivered)
    windows: dict[int, list[float]] = {}
    for claim in delivered:
        windows.setdefault(int((claim.sent - began) // seconds), []).append(claim.delivered)
    return " / ".join(f"{percentile(windows.get(k, []), 0.99):.0f}" for k in range(max(windows) + 1))


def baseline_rows(figures: dict, accepted: int, server_claims_cpu: float) -> dict[str, str]:
    """The baseline's rows: the same claims with no stream open, and the server's CPU per claim against it."""
    if "baseline" not in figures:
        return {}
    claims, elapsed, cpu, alone = figures["baseline"]
    ok = [c for c in claims if c.status == 201]
    answer_ms = [1000 * (c.answered - c.sent) for c in ok]
    per_claim = cpu / max(1, len(ok))
    return {
        "baseline, no stream open: claims/s; answered p50 / p99 ms": (
            f"{len(ok) / elapsed:.0f} ({len(claims) - len(ok)} refused or failed); "
            f"{percentile(answer_ms, 0.5):.0f} / {percentile(answer_ms, 0.99):.0f}"
        ),
        "baseline, no stream open: health p50 / p99 ms": (
            f"{percentile(alone['latencies'], 0.5):.1f} / {percentile(alone['latencies'], 0.99):.1f}"
        ),
        "server CPU per claim, streams open / none (ms)": (
            f"{1000 * server_claims_cpu / max(1, accepted):.1f} / {1000 * per_claim:.1f}"
            f" ({server_claims_cpu / max(1, accepted) / per_claim:.1f}x)"
            if per_claim
            else "—"
        ),
    }


def p50_99(values, digits: int = 0) -> str:
    return f"{percentile(values, 0.5):.{digits}f} / {percentile(values, 0.99):.{digits}f}"


def probe_rows(figures: dict) -> dict[str, str]:
    """The responsiveness probes' rows, the same in both modes."""
    busy, (idle, _) = figures["busy"], figures["idle"]
    return {
        "health p50 / p99 ms, streams open, claims running (goal p99 <= 50)": (
            p50_99(busy["latencies"], 1) + (f" ({busy['errors']} failed)" if busy["errors"] else "")
        ),
        "GET /api/v1/tables/{code} p50 / p99 ms, claims running (goal p99 <= 100)": p50_99(busy["table"], 1),
        "health p50 / p99 ms, streams open, idle": (
            p50_99(idle["latencies"], 1) + (f" ({idle['errors']} failed)" if idle["errors"] else "")
        ),
    }


def server_rows(figures: dict, accepted: int, elapsed: float, cpu: float) -> dict[str, str]:
    """The server's rows, the same in both modes: its threads, its CPU idle and per claim, PostgreSQL's."""
    database = figures["database cpu"]
    return {
        "threads per worker; streams a worker's hub may hold": f"{figures['threads']}; {figures['stream cap']}",
        "worker threads with the streams open": " + ".join(map(str, figures["worker threads"])),
        "setup: tables, seats, first challenges": f"{figures['setup'][0]:.1f} s",
        "server CPU, streams open and idle (cores)": f"{figures['idle'][1]:.2f}",
        "server CPU during the claims (cores; ms per claim)": f"{cpu / elapsed:.2f}; {1000 * cpu / max(1, accepted):.1f}",
        "PostgreSQL's CPU during the claims (cores; ms per claim)": (
            f"{database / elapsed:.2f}; {1000 * database / max(1, accepted):.1f}" if database is not None else "—"
        ),
    }


def others_row(others: Counter) -> dict[str, str]:
    text = ", ".join(f"{k} {v}" for k, v in sorted(others.items())) or "none"
    return {"other actions; turns skipped (every table had an action in flight)": text}


def summarize(figures: dict, args) -> tuple[dict[str, str], dict[str, str]]:
    """The API mode's rows for one database, and its line of the comparison between modes."""
    claims, others, elapsed, server_claims_cpu, client_cpu = figures["claims"]
    got, stream_stats, listener_cpu = figures["events"]
    accepted = [c for c in claims if c.status == 201]
    statuses = Counter(c.status for c in claims)
    refusals = Counter(
        ",".join(o.get("code", "?") for o in c.answer.get("objections", [])) or c.answer.get("title", "?")
        for c in claims
        if c.status != 201 and isinstance(c.answer, dict)
    )
    every, last, missing = deliveries(claims, got, len(SEATS))
    answer_ms = [1000 * (c.answered - c.sent) for c in accepted]
    lag_ms = [1000 * (c.sent - c.due) for c in claims if c.sent]
    opened, streams, took, open_stats, _ = figures["streams"]
    busy = figures["busy"]
    rows = {
        "claims/s sustained (accepted; goal >= 200)": f"{len(accepted) / elapsed:.0f} (offered {args.rate:g})",
        **baseline_rows(figures, len(accepted), server_claims_cpu),
        "claims sent / accepted / refused or failed": (
            f"{len(claims)} / {len(accepted)} / {len(claims) - len(accepted)}"
            + (f" ({dict(statuses)}; {dict(refusals.most_common(3))})" if len(claims) > len(accepted) else "")
        ),
        "claim answered p50 / p99 ms": p50_99(answer_ms),
        "claim to each phone p50 / p99 ms (goal p99 <= 250)": p50_99(every),
        "claim to the last of 4 phones p50 / p99 ms": p50_99(last),
        f"the same p99 ms, each {WINDOW_SECONDS:g} s of the run": by_window(accepted),
        "deliveries missing": f"{missing} of {len(SEATS) * len(accepted)}",
        **probe_rows(figures),
        "streams open / wanted (s to open them)": f"{opened} / {streams} ({took:.1f} s)",
        "streams refused, dropped, resumed": ", ".join(f"{k} {v}" for k, v in sorted(stream_stats.items())) or "none",
        **others_row(others),
        **server_rows(figures, len(accepted), elapsed, server_claims_cpu),
        "client CPU during the claims (cores: claims, streams, health)": (
            f"{client_cpu / elapsed:.2f}, {listener_cpu / elapsed:.2f}, {busy['cpu'] / elapsed:.2f}"
        ),
        "client lag behind the schedule p50 / p99 ms": p50_99(lag_ms, 1),
        "load average (1 min) before / after": f"{figures['load before'][0]:.2f} / {figures['load after'][0]:.2f}",
    }
    common = {
        "claims/s accepted": f"{len(accepted) / elapsed:.0f}",
        "server CPU per claim, every render included (ms)": f"{1000 * server_claims_cpu / max(1, len(accepted)):.1f}",
        "pages asked for per claim (pages: own answer, table's part, page)": "0 (no page)",
        "claim -> each other screen p50 / p99 ms (api: its event on each phone's stream)": p50_99(every),
        "claimant's own answer p50 / p99 ms (pages: the claim posted, the page after it; api: the JSON answer)": p50_99(
            answer_ms
        ),
        "health p99 ms, claims running": f"{percentile(busy['latencies'], 0.99):.1f}",
        "deliveries missing": f"{missing} of {len(SEATS) * len(accepted)}",
    }
    return rows, common


# --- the pages mode ------------------------------------------------------------------------------------


def screen_updates(claims: list, screens: list[dict]) -> dict:
    """Match each claim the table took to the first page of each other screen of its table that shows it.

    A claim's seq is that of the first `claim` event carrying its word that any stream of its table brought
    after the claim was sent (a claim seen on no stream: the seq its own page showed, an upper bound). A screen
    shows it from the first of its pages answered with that seq or a later one: what tables.js's swap() keeps,
    since a page older than the one shown changes nothing. Returns the latencies (ms) from the tap of every
    update, of the last of each claim's, and of its event on each other screen's stream; the updates missing,
    and the claims seen on no stream.
    """
    heard: dict[tuple[int, str], list[tuple[float, int]]] = {}
    arrived: dict[tuple[int, int, int], float] = {}  # (table, seat, seq): when that screen's stream brought it
    pages: dict[tuple[int, int], tuple[list[float], list[int]]] = {}
    for screen in screens:
        table, seat = screen["table"], screen["seat"]
        for received, seq, word in screen["heard"]:
            if word is not None:
                heard.setdefault((table, word), []).append((received, seq))
            arrived.setdefault((table, seat, seq), received)
        shown, times, seqs = -1, [], []
        for _, _, answered, status, seq in sorted(screen["fetches"], key=lambda fetch: fetch[2]):
            if status == 200 and seq > shown:
                shown = seq
                times.append(answered)
                seqs.append(seq)
        pages[(table, seat)] = (times, seqs)
    every, last, events, missing, unseen = [], [], [], 0, 0
    for claim in claims:
        if claim.status != TAKEN:
            continue
        after = [seq for received, seq in heard.get((claim.table, claim.word), ()) if received >= claim.sent]
        seq = min(after) if after else claim.seq
        unseen += not after
        latest = None
        for seat in range(len(SEATS) + 1):  # the TV (0) and the phones
            if seat == claim.seat:
                continue
            if (claim.table, seat, seq) in arrived:
                events.append(1000 * (arrived[(claim.table, seat, seq)] - claim.sent))
            times, seqs = pages.get((claim.table, seat), ([], []))
            i = bisect_left(seqs, seq) if seq >= 0 else len(seqs)
            if i == len(seqs):
                missing += 1
                continue
            every.append(1000 * (times[i] - claim.sent))
            latest = max(every[-1], latest or 0.0)
        if latest is not None:
            last.append(latest)
            claim.delivered = latest
    return {"every": every, "last": last, "events": events, "missing": missing, "unseen": unseen}


def renders(screens: list[dict], began: float, ended: float) -> Counter:
    """The pages asked for from `began` to `ended`, by why: own (a claim's answer), host (a start's), live (the table's part,
    fetched), page (the page, when the part its stream brought changed its own), event (the page or the part, on
    an event), reconnect (a stream reopened), retry (a fetch that failed, tried again). The parts a stream brought
    are no GET."""
    return Counter(
        kind for screen in screens for kind, sent, *_ in screen["fetches"] if began <= sent <= ended and kind != "part"
    )


# A screen's fetches on an event: the table's part from the live URL, the page of a screen not in two parts, and the
# page of one whose own part changed (tables_pages.py's kinds; not the stream's parts nor its own forms' answers).
EVENT_FETCHES = ("live", "event", "page")


def event_fetch_ms(screens: list[dict], began: float, ended: float) -> list[float]:
    """How long each fetch on an event sent between `began` and `ended` took to be answered (ms), answered 200."""
    return [
        1000 * (answered - sent)
        for screen in screens
        for kind, sent, answered, status, _ in screen["fetches"]
        if kind in EVENT_FETCHES and status == 200 and began <= sent <= ended
    ]


# A screen's own forms' answers (a claim, a start): counted apart, with their refusals (a table whose game is over
# refuses the next start), not as fetches.
FORM_ANSWERS = ("own", "host")


def failed_fetches(screens: list[dict], began: float, ended: float) -> int:
    """The pages and parts fetched from `began` to `ended` that were not answered 200 (not a form's answer)."""
    return sum(
        1
        for screen in screens
        for kind, sent, _, status, _ in screen["fetches"]
        if kind not in FORM_ANSWERS and status != 200 and began <= sent <= ended
    )


def summarize_pages(figures: dict, args) -> tuple[dict[str, str], dict[str, str]]:
    """The pages mode's rows for one database, and its line of the comparison between modes."""
    claimed, server_cpu = figures["claims"]
    claims, screens = claimed["claims"], figures["screens"]
    elapsed = claimed["ended"] - claimed["began"]
    accepted = [c for c in claims if c.status == TAKEN]
    statuses = Counter(c.status or c.error[:60] or "no answer by the end" for c in claims)
    updates = screen_updates(claims, screens)
    own_ms = [1000 * (c.answered - c.sent) for c in accepted]
    lag_ms = [1000 * (c.sent - c.due) for c in claims if c.sent]
    connect_ms = [1000 * c.connecting for c in claims if c.connecting]
    kinds = renders(screens, claimed["began"], claimed["settled"])
    fetch_ms = event_fetch_ms(screens, claimed["began"], claimed["settled"])
    failed = failed_fetches(screens, claimed["began"], claimed["settled"])
    opened, wanted, took, open_stats, _ = figures["streams"]
    per_claim = sum(kinds.values()) / max(1, len(accepted))
    others_screens = len(SEATS) * len(accepted)
    rows = {
        "claims/s sustained (accepted; goal >= 200)": f"{len(accepted) / elapsed:.0f} (offered {args.rate:g})",
        **pages_baseline_rows(figures, len(accepted), server_cpu),
        "claims sent / accepted / refused or failed": (
            f"{len(claims)} / {len(accepted)} / {len(claims) - len(accepted)}"
            + (f" ({dict(statuses)})" if len(claims) > len(accepted) else "")
        ),
        "claim tap -> each other screen updated p50 / p99 ms (goal p99 <= 250)": p50_99(updates["every"]),
        "claim tap -> the last of the 4 other screens p50 / p99 ms": p50_99(updates["last"]),
        f"the same p99 ms, each {WINDOW_SECONDS:g} s of the run": by_window(accepted),
        "claim tap -> its event on each other screen's stream p50 / p99 ms": p50_99(updates["events"]),
        "claimant's own page (the claim posted, the page after it answered) p50 / p99 ms": p50_99(own_ms),
        "a fetch on an event (the table's part, or the page), answered p50 / p99 ms": p50_99(fetch_ms),
        "pages asked for per claim (own answer, table's part, page on an event, ...)": (
            f"{per_claim:.2f} ({', '.join(f'{k} {v}' for k, v in kinds.most_common())})"
        ),
        "page fetches failed": f"{failed}",
        "deliveries missing (other screens never updated); claims seen on no stream": (
            f"{updates['missing']} of {others_screens}; {updates['unseen']}"
        ),
        **probe_rows(figures),
        "screens following / wanted (s to open them)": f"{opened} / {wanted} ({took:.1f} s)",
        "streams refused, dropped, resumed": (
            ", ".join(f"{k} {v}" for k, v in sorted(figures["stream stats"].items())) or "none"
        ),
        **others_row(claimed["others"]),
        **server_rows(figures, len(accepted), claimed["settled"] - claimed["began"], server_cpu),
        "client CPU during the claims (cores: phones, health)": (
            f"{claimed['cpu'] / elapsed:.2f}, {figures['busy']['cpu'] / elapsed:.2f}"
        ),
        "client lag behind the schedule p50 / p99 ms": p50_99(lag_ms, 1),
        "claims whose phone opened a connection first: share; its wait p50 / p99 ms": (
            f"{len(connect_ms) / max(1, len(claims)):.0%}; {p50_99(connect_ms, 1)}"
        ),
        "load average (1 min) before / after": f"{figures['load before'][0]:.2f} / {figures['load after'][0]:.2f}",
    }
    common = {
        "claims/s accepted": f"{len(accepted) / elapsed:.0f}",
        "server CPU per claim, every render included (ms)": f"{1000 * server_cpu / max(1, len(accepted)):.1f}",
        "pages asked for per claim (pages: own answer, table's part, page)": f"{per_claim:.2f}",
        "claim -> each other screen p50 / p99 ms (api: its event on each phone's stream)": p50_99(updates["every"]),
        "claimant's own answer p50 / p99 ms (pages: the claim posted, the page after it; api: the JSON answer)": p50_99(
            own_ms
        ),
        "health p99 ms, claims running": f"{percentile(figures['busy']['latencies'], 0.99):.1f}",
        "deliveries missing": f"{updates['missing']} of {others_screens}",
    }
    return rows, common


def pages_baseline_rows(figures: dict, accepted: int, server_claims_cpu: float) -> dict[str, str]:
    """The pages mode's baseline: the same claims with no screen following, each the claimant's own page only."""
    if "baseline" not in figures:
        return {}
    claimed, cpu, alone = figures["baseline"]
    ok = [c for c in claimed["claims"] if c.status == TAKEN]
    own_ms = [1000 * (c.answered - c.sent) for c in ok]
    per_claim = cpu / max(1, len(ok))
    with_screens = server_claims_cpu / max(1, accepted)
    return {
        "baseline, no screen following: claims/s; own page p50 / p99 ms": (
            f"{len(ok) / (claimed['ended'] - claimed['began']):.0f}"
            f" ({len(claimed['claims']) - len(ok)} refused or failed); {p50_99(own_ms)}"
        ),
        "baseline, no screen following: health p50 / p99 ms": p50_99(alone["latencies"], 1),
        "server CPU per claim, screens following / none (ms)": (
            f"{1000 * with_screens:.1f} / {1000 * per_claim:.1f} ({with_screens / per_claim:.1f}x)"
            if per_claim
            else "—"
        ),
    }


def table(title: str, results: dict[str, dict[str, str]]) -> str:
    """A Markdown table: one row per measure, one column per database (or database and mode)."""
    names = list(results)
    lines = [f"| {title} | " + " | ".join(names) + " |", "|---|" + "---:|" * len(names)]
    for row in results[names[0]]:
        lines.append(f"| {row} | " + " | ".join(results[name].get(row, "—") for name in names) + " |")
    return "\n".join(lines)
