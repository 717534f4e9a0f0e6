/// Runs of `=`, `-` or `_` drawn across a line (pytest's `==== FAILURES ====`, a diff's
/// `-----`, underlined headings in a terminal), and rows of dots: in monospace type bars line up into long
/// rules, touching or a small gap apart, which Tesseract reads as strings of letters
/// (`SEGSSSESS`). They are found in the ink, painted out before OCR, and given back as words
/// of their character, as many as the cells they cover.
struct DrawnRules {
    /// One rule: one bar (`-`, `_`, or `~` when it `waves`), two stacked (`=`), or none but a
    /// row of `dots`, in the picture's coordinates.
    struct Rule: Equatable {
        var left: Int
        var right: Int
        var top: Int
        var bottom: Int
        var bars: Int
        var dots = 0
        var waves = false
    }

    let rules: [Rule]

    /// The rules in `picture` (dark ink on white paper), at least `minimumLength` pixels
    /// long: on a row, thin bars (no thicker than `thickest` anywhere, where a letter's arc
    /// turns down into its sides and a `+` has its stem) touching or a small gap apart; bars on
    /// consecutive rows over the same columns are one bar, and one or two bars one rule.
    init(in picture: GrayImage, minimumLength: Int, thickest: Int) {
        func ink(_ x: Int, _ y: Int) -> Bool { picture[x, y] < 128 }
        func thickness(_ x: Int, _ y: Int) -> Int {
            var top = y, bottom = y
            while top > 0 && ink(x, top - 1) { top -= 1 }
            while bottom < picture.height - 1 && ink(x, bottom + 1) { bottom += 1 }
            return bottom - top + 1
        }
        var bars: [Rule] = []
        for y in 0..<picture.height {
            // The row's thin segments, then runs of them with small gaps between.
            var segments: [(start: Int, end: Int)] = []
            var x = 0
            while x < picture.width {
                guard ink(x, y) else { x += 1; continue }
                let start = x
                while x < picture.width && ink(x, y) { x += 1 }
                if (start..<x).allSatisfy({ thickness($0, y) <= thickest }) {
                    segments.append((start, x))
                }
            }
            var runs: [(start: Int, end: Int)] = []
            for segment in segments {
                if let last = runs.last, segment.start - last.end <= max(2, (segment.end - segment.start)) {
                    runs[runs.count - 1].end = segment.end
                } else {
                    runs.append(segment)
                }
            }
            for run in runs where run.end - run.start >= minimumLength {
                if let bar = bars.lastIndex(where: { $0.bottom == y && Self.overlap($0, run.start, run.end) }) {
                    bars[bar].bottom = y + 1
                    bars[bar].left = min(bars[bar].left, run.start)
                    bars[bar].right = max(bars[bar].right, run.end)
                } else {
                    bars.append(Rule(left: run.start, right: run.end, top: y, bottom: y + 1, bars: 1))
                }
            }
        }
        var rules: [Rule] = []
        for bar in bars {
            if let rule = rules.firstIndex(where: { Self.overlap($0, bar.left, bar.right) && bar.top - $0.bottom <= 2 * thickest }) {
                rules[rule] = Rule(left: min(rules[rule].left, bar.left), right: max(rules[rule].right, bar.right),
                                   top: rules[rule].top, bottom: bar.bottom, bars: rules[rule].bars + 1)
            } else {
                rules.append(bar)
            }
        }
        self.rules = rules.filter { $0.bars <= 2 }.map { rule in
            var rule = rule
            rule.waves = rule.bars == 1 && Self.waves(rule, in: picture, reach: 3 * thickest)
            return rule
        } + DrawnRules.dotRows(in: picture, largest: thickest, gap: minimumLength / 2)
    }

    /// Whether a bar waves: `~` in small type, its cells touching, is a bar no thicker than a
    /// `-`. Each column's middle (its ink's mean row, a row either side of the bar counted)
    /// rises and falls a pixel or more about the mean of the middles within `reach` (a cell
    /// or two); a `-` or `_` is straight, even drawn at a slant.
    static func waves(_ rule: Rule, in picture: GrayImage, reach: Int) -> Bool {
        let rows = max(0, rule.top - 1)..<min(picture.height, rule.bottom + 1)
        let middles: [Double?] = (rule.left..<rule.right).map { x in
            let inks = rows.map { (y: Double($0), ink: Double(255 - Int(picture[x, $0])) / 255) }
            let total = inks.map(\.ink).reduce(0, +)
            return total >= 0.5 ? inks.map { $0.y * $0.ink }.reduce(0, +) / total : nil
        }
        let offsets = middles.indices.compactMap { index -> Double? in
            guard let middle = middles[index] else { return nil }
            let near = middles[max(0, index - reach)..<min(middles.count, index + reach + 1)].compactMap { $0 }
            return middle - near.reduce(0, +) / Double(near.count)
        }
        guard let low = offsets.min(), let high = offsets.max() else { return false }
        return high - low >= 1
    }

