/// A blob of connected ink pixels: usually one glyph, or part of one (the dot of an i).
struct InkBlob {
    var box: BoundingBox
    var pixelCount: Int
    /// The longest run of ink on the blob's top and bottom rows: a frame drawn around
    /// something spans its whole width there, a letter does not.
    var topSpan = 0
    var bottomSpan = 0
    /// Rows whose ink reaches the blob's left and right edges: all of them, for a frame.
    var rowsAtLeftEdge = 0
    var rowsAtRightEdge = 0
}

/// Labels 8-connected blobs in a binary mask by linking runs of set pixels row to row; with
/// `diagonal` false, 4-connected ones (pixels touching only at a corner stay apart).
enum ConnectedComponents {
    static func blobs(in mask: [Bool], width: Int, height: Int, diagonal: Bool = true) -> [InkBlob] {
        struct Run { var start: Int; var end: Int; var label: Int }
        var parent: [Int] = []
        var previousRuns: [Run] = []
        var currentRuns: [Run] = []
        var allRuns: [(y: Int, run: Run)] = []

        func find(_ label: Int) -> Int {
            var label = label
            while parent[label] != label {
                parent[label] = parent[parent[label]]
                label = parent[label]
            }
            return label
        }

        mask.withUnsafeBufferPointer { mask in
            for y in 0..<height {
                currentRuns.removeAll(keepingCapacity: true)
                let base = y * width
                var x = 0
                var previousIndex = 0
                while x < width {
                    guard mask[base + x] else { x += 1; continue }
                    let start = x
                    while x < width && mask[base + x] { x += 1 }
                    let end = x - 1
                    var label = -1
                    // 8-connectivity: runs touching diagonally belong together.
                    let reach = diagonal ? 1 : 0
                    while previousIndex < previousRuns.count && previousRuns[previousIndex].end < start - reach { previousIndex += 1 }
                    var index = previousIndex
                    while index < previousRuns.count && previousRuns[index].start <= end + reach {
                        let other = find(previousRuns[index].label)
                        if label < 0 {
                            label = other
                        } else if other != label {
                            parent[max(other, label)] = min(other, label)
                            label = min(other, label)
                        }
                        index += 1
                    }
                    if label < 0 {
                        label = parent.count
                        parent.append(label)
                    }
                    let run = Run(start: start, end: end, label: label)
                    currentRuns.append(run)
                    allRuns.append((y, run))
                }
                swap(&previousRuns, &currentRuns)
            }
        }

        var blobIndex = [Int](repeating: -1, count: parent.count)
        var blobs: [InkBlob] = []
        // Runs come top to bottom, so a blob's first rows come first and its last rows last.
        for (y, run) in allRuns {
            let root = find(run.label)
            let length = run.end - run.start + 1
            let box = BoundingBox(left: run.start, top: y, right: run.end + 1, bottom: y + 1)
            if blobIndex[root] < 0 {
                blobIndex[root] = blobs.count
                blobs.append(InkBlob(box: box, pixelCount: length, topSpan: length, bottomSpan: length))
                continue
            }
            let index = blobIndex[root]
            if y == blobs[index].box.y { blobs[index].topSpan = max(blobs[index].topSpan, length) }
            if y == blobs[index].box.bottom - 1 {
                blobs[index].bottomSpan = max(blobs[index].bottomSpan, length)
            } else if y >= blobs[index].box.bottom {
                blobs[index].bottomSpan = length
            }
            blobs[index].box = blobs[index].box.union(box)
            blobs[index].pixelCount += length
        }
        // Once the boxes are whole: which rows touch each side.
        var lastLeftRow = [Int](repeating: -1, count: blobs.count)
        var lastRightRow = [Int](repeating: -1, count: blobs.count)
        for (y, run) in allRuns {
            let index = blobIndex[find(run.label)]
            let box = blobs[index].box
            if run.start <= box.x + 1 && lastLeftRow[index] != y {
                blobs[index].rowsAtLeftEdge += 1
                lastLeftRow[index] = y
            }
            if run.end >= box.right - 2 && lastRightRow[index] != y {
                blobs[index].rowsAtRightEdge += 1
                lastRightRow[index] = y
            }
        }
        return blobs
    }
}

extension ConnectedComponents {
    /// The boxes of the blobs of `mask`, which covers `area` of a picture, in the picture's
    /// coordinates.
    static func boxes(in mask: [Bool], over area: BoundingBox) -> [BoundingBox] {
        blobs(in: mask, width: area.width, height: area.height).map { blob in
            BoundingBox(x: blob.box.x + area.x, y: blob.box.y + area.y, width: blob.box.width, height: blob.box.height)
        }
    }
}
