/// A JSON document with its object keys in the order they were written.
///
/// Foundation's `JSONEncoder` reorders keys on Linux; framegrab's output is read by people as
/// much as by programs, so `source` comes first and `regions` last, always.
public indirect enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.int(a), .int(b)): return a == b
        case let (.double(a), .double(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// A number rounded to `decimals` places, so that output does not print float noise.
    public static func number(_ value: Double, decimals: Int) -> JSONValue {
        guard value.isFinite else { return .null }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        return .double((value * scale).rounded() / scale)
    }

    public static func optional(_ value: String?) -> JSONValue {
        value.map(JSONValue.string) ?? .null
    }

    /// Compact JSON text on one line.
    public var serialized: String {
        var output = ""
        write(to: &output)
        return output
    }

    /// The same document indented for people, as `jq .` prints it: each member and element on
    /// a line of its own, two spaces a level, `"key": value`; empty arrays and objects stay
    /// `[]` and `{}`. No trailing newline.
    public var prettySerialized: String {
        var output = ""
        writePretty(to: &output, level: 0)
        return output
    }

    private func writePretty(to output: inout String, level: Int) {
        let inner = String(repeating: "  ", count: level + 1)
        switch self {
        case .array(let values) where !values.isEmpty:
            output += "[\n"
            for (index, value) in values.enumerated() {
                if index > 0 { output += ",\n" }
                output += inner
                value.writePretty(to: &output, level: level + 1)
            }
            output += "\n" + String(repeating: "  ", count: level) + "]"
        case .object(let members) where !members.isEmpty:
            output += "{\n"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output += ",\n" }
                output += inner
                JSONValue.writeString(key, to: &output)
                output += ": "
                value.writePretty(to: &output, level: level + 1)
            }
            output += "\n" + String(repeating: "  ", count: level) + "}"
        default:
            write(to: &output)
        }
    }

    private func write(to output: inout String) {
        switch self {
        case .null:
            output += "null"
        case .bool(let value):
            output += value ? "true" : "false"
        case .int(let value):
            output += String(value)
        case .double(let value):
            if value == value.rounded(), abs(value) < 1e15 {
                output += String(Int64(value))
            } else {
                output += "\(value)"
            }
        case .string(let value):
            JSONValue.writeString(value, to: &output)
        case .array(let values):
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += "," }
                value.write(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output += "," }
                JSONValue.writeString(key, to: &output)
                output += ":"
                value.write(to: &output)
            }
            output += "}"
        }
    }

    private static func writeString(_ value: String, to output: inout String) {
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
