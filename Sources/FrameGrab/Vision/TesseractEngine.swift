import CTesseract
import Foundation

/// One Tesseract instance, reading gray pictures through the C API.
///
/// Owns a `TessBaseAPI` (~46 MB, ~100 ms to start). Not thread-safe: use each engine from one
/// thread at a time; run several engines for parallelism.
/// See https://tesseract-ocr.github.io/tessapi/5.x/a02438.html (capi.h)
public final class TesseractEngine: @unchecked Sendable {
    public struct Configuration: Sendable, Hashable {
        /// Tesseract's own syntax: `eng`, `eng+deu`.
        public var languages: String
        /// Where `<language>.traineddata` lives; nil for the system default.
        public var dataDirectory: String?

        public init(languages: String = "eng", dataDirectory: String? = nil) {
            self.languages = languages
            self.dataDirectory = dataDirectory
        }
    }

    /// How Tesseract should read a picture (its page segmentation mode).
    public enum Layout: Sendable, Hashable {
        /// One block of uniform text, such as a code panel (PSM 6).
        case block
        /// A single line, such as a title (PSM 7).
        case line
        /// Find the layout itself (PSM 3).
        case automatic

        fileprivate var pageSegMode: TessPageSegMode {
            switch self {
            case .block: return PSM_SINGLE_BLOCK
            case .line: return PSM_SINGLE_LINE
            case .automatic: return PSM_AUTO
            }
        }
    }

    public let configuration: Configuration
    private let handle: OpaquePointer

    public init(_ configuration: Configuration = Configuration()) throws(FrameGrabError) {
        let directory = configuration.dataDirectory ?? TesseractEngine.defaultDataDirectory
        try TesseractEngine.checkLanguages(configuration.languages, in: directory)
        guard let handle = TessBaseAPICreate() else {
            throw .ocrUnavailable(path: nil, reason: "Tesseract could not be created")
        }
        // Words in code are rarely dictionary words: the English word lists would pull
        // identifiers towards English. `load_system_dawg` keeps out the one LSTM data has
        // (lstm-word-dawg, 3.7 MB of Debian's eng.traineddata), `load_freq_dawg` the legacy
        // engine's frequent words (absent from LSTM-only data, off for other tessdata too);
        // punctuation and number patterns stay. Without them every committed clip reads the
        // same (bench-accuracy), and the engine starts without loading them. Init-only
        // variables: set here or never (TesseractEngineTests reads them back).
        let initVariables: [(String, String)] = [("load_system_dawg", "0"), ("load_freq_dawg", "0")]
        let status = TesseractEngine.withCStrings(initVariables) { names, values in
            TessBaseAPIInit4(handle, directory, configuration.languages, OEM_DEFAULT, nil, 0,
                             names, values, initVariables.count, 0)
        }
        guard status == 0 else {
            TessBaseAPIDelete(handle)
            throw .ocrUnavailable(path: nil, reason: "Tesseract could not load \(configuration.languages) from \(directory)")
        }
        for (name, value) in TesseractEngine.variables {
            guard TessBaseAPISetVariable(handle, name, value) != 0 else {
                TessBaseAPIEnd(handle)
                TessBaseAPIDelete(handle)
                throw .ocrUnavailable(path: nil, reason: "Tesseract does not know its \(name) variable")
            }
        }
        self.configuration = configuration
        self.handle = handle
    }

    deinit {
        TessBaseAPIEnd(handle)
        TessBaseAPIDelete(handle)
    }

    /// Variables set the same way on every engine, since some are process-global.
    private static let variables: [(String, String)] = [
        // Tesseract's diagnostics ("Empty page!!") would go to stderr.
        ("debug_file", "/dev/null"),
        // framegrab decides polarity itself; Tesseract's retry on inverted lines costs time.
        ("tessedit_do_invert", "0"),
    ]

