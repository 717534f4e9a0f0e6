/// Why a piece of text is not a time, in words that say how to write it.
///
/// `description` is a whole clause, `'1:60' is not a time: …`; a command puts the option in
/// front of it (`--at '1:60' is not a time: …`).
public struct TimeSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Reason: Equatable, Sendable {
        case empty
        /// `-` with nothing after it.
        case signAlone
        /// A `-` that is not the first character: `1h-2m`, `--5`.
        case signNotFirst
        /// `inf`, `infinity`, `nan`: what `strtod` reads, and no time.
        case notFinite
        /// `1e3`: a floating-point exponent.
        case exponent
        /// `.5`: ffmpeg wants a digit before the point.
        case noDigitBeforePoint
        case unexpected(Character)
        /// Letters after a number that name no unit: `10x`.
        case unknownUnit(String)
        /// A unit with no number before it: `h`, `1hm`.
        case unitWithoutNumber(String)
        /// A bare number after numbers with units: `1h30`.
        case missingUnit
        /// Units out of order or repeated: `30s1m`, `1h1h`.
        case unitOrder
        /// A fraction before the last number: `1.5h30m`.
        case fractionNotLast
        /// An empty field in the colon form: `12:`, `:30`, `1::2`.
        case colonFieldMissing
        /// More than hours, minutes and seconds: `1:2:3:4`.
        case colonFieldCount
        /// Minutes or seconds of 60 or more (or of three digits) in the colon form; the
        /// same time written as it should be.
        case colonFieldRange(suggestion: String)
        /// A unit after the colon form: `12:30s`.
        case unitAfterColons
        /// More microseconds than an `Int64` holds (about 292,000 years).
        case tooLarge
        /// Counting back from the end (`-10s`) where only a time from the start is taken.
        case fromEnd
    }

    /// The text as given.
    public let text: String
    public let reason: Reason

    public init(text: String, reason: Reason) {
        self.text = text
        self.reason = reason
    }

    /// What is wrong and how to write it, without the text.
    public var explanation: String {
        switch reason {
        case .empty:
            return "it is empty (use e.g. \(TimeSyntaxError.examples))"
        case .signAlone:
            return "a '-' needs a time after it (-10s is 10 s before the end)"
        case .signNotFirst:
            return "a '-' can only come first (-1h2m, not 1h-2m)"
        case .notFinite:
            return "infinity and NaN are not times"
        case .exponent:
            return "exponents are not time syntax (write 1000, not 1e3)"
        case .noDigitBeforePoint:
            return "a number starts with a digit (0.5, not .5)"
        case .unexpected(let character):
            let shown = character == " " ? "space" : "'\(character)'"
            return "unexpected \(shown) (use e.g. \(TimeSyntaxError.examples))"
        case .unknownUnit(let unit):
            return "'\(unit)' is not a unit (h, m, s, ms or us)"
        case .unitWithoutNumber(let unit):
            return "'\(unit)' needs a number before it (e.g. 5\(unit))"
        case .missingUnit:
            return "every number after the first needs a unit (1h30m, not 1h30)"
        case .unitOrder:
            return "units go from hours down to microseconds, each once (1h2m3s, 2m30s, 1s500ms)"
        case .fractionNotLast:
            return "only the last number can have a fraction (1h30m or 1.5h, not 1.5h30m)"
        case .colonFieldMissing:
            return "every field of the colon form needs digits (12:30, 1:02:03.5)"
        case .colonFieldCount:
            return "the colon form is at most hours, minutes and seconds (1:02:03.5)"
        case .colonFieldRange(let suggestion):
            return "minutes and seconds in the colon form go from 00 to 59 (write \(suggestion))"
        case .unitAfterColons:
            return "the colon form takes no unit (12:30, or 12m30s)"
        case .tooLarge:
            return "it is too large (times go up to 2562047788h, about 292,000 years)"
        case .fromEnd:
            return "a '-' counts back from the end, which only --at does"
        }
    }

    public var description: String {
        "'\(text)' is not a time: \(explanation)"
    }

    static let examples = "750, 12:30, 1:02:03.5, 1h2m3s, 200ms"
}
