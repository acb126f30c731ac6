/// Chunking knobs; Codable so the settings can be part of the stored pipeline fingerprint.
public struct ChunkerSettings: Sendable, Equatable, Codable {
    /// Size a chunk grows to before it looks for a place to end, in characters.
    public var targetCharacters: Int
    /// Smallest chunk worth keeping on its own; smaller sections merge with a neighbour.
    public var minimumCharacters: Int
    /// Hard ceiling, broken only by a single sentence, table row or block that is larger on its own.
    public var maximumCharacters: Int
    /// How much of a chunk's end (whole sentences) is repeated at the start of the next one.
    public var overlapCharacters: Int

    /// Settings with the documented defaults: 1600 target, 800 minimum, 3200 maximum, 200 overlap.
    public init(targetCharacters: Int = 1600, minimumCharacters: Int = 800,
                maximumCharacters: Int = 3200, overlapCharacters: Int = 200) {
        self.targetCharacters = targetCharacters
        self.minimumCharacters = minimumCharacters
        self.maximumCharacters = maximumCharacters
        self.overlapCharacters = overlapCharacters
    }

    /// The same settings made consistent (minimum <= target <= maximum, overlap below half the
    /// maximum), so odd values from a caller cannot stall or crash the chunker.
    var sanitized: ChunkerSettings {
        let maximum = max(maximumCharacters, 20)
        let target = min(max(targetCharacters, 1), maximum)
        let minimum = min(max(minimumCharacters, 0), target)
        let overlap = min(max(overlapCharacters, 0), maximum / 2)
        return ChunkerSettings(targetCharacters: target, minimumCharacters: minimum,
                               maximumCharacters: maximum, overlapCharacters: overlap)
    }

    /// The most a sentence piece or split block may hold, leaving room for a heading in front of it.
    var contentLimit: Int {
        let maximum = sanitized.maximumCharacters
        return maximum - min(200, maximum / 4)
    }
}