    /// Reads `image` (dark text on a light ground works best) and returns its lines of words,
    /// boxes in `image` coordinates. `shouldCancel` is polled during recognition; a cancelled
    /// call reads nothing (and is no failure). A picture read before, with the same settings,
    /// is not read again (`RecognitionMemo`). Throws `ocrFailed` when Tesseract refuses the
    /// picture or fails to read it: that is not a picture without text.
    public func recognize(_ image: GrayImage, layout: Layout, alternatives: Bool = false,
                          shouldCancel: (@Sendable () -> Bool)? = nil) throws(FrameGrabError) -> [Line] {
        guard image.width > 0, image.height > 0, shouldCancel?() != true else { return [] }
        let key = RecognitionMemo.Key(configuration: configuration, layout: layout, alternatives: alternatives, image: image)
        if let lines = RecognitionMemo.shared.reading(for: key) { return lines }
        guard let lines = try read(image, layout: layout, alternatives: alternatives, shouldCancel: shouldCancel) else { return [] }
        // A reading cut short is not the picture's reading.
        if shouldCancel?() != true { RecognitionMemo.shared.remember(lines, for: key) }
        return lines
    }

    /// What Tesseract read on `image`; nil when `shouldCancel` stopped it.
    private func read(_ image: GrayImage, layout: Layout, alternatives: Bool,
                      shouldCancel: (@Sendable () -> Bool)?) throws(FrameGrabError) -> [Line]? {
        let size = "\(image.width)×\(image.height)"
        guard let width = Int32(exactly: image.width), let height = Int32(exactly: image.height) else {
            throw .ocrFailed(path: nil, reason: "a \(size) picture is too large for Tesseract")
        }
        CTesseract_runOpenMPSerially()
        // Alternatives cost time on every character, so only the calls that want them pay.
        guard TessBaseAPISetVariable(handle, "lstm_choice_mode", alternatives ? "2" : "0") != 0 else {
            throw .ocrFailed(path: nil, reason: "Tesseract does not know its lstm_choice_mode variable")
        }
        TessBaseAPISetPageSegMode(handle, layout.pageSegMode)
        // Without an image set (Tesseract refused it) recognition fails too: one check for both.
        let status: Int32 = image.pixels.withUnsafeBufferPointer { pixels in
            TessBaseAPISetImage(handle, pixels.baseAddress, width, height, 1, width)
            // Video has no resolution; 70 is what Tesseract would assume, minus its warning.
            TessBaseAPISetSourceResolution(handle, 70)
            return withMonitor(shouldCancel) { monitor in TessBaseAPIRecognize(handle, monitor) }
        }
        defer { TessBaseAPIClear(handle) }
        guard status == 0 else {
            // Cancelling through the monitor makes recognition fail as well.
            if shouldCancel?() == true { return nil }
            throw .ocrFailed(path: nil, reason: "Tesseract could not read a \(size) picture (TessBaseAPIRecognize returned \(status))")
        }
        return try readLines(alternatives: alternatives, size: size)
    }

    private func readLines(alternatives: Bool, size: String) throws(FrameGrabError) -> [Line] {
        // Recognition succeeded, so there is a page to walk, if an empty one.
        guard let iterator = TessBaseAPIGetIterator(handle) else {
            throw .ocrFailed(path: nil, reason: "Tesseract read a \(size) picture but has no result for it")
        }
        defer { TessResultIteratorDelete(iterator) }
        guard let page = TessResultIteratorGetPageIterator(iterator) else {
            throw .ocrFailed(path: nil, reason: "Tesseract's result for a \(size) picture has no page")
        }
        var lines: [Line] = []
        repeat {
            if TessPageIteratorIsAtBeginningOf(page, RIL_TEXTLINE) != 0 {
                lines.append(Line(text: "", box: TesseractEngine.box(page, level: RIL_TEXTLINE) ?? BoundingBox(x: 0, y: 0, width: 0, height: 0), words: []))
            }
            guard let box = TesseractEngine.box(page, level: RIL_WORD),
                  let raw = TessResultIteratorGetUTF8Text(iterator, RIL_WORD) else { continue }
            let text = String(cString: raw).trimmingCharacters(in: .whitespacesAndNewlines)
            TessDeleteText(raw)
            guard !text.isEmpty, !lines.isEmpty else { continue }
            let confidence = Double(TessResultIteratorConfidence(iterator, RIL_WORD)) / 100
            var word = Word(text: text, box: box, confidence: max(0, min(1, confidence)))
            if alternatives { word.alternatives = TesseractEngine.alternatives(of: iterator) }
            lines[lines.count - 1].words.append(word)
        } while TessResultIteratorNext(iterator, RIL_WORD) != 0
        return lines.filter { !$0.words.isEmpty }.map { line in
            var line = line
            line.text = line.words.map(\.text).joined(separator: " ")
            return line
        }
    }

