# Installs the Debian packages `manual` builds against, only those that are missing.
# Sourced by scripts/demo and scripts/test. Usage: ensure_packages [extra packages...]
# libtesseract-dev and tesseract-ocr-eng: OCR of scanned pages (Tesseract 5's C API and its English model).
ensure_packages() {
    local wanted=(pkg-config libpoppler-glib-dev libsqlite3-dev libtesseract-dev tesseract-ocr-eng "$@") missing=() pkg
    for pkg in "${wanted[@]}"; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "Installing missing system packages: ${missing[*]}" >&2
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

require_swift() {
    command -v swift >/dev/null || { echo "Swift 6 is required (https://swift.org/install); 'swift' is not on PATH" >&2; exit 1; }
}
