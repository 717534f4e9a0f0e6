import Foundation
import FrameGrab
import Testing

@Suite("JSONValue")
struct JSONValueTests {
    @Test("Escapes strings so any JSON parser reads them back", arguments: [
        ("plain", #""plain""#),
        ("quote \" and backslash \\", #""quote \" and backslash \\""#),
        ("line\nbreak\ttab\rreturn", #""line\nbreak\ttab\rreturn""#),
        ("\u{0}\u{1}\u{1f}", #""\u0000\u0001\u001f""#),
        ("slash / stays", #""slash / stays""#),
        ("naïve café — ✓ 🎬", "\"naïve café — ✓ 🎬\""),
        ("printf(\"%-20s\\n\", name);", #""printf(\"%-20s\\n\", name);""#),
    ])
    func escaping(text: String, serialized: String) throws {
        let value = JSONValue.string(text)
        #expect(value.serialized == serialized)
        let parsed = try JSONSerialization.jsonObject(with: Data("[\(value.serialized)]".utf8)) as? [String]
        #expect(parsed == [text])
    }

    @Test("Keys keep their written order; output is compact on one line")
    func objectOrder() {
        let value = JSONValue.object([
            ("source", .string("a")), ("frame", .int(1)), ("status", .null),
            ("regions", .array([.bool(true), .bool(false)])), ("a\"key", .double(0.5)),
        ])
        #expect(value.serialized == #"{"source":"a","frame":1,"status":null,"regions":[true,false],"a\"key":0.5}"#)
    }

    @Test("Numbers are rounded to their decimals and printed without float noise", arguments: [
        (JSONValue.number(9.976633333, decimals: 6), "9.976633"),
        (JSONValue.number(0.1 + 0.2, decimals: 3), "0.3"),
        (JSONValue.number(20.0, decimals: 6), "20"),
        (JSONValue.number(0.9534, decimals: 3), "0.953"),
        (JSONValue.number(-1.5, decimals: 1), "-1.5"),
        (JSONValue.number(.infinity, decimals: 3), "null"),
        (JSONValue.number(.nan, decimals: 3), "null"),
        (JSONValue.int(-42), "-42"),
        (JSONValue.optional(nil), "null"),
        (JSONValue.optional("x"), #""x""#),
    ])
    func numbers(value: JSONValue, serialized: String) {
        #expect(value.serialized == serialized)
    }

    @Test("Pretty: two spaces a level, one member or element a line, empty ones kept short; the same document")
    func pretty() throws {
        let value = JSONValue.object([
            ("schema_version", .int(1)), ("text", .string("a\nb")), ("none", .array([])), ("empty", .object([])),
            ("box", .object([("x", .int(1)), ("y", .double(2.5))])), ("words", .array([.string("w"), .null])),
        ])
        #expect(value.prettySerialized == """
            {
              "schema_version": 1,
              "text": "a\\nb",
              "none": [],
              "empty": {},
              "box": {
                "x": 1,
                "y": 2.5
              },
              "words": [
                "w",
                null
              ]
            }
            """)
        #expect(try JSONValue(parsing: value.prettySerialized) == value)
        #expect(JSONValue.string("x").prettySerialized == #""x""#)
    }
}
