/// A terminal's bar cursor: a stroke as tall as the line pitch at a cell's left edge, between
/// two cells, where a font's `|` (and a box-drawing `│`) stands in the middle of its own cell.
/// Tesseract reads it as `|` (`read_token'|shlex.py`); it takes no cell of the text, so the
/// character goes and its cell stays a space.
struct BarCursor: CharacterPass {
    /// Share of the line pitch the bar spans at least: a font's `|` spans about four fifths
    /// (18 of DejaVu Sans Mono's 22 px in xterm), the bar the whole cell but for a pixel.
    static let span = 0.9
    /// How near its ink stands to a cell's left edge, at most, in cells: a centred stroke is
    /// half a cell away.
    static let nearEdge = 0.2

    func apply(to region: inout ReadRegion) {
        guard region.kind == .code, let grid = region.grid, let pitch = CodeIndenter.linePitch(of: region.lines) else { return }
        for row in region.rows.indices {
            for index in region.rows[row].characters.indices.reversed() where index > 0 {
                let character = region.rows[row].characters[index]
                guard "|Il!1".contains(character.value), let ink = character.ink, let column = character.column,
                      Double(ink.bottom - ink.top) >= Self.span * pitch, 4 * ink.width <= max(8, Int(grid.xHeight)) else { continue }
                let leftEdge = grid.origin + (Double(column) - 0.5) * grid.cell
                guard abs(ink.center - leftEdge) <= Self.nearEdge * grid.cell else { continue }
                region.rows[row].removeCharacterKeepingColumns(at: index)
            }
        }
    }
}
