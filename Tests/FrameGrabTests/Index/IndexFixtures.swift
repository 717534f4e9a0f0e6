import Foundation
@testable import FrameGrab
@testable import FrameGrabModel
@testable import FrameGrabStore

/// Settled screens built by hand, and stores in temporary directories, for the index tests.
enum IndexFixtures {
    /// A region of `kind` whose lines are `text` split at newlines, each word boxed on a grid
    /// of 12×24 px cells, so that boxes, indents and confidences are all distinct.
    static func region(_ kind: RegionKind, _ text: String, language: String? = nil, top: Int = 100,
                       detections: [Detection] = []) -> Region {
        var lines: [Line] = []
        for (row, lineText) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let y = top + row * 30
            var words: [Word] = []
            var column = 0
            for piece in lineText.split(separator: " ", omittingEmptySubsequences: false) {
                if !piece.isEmpty {
                    words.append(Word(text: String(piece), box: BoundingBox(x: 40 + column * 12, y: y, width: piece.count * 12, height: 24),
                                      confidence: 0.9012 + Double(words.count) / 100))
                }
                column += piece.count + 1
            }
            let indent = lineText.prefix { $0 == " " }.count
            var line = Line(text: lineText.trimmingCharacters(in: .whitespaces),
                            box: BoundingBox(x: 40 + indent * 12, y: y, width: max(1, lineText.count - indent) * 12, height: 24),
                            words: words, indent: kind == .code ? indent : nil)
            if kind == .code { line.number = 100 + row }
            lines.append(line)
        }
        let box = lines.map(\.box).reduce(BoundingBox(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) }
        return Region(kind: kind, box: box, polarity: kind == .code ? .lightOnDark : .darkOnLight, confidence: 0.87654,
                      text: text, lines: lines, language: language, languageConfidence: language == nil ? nil : 0.8123,
                      detections: detections)
    }

    /// A stored screen from `start` to `end` seconds, read at `start + 0.5`.
    static func screen(_ start: Double, _ end: Double, path: String = "/videos/talk.mp4", _ regions: [Region]) -> StoredScreen {
        StoredScreen(path: path, start: MediaTime(seconds: start), end: MediaTime(seconds: end), time: MediaTime(seconds: start + 0.5),
                     regions: regions)
    }

    static func video(_ path: String, status: IndexedVideo.Status = .indexed, error: String? = nil, size: Int64 = 1_000_000) -> IndexedVideo {
        IndexedVideo(path: path, size: size, modified: 1_764_580_000.25, fingerprint: "00ff" + String(path.count, radix: 16),
                     duration: MediaTime(seconds: 600), status: status, error: error, indexedAt: 1_764_590_000.5)
    }

    /// A fresh directory, removed by the caller with `FileManager.default.removeItem`.
    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("framegrab-index-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// The library every search test runs against: which screen each query must find is in
    /// `SearchTests`.
    static let library: [(video: String, screens: [StoredScreen])] = [
        ("/videos/talks/networking.mp4", [
            screen(0, 10, [region(.text, "Networking with URLSession.shared", top: 20),
                           region(.code, "let task = URLSession.shared.dataTask(with: url)\ntask.resume()", language: "swift")]),
            screen(10, 20, [region(.code, "func load() async throws -> User {\n    try await fetchUser(id: 42)\n}", language: "swift")]),
            screen(20, 30, [region(.code, "buffer.appendFrame(frame)\nencoder.flush()", language: "swift")]),
            screen(30, 40, [region(.text, "Questions? Write to a b or c", top: 20)]),
        ]),
        ("/videos/cpp/move.mkv", [
            screen(0, 5, [region(.code, "auto p = a->b;\nstd::vector<int> v = std::move(w);", language: "cpp")]),
            screen(5, 9, [region(.code, "$ git push --force origin main", language: "shell")]),
            screen(9, 15, [region(.text, "A quoted phrase appears on this slide", top: 20)]),
            screen(15, 20, [region(.text, "phrase quoted the other way round", top: 20)]),
        ]),
        ("/videos/ties.mp4", [
            screen(0, 5, [region(.text, "sharedCache warmup")]),
            screen(5, 10, [region(.code, "sharedCache warmup")]),
            screen(20, 25, [region(.code, "renderQueue drain")]),
            screen(30, 35, [region(.code, "renderQueue drain")]),
        ]),
    ]

    /// A store holding `library`, in a new temporary directory.
    static func libraryStore() throws -> (store: SQLiteScreenStore, directory: URL) {
        let directory = try temporaryDirectory()
        let store = try SQLiteScreenStore(path: directory.appendingPathComponent("framegrab.db").path, creating: true)
        for (path, screens) in library {
            try store.replace(video(path), screens: screens)
        }
        return (store, directory)
    }
}
