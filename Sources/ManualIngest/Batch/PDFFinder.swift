import Foundation

/// Expands the paths a user gave into files to ingest: folders are walked recursively for PDFs.
public enum PDFFinder {
    /// Files named directly are kept as given (so a bad one is reported); folders contribute their
    /// `*.pdf` files (any case), sorted, hidden entries skipped; a folder without any stays as itself.
    public static func files(in paths: [String]) -> [String] {
        var out: [String] = []
        let fm = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                out.append(path)
                continue
            }
            let root = URL(fileURLWithPath: path)
            guard let walker = fm.enumerator(at: root, includingPropertiesForKeys: nil,
                                             options: [.skipsHiddenFiles]) else { continue }
            var found: [String] = []
            for case let url as URL in walker where url.pathExtension.lowercased() == "pdf" {
                // fileExists follows symlinks: a linked PDF is a PDF.
                var linkedDirectory: ObjCBool = false
                if fm.fileExists(atPath: url.path, isDirectory: &linkedDirectory), !linkedDirectory.boolValue {
                    found.append(path.hasSuffix("/") ? path + url.path.dropFirst(root.path.count + 1)
                                 : path + "/" + url.path.dropFirst(root.path.count + 1))
                }
            }
            // A folder with no PDF in it is reported as such rather than silently skipped.
            out += found.isEmpty ? [path] : found.sorted()
        }
        return out
    }
}
