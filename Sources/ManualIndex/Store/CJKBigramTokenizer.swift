import CSQLite
import Foundation

/// The FTS5 tokenizer `cjk_bigram`: SQLite's `unicode61`, except that a run of Chinese, Japanese or
/// Korean characters becomes its overlapping two-character pieces ("取扱説明書" -> 取扱 扱説 説明 明書).
///
/// Those scripts do not put spaces between words, so `unicode61` made a whole run one token and a
/// search for one word of it found nothing. Bigrams are what full-text engines without a dictionary
/// use (Lucene's CJK analyzer); a query word becomes a phrase of its bigrams, so it matches where the
/// characters stand together. `TextAnalyzer` cuts the same way for the other stages.
///
/// The tokenizer lives in this process, not in the file: every connection that touches `chunks_fts`
/// registers it first (`register(on:)`), or SQLite reports "no such tokenizer".
public enum CJKBigramTokenizer {
    /// The name the FTS5 table's `tokenize` option uses.
    public static let name = "cjk_bigram"

    /// Makes the tokenizer available on the connection `db`.
    public static func register(on db: OpaquePointer) -> Bool {
        guard let api = fts5API(db) else { return false }
        var parent = fts5_tokenizer()
        var parentContext: UnsafeMutableRawPointer?
        guard api.pointee.xFindTokenizer(api, "unicode61", &parentContext, &parent) == SQLITE_OK else { return false }
        // unicode61's context belongs to this connection: each registration gets its own copy, freed by SQLite.
        let context = UnsafeMutablePointer<Parent>.allocate(capacity: 1)
        context.initialize(to: Parent(tokenizer: parent, context: parentContext))
        var ours = fts5_tokenizer(xCreate: create, xDelete: delete, xTokenize: tokenize)
        let rc = api.pointee.xCreateTokenizer(api, name, context, &ours) { context in
            context?.assumingMemoryBound(to: Parent.self).deallocate()
        }
        return rc == SQLITE_OK
    }

    /// The FTS5 extension API of a connection, fetched the documented way: `SELECT fts5(?)` with a pointer.
    private static func fts5API(_ db: OpaquePointer) -> UnsafeMutablePointer<fts5_api>? {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &statement, nil) == SQLITE_OK else { return nil }
        defer { sqlite3_finalize(statement) }
        var api: UnsafeMutablePointer<fts5_api>?
        withUnsafeMutablePointer(to: &api) { slot in
            sqlite3_bind_pointer(statement, 1, slot, pointerType, nil)
            _ = sqlite3_step(statement)
        }
        return api
    }

    /// SQLite compares pointer types by address-stable C string: one allocation for the process.
    // nonisolated(unsafe): written once by Swift's thread-safe static initialisation, never written
    // again, and SQLite only reads it.
    private nonisolated(unsafe) static let pointerType: UnsafePointer<CChar> = UnsafePointer(strdup("fts5_api_ptr")!)

    private struct Parent {
        var tokenizer: fts5_tokenizer
        var context: UnsafeMutableRawPointer?
    }

    /// One `cjk_bigram` tokenizer instance: the `unicode61` instance it wraps.
    private struct Instance {
        var parent: fts5_tokenizer
        var handle: OpaquePointer
    }

    /// What the wrapped tokenizer's callback needs to pass tokens on to FTS5.
    private struct Forward {
        var context: UnsafeMutableRawPointer?
        var token: @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, Int32, Int32, Int32) -> Int32
    }

    private static let create: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UnsafePointer<CChar>?>?, Int32,
                                               UnsafeMutablePointer<OpaquePointer?>?) -> Int32 = { context, arguments, count, out in
        guard let parent = context?.assumingMemoryBound(to: Parent.self).pointee, let makeParent = parent.tokenizer.xCreate
        else { return SQLITE_ERROR }
        var handle: OpaquePointer?
        let rc = makeParent(parent.context, arguments, count, &handle)
        guard rc == SQLITE_OK, let handle else { return rc == SQLITE_OK ? SQLITE_ERROR : rc }
        let instance = UnsafeMutablePointer<Instance>.allocate(capacity: 1)
        instance.initialize(to: Instance(parent: parent.tokenizer, handle: handle))
        out?.pointee = OpaquePointer(instance)
        return SQLITE_OK
    }

    private static let delete: @convention(c) (OpaquePointer?) -> Void = { pointer in
        guard let pointer else { return }
        let instance = UnsafeMutablePointer<Instance>(pointer)
        instance.pointee.parent.xDelete?(instance.pointee.handle)
        instance.deinitialize(count: 1)
        instance.deallocate()
    }

    private static let tokenize: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, Int32,
                                                 (@convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, Int32, Int32, Int32) -> Int32)?) -> Int32 = {
        pointer, context, flags, text, length, token in
        guard let pointer, let token else { return SQLITE_ERROR }
        let instance = UnsafeMutablePointer<Instance>(pointer).pointee
        guard let parentTokenize = instance.parent.xTokenize else { return SQLITE_ERROR }
        var forward = Forward(context: context, token: token)
        return withUnsafeMutablePointer(to: &forward) { forwardPointer in
            parentTokenize(instance.handle, forwardPointer, flags, text, length, split)
        }
    }

    /// Passes a `unicode61` token on, cut into bigrams where it holds CJK characters.
    private static let split: @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, Int32, Int32, Int32) -> Int32 = {
        context, flags, bytes, count, start, end in
        guard let forward = context?.assumingMemoryBound(to: Forward.self).pointee, let bytes else { return SQLITE_ERROR }
        let buffer = UnsafeRawBufferPointer(start: bytes, count: Int(count))
        // Every CJK character takes three or four bytes in UTF-8, led by 0xE1 or above.
        guard buffer.contains(where: { $0 >= 0xE1 }) else {
            return forward.token(forward.context, flags, bytes, count, start, end)
        }
        for piece in CJKBigrams.pieces(of: String(decoding: buffer, as: UTF8.self)) {
            let rc = piece.withCString { forward.token(forward.context, flags, $0, Int32(strlen($0)), start, end) }
            if rc != SQLITE_OK { return rc }
        }
        return SQLITE_OK
    }
}