    /// Rows of four dots or more (pytest's `....F...`, a leader `.......`), which Tesseract
    /// may not read at all: small blobs on one level, nothing above or below them (an `i`'s
    /// dot has its stem, a `:` its other dot), each within `gap` of the next with nothing
    /// between (`a.b.c.d` is not a row of dots).
    private static func dotRows(in picture: GrayImage, largest: Int, gap: Int) -> [Rule] {
        let mask = picture.pixels.map { $0 < 128 }
        func empty(_ columns: Range<Int>, except rows: Range<Int>) -> Bool {
            !columns.contains { x in (0..<picture.height).contains { y in !rows.contains(y) && mask[y * picture.width + x] } }
        }
        let dots = ConnectedComponents.blobs(in: mask, width: picture.width, height: picture.height).map(\.box)
            .filter { $0.width <= largest && $0.height <= largest && empty($0.x..<$0.right, except: $0.y..<$0.bottom) }
            .sorted { $0.x < $1.x }
        var rows: [[BoundingBox]] = []
        for dot in dots {
            if let row = rows.lastIndex(where: { row in
                let last = row[row.count - 1]
                return dot.x - last.right <= gap && abs((dot.y + dot.bottom) - (last.y + last.bottom)) <= 2
                    && empty(last.right..<max(last.right, dot.x), except: 0..<0)
            }) {
                rows[row].append(dot)
            } else {
                rows.append([dot])
            }
        }
        return rows.filter { $0.count >= 4 }.map { row in
            Rule(left: row[0].x, right: row[row.count - 1].right, top: row.map(\.y).min()!, bottom: row.map(\.bottom).max()!,
                 bars: 0, dots: row.count)
        }
    }

    /// Whether most of the shorter of a rule and the run from `left` to `right` lies over the other.
    private static func overlap(_ rule: Rule, _ left: Int, _ right: Int) -> Bool {
        min(rule.right, right) - max(rule.left, left) >= min(rule.right - rule.left, right - left) * 8 / 10
    }

    /// `picture` with the rules painted white, a pixel around each too: the antialiased edge
    /// of a bar's end, left standing, is a speck Tesseract reads as letters (`Be`) over the rule.
    func erased(from picture: GrayImage) -> GrayImage {
        var image = picture
        for rule in rules {
            for y in max(0, rule.top - 1)..<min(image.height, rule.bottom + 1) {
                for x in max(0, rule.left - 1)..<min(image.width, rule.right + 1) { image[x, y] = 255 }
            }
        }
        return image
    }

    /// The character a rule repeats: `.` for dots, `=` for two bars, `~` for one that waves;
    /// for a straight one, `_` at or below the baseline, `-` above it. `baseline` is in the
    /// picture's coordinates.
    static func character(of rule: Rule, baseline: Double, xHeight: Double) -> Character {
        if rule.bars == 0 { return "." }
        if rule.bars == 2 { return "=" }
        if rule.waves { return "~" }
        return Double(rule.top + rule.bottom) / 2 >= baseline - 0.25 * xHeight ? "_" : "-"
    }
}

/// Rules are found and painted out on a single line only: in a piece read as a block, a rule
/// could not be given back to its row.
struct DrawnRulesErased: PicturePass {
    func prepare(_ picture: inout PiecePicture) {
        guard picture.piece.layout == .line else { return }
        let xHeight = picture.block.xHeight
        let rules = DrawnRules(in: picture.image, minimumLength: max(12, 4 * xHeight), thickest: max(2, xHeight / 3))
        guard !rules.rules.isEmpty else { return }
        picture.image = rules.erased(from: picture.image)
        picture.rules = rules
    }
}

/// A line read with its drawn rules painted out, given them back as words: each repeats its
/// character over the cells it covers. A rule under or over words (an underline, a strike)
/// is not text, nor one lying mostly inside a longer word: there it is the word's own ink
/// (small letters' middle strokes, the bars of `ecess` at an x-height of 7, chain into a wavy line).
struct DrawnRulesGivenBack: ReadingPass {
    func check(_ reading: inout PieceReading) {
        guard let rules = reading.picture.rules else { return }
        let picture = reading.picture
        let line = reading.lines.first
        let row = picture.block.lines[picture.piece.lineIndex]
        var words = line?.words ?? []
        // A row of bars alone stands on the baseline of its box (`TextBlockAssembler`).
        let bottoms = row.glyphs.filter { $0.height > picture.block.xHeight / 3 }.map(\.bottom).sorted()
        let baseline = Double(bottoms.isEmpty ? row.box.bottom : bottoms[bottoms.count / 2]) - Double(picture.origin.y)
        let cell = line.flatMap { CodeIndenter.cellWidth(of: [$0]) } ?? 0.55 * Double(picture.block.glyphHeight)
        for rule in rules.rules {
            let box = BoundingBox(x: picture.origin.x + rule.left, y: picture.origin.y + rule.top,
                                  width: rule.right - rule.left, height: rule.bottom - rule.top)
            if rule.dots > 0 {
                // Dots with nothing above or below them are dots, whatever OCR made of them (`nn`).
                words.removeAll { $0.box.x >= box.x - 2 && $0.box.right <= box.right + 2 }
            } else if words.contains(where: { min($0.box.right, box.right) - max($0.box.x, box.x) > min($0.box.width, box.width) / 2 }) {
                continue
            }
            let character = DrawnRules.character(of: rule, baseline: baseline, xHeight: Double(picture.block.xHeight))
            let count = rule.dots > 0 ? rule.dots : max(1, Int((Double(box.width) / cell).rounded()))
            words.append(Word(text: String(repeating: character, count: count), box: box, confidence: 0.9))
        }
        guard !words.isEmpty else {
            reading.lines = []
            return
        }
        words.sort { $0.box.x < $1.box.x }
        let box = words.dropFirst().reduce(words[0].box) { $0.union($1.box) }
        reading.lines = [Line(text: words.map(\.text).joined(separator: " "), box: box, words: words)]
    }
}
