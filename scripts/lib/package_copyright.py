"""Prints the Debian copyright file of the package (scripts/package): scripts/lib/debian/copyright.in with the
version, the Swift toolchain's version and the Swift packages compiled into the release binary filled in.

    python3 scripts/lib/package_copyright.py SCRATCH VERSION SWIFT_VERSION

A package counts when one of its modules was compiled in the release build (SCRATCH/release/MODULE.build);
its version is the one Package.resolved pins. Each must carry the Apache License 2.0 (the template says so):
a package under another licence stops the script, so the file never claims what is not true.
"""
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def compiled_packages(scratch):
    release = os.path.join(scratch, "release")
    built = {name[:-len(".build")] for name in os.listdir(release) if name.endswith(".build")}
    with open(os.path.join(ROOT, "Package.resolved"), encoding="utf-8") as f:
        pins = {pin["identity"]: pin for pin in json.load(f)["pins"]}
    checkouts = os.path.join(scratch, "checkouts")
    found = []
    for name in sorted(os.listdir(checkouts)):
        sources = os.path.join(checkouts, name, "Sources")
        modules = set(os.listdir(sources)) if os.path.isdir(sources) else set()
        if not modules & built:
            continue
        licence = next((os.path.join(checkouts, name, f) for f in ("LICENSE.txt", "LICENSE")
                        if os.path.exists(os.path.join(checkouts, name, f))), None)
        if licence is None:
            sys.exit(f"{name}: no LICENSE.txt or LICENSE; its terms cannot be stated")
        with open(licence, encoding="utf-8") as f:
            head = f.read(400)
        if "Apache License" not in head or "Version 2.0" not in head:
            sys.exit(f"{name}: not under the Apache License 2.0; scripts/lib/debian/copyright.in must say so")
        pin = pins.get(name.lower(), {})
        found.append(f"      {pin.get('location', name).removesuffix('.git')} {pin.get('state', {}).get('version', '')}".rstrip())
    return found


def main():
    scratch, version, swift_version = sys.argv[1:4]
    with open(os.path.join(ROOT, "scripts", "lib", "debian", "copyright.in"), encoding="utf-8") as f:
        text = f.read()
    text = (text.replace("@VERSION@", version).replace("@SWIFT_VERSION@", swift_version)
            .replace("@SWIFT_PACKAGES@", "\n".join(compiled_packages(scratch))))
    sys.stdout.write(text)


if __name__ == "__main__":
    main()
