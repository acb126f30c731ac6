/// Unicode property checks with an ASCII fast path.
///
/// `Unicode.Scalar.Properties` looks every scalar up in the stdlib's property tables, which is
/// slow when done for every character of a manual; manuals are mostly ASCII, where the answer is a
/// range check. Results are exactly those of the properties.
package enum ScalarClass {
    /// `properties.isWhitespace`.
    @inline(__always)
    package static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 { return value == 0x20 || (value >= 0x09 && value <= 0x0D) }
        return scalar.properties.isWhitespace
    }

    /// `properties.isAlphabetic`.
    @inline(__always)
    static func isAlphabetic(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 { return (value | 0x20) >= 0x61 && (value | 0x20) <= 0x7A }
        return scalar.properties.isAlphabetic
    }

    /// `properties.isLowercase`.
    @inline(__always)
    static func isLowercase(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 { return value >= 0x61 && value <= 0x7A }
        return scalar.properties.isLowercase
    }

    /// `properties.isUppercase`.
    @inline(__always)
    static func isUppercase(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 { return value >= 0x41 && value <= 0x5A }
        return scalar.properties.isUppercase
    }

    /// `properties.numericType != nil`: digits, and numerals of other scripts, fractions, superscripts.
    @inline(__always)
    static func isNumeric(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 { return value >= 0x30 && value <= 0x39 }
        return scalar.properties.numericType != nil
    }
}

extension String {
    /// The string of `scalars`, encoded straight into UTF-8 storage: building it through
    /// `String.UnicodeScalarView` appends scalar by scalar and is several times slower.
    init(scalars: some Collection<Unicode.Scalar>) {
        let count = scalars.reduce(0) { $0 + $1.utf8.count }
        self.init(unsafeUninitializedCapacity: count) { buffer in
            var offset = 0
            for scalar in scalars {
                for byte in scalar.utf8 {
                    buffer[offset] = byte
                    offset += 1
                }
            }
            return offset
        }
    }
}
