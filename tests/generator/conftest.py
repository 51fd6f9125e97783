import os
import subprocess
import sys

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "generator"))


def run_generator(*args, cwd=ROOT):
    """Runs pakt-gen as users do; returns (exit code, stdout, stderr)."""
    proc = subprocess.run([sys.executable, os.path.join(ROOT, "generator", "pakt-gen"), *args], cwd=cwd,
                          capture_output=True, text=True)
    return proc.returncode, proc.stdout, proc.stderr


@pytest.fixture
def gen():
    return run_generator
