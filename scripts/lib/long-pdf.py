"""Writes a plain PDF of N pages, each a heading and six lines of maintenance prose, for the
memory-versus-pages figures of scripts/bench; with MEGABYTES, the file also carries that much
data that no page draws, as photographs make a manual's file large without adding text.

    python3 long-pdf.py PAGES OUT.pdf [MEGABYTES]
"""
import random
import sys

pages, out = int(sys.argv[1]), sys.argv[2]
ballast = int(sys.argv[3]) << 20 if len(sys.argv) > 3 else 0
rng = random.Random(2000)
parts = ["the pump", "the filter", "the heater", "the valve", "the drum", "the fan", "the seal"]
objects = []


def add(body):
    objects.append(body)
    return len(objects)


font = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
contents = []
for page in range(1, pages + 1):
    lines = [f"{page} Care of {rng.choice(parts)} (section {page})"]
    for _ in range(6):
        lines.append(f"Check {rng.choice(parts)} every {rng.randint(2, 52)} weeks; "
                     f"replace {rng.choice(parts)} after {rng.randint(100, 9000)} hours.")
    stream = "BT /F1 11 Tf 72 720 Td 14 TL\n" + "".join(f"({line}) Tj T*\n" for line in lines) + "ET"
    contents.append(add(b"<< /Length %d >>\nstream\n" % len(stream) + stream.encode() + b"\nendstream"))
pages_id = len(objects) + len(contents) + 1
kids = [add(b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 %d 0 R >> >> "
            b"/Contents %d 0 R >>" % (pages_id, font, content)) for content in contents]
assert add(b"<< /Type /Pages /Kids [" + b" ".join(b"%d 0 R" % kid for kid in kids) + b"] /Count %d >>" % len(kids)) == pages_id
catalog = add(b"<< /Type /Catalog /Pages %d 0 R >>" % pages_id)
if ballast:
    add(b"<< /Type /XObject /Subtype /Image /Width 1 /Height %d /ColorSpace /DeviceGray /BitsPerComponent 8 "
        b"/Length %d >>\nstream\n" % (ballast, ballast) + bytes(ballast) + b"\nendstream")

data = bytearray(b"%PDF-1.4\n")
offsets = []
for number, body in enumerate(objects, 1):
    offsets.append(len(data))
    data += b"%d 0 obj\n" % number + body + b"\nendobj\n"
xref = len(data)
data += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
for offset in offsets:
    data += b"%010d 00000 n \n" % offset
data += b"trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, catalog, xref)
with open(out, "wb") as f:
    f.write(data)
