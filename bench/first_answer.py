#!/usr/bin/env python3
"""Cold start of cairn: time from exec to the first answered GET /api/health, on a fresh data dir
each run (so the schema is created, as on a first install), and on a data dir that exists.

usage: bench/first_answer.py CAIRN_BINARY [RUNS]   prints min/median/max in ms for both cases
"""
import os, shutil, signal, socket, statistics, subprocess, sys, tempfile, time


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def health_answered(port):
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
            s.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            return s.recv(16).startswith(b"HTTP/1.1 200")
    except OSError:
        return False


def one_start(binary, data_dir):
    port = free_port()
    started = time.perf_counter()
    process = subprocess.Popen([binary, "serve", "--http", f"127.0.0.1:{port}", "--dir", data_dir],
                               stderr=subprocess.DEVNULL)
    try:
        while not health_answered(port):
            if process.poll() is not None:
                sys.exit(f"cairn exited with {process.returncode}")
            if time.perf_counter() - started > 30:
                sys.exit("no answer within 30 s")
            time.sleep(0.0005)
        return (time.perf_counter() - started) * 1000
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait()


def main():
    binary = sys.argv[1]
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    root = tempfile.mkdtemp()
    try:
        fresh, existing = [], []
        kept = os.path.join(root, "kept")
        one_start(binary, kept)  # warm-up; leaves a data dir for the "existing" runs
        for i in range(runs):
            fresh.append(one_start(binary, os.path.join(root, f"fresh{i}")))
            existing.append(one_start(binary, kept))
        for name, times in (("fresh data dir", fresh), ("existing data dir", existing)):
            print(f"cold start to first /api/health, {name}: median {statistics.median(times):.1f} ms "
                  f"(min {min(times):.1f}, max {max(times):.1f}, {runs} runs)")
    finally:
        shutil.rmtree(root, ignore_errors=True)


main()
