"""Several processes behind a load balancer (issue 17): two demo processes share one
PostgreSQL database (`--state-store postgres://…`) behind nginx, sticky on the session cookie
(`hash $cookie_sh_session consistent`). Everything is started here, from Debian's packages,
on loopback ports, and stopped by PID.

- A session clicks through the process nginx sends it to; that process is killed (`kill -9`);
  the next clicks are answered by the other one, with the count intact, without a reload.
- `/shared` (App-level `@State`) in two sessions pinned to different processes is one count,
  and a click in either reaches the other's page live (PostgreSQL `LISTEN`/`NOTIFY`, then the
  page's event stream).
"""
import glob
import http.cookiejar
import json
import os
import pwd
import re
import shutil
import signal
import subprocess
import tempfile
import threading
import time
import unittest
import urllib.error
import urllib.parse
import urllib.request

from selenium.webdriver.common.by import By

from test_browser import ROOT, BrowserTestCase, screenshot_on_failure
from test_durable import free_port

NGINX_CONF = """
worker_processes 1;
daemon off;
{user}
pid {dir}/nginx.pid;
error_log {dir}/nginx-error.log warn;
events {{ worker_connections 256; }}
http {{
    access_log off;
    client_body_temp_path {dir}/body;
    proxy_temp_path {dir}/proxy;
    fastcgi_temp_path {dir}/fastcgi;
    uwsgi_temp_path {dir}/uwsgi;
    scgi_temp_path {dir}/scgi;

    # The guide's configuration (Deploying: several processes), with test ports.
    map $http_upgrade $connection_upgrade {{ default upgrade; '' ''; }}
    upstream statehouse {{
        hash $cookie_sh_session consistent;
        server 127.0.0.1:{a} max_fails=1 fail_timeout=10s;
        server 127.0.0.1:{b} max_fails=1 fail_timeout=10s;
    }}
    server {{
        listen 127.0.0.1:{port};
        location / {{
            proxy_pass http://statehouse;
            proxy_http_version 1.1;
            proxy_set_header Host $http_host;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_buffering off;
            proxy_read_timeout 1h;
            proxy_next_upstream error timeout;
            add_header X-Upstream $upstream_addr always;
        }}
    }}
}}
"""


def run_as_postgres(arguments, **options):
    """Runs a PostgreSQL program as the `postgres` user when we are root (it refuses root)."""
    if os.geteuid() == 0:
        arguments = ["runuser", "-u", "postgres", "--"] + arguments
    return arguments


def connections_to(pid, port):
    """The local ports of process `pid`'s TCP connections to `port` (from /proc: its sockets'
    inodes, looked up in /proc/net/tcp)."""
    inodes = set()
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            target = os.readlink(f"/proc/{pid}/fd/{fd}")
        except OSError:
            continue
        if target.startswith("socket:["):
            inodes.add(target[8:-1])
    ports = []
    with open("/proc/net/tcp") as table:
        for line in list(table)[1:]:
            fields = line.split()
            local, remote, state, inode = fields[1], fields[2], fields[3], fields[9]
            if state == "01" and inode in inodes and int(remote.split(":")[1], 16) == port:
                ports.append(str(int(local.split(":")[1], 16)))
    return ports


def wait_until(condition, seconds, message):
    deadline = time.time() + seconds
    while time.time() < deadline:
        try:
            if condition():
                return
        except OSError:
            pass
        time.sleep(0.1)
    raise AssertionError(message)


