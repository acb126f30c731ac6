/// One normalised token of text: lowercase, diacritics folded, made of letters, digits and decimal points.
public struct Token: Sendable, Equatable, Hashable {
    /// What a token is made of, which decides whether it is stemmed and whether it can be a keyword.
    public enum Kind: Sendable, Equatable, Hashable {
        /// Letters only ("pressure", "ñandú").
        case word
        /// Digits, possibly with decimal points ("35", "2.5", "1.2.3").
        case number
        /// A number joined to a known unit ("35psi", "2.5bar", "110nm", "20c").
        case measurement
        /// Any other mix of letters and digits ("atmega328p", "0w20", "ttyusb0").
        case code
    }

    /// The normalised token ("35psi", "tires", "0w20").
    public let text: String
    /// What the token is made of.
    public let kind: Kind

    /// A token with the given text and kind.
    public init(text: String, kind: Kind) {
        self.text = text
        self.kind = kind
    }
}