    /// The value of one of Tesseract's boolean variables; nil when it has none by that name.
    func boolVariable(_ name: String) -> Bool? {
        var value: Int32 = 0
        guard TessBaseAPIGetBoolVariable(handle, name, &value) != 0 else { return nil }
        return value != 0
    }

    /// Each character's alternatives in the word `iterator` is at, read with a copy of it.
    private static func alternatives(of iterator: OpaquePointer) -> [[Word.Alternative]] {
        guard let copy = TessResultIteratorCopy(iterator) else { return [] }
        defer { TessResultIteratorDelete(copy) }
        guard let page = TessResultIteratorGetPageIterator(copy) else { return [] }
        var result: [[Word.Alternative]] = []
        repeat {
            var choices: [Word.Alternative] = []
            if let choice = TessResultIteratorGetChoiceIterator(copy) {
                repeat {
                    if let text = TessChoiceIteratorGetUTF8Text(choice) {
                        choices.append(Word.Alternative(character: String(cString: text), confidence: Double(TessChoiceIteratorConfidence(choice)) / 100))
                    }
                } while TessChoiceIteratorNext(choice) != 0
                TessChoiceIteratorDelete(choice)
            }
            result.append(choices)
        } while TessPageIteratorIsAtFinalElement(page, RIL_WORD, RIL_SYMBOL) == 0 && TessPageIteratorNext(page, RIL_SYMBOL) != 0
        return result
    }

    private static func box(_ page: OpaquePointer?, level: TessPageIteratorLevel) -> BoundingBox? {
        var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
        guard TessPageIteratorBoundingBox(page, level, &left, &top, &right, &bottom) != 0 else { return nil }
        return BoundingBox(left: Int(left), top: Int(top), right: Int(right), bottom: Int(bottom))
    }

    private func withMonitor<R>(_ shouldCancel: (@Sendable () -> Bool)?, _ body: (OpaquePointer?) -> R) -> R {
        guard let shouldCancel, let monitor = TessMonitorCreate() else { return body(nil) }
        defer { TessMonitorDelete(monitor) }
        let box = CancelCheck(shouldCancel)
        return withExtendedLifetime(box) {
            TessMonitorSetCancelThis(monitor, Unmanaged.passUnretained(box).toOpaque())
            TessMonitorSetCancelFunc(monitor) { context, _ in
                guard let context else { return false }
                return Unmanaged<CancelCheck>.fromOpaque(context).takeUnretainedValue().check()
            }
            return body(monitor)
        }
    }

    // MARK: Language data

    static var defaultDataDirectory: String {
        if let prefix = ProcessInfo.processInfo.environment["TESSDATA_PREFIX"], !prefix.isEmpty {
            return prefix
        }
        return "/usr/share/tesseract-ocr/5/tessdata"
    }

    /// Names the missing language file rather than letting Tesseract print its own complaint.
    private static func checkLanguages(_ languages: String, in directory: String) throws(FrameGrabError) {
        let names = languages.split(separator: "+").map(String.init)
        guard !names.isEmpty, names.allSatisfy({ !$0.isEmpty && !$0.contains("/") }) else {
            throw .ocrUnavailable(path: nil, reason: "'\(languages)' is not a Tesseract language list (e.g. eng or eng+deu)")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .ocrUnavailable(path: nil, reason: "tessdata directory \(directory) does not exist")
        }
        for name in names where !FileManager.default.isReadableFile(atPath: directory + "/" + name + ".traineddata") {
            throw .ocrUnavailable(path: nil, reason: "no language data for '\(name)' in \(directory) (install tesseract-ocr-\(name))")
        }
    }

    private static func withCStrings<R>(_ pairs: [(String, String)], _ body: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> R) -> R {
        var names = pairs.map { strdup($0.0) }
        var values = pairs.map { strdup($0.1) }
        defer {
            names.forEach { free($0) }
            values.forEach { free($0) }
        }
        return names.withUnsafeMutableBufferPointer { namePointers in
            values.withUnsafeMutableBufferPointer { valuePointers in
                body(namePointers.baseAddress, valuePointers.baseAddress)
            }
        }
    }
}

/// Carries a cancellation check through Tesseract's `void *` callback context.
private final class CancelCheck {
    let check: @Sendable () -> Bool
    init(_ check: @escaping @Sendable () -> Bool) { self.check = check }
}
