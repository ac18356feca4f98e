"""Join codes and tokens.

A join code is 6 characters from an alphabet without look-alikes (no 0/O,
1/I/L): 31**6 ≈ 887 million codes. A token (host or seat) is 32 random bytes
(256 bits) in URL-safe base64; the store keeps only its SHA-256, so a stolen
database does not act for anyone.
"""

from __future__ import annotations

import hashlib
import secrets

__all__ = ["CODE_ALPHABET", "CODE_LENGTH", "hash_token", "new_code", "new_token", "read_code"]

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def read_code(text: str) -> str | None:
    """A code as typed (any case, spaces or dashes between) -> the code, or None when it cannot be one."""
    code = "".join(ch for ch in str(text).upper() if ch not in " -")
    if len(code) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in code):
        return None
    return code


def new_token() -> str:
    """A seat's or host's token: 256 random bits, URL-safe, never starting with '-'.

    A token is typed after `--token` on the command line (cli/table.py), where one
    starting with '-' reads as an option (1 in 64 of them did). Drawing again keeps
    every token equally likely among those left: 6 of the first character's bits
    lose 1/64 of their values, about 0.02 bits of the 256."""
    while True:
        token = secrets.token_urlsafe(32)
        if not token.startswith("-"):
            return token


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()
