/// Reading JSON: the events `framegrab follow` is fed and the messages mpv sends.
///
/// A small RFC 8259 parser rather than `JSONSerialization`, whose `NSNumber`s on Linux do not
/// tell `true` from `1`, and whose errors do not say where a line went wrong.
extension JSONValue {
    /// Why a text is not JSON, and where.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public var reason: String
        /// 1-based, in characters.
        public var column: Int

        public var description: String { "\(reason) at column \(column)" }
    }

    /// Parses one JSON text. Integers that fit in `Int` become `.int`, other numbers `.double`.
    public init(parsing text: String) throws(ParseError) {
        var parser = Parser(bytes: Array(text.utf8))
        self = try parser.document()
    }

    /// The value of member `key` of an object (the last one, if repeated); nil for anything else.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.0 == key }?.1
    }

    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// A number, integer or not.
    public var doubleValue: Double? {
        switch self {
        case .int(let value): return Double(value)
        case .double(let value): return value
        default: return nil
        }
    }

    public var intValue: Int? {
        switch self {
        case .int(let value): return value
        case .double(let value) where value == value.rounded() && abs(value) < 1e15: return Int(value)
        default: return nil
        }
    }

    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The JSON type's name, for messages: `a string`, `a number`, ….
    public var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .int, .double: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

private struct Parser {
    let bytes: [UInt8]
    var offset = 0
    var depth = 0

    /// Deeper nesting is refused rather than risking the stack on hostile input.
    static let maximumDepth = 64

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func document() throws(JSONValue.ParseError) -> JSONValue {
        skipWhitespace()
        guard offset < bytes.count else { throw failure("empty input") }
        let value = try self.value()
        skipWhitespace()
        guard offset == bytes.count else { throw failure("unexpected \(describe(offset)) after the value") }
        return value
    }

    private mutating func value() throws(JSONValue.ParseError) -> JSONValue {
        skipWhitespace()
        guard offset < bytes.count else { throw failure("unexpected end of input") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw failure("unexpected \(describe(offset))")
        }
    }

    private mutating func object() throws(JSONValue.ParseError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        offset += 1
        var members: [(String, JSONValue)] = []
        skipWhitespace()
        if peek(UInt8(ascii: "}")) {
            offset += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard peek(UInt8(ascii: "\"")) else { throw failure("expected a member name in quotes, found \(describe(offset))") }
            let key = try string()
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else { throw failure("expected ':' after \"\(key)\", found \(describe(offset))") }
            offset += 1
            members.append((key, try value()))
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                offset += 1
            } else if peek(UInt8(ascii: "}")) {
                offset += 1
                return .object(members)
            } else {
                throw failure("expected ',' or '}' in an object, found \(describe(offset))")
            }
        }
    }

    private mutating func array() throws(JSONValue.ParseError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        offset += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek(UInt8(ascii: "]")) {
            offset += 1
            return .array(elements)
        }
        while true {
            elements.append(try value())
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                offset += 1
            } else if peek(UInt8(ascii: "]")) {
                offset += 1
                return .array(elements)
            } else {
                throw failure("expected ',' or ']' in an array, found \(describe(offset))")
            }
        }
    }

    private mutating func string() throws(JSONValue.ParseError) -> String {
        let start = offset
        offset += 1
        var scalars = String.UnicodeScalarView()
        var run = offset
        func flush(upTo end: Int) {
            scalars.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars)
        }
        while offset < bytes.count {
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                flush(upTo: offset)
                offset += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush(upTo: offset)
                scalars.append(try escape())
                run = offset
            case 0..<0x20:
                throw failure("control character in a string (write it as an escape)")
            default:
                offset += 1
            }
        }
        offset = start
        throw failure("unterminated string")
    }

    /// One escape sequence, `offset` at its backslash.
    private mutating func escape() throws(JSONValue.ParseError) -> Unicode.Scalar {
        offset += 1
        guard offset < bytes.count else { throw failure("unterminated string") }
        let letter = bytes[offset]
        offset += 1
        switch letter {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try hexQuad()
            if (0xD800..<0xDC00).contains(high) {
                guard peek(UInt8(ascii: "\\")), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "u") else {
                    throw failure("lone surrogate \\u\(String(high, radix: 16))")
                }
                offset += 2
                let low = try hexQuad()
                guard (0xDC00..<0xE000).contains(low),
                      let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) else {
                    throw failure("lone surrogate \\u\(String(high, radix: 16))")
                }
                return scalar
            }
            guard let scalar = Unicode.Scalar(high) else { throw failure("lone surrogate \\u\(String(high, radix: 16))") }
            return scalar
        default:
            offset -= 2
            throw failure("unknown escape \\\(String(decoding: [letter], as: UTF8.self))")
        }
    }

    private mutating func hexQuad() throws(JSONValue.ParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard offset < bytes.count, let digit = Parser.hexDigit(bytes[offset]) else {
                throw failure("expected four hex digits after \\u")
            }
            value = value * 16 + digit
            offset += 1
        }
        return value
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    private mutating func number() throws(JSONValue.ParseError) -> JSONValue {
        let start = offset
        var isInteger = true
        if peek(UInt8(ascii: "-")) { offset += 1 }
        if peek(UInt8(ascii: "0")) {
            offset += 1
        } else {
            guard digits() > 0 else { offset = start; throw failure("malformed number") }
        }
        if peek(UInt8(ascii: ".")) {
            isInteger = false
            offset += 1
            guard digits() > 0 else { offset = start; throw failure("malformed number (no digits after '.')") }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            isInteger = false
            offset += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { offset += 1 }
            guard digits() > 0 else { offset = start; throw failure("malformed number (no digits in the exponent)") }
        }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        if isInteger, let value = Int(text) { return .int(value) }
        guard let value = Double(text), value.isFinite else { offset = start; throw failure("number \(text) is out of range") }
        return .double(value)
    }

    private mutating func digits() -> Int {
        let start = offset
        while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) { offset += 1 }
        return offset - start
    }

    private mutating func literal(_ word: StaticString) throws(JSONValue.ParseError) {
        let expected = word.withUTF8Buffer { Array($0) }
        guard offset + expected.count <= bytes.count, Array(bytes[offset..<offset + expected.count]) == expected else {
            throw failure("unexpected \(describe(offset))")
        }
        offset += expected.count
    }

    private mutating func enter() throws(JSONValue.ParseError) {
        depth += 1
        guard depth <= Parser.maximumDepth else { throw failure("nested deeper than \(Parser.maximumDepth) levels") }
    }

    private mutating func skipWhitespace() {
        while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
    }

    private func peek(_ byte: UInt8) -> Bool {
        offset < bytes.count && bytes[offset] == byte
    }

    /// What stands at `index`, for messages: `'x'`, or `end of input`.
    private func describe(_ index: Int) -> String {
        guard index < bytes.count else { return "end of input" }
        let rest = String(decoding: bytes[index...].prefix(4), as: UTF8.self)
        guard let character = rest.first else { return "byte \(bytes[index])" }
        return "'\(character)'"
    }

    private func failure(_ reason: String) -> JSONValue.ParseError {
        let column = String(decoding: bytes[..<min(offset, bytes.count)], as: UTF8.self).count + 1
        return JSONValue.ParseError(reason: reason, column: column)
    }
}
