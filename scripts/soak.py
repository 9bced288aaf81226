#!/usr/bin/env python3
"""A soak: a steady mix of page loads, clicks, typing, event streams and leaves against the demo
(release build), with the server's resident memory sampled every 10 s; then the load stops and
every page must expire. Prints one line per sample and a verdict; exits 1 if any response was a
5xx, memory grew after the warm-up, or pages were left.

  scripts/soak.py [SECONDS] [RATE]      (default: 600 s at about 200 requests/s)

The demo runs with STATEHOUSE_SESSION_TTL=20, so expiry is checked 20-odd seconds after the end.
"""
import http.client, json, os, re, signal, subprocess, sys, threading, time

seconds = int(sys.argv[1]) if len(sys.argv) > 1 else 600
rate = int(sys.argv[2]) if len(sys.argv) > 2 else 200
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
subprocess.run(["swift", "build", "-c", "release", "--product", "demo"], cwd=root, check=True,
               stdout=subprocess.DEVNULL)
env = dict(os.environ, STATEHOUSE_PORT="18299", STATEHOUSE_SESSION_TTL="20", STATEHOUSE_LOG_LEVEL="warning")
server = subprocess.Popen([os.path.join(root, ".build/release/demo")], env=env,
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
port = 18299
counts = {"requests": 0, "5xx": 0, "other_errors": 0}
lock = threading.Lock()
stop = threading.Event()


def count(status):
    with lock:
        counts["requests"] += 1
        if status >= 500:
            counts["5xx"] += 1


def health():
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    c.request("GET", "/_sh/health")
    return json.loads(c.getresponse().read())


def rss_kib():
    with open(f"/proc/{server.pid}/status") as f:
        return int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1))


def visitor(interval):
    """One browser after another: load a page, click and type, sometimes open its stream for a
    moment, then leave (or just go away, and let it expire)."""
    n = 0
    while not stop.is_set():
        n += 1
        try:
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            path = ["/counter", "/todos", "/clock", "/book"][n % 4]
            c.request("GET", path)
            r = c.getresponse(); body = r.read().decode(); count(r.status)
            cookie = r.getheader("set-cookie").split(";")[0]
            page = re.search(r'name="sh-page" content="([^"]+)"', body).group(1)
            csrf = re.search(r'name="csrf-token" content="([^"]+)"', body).group(1)
            headers = {"Content-Type": "application/x-www-form-urlencoded", "X-CSRF-Token": csrf, "Cookie": cookie}
            controls = re.findall(r'<(?:button|input)[^>]* id="([^"]+)"', body)
            for i in range(8):
                if stop.is_set():
                    break
                time.sleep(interval)
                if not controls:
                    break
                target = controls[i % len(controls)]
                form = f"page={page}&target={target}" + ("&type=input&value=soak" if "input" in body and i % 3 == 0 else "")
                c.request("POST", "/_sh/event", body=form, headers=headers)
                r = c.getresponse(); r.read(); count(r.status)
            if n % 3 == 0:
                s = http.client.HTTPConnection("127.0.0.1", port, timeout=1.5)
                s.request("GET", f"/_sh/stream?page={page}", headers={"Cookie": cookie})
                r = s.getresponse(); count(r.status)
                try:
                    r.read(200)
                except Exception:
                    pass
                s.close()
            if n % 2 == 0:
                c.request("POST", "/_sh/leave", body=f"page={page}", headers=headers)
                r = c.getresponse(); r.read(); count(r.status)
            c.close()
        except Exception:
            with lock:
                counts["other_errors"] += 1
            time.sleep(interval)


try:
    for _ in range(100):
        try:
            health(); break
        except Exception:
            time.sleep(0.1)
    workers = 8
    interval = workers / rate  # each worker sends about one request per interval
    threads = [threading.Thread(target=visitor, args=(interval,), daemon=True) for _ in range(workers)]
    for t in threads:
        t.start()
    samples = []
    start = time.time()
    while time.time() - start < seconds:
        time.sleep(10)
        h = health()
        samples.append(rss_kib())
        print(f"{int(time.time() - start):4d} s  RSS {samples[-1] / 1024:6.1f} MiB  sessions {h['sessions']:5d}  pages {h['pages']:5d}  "
              f"requests {counts['requests']}  5xx {counts['5xx']}", flush=True)
    stop.set()
    for t in threads:
        t.join(timeout=15)
    time.sleep(30)  # past the 20 s session TTL and a sweep
    after = health()
    # Flat: the last third's mean within 10 % of the middle third's (the first third is warm-up).
    third = max(1, len(samples) // 3)
    middle = sum(samples[third:2 * third]) / max(1, len(samples[third:2 * third]))
    last = sum(samples[2 * third:]) / max(1, len(samples[2 * third:]))
    growth = (last - middle) / middle * 100
    print(f"after the load and the TTL: sessions {after['sessions']}, pages {after['pages']}; "
          f"RSS {rss_kib() / 1024:.1f} MiB; last third vs middle third {growth:+.1f} %; "
          f"{counts['requests']} requests, {counts['5xx']} 5xx, {counts['other_errors']} client errors")
    ok = counts["5xx"] == 0 and after["sessions"] == 0 and after["pages"] == 0 and growth < 10
    print("soak: " + ("passed" if ok else "FAILED"))
    sys.exit(0 if ok else 1)
finally:
    server.send_signal(signal.SIGTERM)
    server.wait(timeout=15)
