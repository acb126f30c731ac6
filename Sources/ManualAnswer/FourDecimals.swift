/// Rounds reported scores so the same answer always encodes to the same JSON bytes.
enum FourDecimals {
    /// `value` rounded half away from zero to 4 decimals; NaN and infinities become 0, which JSON can carry.
    static func round(_ value: Double) -> Double {
        guard value.isFinite else { return 0 }
        return (value * 10_000).rounded() / 10_000
    }
}
