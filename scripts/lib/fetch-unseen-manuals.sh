#!/usr/bin/env bash
# fetch-unseen-manuals.sh - fetch the manuals of Fixtures/unseen-questions.jsonl from Debian packages.
#
# Usage: scripts/lib/fetch-unseen-manuals.sh TARGET_DIR
#
#   TARGET_DIR  created if missing; receives the PDFs under the short stable names the
#               questions' `doc` fields use:
#                 gpsim-manual.pdf  gpsim PIC simulator manual, 64 pages (gpsim-doc 0.22.0-2.2)
#                 dot-guide.pdf     "Drawing graphs with dot", 40 pages (graphviz-doc 2.42.2-7+deb12u1)
#                 aprx-manual.pdf   Aprx 2.9 APRS digipeater/iGate daemon manual, 68 pages (aprx 2.9.1-1)
#                 gpredict-manual.pdf  Gpredict satellite tracking user manual, 64 pages
#                                   (gpredict 2.3-72-gc596101-3)
#
# No rule or weight was tuned on these manuals and no other question set uses them (not in
# ../shared/eval's corpus, extra or check sets, nor in scripts/lib/tokenlearn-packages.txt); they
# are kept out of scripts/fit-answer-weights, so `scripts/eval --unseen` measures the answer stage
# on manuals it never saw, with questions anyone may read.
#
# Works like ../shared/eval/fetch-corpus.sh: each package is fetched with `apt-get download`
# pinned to the version below (if that version has left the archive, the current one is used
# and a warning is printed), only the chosen file is pulled out of the .deb (dpkg-deb | tar -xO)
# and gunzipped; downloads go to a mktemp directory removed on exit. Nothing is installed.
# Idempotent: a file whose sha256 matches the recorded one is left alone; anything else is
# (re)built and replaced atomically. A differing sha256 is a warning (the labels may not match).
set -euo pipefail

usage() { sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-2}"; }
TARGET=""
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage 0 ;;
    -*) echo "unknown option: $1" >&2; usage ;;
    *) [ -z "$TARGET" ] || usage; TARGET="$1" ;;
  esac
  shift
done
[ -n "$TARGET" ] || usage

# name | package | pinned version | path inside the .deb | sha256 of the final PDF
MANUALS=(
  "gpsim-manual.pdf|gpsim-doc|0.22.0-2.2|./usr/share/doc/gpsim-doc/gpsim.pdf.gz|a0fd2631f1e890622613a3429afa83a9b800941665ca87409b3e80ede92b8371"
  "dot-guide.pdf|graphviz-doc|2.42.2-7+deb12u1|./usr/share/doc/graphviz/pdf/dotguide.pdf.gz|6aa4a4f220de2a2a3a00f3cd48a6aebd972a2691dddfd228b97f0733b38e8066"
  "aprx-manual.pdf|aprx|2.9.1-1|./usr/share/doc/aprx/aprx-manual.pdf.gz|ddaf6e9ab4297f8bd4a80ff37a78171d969b8110759a04628add58b4a63825b2"
  "gpredict-manual.pdf|gpredict|2.3-72-gc596101-3|./usr/share/doc/gpredict/gpredict-user-manual.pdf.gz|177330786df7b0ce64186f85a569422749df8f7cc5342bc328b93ca45b24734b"
)

log()  { printf '%s\n' "$*"; }
warn() { printf 'WARNING: %s\n' "$*" >&2; }
die()  { printf 'ERROR: %s\n' "$*" >&2; exit 1; }
FAILURES=0

for t in apt-get apt-cache dpkg-deb tar gzip sha256sum; do
  command -v "$t" >/dev/null || die "$t not found (this script needs a Debian/apt system)"
done
mkdir -p "$TARGET"
TARGET=$(cd "$TARGET" && pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/fetch-unseen-manuals.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

APT_OPTS=()
[ "$(id -u)" -eq 0 ] && APT_OPTS=(-o APT::Sandbox::User=root)
if ! apt-cache show --no-all-versions gpsim-doc >/dev/null 2>&1; then
  if [ "$(id -u)" -eq 0 ]; then
    log "apt has no package lists yet: running apt-get update"
    apt-get update -qq >/dev/null
  else
    die "apt has no package lists; run 'apt-get update' as root first"
  fi
fi

sha_of() { sha256sum "$1" | cut -d' ' -f1; }

fetch_one() {
  local name pkg ver path sha dir deb out got
  IFS='|' read -r name pkg ver path sha <<<"$1"
  if [ -f "$TARGET/$name" ] && [ "$(sha_of "$TARGET/$name")" = "$sha" ]; then
    log "ok      $name (already present, sha256 matches)"; return 0
  fi
  dir="$WORK/$pkg"; mkdir -p "$dir"
  if ! (cd "$dir" && apt-get "${APT_OPTS[@]}" download "$pkg=$ver") >"$WORK/apt.log" 2>&1; then
    warn "$pkg=$ver is no longer downloadable; falling back to the current $pkg"
    (cd "$dir" && apt-get "${APT_OPTS[@]}" download "$pkg") >"$WORK/apt.log" 2>&1 || {
      cat "$WORK/apt.log" >&2; warn "could not download $pkg"; FAILURES=$((FAILURES + 1)); return 0; }
  fi
  deb=$(ls "$dir"/*.deb)
  out="$WORK/$name"
  if ! dpkg-deb --fsys-tarfile "$deb" | tar -xOf - "$path" >"$out.gz" 2>"$WORK/tar.log" || [ ! -s "$out.gz" ]; then
    cat "$WORK/tar.log" >&2; warn "$path not found in $(basename "$deb")"; FAILURES=$((FAILURES + 1)); return 0
  fi
  gzip -dc "$out.gz" >"$out" || { warn "$name: gunzip failed"; FAILURES=$((FAILURES + 1)); return 0; }
  [ "$(head -c 5 "$out")" = "%PDF-" ] || { warn "$name: extracted file is not a PDF"; FAILURES=$((FAILURES + 1)); return 0; }
  got=$(sha_of "$out")
  [ "$got" = "$sha" ] || warn "$name: sha256 $got differs from the recorded $sha (package $(basename "$deb")); the labels may not match"
  cp "$out" "$TARGET/.$name.tmp" && mv -f "$TARGET/.$name.tmp" "$TARGET/$name"
  log "fetched $name  <- $(basename "$deb"):${path#.}"
}

for e in "${MANUALS[@]}"; do fetch_one "$e"; done
pdfs=("$TARGET"/*.pdf)
log "done: ${#pdfs[@]} PDFs in $TARGET ($FAILURES failures)"
[ "$FAILURES" -eq 0 ]
