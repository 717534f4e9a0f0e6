/// One piece of a frame (a row of a block, with margins) on its way to OCR, and what the
/// picture passes learnt about it.
struct PiecePicture {
    var image: GrayImage
    var piece: RecognitionPlan.Piece
    var block: TextBlock
    /// Where `image`'s left column and top row stand in the frame, and how much it was scaled.
    var origin: (x: Int, y: Int)
    var scale = 1.0
    /// Zeros found marked with a slash or a dot, in frame coordinates.
    var markedZeros: [BoundingBox] = []
    /// Mouse pointers painted out of the picture, in frame coordinates.
    var pointers: [BoundingBox] = []
    /// Block cursors drawn back the right way, in frame coordinates.
    var cursors: [BoundingBox] = []
    /// Rules painted out of the picture, to be given back after OCR.
    var rules: DrawnRules?

    init(image: GrayImage, piece: RecognitionPlan.Piece, block: TextBlock) {
        self.image = image
        self.piece = piece
        self.block = block
        self.origin = (piece.area.x, piece.area.y)
    }

    /// A box in the picture as it is now, in frame coordinates.
    func inFrame(_ box: BoundingBox) -> BoundingBox {
        box.mapped(scale: scale, dx: origin.x, dy: origin.y)
    }
}

/// What OCR read in one piece, in frame coordinates, and a way to read it again asking for
/// each character's alternatives.
struct PieceReading {
    var picture: PiecePicture
    var lines: [Line]
    private let recognize: (_ alternatives: Bool) throws(FrameGrabError) -> [Line]

    init(picture: PiecePicture, recognize: @escaping (_ alternatives: Bool) throws(FrameGrabError) -> [Line]) throws(FrameGrabError) {
        self.picture = picture
        self.recognize = recognize
        self.lines = []
        self.lines = try read(alternatives: false)
    }

    /// The piece read again, boxes in frame coordinates.
    func read(alternatives: Bool) throws(FrameGrabError) -> [Line] {
        try recognize(alternatives).compactMap { line in
            let words = line.words.map { word in
                var word = word
                word.box = picture.inFrame(word.box)
                return word
            }
            guard let first = words.first else { return nil }
            let box = words.dropFirst().reduce(first.box) { $0.union($1.box) }
            return Line(text: words.map(\.text).joined(separator: " "), box: box, words: words)
        }
    }
}

/// Light or dark text on any ground becomes dark ink on white paper, strong strokes full ink.
struct InkOnPaper: PicturePass {
    func prepare(_ picture: inout PiecePicture) {
        let block = picture.block
        picture.image = picture.image.inkOnPaper(ground: block.ground, polarity: block.polarity,
                                                 fullInk: max(24, block.inkContrast * 7 / 10))
    }
}

/// An indented line's piece starts at its block's edge, for a dim start of the line; bare
/// paper before the first ink costs OCR time, and goes.
struct LeadingPaperTrimmed: PicturePass {
    func prepare(_ picture: inout PiecePicture) {
        let blank = max(0, picture.image.leadingPaperColumns() - picture.piece.margin)
        guard blank > 0 else { return }
        picture.image = picture.image.cropped(to: BoundingBox(x: blank, y: 0, width: picture.image.width - blank, height: picture.image.height))
        picture.origin.x += blank
    }
}

/// Enlarges small text until its x-height reaches `smallestXHeight`; shrinks huge titles whose
/// x-height passes `largestXHeight`. Tesseract reads best in between.
struct ScaledForOCR: PicturePass {
    static let smallestXHeight = 16.0
    static let largestXHeight = 48.0

    func prepare(_ picture: inout PiecePicture) {
        let scale = Self.scale(forXHeight: picture.block.xHeight)
        guard scale != 1 else { return }
        picture.image = picture.image.scaled(by: scale)
        picture.scale = scale
    }

    static func scale(forXHeight height: Int) -> Double {
        guard height > 0 else { return 1 }
        if Double(height) < smallestXHeight { return min(4, smallestXHeight / Double(height)) }
        if Double(height) > largestXHeight { return max(0.25, largestXHeight / Double(height)) }
        return 1
    }
}
