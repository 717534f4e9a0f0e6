/// What OCR read in one text block: its rows, each with its characters and ink.
struct ReadBlock {
    var block: TextBlock
    var rows: [ReadRow]

    /// `row` put among the block's rows: appended to the row it shares (words sorted left to
    /// right when `sorted`; not one whose ink layout found on another row), or inserted where
    /// it stands; an unread row right beside another row is left out.
    mutating func add(_ row: ReadRow, sortingWords sorted: Bool = false) {
        // A speck OCR read nothing of, found apart beside a row's text, is no part of it; marks
        // standing columns away from it (a docstring's `"""` right of its line number, found
        // apart in a faint red) are the rest of that row.
        if row.isUnread, rows.contains(where: { other in
            other.box.overlapsVertically(row.box) && max(row.box.x - other.box.right, other.box.x - row.box.right) < 2 * other.box.height
        }) { return }
        if let index = rows.firstIndex(where: { $0.box.overlapsVertically(row.box) && !$0.standsApart(from: row) }) {
            if sorted {
                let (glyphs, zeros) = (rows[index].glyphs + row.glyphs, rows[index].markedZeros + row.markedZeros)
                rows[index].words = (rows[index].words + row.words).sorted { $0.box.x < $1.box.x }
                rows[index].glyphs = glyphs
                rows[index].markedZeros = zeros
                rows[index].pointers += row.pointers
                rows[index].cursors += row.cursors
            } else {
                rows[index].append(row)
            }
        } else {
            let position = rows.firstIndex(where: { $0.middle > row.middle }) ?? rows.count
            rows.insert(row, at: position)
        }
    }
}

extension ReadBlock {
    /// The block with its rows' glyphs as drawn under the terminal's block cursors OCR's
    /// pieces found (`BlockCursor.glyphs`): the joins measure a row's marks and cells without
    /// the box (a `"""` under a cursor, found apart from its code, is marks alike).
    func withGlyphsUnderCursors(in image: GrayImage) -> ReadBlock {
        guard rows.contains(where: { !$0.cursors.isEmpty }) else { return self }
        let picture = ReadRegion.picture(of: block, cursors: rows.flatMap(\.cursors), in: image)
        var read = self
        for index in rows.indices where !rows[index].cursors.isEmpty {
            read.rows[index].glyphs = BlockCursor.glyphs(rows[index].glyphs, under: rows[index].cursors, picture: picture)
        }
        return read
    }

    /// Blocks that are one text, as one block: the biggest one's measures (polarity, sizes,
    /// ground) stand for all, and rows go in from the left, so that a row's pieces keep their
    /// order (a gutter's number, then its code). Ink read twice (a row found in two blocks, in
    /// full and in part) is read once: the row that covers the other, with words over it,
    /// stays, and words a row read over another's ink and none of its own go. A row whose box
    /// only spans another's (a column of a table between the row's words) has not read it: its
    /// words go in between the row's, in order.
    init(joining group: [ReadBlock]) {
        self.init(block: group.max { $0.block.box.area < $1.block.box.area }?.block ?? group[0].block, rows: [])
        let allRows = group.flatMap(\.rows)
        for read in group.sorted(by: { $0.block.box.x < $1.block.box.x }) {
            for row in read.rows {
                let row = row.withoutWordsReadOff(allRows)
                if rows.contains(where: { $0.readsOver(row) }) { continue }
                rows.removeAll { row.readsOver($0) }
                add(row, sortingWords: rows.contains { $0.box.overlapsVertically(row.box) && $0.box.right > row.box.x })
            }
            block.box = block.box.union(read.block.box)
        }
    }
}

extension Array where Element == ReadBlock {
    /// Whether these blocks' text is set in monospace type, judged over all of their rows: a
    /// fit to one grid of 0.65 or more (measured: monospace blocks 0.69 to 1, proportional ones
    /// 0.39 to 0.56; a terminal's colours and a pointer over its text bring it down to 0.79).
    var isMonospace: Bool {
        let rows = flatMap(\.rows)
        return (CodeIndenter.monospaceFit(glyphs: rows.map(\.glyphs), lines: rows.map(\.line)) ?? 0) >= 0.65
    }
}

private extension ReadRow {
    /// Halfway down the row's ink where layout found it, else down OCR's box: OCR may read a
    /// piece of the row alone, a pixel row or more off its ink (one `-` halfway along a wave of
    /// `~` two pixels tall, boxed under it).
    var middle: Double {
        guard let top = glyphs.map(\.y).min(), let bottom = glyphs.map(\.bottom).max() else { return Double(box.y + box.bottom) / 2 }
        return Double(top + bottom) / 2
    }

    /// Whether layout found the two rows' ink on different rows, not a pixel row shared,
    /// whatever OCR's boxes: its box of a call reaches down into the row of carets under it.
    func standsApart(from other: ReadRow) -> Bool {
        guard let top = glyphs.map(\.y).min(), let bottom = glyphs.map(\.bottom).max(),
              let otherTop = other.glyphs.map(\.y).min(), let otherBottom = other.glyphs.map(\.bottom).max() else { return false }
        return bottom <= otherTop || otherBottom <= top
    }

    /// The row without the words OCR read off another row's ink (a piece widened to read a
    /// lone glyph reaches over the rest of its line, found in another block): words over
    /// glyphs another row read, and over none of this row's own.
    func withoutWordsReadOff(_ others: [ReadRow]) -> ReadRow {
        guard !glyphs.isEmpty else { return self }
        let others = others.filter { $0 != self && $0.box.overlapsVertically(box) && !$0.standsApart(from: self) }
        func over(_ word: Word, _ glyphs: [BoundingBox]) -> Bool {
            glyphs.contains { $0.x < word.box.right && $0.right > word.box.x && $0.overlapsVertically(word.box) }
        }
        // Only where the other row read that ink itself: a lone glyph it left unread is this word's.
        func readThere(_ other: ReadRow, _ word: Word) -> Bool {
            over(word, other.glyphs) && other.words.contains { $0.box.x < word.box.right && $0.box.right > word.box.x }
        }
        let kept = words.filter { word in !(others.contains { readThere($0, word) } && !over(word, glyphs)) }
        guard kept.count < words.count, !kept.isEmpty else { return self }
        var row = self
        row.words = kept
        return row
    }

    /// Whether this row has read `other`'s ink: its box covers `other`'s, a word of it lies
    /// over `other`, and their ink is not on different rows.
    func readsOver(_ other: ReadRow) -> Bool {
        box.covers(other.box) && words.contains { $0.box.x < other.box.right && $0.box.right > other.box.x } && !standsApart(from: other)
    }
}

private extension BoundingBox {
    /// Whether `other` lies inside this box, give or take two pixels.
    func covers(_ other: BoundingBox) -> Bool {
        other.x >= x - 2 && other.y >= y - 2 && other.right <= right + 2 && other.bottom <= bottom + 2
    }
}
