import CInt8Dot
/// A unit vector stored as signed bytes plus one scale: a quarter of the Float32 size, and a dot
/// product of two of them is an integer sum (`dot`).
public struct QuantizedVector: Sendable, Equatable {
    /// value[i] ≈ Float(bytes[i] as Int8) * scale
    public var scale: Float
    public var bytes: [UInt8]

    public init(_ vector: [Float]) {
        let largest = vector.reduce(Float(0)) { max($0, abs($1)) }
        scale = largest > 0 ? largest / 127 : 0
        let inverse = largest > 0 ? 127 / largest : 0
        bytes = vector.map { UInt8(bitPattern: Int8(max(-127, min(127, ($0 * inverse).rounded())))) }
    }

    /// A stored vector: its scale and int8 bytes.
    public init(scale: Float, bytes: [UInt8]) {
        self.scale = scale
        self.bytes = bytes
    }

    /// The vector the bytes stand for, value[i] = Int8(bytes[i]) x scale.
    public var values: [Float] {
        bytes.map { Float(Int8(bitPattern: $0)) * scale }
    }

    /// Approximate dot product with another quantized vector stored as raw bytes: the exact integer sum of
    /// the first `count` numbers' products (`manual_int8_dot`, with AVX2 where the processor has it).
    package static func dot(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer, count: Int) -> Int32 {
        let count = min(count, a.count, b.count)
        guard count > 0, let x = a.baseAddress, let y = b.baseAddress else { return 0 }
        return manual_int8_dot(x.assumingMemoryBound(to: Int8.self), y.assumingMemoryBound(to: Int8.self), count)
    }
}
