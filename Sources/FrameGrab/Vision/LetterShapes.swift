import Foundation

/// The picture a block was read from, with what its ink looks like: enough to measure how
/// strongly each pixel is ink.
struct InkPicture {
    var image: GrayImage
    var ground: UInt8
    var polarity: Polarity
    var inkContrast: Int
    /// Zeros found marked with a slash or a dot: whatever OCR read there is a zero.
    var markedZeros: [BoundingBox] = []

    /// How much ink there is at (`x`, `y`), from 0 (ground) to 1 (full ink), between pixels
    /// as between their centres.
    func ink(atX x: Double, y: Double) -> Float {
        let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
        let fx = Float(x - Double(x0)), fy = Float(y - Double(y0))
        func at(_ px: Int, _ py: Int) -> Float {
            guard px >= 0, py >= 0, px < image.width, py < image.height else { return 0 }
            let value = Int(image[px, py])
            let distance = polarity == .darkOnLight ? Int(ground) - value : value - Int(ground)
            return min(1, max(0, Float(distance) / Float(max(24, inkContrast))))
        }
        let top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx
        let bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx
        return top * (1 - fy) + bottom * fy
    }
}

/// Characters OCR confuses in some fonts (`l` read as `L`, `1` or `i`; `f` as `F`; `s` as `5`;
/// `0` as `@`; a shallow `(` as `C`, a `)` as `>`; a backtick as a quote) told apart by their
/// ink. Within one block every character is drawn alike, so a cell whose ink looks like that of
/// its neighbours in shape, most of them read as another character of its group, is that
/// character: a footed `l` read as `L` at the start of `Long` looks like the `l`s of `value`
/// and `else`, not like the `L` of `NULL`.
///
/// Over the fixtures, cells of one character mostly lie within 0.06 of each other (median),
/// and cells of different characters in a group beyond 0.16 (5th percentile). Only groups of
/// look-alikes are compared: letters that differ by one small stroke (`h` and `n`, `c` and
/// `e`) and `0` and `O` lie within `alike` of each other in some fonts.
enum LetterShapes {
    static let groups: [Set<Character>] = [
        ["l", "L", "1", "I", "i", "|"], ["f", "F"], ["s", "5"], ["0", "@"], ["1", "4"],
        ["(", "[", "{", "C", "c", "<", "¢", "£"], [")", "]", "}", "J", ">", "3"],
        ["`", "'", "\"", "~", "°", "”", "“"],
    ]
    /// Cells within this distance look alike.
    static let alike: Float = 0.12
    /// A cell is read again when this many look like it, and this share of them agree.
    static let neighbours = 5
    static let agreeing = 0.75
    /// OCR takes a footed `l` or `f` for a capital at the start of a word, and seldom reads a
    /// capital as lowercase: a capital whose neighbours were this often read as its lowercase
    /// is that lowercase letter, even where they do not agree as a whole.
    static let lowercaseShare = 0.4
    static let mostCompared = 400

    /// A character's place: its row and index there, its centre, and the baseline it stands on.
    struct Place {
        var row: Int
        var index: Int
        var center: Double
        var baseline: Double
    }

    private static let sampleColumns = 12
    private static let sampleRows = 24

    /// `characters` (rows of a block; nil where the characters were not matched to cells)
    /// with look-alikes read again by their ink at `places`.
    static func corrected(_ characters: [[Character]?], places: [[Place]?], cell: Double, xHeight: Double,
                          picture: InkPicture) -> [[Character]?] {
        guard xHeight >= 4, cell >= 4 else { return characters }
        var result = characters
        for group in groups {
            var members: [(place: Place, letter: Character, ink: [Float])] = []
            for case let (rowCharacters?, rowPlaces?) in zip(characters, places) {
                for place in rowPlaces where group.contains(rowCharacters[place.index]) {
                    members.append((place, rowCharacters[place.index], samples(at: place, cell: cell, xHeight: xHeight, picture: picture)))
                }
            }
            guard Set(members.map(\.letter)).count >= 2 else { continue }
            // A few hundred cells show how a block draws its letters; more only cost time.
            let step = max(1, members.count / mostCompared)
            let compared = stride(from: 0, to: members.count, by: step).map { members[$0] }
            for member in members {
                var votes: [Character: Int] = [:]
                for other in compared where other.place.row != member.place.row || other.place.index != member.place.index {
                    if distance(member.ink, other.ink) <= alike { votes[other.letter, default: 0] += 1 }
                }
                let total = votes.values.reduce(0, +)
                guard total >= neighbours else { continue }
                let lowercase = Character(member.letter.lowercased())
                if member.letter.isUppercase, group.contains(lowercase),
                   Double(votes[lowercase] ?? 0) >= lowercaseShare * Double(total) {
                    result[member.place.row]?[member.place.index] = lowercase
                } else if let (letter, count) = votes.max(by: { $0.value < $1.value }), letter != member.letter,
                          Double(count) >= agreeing * Double(total) {
                    result[member.place.row]?[member.place.index] = letter
                }
            }
        }
        return result
    }

    /// The ink around a character, sampled on a fixed grid: a cell and a fifth wide, from
    /// above the ascenders to below the descenders; scaled to its strongest sample, so that a
    /// letter in a dim colour (a prompt, a comment) looks like the same letter in a bright one.
    static func samples(at place: Place, cell: Double, xHeight: Double, picture: InkPicture) -> [Float] {
        let left = place.center - 0.6 * cell
        let top = place.baseline - 2.0 * xHeight
        let dx = 1.2 * cell / Double(sampleColumns)
        let dy = 2.6 * xHeight / Double(sampleRows)
        var result: [Float] = []
        result.reserveCapacity(sampleColumns * sampleRows)
        for row in 0..<sampleRows {
            for column in 0..<sampleColumns {
                result.append(picture.ink(atX: left + (Double(column) + 0.5) * dx, y: top + (Double(row) + 0.5) * dy))
            }
        }
        let strongest = result.max() ?? 0
        return strongest > 0 ? result.map { $0 / strongest } : result
    }

    /// How unlike two samplings are: the ink they do not share over all the ink they hold
    /// (1, wholly unlike, when neither holds any: blank cells tell nothing).
    static func distance(_ a: [Float], _ b: [Float]) -> Float {
        var different: Float = 0
        var total: Float = 0
        for index in a.indices {
            different += abs(a[index] - b[index])
            total += a[index] + b[index]
        }
        return total > 0 ? different / total : 1
    }
}
