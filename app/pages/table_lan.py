"""The host's warning when the join link points at this machine only (the page opened as `localhost`), and the
machine's address on its local network, where the other phones can reach it.

The LAN address is found without sending anything: a UDP socket `connect` to a private address only picks the
interface a packet would leave by (no packet is sent), and the host name's own addresses are the fallback.
Tests and odd networks put their own finder in `app.extensions["lan_address"]` (a function returning an address
or None).
"""

from __future__ import annotations

import ipaddress
import socket

from flask import current_app, request

__all__ = ["find_lan_address", "lan_context", "loopback", "reachable"]


# Private addresses a phone on the same Wi-Fi could reach; connecting a UDP socket to one sends nothing.
PROBES = ("10.255.255.255", "192.168.255.255", "172.31.255.255")


def reachable(address: str) -> bool:
    """Whether another device on the local network could reach this address: private, not loopback or link-local."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return ip.is_private and not ip.is_loopback and not ip.is_link_local and not ip.is_unspecified


def find_lan_address() -> str | None:
    """This machine's address on its local network (IPv4), or None when it has none."""
    for probe in PROBES:
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe_socket:
                probe_socket.connect((probe, 9))
                address = probe_socket.getsockname()[0]
        except OSError:
            continue
        if reachable(address):
            return address
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return None
    return next((info[4][0] for info in infos if reachable(info[4][0])), None)


def split_host(host: str) -> tuple[str, str]:
    """A request's host as (name, port): `localhost:8000`, `127.0.0.1`, `[::1]:8000`."""
    if host.startswith("["):
        name, _, port = host[1:].partition("]")
        return name, port[1:]
    name, _, port = host.partition(":")
    return name, port


def loopback(host: str) -> bool:
    """Whether a request's host names this machine only (`localhost`, `127.0.0.1`, `[::1]`)."""
    name = split_host(host)[0].lower()
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def lan_context(path: str) -> dict:
    """For a page opened as localhost: `lan` says so, with the machine's LAN address and `path` there (else None)."""
    if not loopback(request.host):
        return {"lan": None}
    finder = current_app.extensions.get("lan_address", find_lan_address)
    address = finder()
    port = split_host(request.host)[1]
    origin = f"{request.scheme}://{address}{':' + port if port else ''}" if address else None
    return {"lan": {"address": address, "origin": origin, "join_url": origin + path if origin else None}}
