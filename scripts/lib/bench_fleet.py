"""scripts/bench-index --workers 1,2,4: the PostgreSQL queue as a fleet uses it (issue 18).

On a PostgreSQL server of its own (Debian's postgresql: initdb in a temporary directory as the
postgres user, a Unix socket only, stopped at the end), measures in one run:

1. Throughput. A library of V copies of one generated slide talk (scripts/lib/long_talk.py,
   M minutes of 1080p25, cached like bench-index's long talk) is indexed into a fresh database
   by N `framegrab index --db postgresql://… --jobs 1` processes started at once, for each N of
   --workers: wall time and x realtime (seconds of video per second of wall time), beside the
   baseline measured in the same run, one `framegrab index --db FRESH.db --jobs N` process on
   SQLite. The queue's own cost shows as the gap between a worker's videos (the next claim's
   start less the last video's finish, from the queue's rows): median and p95.
2. Claim latency. The claim statement of Sources/FrameGrabStore/PostgresScreenStore+Queue.swift
   (read from the source, so it cannot drift) run by C concurrent psql sessions on a queue of
   --claims rows until it is empty: median and p95 per claim, for each C of --workers.
3. Search latency at --screens settled screens (default 100,000): bench-search's generated
   index in SQLite, copied into PostgreSQL by `framegrab merge` (timed), then bench-search's
   queries through `framegrab search --verbose` on each store: the time inside the process
   (opening the index, searching, printing) and the wall time, median and p95.

Nothing here fails on a slow figure. On 2 cores expect 2 workers to be faster than 1 by as much
as one worker leaves a core idle ("cores busy": CPU seconds of the indexers and their workers
per second of wall time; FFmpeg's decoder threads keep one worker above one core), and 4 no
faster than 2.
"""

import importlib.machinery
import importlib.util
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
QUEUE_SOURCE = ROOT / "Sources" / "FrameGrabStore" / "PostgresScreenStore+Queue.swift"
NOW = "extract(epoch FROM clock_timestamp())"


def say(message=""):
    print(message, flush=True)


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))] if ordered else float("nan")


class Server:
    """A PostgreSQL server of the benchmark's own, on a Unix socket in a temporary directory."""

    def __init__(self):
        versions = sorted(int(v) for v in os.listdir("/usr/lib/postgresql") if v.isdigit()) if os.path.isdir("/usr/lib/postgresql") else []
        if not versions:
            sys.exit("bench-index --workers: no PostgreSQL server in /usr/lib/postgresql (run scripts/bootstrap)")
        self.bin = f"/usr/lib/postgresql/{versions[-1]}/bin"
        self.dir = tempfile.mkdtemp(prefix="bench-fleet-pg-")
        if os.getuid() == 0:
            shutil.chown(self.dir, "postgres", "postgres")
        self.as_server(["initdb", "-D", self.dir + "/data", "-U", "framegrab", "-A", "trust", "-E", "UTF8", "--no-sync", "--no-locale"])
        self.as_server(["pg_ctl", "-D", self.dir + "/data", "-l", self.dir + "/log", "-w", "-o",
                        f"-k {self.dir} -c listen_addresses='' -c max_connections=100", "start"])

    def as_server(self, command):
        command = [self.bin + "/" + command[0]] + command[1:]
        if os.getuid() == 0:
            command = ["runuser", "-u", "postgres", "--", "sh", "-c", 'cd /tmp && exec "$0" "$@"'] + command
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)

    def conninfo(self, database):
        return f"postgresql://framegrab@/{database}?host={self.dir}"

    def create(self, database):
        self.psql("postgres", f"CREATE DATABASE {database}")
        return self.conninfo(database)

    def psql(self, database, sql):
        result = subprocess.run([self.bin + "/psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", self.conninfo(database), "-c", sql],
                                capture_output=True, text=True)
        if result.returncode != 0:
            sys.exit(f"psql failed: {result.stderr.strip()}")
        return result.stdout

    def stop(self):
        try:
            self.as_server(["pg_ctl", "-D", self.dir + "/data", "-m", "fast", "-w", "-s", "stop"])
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)


