import Synchronization

/// The readings Tesseract already made, by what it was given: the same pixels read with the
/// same settings read the same (the LSTM engine learns nothing between pictures), and a screen
/// recording shows most lines again, unchanged, from one screen to the next: a terminal's
/// earlier commands and their output, the rest of an editor's file. A third of the lines the
/// indexed terminal fixture reads are such repeats.
///
/// Shared by every engine of the process; the oldest readings go first once the pictures
/// held pass `capacity` bytes.
final class RecognitionMemo: Sendable {
    static let shared = RecognitionMemo()

    /// Pictures held at most, in bytes: thousands of lines of a 1080p screen.
    static let capacity = 32 << 20

    /// What was read, hashed once when made: a line's picture is tens of kilobytes, and it is
    /// looked up and then remembered, both under the lock.
    struct Key: Hashable, Sendable {
        let configuration: TesseractEngine.Configuration
        let layout: TesseractEngine.Layout
        let alternatives: Bool
        let image: GrayImage
        private let hash: Int

        init(configuration: TesseractEngine.Configuration, layout: TesseractEngine.Layout, alternatives: Bool, image: GrayImage) {
            self.configuration = configuration
            self.layout = layout
            self.alternatives = alternatives
            self.image = image
            var hasher = Hasher()
            hasher.combine(configuration)
            hasher.combine(layout)
            hasher.combine(alternatives)
            hasher.combine(image)
            hash = hasher.finalize()
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(hash)
        }

        static func == (a: Key, b: Key) -> Bool {
            a.hash == b.hash && a.configuration == b.configuration && a.layout == b.layout && a.alternatives == b.alternatives
                && a.image == b.image
        }
    }

    private struct State {
        var readings: [Key: [Line]] = [:]
        var order: [Key] = []
        var oldest = 0
        var bytes = 0
    }

    private let state = Mutex(State())

    func reading(for key: Key) -> [Line]? {
        state.withLock { $0.readings[key] }
    }

    func remember(_ lines: [Line], for key: Key) {
        state.withLock { state in
            guard state.readings.updateValue(lines, forKey: key) == nil else { return }
            state.order.append(key)
            state.bytes += key.image.pixels.count
            while state.bytes > RecognitionMemo.capacity, state.oldest < state.order.count {
                let forgotten = state.order[state.oldest]
                state.oldest += 1
                state.readings[forgotten] = nil
                state.bytes -= forgotten.image.pixels.count
            }
            // The forgotten keys' slots are given back now and then, not on every reading.
            if state.oldest > 1024, state.oldest * 2 > state.order.count {
                state.order.removeFirst(state.oldest)
                state.oldest = 0
            }
        }
    }
}
