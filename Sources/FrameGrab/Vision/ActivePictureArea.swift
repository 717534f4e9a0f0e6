/// Finds the active picture: black bars baked into the frame (a 4:3 talk pillarboxed into
/// 16:9, a film letterboxed) are not part of what was filmed or shared, and layout skips them.
///
/// Bars are runs of rows (or columns) at the edges that are black all the way across, of
/// about the same width on both sides, as scaling to fit makes them. A black terminal whose
/// last lines are empty is not letterboxed: its dark band is on one side only.
enum ActivePictureArea {
    /// Brightest level a bar pixel may have: video black is 16, compression adds a little.
    private static let blackest: UInt8 = 34
    /// Narrowest bar worth reporting, as a share of the frame.
    private static let narrowestBar = 0.01

    static func find(in image: GrayImage) -> BoundingBox {
        guard image.width >= 16, image.height >= 16 else { return image.bounds }
        let top = blackRun(count: image.height) { isBlackRow($0, in: image) }
        let bottom = blackRun(count: image.height) { isBlackRow(image.height - 1 - $0, in: image) }
        let left = blackRun(count: image.width) { isBlackColumn($0, in: image) }
        let right = blackRun(count: image.width) { isBlackColumn(image.width - 1 - $0, in: image) }

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

    private static func isBlackRow(_ y: Int, in image: GrayImage) -> Bool {
        image.pixels.withUnsafeBufferPointer { pixels in
            let row = pixels[(y * image.width)..<((y + 1) * image.width)]
            return row.allSatisfy { $0 <= blackest }
        }
    }

    private static func isBlackColumn(_ x: Int, in image: GrayImage) -> Bool {
        image.pixels.withUnsafeBufferPointer { pixels in
            stride(from: x, to: pixels.count, by: image.width).allSatisfy { pixels[$0] <= blackest }
        }
    }
}
