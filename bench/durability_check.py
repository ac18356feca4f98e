"""bench/durability.py's check: what the service acknowledged against what the tables' records hold.

Every table's record (GET /api/v1/tables/{code}/record) is read after the last kill, then compared with every
action sent and its final answer: seqs 1..n with no gap; every acknowledged event in the record at its seq,
identical; every acknowledged claim, refusal, join and start written exactly once; nothing answered 429 written.
"""

from __future__ import annotations

import time
from collections import Counter

import requests

REQUEST_TIMEOUT = 10.0  # seconds: no answer by then is a lost answer, and the read is tried again


def problem_slug(answer: dict | None) -> str:
    kind = (answer or {}).get("type", "") if isinstance(answer, dict) else ""
    return kind.rsplit("#problem-", 1)[-1] if kind else ""


def read_records(url: str, codes: list[str]) -> dict[str, list[dict] | None]:
    """Each table's record from the service at `url` (None: none could be read), tried again while it restarts."""
    records: dict[str, list[dict] | None] = {}
    session = requests.Session()
    for code in codes:
        records[code] = None
        for _ in range(30):
            try:
                response = session.get(f"{url}/api/v1/tables/{code}/record", timeout=REQUEST_TIMEOUT)
            except requests.RequestException:
                time.sleep(1)
                continue
            if response.status_code == 200:
                records[code] = response.json()["events"]
                break
            if response.status_code < 500:
                break
            time.sleep(1)
    session.close()
    return records


def check(sent_actions: list, records: dict[str, list[dict] | None]) -> dict:
    """Compare what was acknowledged (every action sent: bench/durability.py's `Sent`) with what the records hold."""
    found: Counter = Counter()
    problems: list[str] = []
    by_seq: dict[str, dict[int, dict]] = {}
    content: dict[str, Counter] = {}
    for code, events in records.items():
        if events is None:
            found["missing"] += 1
            problems.append(f"{code}: its creation was answered 201, and it has no record")
            continue
        found["events"] += len(events)
        seqs = [event["seq"] for event in events]
        if seqs != list(range(1, len(seqs) + 1)):
            gaps = sorted(set(range(1, max(seqs, default=0) + 1)) - set(seqs))
            found["gaps"] += len(gaps) + (len(seqs) - len(set(seqs)))
            problems.append(f"{code}: seqs not 1..n: missing {gaps[:10]}, {len(seqs) - len(set(seqs))} repeated")
        by_seq[code] = {event["seq"]: event for event in events}
        kinds = content[code] = Counter()
        for event in events:
            data = event.get("data") or {}
            if event["type"] in ("claim", "claim_refused"):
                kinds[event["type"], data.get("challenge"), data.get("seat"), data.get("word")] += 1
            elif event["type"] == "seat_joined":
                kinds["seat_joined", data.get("seat")] += 1
            elif event["type"] == "challenge_started":
                kinds["challenge_started", data.get("challenge")] += 1
        for key, count in kinds.items():
            if count > 1:
                found["duplicates"] += count - 1
                problems.append(f"{code}: {key} written {count} times")

    for sent in sent_actions:
        found["sent"] += 1
        found["answered" if sent.answered else "unanswered"] += 1
        for attempt in sent.attempts:
            found["retry " + (attempt if attempt == "no answer" else attempt.split()[0])] += 1
            if attempt.startswith("500"):
                problems.append(f"500 to a {sent.kind} ({sent.code}, seat {sent.seat}, {sent.word}): {attempt}")
            elif not attempt.startswith("no answer"):
                found[f"5xx {attempt}"] += 1
        if sent.code is None or sent.code not in records or records[sent.code] is None:
            continue
        kinds = content[sent.code]
        events = (sent.answer or {}).get("events") or []
        if sent.status in (200, 201):
            if sent.answer.get("repeated"):
                found["repeats"] += 1
                if sent.attempts and "no answer" not in sent.attempts:
                    found["503 then found written"] += 1
                    problems.append(
                        f'{sent.code}: a {sent.kind} answered {sent.attempts} ("nothing was changed"), '
                        "then its retry found it written"
                    )
            for event in events:  # what the answer said was written is in the record, as it said
                kept = by_seq[sent.code].get(event["seq"])
                if kept is None:
                    found["missing"] += 1
                    problems.append(
                        f"{sent.code}: seq {event['seq']} ({event['type']}) acknowledged, not in the record"
                    )
                elif (kept["type"], kept.get("by"), kept.get("data")) != (
                    event["type"],
                    event.get("by"),
                    event.get("data"),
                ):
                    found["changed"] += 1
                    problems.append(f"{sent.code}: seq {event['seq']} differs from its acknowledgement")
        if sent.kind in ("claim", "nonsense"):
            key = (sent.challenge, sent.seat, sent.word)
            claimed, refused = kinds[("claim", *key)], kinds[("claim_refused", *key)]
            refusal = sent.status == 409 and (sent.answer or {}).get("code") == "claim_refused"
            if sent.status == 201:
                found["acknowledged claims"] += 1
                if claimed != 1:
                    found["missing"] += claimed == 0
                    problems.append(
                        f"{sent.code}: claim {sent.word!r} of seat {sent.seat} acknowledged, in the record {claimed} times"
                    )
            elif refusal:
                found["acknowledged refusals"] += 1
                if sent.kind == "claim":
                    codes = ",".join(o.get("code", "?") for o in sent.answer.get("objections") or [])
                    found[f"planned words refused ({codes})"] += 1
                if refused != 1:
                    found["missing"] += refused == 0
                    problems.append(
                        f"{sent.code}: refusal of {sent.word!r} (seat {sent.seat}) acknowledged, in the record {refused} times"
                    )
            elif sent.status == 429:
                found[f"429 {problem_slug(sent.answer)}"] += 1
                if claimed or refused:
                    found["written despite a 429"] += 1
                    problems.append(f"{sent.code}: {sent.word!r} answered 429, and written")
            elif sent.answered:
                found[f"other answer {sent.status} {(sent.answer or {}).get('code') or problem_slug(sent.answer)}"] += 1
            elif claimed or refused:
                found["written, never answered"] += 1
        elif sent.kind == "join" and sent.status in (200, 201):
            found["acknowledged joins"] += 1
            if kinds["seat_joined", sent.seat] != 1:
                found["missing"] += 1
                problems.append(
                    f"{sent.code}: seat {sent.seat}'s join acknowledged, seat_joined not in the record once"
                )
        elif sent.kind == "start":
            if sent.status == 201:
                found["acknowledged starts"] += 1
            elif sent.answered:
                found[f"start answered {sent.status} {(sent.answer or {}).get('code', '')}".strip()] += 1
        elif sent.kind == "create" and sent.status == 201:
            found["acknowledged tables"] += 1
    found["problems"] = problems
    return found
