/// One record of a `ScratchFile`: values written one after another in a fixed binary form.
///
/// Only this process reads what it wrote, so there is no versioning; a reader asks for the values
/// in the order they were put, and a record read past its end gives zeros and empty strings.
package struct ScratchRecord: Sendable {
    package private(set) var bytes: [UInt8] = []

    package init() {}

    package mutating func put(_ value: Int) {
        var v = Int64(value).littleEndian
        withUnsafeBytes(of: &v) { bytes.append(contentsOf: $0) }
    }

    package mutating func put(_ value: Bool) {
        bytes.append(value ? 1 : 0)
    }

    package mutating func put(_ value: Float) {
        var v = value.bitPattern.littleEndian
        withUnsafeBytes(of: &v) { bytes.append(contentsOf: $0) }
    }

    package mutating func put(_ value: Double) {
        var v = value.bitPattern.littleEndian
        withUnsafeBytes(of: &v) { bytes.append(contentsOf: $0) }
    }

    package mutating func put(_ value: String) {
        var text = value
        text.withUTF8 { utf8 in
            put(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    package mutating func put(_ value: String?) {
        put(value != nil)
        if let value { put(value) }
    }

    package mutating func put(_ values: [String]) {
        put(values.count)
        for value in values { put(value) }
    }

    package mutating func put(_ values: [Float]) {
        put(values.count)
        for value in values { put(value) }
    }

    package mutating func put(bytes values: [UInt8]) {
        put(values.count)
        bytes.append(contentsOf: values)
    }

    /// Reads a record's values back in the order they were put.
    package struct Reader {
        let bytes: ArraySlice<UInt8>
        private var position: Int

        package init(bytes: ArraySlice<UInt8>) {
            self.bytes = bytes
            position = bytes.startIndex
        }

        private mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
            guard count >= 0, bytes.endIndex - position >= count else {
                position = bytes.endIndex
                return nil
            }
            defer { position += count }
            return bytes[position..<position + count]
        }

        private mutating func word64() -> UInt64 {
            guard let raw = take(8) else { return 0 }
            return raw.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
        }

        package mutating func int() -> Int {
            Int(Int64(bitPattern: word64()))
        }

        package mutating func bool() -> Bool {
            take(1)?.first == 1
        }

        mutating func float() -> Float {
            guard let raw = take(4) else { return 0 }
            return Float(bitPattern: raw.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self)) })
        }

        mutating func double() -> Double {
            Double(bitPattern: word64())
        }

        package mutating func string() -> String {
            let count = int()
            guard let raw = take(count) else { return "" }
            return String(decoding: raw, as: UTF8.self)
        }

        /// Moves past `count` bytes without reading them.
        mutating func skip(_ count: Int) {
            _ = take(count)
        }

        /// Moves past a string without making it.
        mutating func skipString() {
            skip(int())
        }

        mutating func skipOptionalString() {
            if bool() { skipString() }
        }

        package mutating func optionalString() -> String? {
            bool() ? string() : nil
        }

        package mutating func strings() -> [String] {
            let count = int()
            guard count > 0, count <= bytes.count else { return [] }
            return (0..<count).map { _ in string() }
        }

        package mutating func byteArray() -> [UInt8] {
            Array(take(int()) ?? [])
        }

        package mutating func floats() -> [Float] {
            let count = int()
            guard count > 0, count * 4 <= bytes.count else { return [] }
            return (0..<count).map { _ in float() }
        }
    }
}
