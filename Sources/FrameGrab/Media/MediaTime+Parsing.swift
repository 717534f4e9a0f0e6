extension MediaTime {
    /// Parses a time from the start, or a duration: ffmpeg's duration syntax (`750`, `750.25`,
    /// `12:30`, `1:02:03.5`, `750s`, `200ms`, `1500us`) or numbers with units from hours down
    /// (`1h`, `1h2m3s`, `2m30s`, `1.5h`, `1s500ms`).
    ///
    /// ffmpeg's syntax is read as `av_parse_time` reads it, to the microsecond (fractions
    /// beyond it are dropped), but only as its documentation writes it: no leading space, no
    /// `+`, and no unit after the colon form. A `-` counts back from the end, which only
    /// `RequestedTime` takes: here it is an error.
    /// See https://ffmpeg.org/ffmpeg-utils.html#time-duration-syntax
    public init(parsing text: String) throws(TimeSyntaxError) {
        switch try RequestedTime(parsing: text) {
        case .fromStart(let time): self = time
        case .beforeEnd: throw TimeSyntaxError(text: text, reason: .fromEnd)
        }
    }

    /// A time without its sign: the colon form, or numbers with units. `text` is the whole
    /// text, for the error.
    static func unsigned(_ body: Substring, in text: String) throws(TimeSyntaxError) -> MediaTime {
        let microseconds = body.contains(":") ? try colonForm(body, in: text) : try unitForm(body, in: text)
        guard let value = Int64(exactly: microseconds) else { throw TimeSyntaxError(text: text, reason: .tooLarge) }
        return MediaTime(microseconds: value)
    }

    /// `[[H]H:]MM:SS[.m…]`: hours of any length, minutes and seconds of one or two digits below
    /// 60, a fraction on the seconds only.
    private static func colonForm(_ body: Substring, in text: String) throws(TimeSyntaxError) -> Int128 {
        let fields = body.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count <= 3 else { throw TimeSyntaxError(text: text, reason: .colonFieldCount) }
        var whole: [Substring] = []
        var fraction: Substring?
        for (index, field) in fields.enumerated() {
            var number = NumberScanner(field)
            let digits = number.digits()
            if index == fields.count - 1, number.skip(".") { fraction = number.digits() }
            if let next = number.next {
                throw TimeSyntaxError(text: text, reason: next.isASCIILetter ? .unitAfterColons : .unexpected(next))
            }
            guard !digits.isEmpty else { throw TimeSyntaxError(text: text, reason: .colonFieldMissing) }
            whole.append(digits)
        }
        var values: [Int128] = []
        for digits in whole {
            guard let value = integer(digits) else { throw TimeSyntaxError(text: text, reason: .tooLarge) }
            values.append(value)
        }
        if values.count == 2 { values.insert(0, at: 0) }
        let (hours, minutes, seconds) = (values[0], values[1], values[2])
        let total = hours * Unit.h.microseconds + minutes * Unit.m.microseconds + seconds * Unit.s.microseconds
            + fractionMicroseconds(fraction ?? "", of: .s)
        // av_parse_time reads minutes and seconds with at most two digits, each below 60.
        let sixtyBased = whole.suffix(2)
        if minutes >= 60 || seconds >= 60 || sixtyBased.contains(where: { $0.count > 2 }) {
            let wholeSeconds = total / Unit.s.microseconds
            var suggestion = wholeSeconds >= 3600 ? "\(wholeSeconds / 3600):" + twoDigits(wholeSeconds / 60 % 60) : "\(wholeSeconds / 60)"
            suggestion += ":" + twoDigits(wholeSeconds % 60) + (fraction.map { "." + $0 } ?? "")
            throw TimeSyntaxError(text: text, reason: .colonFieldRange(suggestion: suggestion))
        }
        return total
    }

    /// Numbers each followed by its unit, largest first, a fraction on the last only; or one
    /// bare number, in seconds.
    private static func unitForm(_ body: Substring, in text: String) throws(TimeSyntaxError) -> Int128 {
        var scanner = NumberScanner(body)
        var total: Int128 = 0
        var previous: Unit?
        var sawFraction = false
        var count = 0
        while scanner.next != nil {
            let digits = scanner.digits()
            let fraction = scanner.skip(".") ? scanner.digits() : nil
            let letters = scanner.letters()
            if digits.isEmpty {
                if fraction != nil { throw TimeSyntaxError(text: text, reason: .noDigitBeforePoint) }
                if !letters.isEmpty, Unit(rawValue: String(letters)) != nil {
                    throw TimeSyntaxError(text: text, reason: .unitWithoutNumber(String(letters)))
                }
                throw TimeSyntaxError(text: text, reason: .unexpected(letters.first ?? scanner.next ?? " "))
            }
            let unit: Unit
            if letters.isEmpty {
                if let next = scanner.next { throw TimeSyntaxError(text: text, reason: .unexpected(next)) }
                guard count == 0 else { throw TimeSyntaxError(text: text, reason: .missingUnit) }
                unit = .s
            } else {
                guard let named = Unit(rawValue: String(letters)) else {
                    throw TimeSyntaxError(text: text, reason: .unknownUnit(String(letters)))
                }
                unit = named
            }
            if sawFraction { throw TimeSyntaxError(text: text, reason: .fractionNotLast) }
            if let previous, unit.microseconds >= previous.microseconds {
                throw TimeSyntaxError(text: text, reason: .unitOrder)
            }
            guard let value = integer(digits) else { throw TimeSyntaxError(text: text, reason: .tooLarge) }
            total += value * unit.microseconds + fractionMicroseconds(fraction ?? "", of: unit)
            if total > Int128(Int64.max) { throw TimeSyntaxError(text: text, reason: .tooLarge) }
            sawFraction = fraction != nil
            previous = unit
            count += 1
        }
        return total
    }

    private enum Unit: String {
        case h, m, s, ms, us

        var microseconds: Int128 {
            switch self {
            case .h: return 3_600_000_000
            case .m: return 60_000_000
            case .s: return 1_000_000
            case .ms: return 1_000
            case .us: return 1
            }
        }
    }

    /// Decimal digits as a number; nil past `Int64.max`, which no time reaches.
    private static func integer(_ digits: Substring) -> Int128? {
        var value: Int128 = 0
        for digit in digits.utf8 {
            value = value * 10 + Int128(digit - UInt8(ascii: "0"))
            if value > Int128(Int64.max) { return nil }
        }
        return value
    }

    /// The digits after a point, in `unit`, as whole microseconds (the rest dropped, as
    /// av_parse_time drops it). Digits past the 18th cannot add a microsecond even to an hour.
    private static func fractionMicroseconds(_ digits: Substring, of unit: Unit) -> Int128 {
        let kept = digits.prefix(18)
        guard let value = integer(kept) else { return 0 }
        var scale: Int128 = 1
        for _ in kept.utf8 { scale *= 10 }
        return value * unit.microseconds / scale
    }

    private static func twoDigits(_ value: Int128) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}

/// Reads a time's text a run of characters at a time.
private struct NumberScanner {
    private var rest: Substring

    init(_ text: Substring) {
        rest = text
    }

    /// The character the scanner stands on; nil at the end.
    var next: Character? { rest.first }

    /// ASCII digits, possibly none.
    mutating func digits() -> Substring { take { $0.isASCII && $0.isNumber } }

    /// ASCII letters, possibly none: a unit, or what was written for one.
    mutating func letters() -> Substring { take(\.isASCIILetter) }

    /// Steps over `character` when it comes next.
    mutating func skip(_ character: Character) -> Bool {
        guard rest.first == character else { return false }
        rest = rest.dropFirst()
        return true
    }

    private mutating func take(_ belongs: (Character) -> Bool) -> Substring {
        let run = rest.prefix(while: belongs)
        rest = rest[run.endIndex...]
        return run
    }
}

extension Character {
    fileprivate var isASCIILetter: Bool { isASCII && isLetter }
}
