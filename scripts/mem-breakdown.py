#!/usr/bin/env python3
"""Breaks idle_session_kib down: resident memory per idle client of `bench serve` (release
build first: scripts/bench, or swift build -c release --product bench), for our connection alone
(/_sh/health, kept open), a session and page without their connection (/counter, closed),
both (/counter, kept open), and the bare NIO server. 1,000 clients each; prints KiB per client."""
import os, re, socket, subprocess, sys, time

BENCH = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), ".build", "release", "bench")
def rss(pid):
    return int(re.search(r"VmRSS:\s+(\d+)", open(f"/proc/{pid}/status").read()).group(1))
def get(s, path):
    s.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    data=b""
    while True:
        data+=s.recv(65536)
        if b"\r\n\r\n" in data:
            head,_,body=data.partition(b"\r\n\r\n")
            n=int(re.search(rb"(?i)content-length: (\d+)",head).group(1))
            if len(body)>=n: return
def run(kind, path, keep, n=1000):
    p=subprocess.Popen([BENCH,"serve",kind],stdout=subprocess.PIPE,text=True)
    port=int(re.search(r"(\d+)",p.stdout.readline()).group(1))
    for _ in range(50):
        s=socket.create_connection(("127.0.0.1",port)); get(s,path); s.close()
    time.sleep(0.5); before=rss(p.pid); socks=[]
    for _ in range(n):
        s=socket.create_connection(("127.0.0.1",port)); get(s,path)
        if keep: socks.append(s)
        else: s.close()
    time.sleep(1); after=rss(p.pid); p.terminate(); p.wait()
    print(kind, path, "keep" if keep else "closed", round((after-before)/n,2), "KiB each")
run("statehouse","/_sh/health",True)
run("statehouse","/counter",False)
run("statehouse","/counter",True)
run("nio","/",True)
