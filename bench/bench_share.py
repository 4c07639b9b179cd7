"""Benchmark (issue 24): ``bianpai share`` on a 200-player round and a 64-team round.

Goal: the whole command under 2 s — a fresh process each run (start-up, read the
workbook, build what is published, draw every image, the page and the PDF, write
the files beside the workbook), the median of a few runs.  Printed beside it,
in-process and once: how the time divides (read, publication, images, PDF, page)
and what was written (images, parts, pages, bytes).

* 200 players: an 11-round event (simulated with dingwei, as bench_workbook.py),
  10 rounds played, round 11 paired and its results not yet in (a pairing to share).
* 64 teams × 6 boards: a 9-round team event (as bench_team.py), 8 rounds played,
  round 9 paired.

    python bench/bench_share.py [runs] [--before DIR]

``--before DIR``: the same runs, interleaved, of another version of the code —
``DIR/bianpai/addin`` and ``DIR/bianpai/engine``, e.g. ``mkdir -p DIR/bianpai &&
git archive REV addin engine | tar x -C DIR/bianpai`` — put first on the path:
before and after measured under the same load.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

GOAL = 2.0
CLOCK = time.process_time
"""The in-process parts are CPU seconds: on a shared machine the wall clock measures the others' work."""
RUNS = 5


def individual(path: Path, n: int = 200, rounds: int = 11) -> None:
    from bianpai.addin.jobs import api as jobs
    from bianpai.addin.files import xlsx
    from bianpai.engine.simulate.individual import play_event
    from bianpai.engine.simulate.individual import simulated_trf

    t = play_event(n, rounds, "dingwei", 5, upto=rounds - 1)
    xlsx.apply(path, jobs.import_trf(None, simulated_trf(t), "zh"))
    values = xlsx.read_values(path)
    xlsx.apply(path, jobs.pair(values), values)


def team(path: Path, n: int = 64, boards: int = 6, rounds: int = 9) -> None:
    from bianpai.addin.jobs import api as jobs
    from bianpai.addin.files import xlsx
    from bianpai.addin.jobs.kinds import TEAM
    from bianpai.addin.jobs.team import event_workbook
    from bianpai.engine.simulate.team import play_team_event

    ev = play_team_event(
        n, boards, rounds, "dingwei", 2026, upto=rounds - 1, reserve_rate=0.2, empty_rate=0.03
    )
    xlsx.write_new(path, TEAM.result(event_workbook(ev, "zh"), None, ""))
    values = xlsx.read_values(path)
    xlsx.apply(path, jobs.pair(values), values)


def command(src: Path, runs: int, before: Path | None = None) -> dict[str, tuple[list[float], list[float]]]:
    """Wall and CPU seconds (user + system of the process) of each run of ``bianpai share``;
    with ``before``, each run of this code followed by one of that code."""
    import resource

    exe = Path(sys.executable).with_name("bianpai")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(src.parent / "pycache")
    variants = {"now": env}
    if before is not None:
        variants["before"] = dict(
            env, PYTHONPATH=str(before), PYTHONPYCACHEPREFIX=str(src.parent / "pycache-before")
        )
    for v in variants.values():  # warm the bytecode cache
        subprocess.run([str(exe), "share", str(src)], capture_output=True, env=v, check=True)
    out: dict[str, tuple[list[float], list[float]]] = {k: ([], []) for k in variants}
    for _ in range(runs):
        for name, v in variants.items():
            before_usage = resource.getrusage(resource.RUSAGE_CHILDREN)
            s = time.perf_counter()
            done = subprocess.run([str(exe), "share", str(src)], capture_output=True, text=True, env=v)
            out[name][0].append(time.perf_counter() - s)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            out[name][1].append(
                after.ru_utime - before_usage.ru_utime + after.ru_stime - before_usage.ru_stime
            )
            if done.returncode != 0:
                raise SystemExit(done.stderr)
    return out


def parts(src: Path) -> str:
    """Where the time goes, in-process (one run), and what is made."""
    from bianpai.addin.share import canvas as share_canvas, draw as share_draw, fonts as share_fonts
    from bianpai.addin.share import images as share_images, job as share_job, page as share_page
    from bianpai.addin.share import pdf as share_pdf, printout as share_printout
    from bianpai.addin.files import xlsx

    s = CLOCK()
    values = xlsx.read_values(src)
    t_read = CLOCK() - s
    s = CLOCK()
    pub, book = share_job.publication(values)
    t_pub = CLOCK() - s
    fonts = share_fonts.find_font(book.settings.share_font, "")
    s = CLOCK()
    share_fonts.missing_glyphs(fonts, share_draw.all_texts(pub))
    t_glyphs = CLOCK() - s
    s = CLOCK()
    images = share_images.pairing_images(pub, fonts) + share_images.table_images(pub, pub.find, fonts)
    images += share_images.table_images(pub, pub.standings, fonts)
    for t in pub.extra:
        images += share_images.table_images(pub, t, fonts)
    t_draw = CLOCK() - s
    s = CLOCK()
    size = sum(len(share_canvas.png(im)) for im in images)
    t_png = CLOCK() - s
    s = CLOCK()
    pages = share_printout.round_pages(pub, book, fonts)
    pdf = share_pdf.print_pdf(pages)
    t_pdf = CLOCK() - s
    s = CLOCK()
    page = share_page.page_html(pub)
    t_page = CLOCK() - s
    boards = sum(1 for b in pub.last.boards if b.kind != "bye")
    return (
        f"    {boards} boards; {len(images)} images ({size / 1e6:.1f} MB), PDF {len(pages)} pages "
        f"({len(pdf) / 1e6:.1f} MB), page {len(page) / 1e3:.0f} kB\n"
        f"    in-process CPU: read {t_read:.2f} s, publication {t_pub:.2f} s, glyph check {t_glyphs:.2f} s, "
        f"draw {t_draw:.2f} s, PNG {t_png:.2f} s, PDF {t_pdf:.2f} s, page {t_page:.2f} s"
    )


def main(argv: list[str]) -> None:
    before = None
    if "--before" in argv:
        i = argv.index("--before")
        before = Path(argv[i + 1]).resolve()
        argv = argv[:i] + argv[i + 2 :]
    runs = int(argv[0]) if argv else RUNS
    with tempfile.TemporaryDirectory() as d:
        for label, build in (
            ("200 players, round 11 of 11", individual),
            ("64 teams × 6 boards, round 9 of 9", team),
        ):
            src = Path(d) / f"{build.__name__}.xlsx"
            build(src)
            for name, (walls, cpus) in command(src, runs, before).items():
                med, cpu = statistics.median(walls), statistics.median(cpus)
                load = os.getloadavg()[0]
                busy = load > (
                    os.cpu_count() or 1
                )  # others' work fills the cores: the wall clock measures it too
                ok = ("ok" if (cpu if busy else med) < GOAL else "SLOWER THAN GOAL") + (
                    ", judged on CPU: the machine is busy" if busy else ""
                )
                which = "" if before is None else f" [{name}]"
                print(
                    f"bianpai share{which}, {label}: median {med:.2f} s wall, {cpu:.2f} s CPU "
                    f"(wall min {min(walls):.2f}, max {max(walls):.2f}; CPU min {min(cpus):.2f}, "
                    f"max {max(cpus):.2f}; {len(walls)} runs; load {load:.1f} "
                    f"on {os.cpu_count()} cores; goal < {GOAL:.0f} s: {ok})"
                )
            print(parts(src), flush=True)
            shutil.rmtree(src.parent / f"{src.stem}_分享", ignore_errors=True)


if __name__ == "__main__":
    main(sys.argv[1:])