class ScaleOutTests(BrowserTestCase):
    @classmethod
    def setUpClass(cls):
        cls.processes = {}
        cls.logs = []
        cls.directory = tempfile.mkdtemp(prefix="statehouse-scaleout-")
        os.chmod(cls.directory, 0o755)
        try:
            cls.start_postgres()
            # Every process of one store files sessions under one key, kept outside the store.
            cls.key_file = os.path.join(cls.directory, "statehouse.key")
            with os.fdopen(os.open(cls.key_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "w") as key:
                key.write(os.urandom(32).hex() + "\n")
            cls.ports = {"a": free_port(), "b": free_port()}
            for name, port in cls.ports.items():
                cls.start_demo_process(name, port)
            cls.start_nginx()
        except BaseException:
            cls.tearDownClass()
            raise

    @classmethod
    def log(cls, name):
        log = open(os.path.join(cls.directory, name), "a")
        cls.logs.append(log)
        return log

    @classmethod
    def start_postgres(cls):
        binaries = sorted(glob.glob("/usr/lib/postgresql/*/bin"))
        if not binaries:
            raise RuntimeError("PostgreSQL is not installed (scripts/test installs Debian's postgresql)")
        pg = binaries[-1]
        data = os.path.join(cls.directory, "pg")
        os.makedirs(data)
        if os.geteuid() == 0:
            user = pwd.getpwnam("postgres")
            os.chown(data, user.pw_uid, user.pw_gid)
        subprocess.run(run_as_postgres([f"{pg}/initdb", "-D", data, "-U", "statehouse", "--auth=trust", "-E", "UTF8"]),
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        cls.pg_port = free_port()
        cls.pg_command = run_as_postgres([f"{pg}/postgres", "-D", data, "-p", str(cls.pg_port), "-k", data,
                                          "-c", "listen_addresses=127.0.0.1"])
        cls.run_postgres()
        psql = ["psql", "-h", "127.0.0.1", "-p", str(cls.pg_port), "-U", "statehouse", "-d", "postgres", "-qc"]
        subprocess.run(psql + ["CREATE DATABASE statehouse"], check=True, capture_output=True)
        cls.database = f"postgres://statehouse@127.0.0.1:{cls.pg_port}/statehouse"

    @classmethod
    def stop_postgres(cls):
        """A fast shutdown (SIGINT to the postmaster itself: `runuser` does not pass it on)."""
        process = cls.processes.get("postgres")
        if not process or process.poll() is not None:
            return
        with open(os.path.join(cls.directory, "pg", "postmaster.pid")) as f:
            os.kill(int(f.readline()), signal.SIGINT)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()

    @classmethod
    def run_postgres(cls):
        log = cls.log("postgres.log")
        cls.processes["postgres"] = subprocess.Popen(cls.pg_command, stdout=log, stderr=log)
        psql = ["psql", "-h", "127.0.0.1", "-p", str(cls.pg_port), "-U", "statehouse", "-d", "postgres", "-qc"]
        wait_until(lambda: subprocess.run(psql + ["SELECT 1"], capture_output=True).returncode == 0, 30, "PostgreSQL did not start")

    @classmethod
    def start_demo_process(cls, name, port):
        binary = os.path.join(ROOT, ".build", "debug", "demo")
        log = cls.log(f"demo-{name}.log")
        # b waits longer for a read of the store than a (test 4 asks it for a page while the
        # database comes back).
        timeout = ["--store-timeout", "6"] if name == "b" else []
        process = subprocess.Popen([binary, "--port", str(port), "--log-level", "info", "--state-store", cls.database,
                                    "--secret-key-file", cls.key_file, "--trusted-proxies", "127.0.0.1"] + timeout,
                                   stdout=log, stderr=log)
        cls.processes[name] = process
        wait_until(lambda: urllib.request.urlopen(f"http://127.0.0.1:{port}/_sh/health", timeout=2).status == 200, 30,
                   f"demo {name} did not start (see {log.name})")

    @classmethod
    def start_nginx(cls):
        nginx = shutil.which("nginx") or "/usr/sbin/nginx"
        if not os.path.exists(nginx):
            raise RuntimeError("nginx is not installed (scripts/test installs Debian's nginx)")
        port = free_port()
        conf = os.path.join(cls.directory, "nginx.conf")
        with open(conf, "w") as f:
            f.write(NGINX_CONF.format(dir=cls.directory, port=port, a=cls.ports["a"], b=cls.ports["b"],
                                      user="user root;" if os.geteuid() == 0 else ""))
        log = cls.log("nginx.log")
        cls.processes["nginx"] = subprocess.Popen([nginx, "-c", conf, "-p", cls.directory], stdout=log, stderr=log)
        cls.base = f"http://127.0.0.1:{port}"
        wait_until(lambda: urllib.request.urlopen(cls.base + "/_sh/health", timeout=2).status == 200, 30, "nginx did not start")

    @classmethod
    def tearDownClass(cls):
        for name in ("nginx", "a", "b"):
            process = cls.processes.get(name)
            if process and process.poll() is None:
                process.send_signal(signal.SIGTERM)
                try:
                    process.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    process.kill()
        try:
            cls.stop_postgres()
        except OSError:
            pass
        for log in cls.logs:
            log.close()
        if os.environ.get("KEEP_SCALEOUT_LOGS"):
            print(f"logs kept in {cls.directory}")
        else:
            shutil.rmtree(cls.directory, ignore_errors=True)

    def upstream(self, driver):
        """The process nginx sends this browser's session to: `a` or `b`."""
        cookie = driver.get_cookie("sh_session")["value"]
        request = urllib.request.Request(self.base + "/_sh/health", headers={"Cookie": f"sh_session={cookie}"})
        address = urllib.request.urlopen(request, timeout=5).headers["X-Upstream"]
        return next(name for name, port in self.ports.items() if address.endswith(f":{port}"))

    def pages_held(self, name):
        with urllib.request.urlopen(f"http://127.0.0.1:{self.ports[name]}/_sh/health", timeout=5) as reply:
            return json.load(reply)["pages"]

    def count(self, driver, element_id="count"):
        return driver.find_element(By.ID, element_id).text

    @screenshot_on_failure
    def test_1_a_killed_process_hands_its_sessions_to_the_other_with_their_state(self):
        driver = self.open("/counter")
        for expected in ("1", "2"):
            driver.find_element(By.ID, "increment").click()
            self.until(driver, lambda d: self.count(d) == expected, f"the count reads {expected}")
        driver.execute_script("window.sameDocument = true")
        home = self.upstream(driver)
        other = "b" if home == "a" else "a"
        self.until(driver, lambda d: self.pages_held(home) >= 1, f"process {home} holds the page")
        self.processes[home].kill()  # kill -9: nothing is handed over but what the database has
        self.processes[home].wait(timeout=10)
        for expected in ("3", "4"):
            driver.find_element(By.ID, "increment").click()
            self.until(driver, lambda d: self.count(d) == expected, f"process {other} counts on to {expected}")
        self.assertEqual(self.upstream(driver), other)
        self.assertTrue(driver.execute_script("return window.sameDocument === true"), "the browser did not reload")
        # The killed process comes back (as a supervisor would start it) for the next test.
        type(self).start_demo_process(home, self.ports[home])

    @screenshot_on_failure
    def test_2_app_state_is_one_count_across_processes_pushed_live(self):
        first = self.open("/shared")
        home = self.upstream(first)
        second = self.open("/shared")
        # Another session each time, until one hashes to the other process (which nginx may
        # still count as down for `fail_timeout` if the first test killed it).
        deadline = time.time() + 25
        while self.upstream(second) == home and time.time() < deadline:
            second.delete_all_cookies()
            second.get(self.base + "/shared")
            time.sleep(0.2)
        self.assertNotEqual(self.upstream(second), home, "no session went to the other process")
        time.sleep(0.5)  # both pages' event streams are open (each on its session's process)
        start = int(self.count(first, "shared-count"))
        self.until(second, lambda d: int(self.count(d, "shared-count")) == start, "both show the same count")
        first.find_element(By.ID, "shared-increment").click()
        self.until(first, lambda d: int(self.count(d, "shared-count")) == start + 1, "the clicking page counts")
        self.until(second, lambda d: int(self.count(d, "shared-count")) == start + 1,
                   "the other process's page shows the click, pushed")
        second.find_element(By.ID, "shared-increment").click()
        self.until(first, lambda d: int(self.count(d, "shared-count")) == start + 2, "and back")
        self.assertEqual(self.count(first, "page-clicks"), "Clicks from this page: 1")

    def new_counter(self, name):
        """A new `/counter` page on process `name` (straight to its port): what a click needs."""
        jar = http.cookiejar.CookieJar()
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        html = opener.open(f"http://127.0.0.1:{self.ports[name]}/counter", timeout=10).read().decode()
        return {"page": re.search(r'<meta name="sh-page" content="([^"]+)"', html).group(1),
                "csrf": re.search(r'<meta name="csrf-token" content="([^"]+)"', html).group(1),
                "cookie": next(c.value for c in jar if c.name == "sh_session")}

    def click(self, name, counter):
        """Clicks `counter`'s increment on process `name`: the count it answers."""
        body = urllib.parse.urlencode({"page": counter["page"], "target": "increment"}).encode()
        request = urllib.request.Request(f"http://127.0.0.1:{self.ports[name]}/_sh/event", data=body, headers={
            "X-CSRF-Token": counter["csrf"], "Cookie": f"sh_session={counter['cookie']}", "Accept": "text/vnd.turbo-stream.html"})
        with urllib.request.urlopen(request, timeout=10) as reply:
            return int(re.search(r'<span id="count"[^>]*>(\d+)</span>', reply.read().decode()).group(1))

    def store(self, name):
        with urllib.request.urlopen(f"http://127.0.0.1:{self.ports[name]}/_sh/health", timeout=5) as reply:
            return json.load(reply)["store"]

    def test_3_the_database_going_away_and_coming_back(self):
        """PostgreSQL stops: the processes answer from memory and say so (`/_sh/health`'s
        `store`); it starts again: they write what they held back, so a process killed after
        that hands its pages on with every click, including those made while it was away."""
        counter = self.new_counter("a")
        self.assertEqual([self.click("a", counter) for _ in range(2)], [1, 2])
        self.assertEqual(self.store("a"), "ok")
        type(self).stop_postgres()  # a fast shutdown: every connection is dropped
        start = time.time()
        self.assertEqual([self.click("a", counter) for _ in range(3)], [3, 4, 5], "served from memory")
        self.assertLess(time.time() - start, 8, "each click waits --store-timeout (2 s) at most")
        self.assertEqual(self.store("a"), "failing")
        type(self).run_postgres()
        wait_until(lambda: self.store("a") == "ok", 30, "the store works again once PostgreSQL is back")
        self.processes["a"].kill()
        self.processes["a"].wait(timeout=10)
        self.assertEqual(self.click("b", counter), 6, "the other process takes the page up with the clicks made while the database was away")
        type(self).start_demo_process("a", self.ports["a"])

    def test_4_a_take_up_asked_for_while_the_database_is_away_is_answered_once_it_is_back(self):
        """A page asked for on the process that does not hold it, while PostgreSQL is away, is
        taken up once the database is back, within that process's --store-timeout (6 s here:
        else the answer would be 503 with Retry-After). That process's listeners lost their
        connections too: they must not take every connection the pool makes when the database
        is back, which left the read waiting behind them until it timed out."""
        counter = self.new_counter("a")
        self.assertEqual(self.click("a", counter), 1)
        type(self).stop_postgres()
        time.sleep(2.5)  # b's listeners have found the database gone and try again meanwhile
        answer = {}

        def take_up():
            try:
                answer["count"] = self.click("b", counter)
            except urllib.error.HTTPError as error:
                answer["error"] = f"{error.code} {error.read().decode().strip()}"
            except Exception as error:  # the assertion below names it
                answer["error"] = error
        asking = threading.Thread(target=take_up)
        asking.start()
        time.sleep(0.5)  # b's read of the session waits for a connection
        type(self).run_postgres()
        asking.join(timeout=15)
        self.assertFalse(asking.is_alive(), "the take-up was not answered 15 s after PostgreSQL came back")
        self.assertEqual(answer, {"count": 2}, "b took the page up from the database and counted on")

    @screenshot_on_failure
    def test_5_a_click_the_other_process_cannot_take_up_yet_goes_again_until_it_can(self):
        """PostgreSQL away and the session's process killed: the other process cannot read the
        page, and answers 503 with Retry-After (nothing changed). The browser says why and
        sends the click again each second; once the database is back the click lands, counted
        on from the database, in the same document, and the notice goes."""
        driver = self.open("/counter")
        # Loaded again with the session's cookie, the page is made on the session's process
        # (nginx sent the first load, without a cookie, by the hash of none).
        driver.get(self.base + "/counter")
        driver.find_element(By.ID, "increment").click()
        self.until(driver, lambda d: self.count(d) == "1", "the count reads 1")
        driver.execute_script("window.sameDocument = true")
        home = self.upstream(driver)
        type(self).stop_postgres()
        self.processes[home].kill()
        self.processes[home].wait(timeout=10)
        driver.find_element(By.ID, "increment").click()
        notice = lambda d: d.find_element(By.CSS_SELECTOR, ".sh-notice").text
        self.until(driver, lambda d: "state store" in notice(d), "the browser says why the click did not land yet")
        self.assertEqual(self.count(driver), "1", "nothing changed")
        type(self).run_postgres()
        self.until(driver, lambda d: self.count(d) == "2", "the click went again and landed once the database was back")
        self.assertEqual(driver.find_elements(By.CSS_SELECTOR, ".sh-notice"), [], "the notice went")
        self.assertTrue(driver.execute_script("return window.sameDocument === true"), "the browser did not reload")
        type(self).start_demo_process(home, self.ports[home])

    def test_6_a_take_up_announced_while_a_process_was_not_listening_reaches_it_when_it_listens_again(self):
        """A process whose listeners were away when another took up one of its pages (here:
        a stopped with SIGSTOP, its database connections ended meanwhile) reads, once it
        listens again, the pages taken up since: it lets its older copy go, and the next
        request it gets for the page takes it up from the database, counted on."""
        counter = self.new_counter("a")
        self.assertEqual(self.click("a", counter), 1)
        held = self.pages_held("a")
        process = self.processes["a"]
        process.send_signal(signal.SIGSTOP)
        try:
            ports = connections_to(process.pid, self.pg_port)
            self.assertGreaterEqual(len(ports), 2, "a's two listeners are connected")
            ended = subprocess.run(["psql", "-h", "127.0.0.1", "-p", str(self.pg_port), "-U", "statehouse", "-d", "postgres", "-qAtc",
                                    f"SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE client_port IN ({','.join(ports)})"],
                                   capture_output=True, text=True, check=True).stdout.strip()
            self.assertGreaterEqual(int(ended), 2)
            self.assertEqual(self.click("b", counter), 2, "b takes the page up; a, stopped and not listening, is not told")
        finally:
            process.send_signal(signal.SIGCONT)
        wait_until(lambda: self.pages_held("a") == held - 1, 10, "a let its older copy go once it listened again")
        self.assertEqual(self.click("a", counter), 3, "a took the page up from the database")

    @screenshot_on_failure
    def test_7_ten_tabs_through_nginx_load_click_and_receive_pushes(self):
        self.assert_ten_tabs_work(self.base)

    def test_8_a_sign_in_on_one_process_ends_the_old_sessions_pages_on_the_other_and_hands_off_there(self):
        """A session with a page on each process signs in on b: a's page of the old session
        ends (told through the database), and the hand-off, followed on a, sets the new
        session's cookie there; a takes the new session up from the database, with its user."""
        counter = self.new_counter("a")
        self.assertEqual(self.click("a", counter), 1)
        cookie = {"Cookie": f"sh_session={counter['cookie']}"}
        with urllib.request.urlopen(urllib.request.Request(f"http://127.0.0.1:{self.ports['b']}/signin", headers=cookie), timeout=10) as reply:
            html = reply.read().decode()
        page = re.search(r'<meta name="sh-page" content="([^"]+)"', html).group(1)
        body = urllib.parse.urlencode({"page": page, "name": "ada", "password": "analytical engine", "target": "sign-in"}).encode()
        request = urllib.request.Request(f"http://127.0.0.1:{self.ports['b']}/_sh/event", data=body, headers={
            **cookie, "X-CSRF-Token": counter["csrf"], "Accept": "text/vnd.turbo-stream.html"})
        with urllib.request.urlopen(request, timeout=10) as reply:
            handoff = re.search(r'action="sh-open" target="sh-root" url="([^"]+)"', reply.read().decode()).group(1).replace("&amp;", "&")

        def ended_on_a():
            try:
                self.click("a", counter)
                return False
            except urllib.error.HTTPError as error:
                return error.code == 410
        wait_until(ended_on_a, 10, "a's page of the old session ended")
        # A new page with the old cookie is a new session: a let the old one go too.
        with urllib.request.urlopen(urllib.request.Request(f"http://127.0.0.1:{self.ports['a']}/counter", headers=cookie), timeout=10) as reply:
            self.assertIsNotNone(reply.headers["Set-Cookie"], "the old session is no more on a")

        class NoRedirect(urllib.request.HTTPRedirectHandler):
            def redirect_request(self, *args):
                return None
        opener = urllib.request.build_opener(NoRedirect)
        try:
            opener.open(urllib.request.Request(f"http://127.0.0.1:{self.ports['a']}{handoff}", headers=cookie), timeout=10)
            self.fail("the hand-off redirects")
        except urllib.error.HTTPError as error:
            self.assertEqual(error.code, 303)
            new_cookie = error.headers["Set-Cookie"].split(";")[0]
        self.assertNotEqual(new_cookie, cookie["Cookie"])
        with urllib.request.urlopen(urllib.request.Request(f"http://127.0.0.1:{self.ports['a']}/account",
                                                           headers={"Cookie": new_cookie}), timeout=10) as reply:
            self.assertIn('id="account-name" class="sh-text">Ada Lovelace<', reply.read().decode())


if __name__ == "__main__":
    unittest.main()
