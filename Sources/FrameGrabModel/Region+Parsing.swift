extension Region {
    /// The region `json` (`Region.json`) describes; nil when it is not one. Numbers come back
    /// as `json` wrote them (confidences to 3 decimals; null as not a number).
    public init?(json: JSONValue) {
        guard let kind = json["kind"]?.stringValue.flatMap(RegionKind.init(rawValue:)),
              let box = json["bbox"].flatMap(BoundingBox.init(json:)),
              let text = json["text"]?.stringValue,
              let polarity = json["polarity"]?.stringValue.flatMap(Polarity.init(rawValue:)),
              case .array(let lineValues)? = json["lines"], case .array(let detectionValues)? = json["detections"] else { return nil }
        var lines: [Line] = []
        for value in lineValues {
            guard let line = Line(json: value) else { return nil }
            lines.append(line)
        }
        var detections: [Detection] = []
        for value in detectionValues {
            guard let kind = value["type"]?.stringValue.flatMap(Detection.Kind.init(rawValue:)), let text = value["text"]?.stringValue,
                  let box = value["bbox"].flatMap(BoundingBox.init(json:)) else { return nil }
            detections.append(Detection(kind: kind, text: text, box: box))
        }
        var role: RegionRole?
        if let name = json["role"]?.stringValue {
            guard let known = RegionRole(rawValue: name) else { return nil }
            role = known
        }
        self.init(kind: kind, box: box, polarity: polarity, confidence: json["confidence"]?.doubleValue ?? .nan, text: text,
                  lines: lines, language: json["language"]?.stringValue, languageConfidence: json["language_confidence"]?.doubleValue,
                  detections: detections, role: role)
    }
}

extension Line {
    public init?(json: JSONValue) {
        guard let text = json["text"]?.stringValue, let box = json["bbox"].flatMap(BoundingBox.init(json:)),
              case .array(let wordValues)? = json["words"] else { return nil }
        var words: [Word] = []
        for value in wordValues {
            guard let text = value["text"]?.stringValue, let box = value["bbox"].flatMap(BoundingBox.init(json:)) else { return nil }
            words.append(Word(text: text, box: box, confidence: value["confidence"]?.doubleValue ?? .nan))
        }
        self.init(text: text, box: box, words: words, indent: json["indent"]?.intValue)
        number = json["number"]?.intValue
    }
}

extension BoundingBox {
    public init?(json: JSONValue) {
        guard let x = json["x"]?.intValue, let y = json["y"]?.intValue,
              let width = json["width"]?.intValue, let height = json["height"]?.intValue else { return nil }
        self.init(x: x, y: y, width: width, height: height)
    }
}
