import ManualKit
import Testing

/// How `--shard i/n` divides a batch job: what a part is made of must never change between versions,
/// since the parts of one job may run binaries of different builds on different machines.
@Suite struct ShardTests {
    @Test func partsAreParsedAsZeroBasedIndexOverCount() {
        #expect(Shard("0/4") == Shard(index: 0, count: 4))
        #expect(Shard("3/4")?.description == "3/4")
        for bad in ["4/4", "-1/4", "1/0", "0/-2", "a/b", "1/2/3", "2", "", "/", "1/", " 1/2"] {
            #expect(Shard(bad) == nil, "\(bad)")
        }
    }

    /// Pinned parts of known keys: the first 60 bits of the sha256, modulo the count.
    @Test func aKeysPartIsFixed() {
        let empty = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        #expect([2, 3, 4, 8, 1000].map { Shard.part(ofSHA256: empty, count: $0) } == [1, 0, 1, 1, 353])
        #expect([2, 3, 4, 8].map { Shard.part(ofSHA256: SHA256Text.hex("manuals/a.pdf"), count: $0) } == [1, 2, 1, 5])
        #expect(Shard(index: 5, count: 8)!.contains(relativePath: "manuals/a.pdf"))
        #expect(Shard(index: 3, count: 4)!.contains(relativePath: "b/c/m2.pdf"))
        #expect(Shard(index: 0, count: 4)!.contains(relativePath: "x.pdf"))
    }

    /// Pinned `reindex` parts of a small library: each document is in the part where the middle of its
    /// pages falls, counting pages in sha256 order.
    @Test func aReindexPartIsFixed() {
        let documents = [300, 50, 50, 200, 100, 100, 200].enumerated().map { digit, pages in
            (sha256: String(repeating: String(digit), count: 64), pages: pages)
        }
        let order = documents.map(\.sha256)
        #expect(order.map { Shard.parts(byPages: documents, count: 2)[$0]! } == [0, 0, 0, 1, 1, 1, 1])
        #expect(order.map { Shard.parts(byPages: documents, count: 3)[$0]! } == [0, 0, 1, 1, 1, 2, 2])
        #expect(Shard.parts(byPages: [("e3b0", 0)], count: 4) == ["e3b0": 2])
    }

    /// Every `ingest` key lands in exactly one part, and the parts are about even.
    @Test func everyKeyIsInExactlyOnePartAndPartsAreEven() {
        for count in 1...7 {
            var sizes = Array(repeating: 0, count: count)
            for key in 0..<2_000 {
                let parts = (0..<count).filter { Shard(index: $0, count: count)!.contains(relativePath: "manual-\(key).pdf") }
                #expect(parts.count == 1)
                sizes[parts[0]] += 1
            }
            let even = 2_000 / count
            #expect(sizes.allSatisfy { abs($0 - even) < even / 5 + 10 }, "\(count): \(sizes)")
        }
    }

    /// A deterministic stand-in for a library: sha256s of made-up names, with page counts.
    private func library(_ size: Int, seed: UInt64, pages: ClosedRange<Int>) -> [(sha256: String, pages: Int)] {
        var state = seed
        return (0..<size).map { key in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return (SHA256Text.hex("doc-\(seed)-\(key)"), pages.lowerBound + Int(state >> 33) % pages.count)
        }
    }

    /// `reindex` parts: every document in exactly one part, the parts consecutive runs in sha256 order,
    /// none over its even share by its largest document, and the same whatever order the documents come in.
    @Test func reindexPartsAreRunsOfAboutEqualPagesInSHA256Order() {
        for (seed, count) in [(1, 2), (2, 3), (3, 4), (4, 7), (5, 1)] as [(UInt64, Int)] {
            let documents = library(60, seed: seed, pages: 1...700)
            let parts = Shard.parts(byPages: documents, count: count)
            #expect(parts.count == documents.count && parts.values.allSatisfy { (0..<count).contains($0) })
            let inOrder = documents.sorted { $0.sha256 < $1.sha256 }.map { parts[$0.sha256]! }
            #expect(inOrder == inOrder.sorted(), "\(count): not runs in sha256 order")
            let total = documents.reduce(0) { $0 + $1.pages }, largest = documents.map(\.pages).max()!
            for part in 0..<count {
                let pages = documents.filter { parts[$0.sha256] == part }.reduce(0) { $0 + $1.pages }
                #expect(pages < total / count + largest, "\(count): part \(part) has \(pages) of \(total) pages")
            }
            #expect(Shard.parts(byPages: documents.reversed(), count: count) == parts)
        }
    }

    /// The bench library's trouble: five copies of a 715-page manual among forty small ones. A hash gave one
    /// part four of them; runs of equal pages give neither part more than its half and one large manual.
    @Test func aFewLargeDocumentsDoNotMakeOnePartDoMostOfTheWork() {
        let small = library(40, seed: 9, pages: 3...135)
        let large = (0..<5).map { (sha256: SHA256Text.hex("large-\($0)"), pages: 715) }
        let documents = small + large
        let parts = Shard.parts(byPages: documents, count: 2)
        let total = documents.reduce(0) { $0 + $1.pages }
        for part in 0..<2 {
            let pages = documents.filter { parts[$0.sha256] == part }.reduce(0) { $0 + $1.pages }
            #expect(pages < total / 2 + 715, "\(pages) of \(total) pages in part \(part)")
        }
    }

    /// A document added to a library moves, of the others, at most one beside each cut when it is no larger
    /// than the smallest: parts started before and after an upload disagree about few documents.
    @Test func addingADocumentMovesOnlyDocumentsBesideTheCuts() {
        for count in 2...5 {
            let documents = library(200, seed: UInt64(count), pages: 10...300)
            let before = Shard.parts(byPages: documents, count: count)
            let after = Shard.parts(byPages: documents + [(SHA256Text.hex("upload-\(count)"), 10)], count: count)
            let moved = documents.filter { before[$0.sha256] != after[$0.sha256] }.count
            #expect(moved <= count - 1, "\(count): \(moved) moved")
        }
    }

    @Test func aFilesKeyIsItsPathRelativeToTheRoot() {
        #expect(Shard.relativePath(of: "/srv/manuals/b/c.pdf", under: "/srv/manuals") == "b/c.pdf")
        #expect(Shard.relativePath(of: "/srv/manuals/./b/../c.pdf", under: "/srv/manuals/") == "c.pdf")
        #expect(Shard.relativePath(of: "/srv/manuals-old/c.pdf", under: "/srv/manuals") == nil)
        #expect(Shard.relativePath(of: "/srv/manuals", under: "/srv/manuals") == nil)
    }
}
