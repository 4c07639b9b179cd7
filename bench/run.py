"""Run every benchmark in bench/ and print its figures (``make bench``)."""
import subprocess
import sys
from pathlib import Path

here = Path(__file__).resolve().parent
for script in sorted(here.glob("bench_*.py")):
    print(f"== {script.name}", flush=True)
    subprocess.run([sys.executable, str(script)], check=False)
