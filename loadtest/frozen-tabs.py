# Frozen tabs against a running Lamsa (README, "Operating"): per round, N raw WebSockets with a
# 4 KiB receive buffer that never read, 4 KB notes to their student until every one is closed
# with 4008, then the server's RSS and held sockets while they are cut. Three rounds, one student
# each, so no round replays the previous one's notes.
#
#   lamsa create-user --type supervisor --email mona@example.org   (password Braille#2026)
#   lamsa create-user --type student --email sara{0,1,2}@example.org
#   python3 loadtest/frozen-tabs.py http://127.0.0.1:8080 <server pid> 50
# 50 frozen tabs (raw sockets that never read) against a running lamsa; reports the server's RSS
# while their queues are full and after they are cut.
import json, socket, sys, time, urllib.request, os, concurrent.futures as cf
base, pid, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
host, port = base.replace("http://", "").split(":")
def post(path, body, tok=None):
    req = urllib.request.Request(base + path, json.dumps(body).encode(), {"Content-Type": "application/json", "Accept-Language": "en"})
    if tok: req.add_header("Authorization", "Bearer " + tok)
    with urllib.request.urlopen(req) as r: return json.load(r)
def metric(name):
    page = urllib.request.urlopen(base + "/metrics").read().decode()
    for l in page.splitlines():
        if l.startswith(name + " "): return float(l.split()[1])
def rss():
    for l in open(f"/proc/{pid}/status"):
        if l.startswith("VmRSS"): return int(l.split()[1]) // 1024
sup = post("/api/auth/login", {"email": "mona@example.org", "password": "Braille#2026"})["access"]
print("RSS idle", rss(), "MiB")
for rnd in range(3):
    print("round", rnd + 1)
    st = post("/api/auth/login", {"email": f"sara{rnd}@example.org", "password": "Braille#2026"})
    tok, sid = st["access"], st["user"]["id"]
    socks = []
    for i in range(n):
        s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096); s.connect((host, int(port)))
        s.sendall(f"GET /api/ws?token={tok} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())
        head = b""
        while not head.endswith(b"\r\n\r\n"): head += s.recv(1)
        p = b'{"type":"resume","after":0}'; m = b"\x01\x02\x03\x04"
        s.sendall(bytes([0x81, 0x80 | len(p)]) + m + bytes(b ^ m[i % 4] for i, b in enumerate(p)))
        socks.append(s)
    print("sockets held", metric("lamsa_ws_sockets_held"), "RSS", rss(), "MiB")
    text = "ب" * 2000
    sent = 0; peak = 0; t0 = time.time()
    with cf.ThreadPoolExecutor(16) as ex:
        while metric("lamsa_ws_closed_too_slow_total") < n * (rnd + 1) and sent < 5000:
            list(ex.map(lambda _: post("/api/notes", {"recipient_id": sid, "text": text}, sup), range(32)))
            sent += 32; peak = max(peak, rss())
    closed_at = time.time()
    print(f"{sent} notes of 4 KB sent; all {n} tabs closed with 4008; RSS at peak {max(peak, rss())} MiB")
    while metric("lamsa_ws_sockets_held") > 0 and time.time() - closed_at < 30: time.sleep(0.2)
    print(f"sockets held {metric('lamsa_ws_sockets_held')} {time.time() - closed_at:.1f} s after the last 4008; cut {metric('lamsa_ws_cut_total')}; RSS {rss()} MiB")
    time.sleep(3); print("RSS 3 s later", rss(), "MiB")
    time.sleep(12)
    for _ in range(20): post("/api/notes", {"recipient_id": sid, "text": "x"}, sup)
    print("RSS after 12 s more and a few requests", rss(), "MiB")
