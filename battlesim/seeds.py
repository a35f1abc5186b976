"""Seeds: a job's seed, and battle ``i``'s seed derived from it (stable across versions)."""

from __future__ import annotations

import hashlib
import secrets

MAX_SEED = 2**63 - 1


def job_seed_new() -> int:
    """A fresh random seed for a job whose owner gave none (stored with the job)."""
    return secrets.randbelow(MAX_SEED)


def battle_seed(job_seed: int, index: int) -> int:
    """The seed of battle ``index`` of a job: a hash, so neighbours are unrelated."""
    digest = hashlib.sha256(f"{job_seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") & MAX_SEED
