"""Statehouse inside a Hummingbird app and a Vapor app (issue 20): each example binary
(Examples/Hosts, built by the test command's `swift build`) is started on a loopback port,
driven over HTTP, and stopped by its PID. No browser: the examples' own routes and bearer
authentication run before Statehouse's pages, whose views read the signed-in user from
their environment."""

import http.client
import json
import os
import re
import socket
import subprocess
import time
import unittest

from test_browser import ROOT
from test_durable import free_port


class HostExample:
    """One example process and an HTTP client of it."""

    def __init__(self, name, arguments, env):
        self.name = name
        self.port = free_port()
        binary = os.path.join(ROOT, ".build", "debug", name)
        environment = dict(os.environ, STATEHOUSE_STATE_STORE="memory", STATEHOUSE_LOG_LEVEL="warning",
                           STATEHOUSE_MAX_UPLOAD_FILE_BYTES="100000", **env(self.port))
        self.process = subprocess.Popen([binary] + arguments(self.port), env=environment,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 60
        while time.time() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                if self.process.poll() is not None:
                    raise AssertionError(f"{name} exited with {self.process.returncode}")
                time.sleep(0.2)
        self.stop()
        raise AssertionError(f"{name} did not listen on {self.port} within 60 s")

    def stop(self):
        """SIGTERM: a graceful stop, which open event streams must not hold up."""
        self.process.terminate()
        try:
            return self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            raise AssertionError(f"{self.name} did not stop within 10 s of SIGTERM")

    def request(self, method, path, user="alice", headers=None, body=None):
        """(status, headers as a dict of lower-case names, body text)."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        try:
            all_headers = dict(headers or {})
            if user:
                all_headers["Authorization"] = f"Bearer {user}"
            connection.request(method, path, body=body, headers=all_headers)
            response = connection.getresponse()
            if response.getheader("Content-Type", "").startswith("text/event-stream"):
                return response.status, {k.lower(): v for k, v in response.getheaders()}, ""
            return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read().decode()
        finally:
            connection.close()

    def event(self, cookie, page, csrf, target, origin=None):
        return self.request("POST", "/_sh/event", headers={
            "Cookie": cookie, "X-CSRF-Token": csrf, "Accept": "text/vnd.turbo-stream.html",
            "Content-Type": "application/x-www-form-urlencoded",
            "Origin": origin or f"http://127.0.0.1:{self.port}",
        }, body=f"page={page}&target={target}&type=click")


class HostsTests(unittest.TestCase):
    def exercise(self, host, framework):
        # The host's middleware runs first: without a user, 401 and no page.
        status, _, _ = host.request("GET", "/counter", user=None)
        self.assertEqual(status, 401)
        status, _, body = host.request("GET", "/_sh/health")
        self.assertEqual(status, 200)
        self.assertEqual(json.loads(body)["pages"], 0)

        # The host's own route is its own.
        status, _, body = host.request("GET", "/hello")
        self.assertEqual((status, body), (200, f"hello from {framework}, alice\n"))

        # A page, greeting the user the middleware found (a value of its environment).
        status, headers, document = host.request("GET", "/counter")
        self.assertEqual(status, 200)
        self.assertIn('<span id="greeting" class="sh-text">Hello, alice</span>', document)
        self.assertIn("default-src 'self'", headers["content-security-policy"])
        cookie = headers["set-cookie"].split(";")[0]
        page = re.search(r'name="sh-page" content="([^"]+)"', document).group(1)
        csrf = re.search(r'name="csrf-token" content="([^"]+)"', document).group(1)

        # A click: the count's fragment comes back.
        status, headers, body = host.event(cookie, page, csrf, "increment")
        self.assertEqual(status, 200, body)
        self.assertTrue(headers["content-type"].startswith("text/vnd.turbo-stream.html"))
        self.assertIn('<span id="count" class="sh-text">1</span>', body)
        # The protocol's refusals come through the host unchanged: another origin (the host's
        # Host header reaches the check), a wrong token, a page that does not exist.
        self.assertEqual(host.event(cookie, page, csrf, "increment", origin="http://evil.example")[0], 403)
        self.assertEqual(host.event(cookie, page, "wrong", "increment")[0], 403)
        self.assertEqual(host.event(cookie, "nosuchpage", csrf, "increment")[0], 410)

        # An upload through the host: streamed to disk (issue 58.2), its name and size shown;
        # one over --max-upload-file-bytes is 413.
        self.exercise_upload(host, cookie)

        # Another user's page greets them.
        _, _, other = host.request("GET", "/counter", user="bob")
        self.assertIn('<span id="greeting" class="sh-text">Hello, bob</span>', other)

        # The client script, the page's event stream, and nothing below no route.
        status, headers, _ = host.request("GET", "/_sh/client.js")
        self.assertEqual(status, 200)
        self.assertIn("javascript", headers["content-type"])
        status, headers, _ = host.request("GET", f"/_sh/stream?page={page}", headers={"Cookie": cookie})
        self.assertEqual(status, 200)
        self.assertTrue(headers["content-type"].startswith("text/event-stream"))
        self.assertEqual(host.request("GET", "/nowhere/at/all")[0], 404)
        _, _, body = host.request("GET", "/_sh/health")
        self.assertEqual(json.loads(body)["pages"], 3)  # alice's counter and upload pages, bob's counter

        # A stream whose browser is still there does not hold up a graceful stop.
        stream = http.client.HTTPConnection("127.0.0.1", host.port, timeout=10)
        stream.request("GET", f"/_sh/stream?page={page}", headers={"Cookie": cookie, "Authorization": "Bearer alice"})
        self.assertEqual(stream.getresponse().status, 200)
        started = time.time()
        host.stop()
        self.assertLess(time.time() - started, 5, "stopped while a stream was open")
        stream.close()

    def exercise_upload(self, host, cookie):
        status, _, document = host.request("GET", "/upload", headers={"Cookie": cookie})
        self.assertEqual(status, 200)
        page = re.search(r'name="sh-page" content="([^"]+)"', document).group(1)
        csrf = re.search(r'name="csrf-token" content="([^"]+)"', document).group(1)
        status, _, body = host.event(cookie, page, csrf, "choose")
        self.assertEqual(status, 200, body)
        field = re.search(r'<input id="([^"]+)" class="sh-file" type="file"', body).group(1)
        button = re.search(r'<button id="([^"]+)" class="sh-button sh-upload"', body).group(1)

        def post(size):
            boundary = "HostBoundary42"
            parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
                     for name, value in (("page", page), ("_csrf", csrf), ("target", button))]
            parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{field}"; filename="report.bin"\r\n'
                         'Content-Type: application/octet-stream\r\n\r\n'.encode() + os.urandom(size) + f"\r\n--{boundary}--\r\n".encode())
            return host.request("POST", "/_sh/upload", body=b"".join(parts), headers={
                "Cookie": cookie, "Accept": "text/vnd.turbo-stream.html", "Origin": f"http://127.0.0.1:{host.port}",
                "Content-Type": f"multipart/form-data; boundary={boundary}"})

        status, _, body = post(200_000)
        self.assertEqual(status, 413, body)
        status, _, body = post(90_000)
        self.assertEqual(status, 200, body)
        self.assertIn("report.bin: 90000 bytes", body)

    def test_hummingbird(self):
        host = HostExample("HummingbirdExample", lambda port: [],
                           lambda port: {"STATEHOUSE_HOST": "127.0.0.1", "STATEHOUSE_PORT": str(port)})
        try:
            self.exercise(host, "Hummingbird")
        finally:
            if host.process.poll() is None:
                host.stop()

    def test_vapor(self):
        host = HostExample("VaporExample", lambda port: ["serve", "--hostname", "127.0.0.1", "--port", str(port)],
                           lambda port: {"LOG_LEVEL": "warning"})
        try:
            self.exercise(host, "Vapor")
        finally:
            if host.process.poll() is None:
                host.stop()


if __name__ == "__main__":
    unittest.main()
