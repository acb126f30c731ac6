#!/usr/bin/env python3
"""Writes an ICU common data package holding only the items a list names (scripts/make-icu-data).

    icu_subset.py FULL.dat ITEMS.txt OUT.dat

FULL.dat is the toolchain's whole package (the bytes of its `icudtNN_dat` symbol); ITEMS.txt names one item a
line, without the package's own prefix ("root.res", "zone/en.res"; `#` starts a comment). The output has the
input's header, a table of contents sorted as ICU's binary search expects (byte order of the full names), and
each item 16-byte aligned, as ICU's own packager writes it. An item the list names that the package lacks is an
error: a list written for one ICU must not silently shrink under another.
"""
import struct
import sys


def read_package(data):
    header_size = struct.unpack_from("<H", data, 0)[0]
    if data[2:4] != b"\xda\x27" or data[12:16] != b"CmnD":  # magic bytes, then UDataInfo's dataFormat
        raise SystemExit("not an ICU common data package")
    count = struct.unpack_from("<I", data, header_size)[0]
    entries = [struct.unpack_from("<II", data, header_size + 4 + 8 * i) for i in range(count)]
    names = []
    for name_offset, _ in entries:
        start = header_size + name_offset
        names.append(data[start:data.index(b"\0", start)].decode("ascii"))
    ends = [offset for _, offset in entries[1:]] + [len(data) - header_size]
    items = {}
    for name, (_, offset), end in zip(names, entries, ends):
        items[name] = data[header_size + offset:header_size + end]
    return data[:header_size], items


def write_package(header, items):
    names = sorted(items, key=lambda n: n.encode("ascii"))
    toc_size = 4 + 8 * len(names)
    name_bytes = b"".join(n.encode("ascii") + b"\0" for n in names)
    name_offsets = []
    offset = toc_size
    for n in names:
        name_offsets.append(offset)
        offset += len(n) + 1
    offset = (offset + 15) & ~15
    data_offsets = []
    body = b""
    for n in names:
        data_offsets.append(offset + len(body))
        item = items[n]
        body += item + b"\0" * (((len(item) + 15) & ~15) - len(item))
    toc = struct.pack("<I", len(names)) + b"".join(
        struct.pack("<II", a, b) for a, b in zip(name_offsets, data_offsets))
    table = toc + name_bytes
    table += b"\0" * (offset - len(table))
    return header + table + body


def main():
    full_path, list_path, out_path = sys.argv[1:4]
    header, items = read_package(open(full_path, "rb").read())
    prefix = next(iter(items)).split("/")[0] + "/"
    wanted = []
    for line in open(list_path, encoding="utf-8"):
        line = line.split("#", 1)[0].strip()
        if line:
            wanted.append(prefix + line)
    missing = [w for w in wanted if w not in items]
    if missing:
        raise SystemExit("the toolchain's ICU data has no " + ", ".join(missing))
    out = write_package(header, {w: items[w] for w in wanted})
    # Read back: the same items, byte for byte.
    _, again = read_package(out)
    assert all(again[w][:len(items[w])] == items[w] for w in wanted) and len(again) == len(set(wanted))
    open(out_path, "wb").write(out)
    print(f"{len(set(wanted))} of {len(items)} items, {len(out)} bytes")


if __name__ == "__main__":
    main()
