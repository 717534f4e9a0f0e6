import FrameGrabModel
import Foundation

extension SearchHit {
    /// One `framegrab search --json` line: `schema_version`, `path`, `start`, `end`, `time`, `kind`,
    /// `language`, `text`, `bbox`, `score`, `link`, then `lines` with their `matches`
    /// (`[from, to]` in Unicode scalars, `to` excluded).
    public var json: JSONValue {
        .object(StoredScreen.placeMembers(path: path, start: start, end: end, time: time) + [
            ("kind", .string(kind.rawValue)),
            ("language", .optional(language)),
            ("text", .string(text)),
            ("bbox", box.json),
            ("score", .number(score, decimals: 6)),
            ("link", .string(link)),
            ("lines", .array(lines.map { line in
                .object([
                    ("text", .string(line.text)),
                    ("bbox", line.box.json),
                    ("matches", .array(line.matches.map { .array([.int($0.lowerBound), .int($0.upperBound)]) })),
                ])
            })),
        ])
    }

    /// `file:///path#t=START,END`: the file with a media fragment for the screen's stretch
    /// (https://www.w3.org/TR/media-frags/#naming-time), the path percent-encoded.
    public var link: String {
        "file://" + SearchHit.percentEncoded(path) + "#t=" + String(format: "%.3f,%.3f", start.seconds, end.seconds)
    }

    /// Every byte but unreserved characters and `/` as `%XX` (RFC 3986).
    static func percentEncoded(_ path: String) -> String {
        var encoded = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                encoded += String(format: "%%%02X", byte)
            }
        }
        return encoded
    }
}
