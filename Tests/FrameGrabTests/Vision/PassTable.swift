@testable import FrameGrab
@testable import FrameGrabModel

/// Regions made from text or from synthetic lines, for table tests of the reading passes.
enum PassTable {
    /// A block holding `rows`, light text on a dark ground, 20 px glyphs.
    static func block(_ rows: [ReadRow]) -> TextBlock {
        let boxes = rows.map(\.box)
        let box = boxes.dropFirst().reduce(boxes.first ?? BoundingBox(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) }
        return TextBlock(box: box, polarity: .lightOnDark, lines: rows.map { TextBlock.Row(box: $0.box, glyphs: $0.glyphs) },
                         glyphHeight: 20, xHeight: 14, ground: 30, inkContrast: 200)
    }

    /// A region of `text`, each character in a 14 px cell, spaces kept as the text has them
    /// (leading ones as the row's indent); no ink known.
    static func region(_ text: String, kind: RegionKind = .code) -> ReadRegion {
        let rows = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { row, line in
            var characters: [ReadCharacter] = []
            var spaces = 0
            for (column, value) in line.enumerated() {
                if value == " " {
                    spaces += 1
                    continue
                }
                characters.append(ReadCharacter(value: value, box: BoundingBox(x: 100 + 14 * column, y: 30 * row, width: 14, height: 20),
                                                confidence: 0.9, spacesBefore: characters.isEmpty ? 0 : spaces))
                spaces = 0
            }
            var read = ReadRow(words: [], glyphs: [], place: BoundingBox(x: 100, y: 30 * row, width: 0, height: 20))
            read.characters = characters
            read.indent = line.prefix { $0 == " " }.count
            return read
        }
        var region = ReadRegion(rows: rows, block: block(rows), picture: nil)
        region.kind = kind
        return region
    }

    /// `text` through `passes`: each row indented and spaced as its characters say.
    static func applying(_ passes: [any CharacterPass], to text: String, kind: RegionKind = .code) -> String {
        var region = region(text, kind: kind)
        for pass in passes { pass.apply(to: &region) }
        return region.rows.map { String(repeating: " ", count: $0.indent ?? 0) + $0.text }.joined(separator: "\n")
    }

    static func rows(_ lines: [Line], glyphs: [[BoundingBox]]) -> [ReadRow] {
        zip(lines, glyphs).map { ReadRow($0, glyphs: $1) }
    }

    /// Synthetic lines (see `SyntheticLines`) laid out as code, their ink checked against the
    /// picture when there is one, as the passes from `CodeLayout` to `PunctuationShapes` do.
    static func laidOut(_ lines: [Line], glyphs: [[BoundingBox]], picture: InkPicture? = nil) -> [Line] {
        laidOut(rows(lines, glyphs: glyphs), picture: picture)
    }

    static func laidOut(_ rows: [ReadRow], picture: InkPicture? = nil) -> [Line] {
        var region = ReadRegion(rows: rows, block: block(rows), picture: picture)
        region.kind = .code
        let passes: [any CharacterPass] = [CodeLayout(), MarkedZerosRead(), LetterShapes(), PunctuationShapes()]
        for pass in passes { pass.apply(to: &region) }
        return region.lines
    }
}