def claim_statement():
    """The two statements of a claim as PostgresScreenStore+Queue.swift makes it (a lease that
    ran out, then a queued video), with literals for their parameters."""
    source = QUEUE_SOURCE.read_text()
    match = re.search(r'let rows = try database\.query\("""\n(\s*UPDATE framegrab\.queue q SET.*?RETURNING[^\n]*)\n\s*"""', source, re.S)
    candidates = [re.search(rf'static let {name} = "(.*?)"', source) for name in ("expiredLeases", "queuedVideos")]
    if not match or not all(candidates):
        sys.exit(f"bench-index --workers: no claim statement found in {QUEUE_SOURCE}")
    statements = []
    for found in candidates:
        # Unscoped, as `--work` claims: any video of the queue.
        sql = match.group(1).replace(r"\(scope)", "").replace(r"\(candidates)", found.group(1)).replace(r"\(PostgresScreenStore.now)", NOW).replace(r"\(now)", NOW)
        statements.append(sql.replace("$1", "md5(random()::text)").replace("$2", "'bench'")
                          .replace("$3::double precision", "60::double precision").replace("$3", "60").strip())
    # A claim looks for a lease that ran out first, then for a queued video.
    return statements


def children_cpu():
    """CPU seconds (user and system) of every child process waited for so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def throughput(server, binary, library, media_seconds, workers, scratch):
    """One row per worker count: the fleet on PostgreSQL beside one SQLite process with --jobs N."""
    rows = []
    for count in workers:
        database = f"fleet_{count}"
        conninfo = server.create(database)
        started, cpu = time.perf_counter(), children_cpu()
        processes = [subprocess.Popen([binary, "index", "--db", conninfo, "--jobs", "1", "--color", "never", str(library)],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True) for _ in range(count)]
        errors = [process.communicate()[1] for process in processes]
        fleet, fleet_cpu = time.perf_counter() - started, children_cpu() - cpu
        for process, error in zip(processes, errors):
            if process.returncode != 0:
                sys.exit(f"framegrab index (PostgreSQL) failed ({process.returncode}): {error.strip()}")
        spans = server.psql(database, "SELECT worker, started_at, finished_at FROM framegrab.queue WHERE state = 'done' ORDER BY worker, started_at")
        gaps, previous = [], {}
        for line in spans.splitlines():
            worker, start, finish = line.split("|")
            if worker in previous:
                gaps.append((float(start) - previous[worker]) * 1000)
            previous[worker] = float(finish)
        done = int(server.psql(database, "SELECT count(*) FROM framegrab.queue WHERE state = 'done'"))
        stored = server.psql(database, "SELECT count(*), count(DISTINCT path) FROM framegrab.videos").strip()

        sqlite = os.path.join(scratch, f"fleet-{count}.db")
        started, cpu = time.perf_counter(), children_cpu()
        local = subprocess.run([binary, "index", "--db", sqlite, "--jobs", str(count), "--color", "never", str(library)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        single, single_cpu = time.perf_counter() - started, children_cpu() - cpu
        if local.returncode != 0:
            sys.exit(f"framegrab index (SQLite) failed ({local.returncode}): {local.stderr.strip()}")
        rows.append(dict(workers=count, fleet=fleet, single=single, gaps=gaps, done=done, stored=stored,
                         fleet_cores=fleet_cpu / fleet, single_cores=single_cpu / single))
        say(f"  {count} worker(s): PostgreSQL {fleet:.1f} s ({media_seconds / fleet:.1f}x realtime, {fleet_cpu / fleet:.2f} cores busy), "
            f"SQLite --jobs {count} {single:.1f} s ({media_seconds / single:.1f}x, {single_cpu / single:.2f} cores); "
            f"{done} done, videos stored (rows|paths) {stored}")
    return rows


def measure_claims(server, statement, database, count, claims, scratch):
    server.psql(database, f"""
        INSERT INTO framegrab.queue (path, size, mtime, fingerprint, state, enqueued_at)
        SELECT '/videos/talk-' || n || '.mp4', 1000, 0, 'f', 'queued', {NOW} FROM generate_series(1, {claims}) n""")
    script = os.path.join(scratch, f"claims-{count}.sql")
    per_session = claims // count
    with open(script, "w") as out:
        out.write("\\timing on\n")
        for _ in range(per_session):
            for sql in statement:
                out.write(sql + ";\n")
    started = time.perf_counter()
    sessions = [subprocess.Popen([server.bin + "/psql", "-X", "-q", "-A", "-t", server.conninfo(database), "-f", script, "-o", "/dev/null"],
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(count)]
    outputs = [session.communicate() for session in sessions]
    wall = time.perf_counter() - started
    times = []
    for session, (stdout, stderr) in zip(sessions, outputs):
        if session.returncode != 0 or "ERROR" in stderr:
            sys.exit(f"claim statement failed: {' / '.join(stderr.strip().splitlines()[:3])}")
        parts = [float(value) for value in re.findall(r"Time: ([0-9.]+) ms", stdout)]
        times += [sum(parts[i:i + len(statement)]) for i in range(0, len(parts), len(statement))]
    claimed = int(server.psql(database, "SELECT count(*) FROM framegrab.queue WHERE state = 'running'"))
    twice = int(server.psql(database, "SELECT count(*) FROM framegrab.queue WHERE attempts > 1"))
    return times, wall, claimed, twice


def search_latency(server, binary, screens, runs, scratch):
    loader = importlib.machinery.SourceFileLoader("bench_search", str(ROOT / "scripts" / "bench-search"))
    spec = importlib.util.spec_from_loader("bench_search", loader)
    bench_search = importlib.util.module_from_spec(spec)
    loader.exec_module(bench_search)
    sqlite = os.path.join(scratch, "search.db")
    say(f"  filling SQLite with {screens} screens (bench-search's generator) ...")
    started = time.perf_counter()
    bench_search.fill(sqlite, screens, 11)
    say(f"  filled in {time.perf_counter() - started:.0f} s; copying into PostgreSQL with framegrab merge ...")
    conninfo = server.create("search")
    started = time.perf_counter()
    merged = subprocess.run([binary, "merge", conninfo, sqlite], capture_output=True, text=True)
    if merged.returncode != 0:
        sys.exit(f"framegrab merge into PostgreSQL failed: {merged.stderr.strip()}")
    merge_seconds = time.perf_counter() - started
    server.psql("search", "ANALYZE")
    counted = server.psql("search", "SELECT (SELECT count(*) FROM framegrab.screens), (SELECT count(*) FROM framegrab.regions)").strip()
    say(f"  merged in {merge_seconds:.0f} s ({screens / merge_seconds:.0f} screens/s); PostgreSQL holds screens|regions {counted}")
    results = {}
    for name, database in (("sqlite", sqlite), ("postgres", conninfo)):
        inside, wall, hits = [], [], {}
        for query in bench_search.QUERIES:
            for run in range(runs + 1):
                started = time.perf_counter()
                result = subprocess.run([binary, "search", "--verbose", "--db", database, "--json", "--", query],
                                        capture_output=True, text=True)
                elapsed = (time.perf_counter() - started) * 1000
                if result.returncode not in (0, 1):
                    sys.exit(f"framegrab search {query!r} on {name} failed: {result.stderr.strip()}")
                found = re.search(r"search: \d+ hits in ([0-9.]+) ms", result.stderr)
                if not found:
                    sys.exit(f"framegrab search --verbose said no time: {result.stderr!r}")
                hits[query] = len(result.stdout.splitlines())
                if run > 0:  # the first run warms the caches
                    inside.append(float(found.group(1)))
                    wall.append(elapsed)
        results[name] = dict(inside=inside, wall=wall, hits=hits)
    differing = [query for query in bench_search.QUERIES if results["sqlite"]["hits"][query] != results["postgres"]["hits"][query]]
    return results, merge_seconds, differing


def run(arguments, binary, talk):
    workers = sorted({int(value) for value in arguments.workers.split(",") if value.strip()})
    if not workers or min(workers) < 1:
        sys.exit("--workers takes positive counts, e.g. 1,2,4")
    scratch = tempfile.mkdtemp(prefix="bench-fleet-")
    server = Server()
    try:
        say(f"bench-index --workers {','.join(map(str, workers))} on {os.cpu_count()} cores, {time.strftime('%Y-%m-%d %H:%M:%S %Z')}, "
            f"load average {os.getloadavg()[0]:.1f}; PostgreSQL {server.psql('postgres', 'SHOW server_version').strip()}")
        library = Path(scratch) / "library"
        library.mkdir()
        for index in range(arguments.videos):
            os.link(talk, library / f"talk-{index:02d}.mp4")
        probe = subprocess.run(["ffprobe", "-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", str(talk)],
                               capture_output=True, text=True, check=True)
        media_seconds = float(probe.stdout) * arguments.videos
        say(f"library: {arguments.videos} copies of {talk.name} ({float(probe.stdout):.0f} s of 1080p25 each), {media_seconds / 60:.0f} min in all")
        say()
        say("1. throughput")
        rows = throughput(server, str(binary), library, media_seconds, workers, scratch)

        say()
        say(f"2. claim latency ({arguments.claims} queued rows, claimed until none is left)")
        statement = claim_statement()
        claims = []
        for count in workers:
            database = f"claims_{count}"
            conninfo = server.create(database)
            # The schema as framegrab makes it: a status call creates nothing, an index of nothing does.
            subprocess.run([str(binary), "index", "--db", conninfo, "--work"], capture_output=True)
            if "queue" not in server.psql(database, "SELECT string_agg(table_name, ',') FROM information_schema.tables WHERE table_schema = 'framegrab'"):
                sys.exit("framegrab index --work did not create the schema")
            times, wall, claimed, twice = measure_claims(server, statement, database, count, arguments.claims, scratch)
            claims.append((count, times, wall, claimed, twice))
            say(f"  {count} session(s): {len(times)} claims in {wall:.1f} s; {claimed} rows running, {twice} claimed twice")

        say()
        say(f"3. search latency at {arguments.screens} screens")
        search, merge_seconds, differing = search_latency(server, str(binary), arguments.screens, arguments.runs, scratch)

        say()
        say("summary")
        first = next((row for row in rows if row["workers"] == 1), rows[0])
        say(f"  {'workers':>7} {'PostgreSQL fleet':>17} {'x realtime':>10} {'speed-up':>8} {'cores':>5}   {'SQLite --jobs N':>15}"
            f" {'x realtime':>10} {'cores':>5}   {'gap between videos med':>22} {'p95':>8}")
        for row in rows:
            say(f"  {row['workers']:>7} {row['fleet']:>15.1f} s {media_seconds / row['fleet']:>9.1f}x {first['fleet'] / row['fleet']:>7.2f}x"
                f" {row['fleet_cores']:>5.2f}   {row['single']:>13.1f} s {media_seconds / row['single']:>9.1f}x {row['single_cores']:>5.2f}"
                f"   {statistics.median(row['gaps']) if row['gaps'] else float('nan'):>19.1f} ms {percentile(row['gaps'], 0.95):>5.1f} ms")
        say(f"  {'sessions':>8} {'claim med':>10} {'p95':>8} {'claims/s':>9}")
        for count, times, wall, _, _ in claims:
            say(f"  {count:>8} {statistics.median(times):>8.2f} ms {percentile(times, 0.95):>5.2f} ms {len(times) / wall:>9.0f}")
        say(f"  {'store':>8} {'search in process med':>22} {'p95':>8}   {'wall med':>9} {'p95':>8}")
        for name in ("sqlite", "postgres"):
            result = search[name]
            say(f"  {name:>8} {statistics.median(result['inside']):>19.1f} ms {percentile(result['inside'], 0.95):>5.1f} ms"
                f"   {statistics.median(result['wall']):>6.1f} ms {percentile(result['wall'], 0.95):>5.1f} ms")
        say(f"  queries whose hit counts differ between the stores: {', '.join(differing) if differing else 'none'}")
    finally:
        server.stop()
        if arguments.keep:
            say(f"kept {scratch}")
        else:
            shutil.rmtree(scratch, ignore_errors=True)
