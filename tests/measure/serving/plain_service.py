#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A plain PyTorch inference service: a pre-forked HTTP server of 4 worker processes (as gunicorn
runs a Flask or FastAPI app), each answering a request by running batch inference over the
request's items with a DataLoader of 2 workers. A load generator sends requests from 4 clients
at once, so all 4 server processes run their loaders together; the script ends when the load is
done, exiting non-zero when any request failed (a worker killed by a Bus error in a /dev/shm too
small). Arguments: --requests N (per client, default 3), --items N (per request, default 48)."""

import argparse
import http.client
import http.server
import json
import multiprocessing
import os
import signal
import socket
import sys
import threading
import time

import torch
from torch.utils.data import DataLoader, Dataset

SERVER_WORKERS = 4
LOADER_WORKERS = 2
BATCH = 8


class RequestItems(Dataset):
    """The request's items, decoded into image tensors (3x224x224 float32: 588 KiB each)."""

    def __init__(self, seeds):
        self.seeds = seeds

    def __len__(self):
        return len(self.seeds)

    def __getitem__(self, i):
        return torch.full((3, 224, 224), float(self.seeds[i] % 251))


def infer(seeds):
    loader = DataLoader(RequestItems(seeds), batch_size=BATCH, num_workers=LOADER_WORKERS)
    scores = []
    for batch in loader:
        time.sleep(0.15)  # the model's forward pass: the loader's workers fill their queues
        scores.extend(batch.mean(dim=(1, 2, 3)).tolist())
    return scores


class Handler(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        try:
            scores = infer(body["items"])
            status, reply = 200, json.dumps({"scores": scores, "pid": os.getpid()})
        except Exception as e:  # a loader worker killed by a Bus error: the request fails
            print(f"request failed in server worker {os.getpid()}: {e}", file=sys.stderr,
                  flush=True)
            status, reply = 500, json.dumps({"error": str(e)})
        data = reply.encode()
        self.send_response(status)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


def serve(sock):
    torch.set_num_threads(1)
    server = http.server.HTTPServer(("127.0.0.1", 0), Handler, bind_and_activate=False)
    server.socket.close()
    server.socket = sock
    signal.signal(signal.SIGTERM, lambda *a: os._exit(0))
    server.serve_forever()


def client(port, requests, items, failures):
    for r in range(requests):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
        body = json.dumps({"items": list(range(r * items, (r + 1) * items))})
        conn.request("POST", "/predict", body, {"Content-Type": "application/json"})
        reply = conn.getresponse()
        data = json.loads(reply.read())
        if reply.status != 200 or len(data.get("scores", [])) != items:
            failures.append(data.get("error", reply.status))
        conn.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=3)
    parser.add_argument("--items", type=int, default=48)
    args = parser.parse_args()
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    sock.listen(64)
    port = sock.getsockname()[1]
    ctx = multiprocessing.get_context("fork")
    workers = [ctx.Process(target=serve, args=(sock,)) for _ in range(SERVER_WORKERS)]
    for w in workers:
        w.start()
    failures = []
    clients = [threading.Thread(target=client, args=(port, args.requests, args.items, failures))
               for _ in range(SERVER_WORKERS)]
    for c in clients:
        c.start()
    for c in clients:
        c.join()
    for w in workers:
        w.terminate()
        w.join()
    if failures:
        print(f"{len(failures)} request(s) failed: {failures[0]}", file=sys.stderr, flush=True)
        sys.exit(1)
    print("served", SERVER_WORKERS * args.requests, "requests", flush=True)


if __name__ == "__main__":
    main()
