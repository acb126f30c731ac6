"""Runs commands at once and prints, on one line: the wall-clock seconds until the last ends, then each
command's CPU seconds (user + system of the process and of the children it waited for: an extraction
worker still running when `manual` exits is not counted), then the CPU seconds
that the exited children of process SERVER_PID used meanwhile (a PostgreSQL postmaster: its connections'
server processes), or 0. Exits non-zero when any command fails. Used by scripts/bench-shards.

    python3 run_parts.py SERVER_PID -- CMD ARG... [--- CMD ARG...]...
"""
import os
import subprocess
import sys
import time


def children_cpu(pid):
    """The CPU seconds of the exited, reaped children of `pid` (cutime + cstime of /proc/PID/stat)."""
    if pid <= 0:
        return 0.0
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[13]) + int(fields[14])) / os.sysconf("SC_CLK_TCK")


def children(pid):
    """The processes whose parent is `pid`."""
    found = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    if int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                        found.add(int(entry))
            except (OSError, ValueError, IndexError):
                pass
    return found


def main():
    server = int(sys.argv[1])
    commands, current = [], []
    for arg in sys.argv[3:]:
        if arg == "---":
            commands.append(current)
            current = []
        else:
            current.append(arg)
    commands.append(current)
    server_before = children_cpu(server)
    server_processes = children(server) if server > 0 else set()
    start = time.monotonic()
    processes = [subprocess.Popen(c, stdout=subprocess.DEVNULL) for c in commands]
    cpu, failed = {}, False
    for child in processes:
        _, status, usage = os.wait4(child.pid, 0)
        cpu[child.pid] = usage.ru_utime + usage.ru_stime
        failed |= status != 0
    wall = time.monotonic() - start
    # A connection's server process ends just after its client: wait until the server has reaped them.
    deadline = time.monotonic() + 10
    while server > 0 and children(server) - server_processes and time.monotonic() < deadline:
        time.sleep(0.05)
    server_cpu = children_cpu(server) - server_before
    print(" ".join(f"{x:.2f}" for x in [wall] + [cpu[c.pid] for c in processes] + [server_cpu]))
    sys.exit(1 if failed else 0)


main()
