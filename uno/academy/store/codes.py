"""Codes people type and tokens devices keep: how they are made, read and hashed.

- **Device keys**: a browser keeps a random token (``uno.ui.device``); the store keeps only
  ``device_key(token)``, its SHA-256 in hex, so a copied database names no device.
- **Class codes**: 13 characters of Crockford's base 32 (65 random bits), shown in groups of
  four, ``K7QH-M2XD-9RPA-F``. Base 32 without I, L, O and U: nothing to confuse, no word spelt.
- **Room codes**: 8 characters of the same alphabet (40 random bits), ``7KQ2-MXD9``: short
  enough to type from a projector; they are safe enough because rooms expire (8 h after the
  last move) and wrong codes are rate-limited in the store (see ``uno.academy.store``).
- **Reading** a typed code: case does not matter, spaces and dashes are ignored, and the
  letters people mix up are read as Crockford says (I and L as 1, O as 0).
- **Tokens** kept by a device or put in a link (share links, seat tokens): 128 random bits,
  URL-safe base 64 (22 characters). Seat tokens are stored hashed, like device tokens.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from typing import Final

__all__ = [
    "ALPHABET",
    "CLASS_CODE_LENGTH",
    "ROOM_CODE_LENGTH",
    "TOKEN_BYTES",
    "device_key",
    "format_code",
    "new_class_code",
    "new_room_code",
    "new_token",
    "read_code",
    "token_hash",
]

ALPHABET: Final = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base 32
CLASS_CODE_LENGTH: Final = 13  # 65 bits
ROOM_CODE_LENGTH: Final = 8  # 40 bits
TOKEN_BYTES: Final = 16  # 128 bits
_READ_AS: Final = str.maketrans({"I": "1", "L": "1", "O": "0"})
_IGNORED: Final = re.compile(r"[\s\-_.]+")
_TOKEN: Final = re.compile(r"[A-Za-z0-9_-]{16,64}")


def _random_code(length: int) -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(length))


def new_class_code() -> str:
    """A new class code, 13 characters (65 bits), without its dashes."""
    return _random_code(CLASS_CODE_LENGTH)


def new_room_code() -> str:
    """A new room code, 8 characters (40 bits), without its dash."""
    return _random_code(ROOM_CODE_LENGTH)


def format_code(code: str) -> str:
    """A code in groups of at most four, as even as can be (no lone letter at the end, which
    reads like a typo): ``K7QHM2XD9RPAF`` -> ``K7QH-M2X-D9R-PAF``, ``AB12CD34`` -> ``AB12-CD34``."""
    groups = -(-len(code) // 4)
    if groups <= 1:
        return code
    size, longer = divmod(len(code), groups)
    out, start = [], 0
    for i in range(groups):
        end = start + size + (i < longer)
        out.append(code[start:end])
        start = end
    return "-".join(out)


def read_code(text: object, length: int) -> str | None:
    """A typed code as stored (upper case, no dashes), or None when it cannot be one (wrong
    length, a character outside the alphabet). Says nothing about whether the code exists."""
    if not isinstance(text, str) or len(text) > 4 * length + 20:
        return None
    code = _IGNORED.sub("", text).upper().translate(_READ_AS)
    if len(code) != length or any(char not in ALPHABET for char in code):
        return None
    return code


def new_token() -> str:
    """128 random bits, URL-safe (share links, seat tokens)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    """SHA-256 of a token, in hex: what the store keeps of a device or seat token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def device_key(token: str) -> str:
    """What the store keeps of a device: the SHA-256 of its token, in hex. ValueError for a
    token that no browser of ours makes (16 to 64 URL-safe characters)."""
    if not isinstance(token, str) or not _TOKEN.fullmatch(token):
        raise ValueError("not a device token")
    return token_hash(token)


def is_token(text: object) -> bool:
    """Whether ``text`` looks like a token of ours (share links, seat tokens)."""
    return isinstance(text, str) and _TOKEN.fullmatch(text) is not None
