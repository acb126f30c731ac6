internal import CPoppler

/// The sha256 of a text, in lowercase hex: a stable name for something made from it (a cached page
/// image named by its document, page, width and highlight). GLib's checksum, which poppler brings.
public enum SHA256Text {
    public static func hex(_ text: String) -> String {
        let checksum = g_checksum_new(G_CHECKSUM_SHA256)
        defer { g_checksum_free(checksum) }
        var copy = text
        copy.withUTF8 { g_checksum_update(checksum, $0.baseAddress, $0.count) }
        return String(cString: g_checksum_get_string(checksum))
    }
}
