"""``asobi serve`` in a process of its own, on 127.0.0.1, for the tests that attack it
(imported by name: conftest puts this folder on sys.path)."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from support.web import free_port

ASOBI = Path(sys.executable).parent / "asobi"


def open_file_limit(files: int) -> Any:
    """A ``preexec_fn`` that starts the child with at most ``files`` open files (soft and
    hard, so the server cannot raise it)."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))

    return limit


class Served:
    """``asobi serve --db DB --port PORT ARGS...``, stopped on exit; its log goes to a file."""

    def __init__(self, folder: Path, *args: str, db: Path | None = None,
                 files: int | None = None) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.db = db or folder / "club.sqlite3"
        self.log = folder / f"server-{self.port}.log"
        self.args = [str(ASOBI), "serve", "--db", str(self.db), "--port", str(self.port), *args]
        self.files = files
        self.proc: subprocess.Popen[str] | None = None
        self.line = ""

    def __enter__(self) -> Served:
        with open(self.log, "w") as log:
            self.proc = subprocess.Popen(
                self.args, stdout=subprocess.PIPE, stderr=log, text=True,
                env={**os.environ, "PYTHONUNBUFFERED": "1"},
                preexec_fn=open_file_limit(self.files) if self.files else None,
            )
        assert self.proc.stdout is not None
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            if "serving on" in line:
                self.line = line
                return self
            if not line and self.proc.poll() is not None:
                break
        self.stop()
        raise AssertionError(f"the server did not start: {self.log.read_text()}")

    def __exit__(self, *exc: Any) -> None:
        self.stop()

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def open_files(self) -> int:
        """File descriptors the server holds now (Linux)."""
        return len(os.listdir(f"/proc/{self.pid}/fd"))

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=20)


def run_asobi(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """``asobi ARGS...`` to its end, its output kept."""
    return subprocess.run([str(ASOBI), *args], capture_output=True, text=True, timeout=timeout)
