import FrameGrabModel
/// Reads stored regions back into the model, lines and words included, exactly as
/// `SQLiteScreenStore.replace` wrote them.
final class RegionReader {
    private let regions: SQLiteStatement
    private let lines: SQLiteStatement
    private let operation: String
    private let path: String

    init(database: SQLiteDatabase, operation: String) throws(IndexStoreError) {
        self.operation = operation
        path = database.path
        regions = try database.prepare("""
            SELECT id, kind, language, language_confidence, polarity, confidence, x, y, width, height, text, detections, role
            FROM regions WHERE screen_id = ?1 ORDER BY ordinal
            """, while: operation)
        lines = try database.prepare("""
            SELECT text, x, y, width, height, indent, number, words FROM lines WHERE region_id = ?1 ORDER BY ordinal
            """, while: operation)
    }

    /// Every region of the screen, in reading order.
    func regions(ofScreen screenID: Int64) throws(IndexStoreError) -> [Region] {
        var found: [(id: Int64, region: Region)] = []
        try regions.forEachRow([.integer(screenID)]) { row throws(IndexStoreError) in
            found.append((row.int64(at: 0), try region(from: row)))
        }
        for index in found.indices {
            found[index].region.lines = try lines(ofRegion: found[index].id)
        }
        return found.map(\.region)
    }

    /// The lines of one region, top to bottom.
    func lines(ofRegion regionID: Int64) throws(IndexStoreError) -> [Line] {
        var result: [Line] = []
        try lines.forEachRow([.integer(regionID)]) { row throws(IndexStoreError) in
            var line = Line(text: row.string(at: 0), box: RegionReader.box(row, from: 1),
                            words: try words(row.string(at: 7)), indent: row.optionalInt(at: 5))
            line.number = row.optionalInt(at: 6)
            result.append(line)
        }
        return result
    }

    private func region(from row: SQLiteStatement) throws(IndexStoreError) -> Region {
        guard let kind = RegionKind(rawValue: row.string(at: 1)) else { throw malformed("region kind '\(row.string(at: 1))'") }
        guard let polarity = Polarity(rawValue: row.string(at: 4)) else { throw malformed("polarity '\(row.string(at: 4))'") }
        return Region(kind: kind, box: RegionReader.box(row, from: 6), polarity: polarity,
                      confidence: row.optionalDouble(at: 5) ?? .nan, text: row.string(at: 10), lines: [],
                      language: row.optionalString(at: 2), languageConfidence: row.optionalDouble(at: 3),
                      detections: try detections(row.string(at: 11)), role: try role(row.optionalString(at: 12)))
    }

    private func role(_ text: String?) throws(IndexStoreError) -> RegionRole? {
        guard let text else { return nil }
        guard let role = RegionRole(rawValue: text) else { throw malformed("region role '\(text)'") }
        return role
    }

    static func box(_ row: SQLiteStatement, from column: Int32) -> BoundingBox {
        BoundingBox(x: row.int(at: column), y: row.int(at: column + 1), width: row.int(at: column + 2), height: row.int(at: column + 3))
    }

    private func words(_ json: String) throws(IndexStoreError) -> [Word] {
        try objects(json, "words").map { (object) throws(IndexStoreError) in
            guard let text = object["text"]?.stringValue, let box = object["bbox"].flatMap(RegionReader.box(json:)) else {
                throw malformed("word \(object.serialized)")
            }
            return Word(text: text, box: box, confidence: object["confidence"]?.doubleValue ?? .nan)
        }
    }

    private func detections(_ json: String) throws(IndexStoreError) -> [Detection] {
        try objects(json, "detections").map { (object) throws(IndexStoreError) in
            guard let kind = object["type"]?.stringValue.flatMap(Detection.Kind.init(rawValue:)),
                  let text = object["text"]?.stringValue, let box = object["bbox"].flatMap(RegionReader.box(json:)) else {
                throw malformed("detection \(object.serialized)")
            }
            return Detection(kind: kind, text: text, box: box)
        }
    }

    private func objects(_ json: String, _ what: String) throws(IndexStoreError) -> [JSONValue] {
        guard let value = try? JSONValue(parsing: json), case .array(let elements) = value else {
            throw malformed("\(what) JSON")
        }
        return elements
    }

    private static func box(json: JSONValue) -> BoundingBox? {
        guard let x = json["x"]?.intValue, let y = json["y"]?.intValue,
              let width = json["width"]?.intValue, let height = json["height"]?.intValue else { return nil }
        return BoundingBox(x: x, y: y, width: width, height: height)
    }

    private func malformed(_ what: String) -> IndexStoreError {
        IndexStoreError(path: path, code: IndexStoreError.corrupt, reason: .sqlite, operation: operation, message: "malformed \(what)")
    }
}
