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

    /// Every key lands in exactly one part, and the parts are about even.
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

    @Test func aFilesKeyIsItsPathRelativeToTheRoot() {
        #expect(Shard.relativePath(of: "/srv/manuals/b/c.pdf", under: "/srv/manuals") == "b/c.pdf")
        #expect(Shard.relativePath(of: "/srv/manuals/./b/../c.pdf", under: "/srv/manuals/") == "c.pdf")
        #expect(Shard.relativePath(of: "/srv/manuals-old/c.pdf", under: "/srv/manuals") == nil)
        #expect(Shard.relativePath(of: "/srv/manuals", under: "/srv/manuals") == nil)
    }
}
