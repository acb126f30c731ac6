/// The text a chunk is indexed, embedded and matched by: its heading path, a line break, then its text. The
/// heading path carries the topic words; no term spans the break. Ingest indexes and embeds it (`DocumentProcessor`),
/// retrieval reads it back, so both stages hold the same text.
package enum ChunkPassage {
    package static func text(_ chunk: Chunk) -> String {
        text(headingPath: chunk.headingPath, text: chunk.text)
    }

    package static func text(headingPath: [String], text: String) -> String {
        headingPath.isEmpty ? text : headingPath.joined(separator: " ") + "\n" + text
    }
}
