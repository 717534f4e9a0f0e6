import Foundation
import FrameGrab
import Testing

@Suite("JSONValue parsing")
struct JSONValueParsingTests {
    @Test("Reads what framegrab and mpv write", arguments: [
        (#"{"event":"pause","time":750.0}"#, JSONValue.object([("event", .string("pause")), ("time", .double(750))])),
        (#"{"event":"property-change","id":4,"name":"time-pos","data":5.005000}"#,
         .object([("event", .string("property-change")), ("id", .int(4)), ("name", .string("time-pos")), ("data", .double(5.005))])),
        (#"{"event":"property-change","id":3,"name":"seeking"}"#,
         .object([("event", .string("property-change")), ("id", .int(3)), ("name", .string("seeking"))])),
        (#" [ true , false , null , -0 , 1e3 , -2.5E-1 , "" ] "#,
         .array([.bool(true), .bool(false), .null, .int(0), .double(1000), .double(-0.25), .string("")])),
        (#""tab\tquote\"slash\/u\u00e9 pair\ud83c\udfac""#, .string("tab\tquote\"slash/ué pair🎬")),
        ("\"naïve ✓\"", .string("naïve ✓")),
        ("{}", .object([])),
        ("[[[]]]", .array([.array([.array([])])])),
        ("9223372036854775807", .int(.max)),
        ("9223372036854775808", .double(9223372036854775808)),
    ])
    func parses(text: String, expected: JSONValue) throws {
        #expect(try JSONValue(parsing: text) == expected)
    }

    @Test("Reads back everything it writes")
    func roundTrip() throws {
        let value = JSONValue.object([
            ("text", .string("line\nbreak \"quoted\" \u{1} 🎬")), ("n", .int(-42)), ("x", .number(9.976633, decimals: 6)),
            ("list", .array([.null, .bool(true), .object([("k", .string("v"))])])),
        ])
        #expect(try JSONValue(parsing: value.serialized) == value)
    }

    @Test("Says what is wrong and where", arguments: [
        ("", "empty input", 1),
        ("paws", "unexpected 'p'", 1),
        (#"{"event":"pause",}"#, "expected a member name in quotes, found '}'", 18),
        (#"{"event" "pause"}"#, #"expected ':' after "event""#, 10),
        (#"{"time":12:30}"#, "expected ',' or '}' in an object, found ':'", 11),
        (#"{"event":"pause""#, "expected ',' or '}' in an object, found end of input", 17),
        (#"{"a":"unterminated}"#, "unterminated string", 6),
        (#"{"a":01}"#, "expected ',' or '}' in an object, found '1'", 7),
        (#"[1.]"#, "malformed number (no digits after '.')", 2),
        (#""\x""#, #"unknown escape \x"#, 2),
        (#""\ud83c""#, "lone surrogate", 8),
        ("{} {}", "unexpected '{' after the value", 4),
        ("\"é\" x", "unexpected 'x' after the value", 5),
        (String(repeating: "[", count: 65), "nested deeper than 64 levels", 65),
    ])
    func failures(text: String, reason: String, column: Int) {
        #expect {
            _ = try JSONValue(parsing: text)
        } throws: { error in
            guard let error = error as? JSONValue.ParseError else { return false }
            return error.reason.hasPrefix(reason) && error.column == column
        }
    }

    @Test("Members are looked up by name; accessors answer only for their type")
    func accessors() throws {
        let value = try JSONValue(parsing: #"{"s":"x","i":3,"d":1.5,"b":true,"s":"last"}"#)
        #expect(value["s"]?.stringValue == "last")
        #expect(value["i"]?.intValue == 3 && value["i"]?.doubleValue == 3)
        #expect(value["d"]?.doubleValue == 1.5 && value["d"]?.intValue == nil)
        #expect(value["b"]?.boolValue == true && value["b"]?.doubleValue == nil)
        #expect(value["missing"] == nil)
        #expect(JSONValue.array([])["s"] == nil)
    }
}
