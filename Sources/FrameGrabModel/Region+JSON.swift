extension Region {
    public var json: JSONValue {
        .object([
            ("kind", .string(kind.rawValue)),
            ("role", .optional(role?.rawValue)),
            ("bbox", box.json),
            ("confidence", .number(confidence, decimals: 3)),
            ("text", .string(text)),
            ("polarity", .string(polarity.rawValue)),
            ("language", .optional(language)),
            ("language_confidence", languageConfidence.map { .number($0, decimals: 3) } ?? .null),
            ("detections", .array(detections.map(\.json))),
            ("lines", .array(lines.map(\.json))),
        ])
    }
}

extension Detection {
    public var json: JSONValue {
        .object([("type", .string(kind.rawValue)), ("text", .string(text)), ("bbox", box.json)])
    }
}

extension Line {
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [("text", .string(text)), ("bbox", box.json)]
        if let indent { members.append(("indent", .int(indent))) }
        if let number { members.append(("number", .int(number))) }
        members.append(("words", .array(words.map(\.json))))
        return .object(members)
    }
}

extension Word {
    public var json: JSONValue {
        .object([("text", .string(text)), ("bbox", box.json), ("confidence", .number(confidence, decimals: 3))])
    }
}

extension BoundingBox {
    public var json: JSONValue {
        .object([("x", .int(x)), ("y", .int(y)), ("width", .int(width)), ("height", .int(height))])
    }
}
