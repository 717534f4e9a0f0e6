extension BoundingBox {
    /// The same box, moved right by `dx` and down by `dy`.
    public func offset(dx: Int, dy: Int) -> BoundingBox {
        BoundingBox(x: x + dx, y: y + dy, width: width, height: height)
    }
}

extension Region {
    /// The region read in a part of the picture whose top left is at (`dx`, `dy`), in the whole
    /// picture's pixels: its box and those of its lines, words and detections moved.
    public func offset(dx: Int, dy: Int) -> Region {
        var region = self
        region.box = box.offset(dx: dx, dy: dy)
        region.lines = lines.map { line in
            var line = line
            line.box = line.box.offset(dx: dx, dy: dy)
            line.words = line.words.map { word in
                var word = word
                word.box = word.box.offset(dx: dx, dy: dy)
                return word
            }
            return line
        }
        region.detections = detections.map { detection in
            var detection = detection
            detection.box = detection.box.offset(dx: dx, dy: dy)
            return detection
        }
        return region
    }
}
