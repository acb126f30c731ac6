# The version of `manual`, from its one place: Sources/ManualKit/Version.swift (what `manual --version`
# prints). Sourced by scripts/package and scripts/package-test. Usage: version=$(manual_version)
manual_version() {
    local root version
    root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
    version=$(sed -n 's/.*static let version = "\([^"]*\)".*/\1/p' "$root/Sources/ManualKit/Version.swift")
    [ -n "$version" ] || { echo "no version in Sources/ManualKit/Version.swift" >&2; return 1; }
    echo "$version"
}
