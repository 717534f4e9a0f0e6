/// Finds the active picture: black bars baked into the frame (a 4:3 talk pillarboxed into
/// 16:9, a film letterboxed) are not part of what was filmed or shared, and layout skips them.
///
/// Bars are runs of rows (or columns) at the edges that are black all the way across, of
/// about the same width on both sides, as scaling to fit makes them. A black terminal whose
/// last lines are empty is not letterboxed: its dark band is on one side only. Where the
/// frame's colours are known, black is judged on them: the gray picture is the video's own
/// luma (black at 16) or, scaled, full range (black at 0), so a slide's near-black ground
/// (`#1e1e1e`, a tinted `#0d1117`) can pass for black in gray, never in colour.
enum ActivePictureArea {
    /// Brightest level a bar pixel may have in gray: video black is 16 in the video's own
    /// luma, compression adds a little.
    private static let blackest: UInt8 = 34
    /// Brightest red, green or blue a bar pixel may have: black is 0 there, whatever the
    /// video's range, and an encoder's noise on a flat bar a few levels (0 on every bar of
    /// the test clips).
    private static let blackestColour: UInt8 = 12
    /// Narrowest bar worth reporting, as a share of the frame.
    private static let narrowestBar = 0.01

    static func find(in image: GrayImage, color: ColorPlanes? = nil) -> BoundingBox {
        guard image.width >= 16, image.height >= 16 else { return image.bounds }
        let color = color.flatMap { $0.width == image.width && $0.height == image.height ? $0 : nil }
        func isBar(_ indices: StrideTo<Int>, judgingColour: Bool) -> Bool {
            if judgingColour, let color { return isBlack(indices, in: color) }
            return image.pixels.withUnsafeBufferPointer { pixels in indices.allSatisfy { pixels[$0] <= blackest } }
        }
        let width = image.width, count = image.pixels.count
        func rows(_ y: Int) -> StrideTo<Int> { stride(from: y * width, to: (y + 1) * width, by: 1) }
        func columns(_ x: Int) -> StrideTo<Int> { stride(from: x, to: count, by: width) }
        // Chroma has half the resolution of luma: the picture's hue reaches a pixel into a
        // bar, so the bar's last line beside the picture is judged on its luma.
        func barRun(count: Int, _ line: (Int) -> StrideTo<Int>) -> Int {
            let run = blackRun(count: count) { isBar(line($0), judgingColour: true) }
            return run + (color != nil && run > 0 && run < count && isBar(line(run), judgingColour: false) ? 1 : 0)
        }
        let top = barRun(count: image.height) { rows($0) }
        let bottom = barRun(count: image.height) { rows(image.height - 1 - $0) }
        let left = barRun(count: image.width) { columns($0) }
        let right = barRun(count: image.width) { columns(image.width - 1 - $0) }

        var area = image.bounds
        if let (near, far) = bars(top, bottom, length: image.height) {
            area = BoundingBox(left: area.x, top: near, right: area.right, bottom: image.height - far)
        }
        if let (near, far) = bars(left, right, length: image.width) {
            area = BoundingBox(left: near, top: area.y, right: image.width - far, bottom: area.bottom)
        }
        return area
    }

    /// Two opposite runs that are bars: both present, about equal, leaving most of the frame.
    private static func bars(_ near: Int, _ far: Int, length: Int) -> (Int, Int)? {
        let smallest = max(2, Int(narrowestBar * Double(length)))
        guard near >= smallest, far >= smallest else { return nil }
        guard abs(near - far) <= max(4, max(near, far) / 8) else { return nil }
        guard length - near - far >= length / 4 else { return nil }
        return (near, far)
    }

    private static func blackRun(count: Int, isBlack: (Int) -> Bool) -> Int {
        var run = 0
        while run < count && isBlack(run) { run += 1 }
        return run
    }

    private static func isBlack(_ indices: StrideTo<Int>, in color: ColorPlanes) -> Bool {
        color.red.pixels.withUnsafeBufferPointer { red in
            color.green.pixels.withUnsafeBufferPointer { green in
                color.blue.pixels.withUnsafeBufferPointer { blue in
                    indices.allSatisfy { max(red[$0], green[$0], blue[$0]) <= blackestColour }
                }
            }
        }
    }
}
