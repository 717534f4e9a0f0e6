import FrameGrab
import FrameGrabCommandLine

/// Parsed command line of the `--at` grab (its words for `--help`: `CommandUsage.grab`).
struct Usage {
    enum Format: String {
        case json, text, html
    }

    var times: [(text: String, time: RequestedTime)] = []
    /// The videos and images to read, in order; `-` is stdin.
    var inputs: [String] = []
    /// The part of each frame to read, in its display pixels.
    var crop: BoundingBox?
    var format = Format.json
    /// `--frame-out FILE`: where each frame read is written as a PNG; with several frames a
    /// name holding `%d` (or `%03d`, …), replaced by the frame's number from 1.
    var frameOut: String?
    /// `--timeout`: the processor time OCR may spend on each frame, in seconds; nil for none.
    var ocrTimeLimit: Double? = FrameGrabber.Options.defaultOCRTimeLimit
    var debugLayout = false
    var showVersion = false
    var common = CommonOptions()

    static func parse(_ arguments: [String]) throws(UsageFailure) -> Usage {
        var usage = Usage()
        var words = Arguments(arguments)
        while let argument = words.next() {
            switch argument {
            case "--at":
                let text = try words.value(for: "--at")
                do throws(TimeSyntaxError) {
                    usage.times.append((text, try RequestedTime(parsing: text)))
                } catch {
                    throw UsageFailure(message: "--at \(error)")
                }
            case "--format":
                let text = try words.value(for: "--format")
                guard let format = Format(rawValue: text) else {
                    throw UsageFailure(message: "--format must be json, text or html, not '\(text)'")
                }
                usage.format = format
            case "--crop":
                usage.crop = try Usage.crop(try words.value(for: "--crop"))
            case "--frame-out":
                let path = try words.value(for: "--frame-out")
                guard !path.isEmpty, path != "-" else { throw UsageFailure(message: "--frame-out needs a file name (a PNG is written there)") }
                usage.frameOut = path
            case "--timeout":
                let text = try words.value(for: "--timeout")
                if text == "none" {
                    usage.ocrTimeLimit = nil
                } else {
                    do throws(TimeSyntaxError) {
                        usage.ocrTimeLimit = try MediaTime(parsing: text).seconds
                    } catch {
                        throw UsageFailure(message: "--timeout '\(text)' is not a duration or none: \(error.explanation)")
                    }
                }
            case "--debug-layout":
                usage.debugLayout = true
            case "--version":
                usage.showVersion = true
            default:
                try usage.common.take(argument, orOperandInto: &usage.inputs, from: &words, command: "framegrab")
            }
        }
        if usage.common.showHelp || usage.showVersion { return usage }
        guard !usage.inputs.isEmpty else { throw UsageFailure(message: "no video given (usage: framegrab --at TIME VIDEO...)") }
        // An image needs no --at; whether a video was given without one is known once it is open.
        guard usage.inputs.filter({ $0 == "-" }).count <= 1 else {
            throw UsageFailure(message: "'-' given twice: stdin can be read once")
        }
        if usage.format != .json && usage.common.output.pretty {
            throw UsageFailure(message: "--pretty indents JSON, and --format \(usage.format.rawValue) prints none")
        }
        if let frameOut = usage.frameOut, Usage.frameNumberPattern(in: frameOut) == nil,
           usage.inputs.count * max(1, usage.times.count) > 1 {
            throw UsageFailure(message: "--frame-out '\(frameOut)' names one file, and several frames are read: put %d in it (frame-%d.png)")
        }
        return usage
    }

    /// Where `--frame-out` writes the `number`th frame read (from 1): its `%d` (or `%0Nd`)
    /// replaced by the number, or the name itself when it has none.
    func frameOutPath(forFrame number: Int) -> String? {
        guard let frameOut else { return nil }
        guard let (range, width) = Usage.frameNumberPattern(in: frameOut) else { return frameOut }
        let digits = String(number)
        return frameOut.replacingCharacters(in: range, with: String(repeating: "0", count: max(0, width - digits.count)) + digits)
    }

    /// The first `%d` or `%0Nd` (N one digit) in `name`, and the width it pads to.
    private static func frameNumberPattern(in name: String) -> (range: Range<String.Index>, width: Int)? {
        var start = name.startIndex
        while let percent = name[start...].firstIndex(of: "%") {
            let rest = name[name.index(after: percent)...]
            if rest.hasPrefix("d") { return (percent..<rest.index(after: rest.startIndex), 0) }
            let padded = rest.prefix(3)
            if padded.count == 3, padded.first == "0", padded.last == "d", let width = Int(String(padded.dropFirst().prefix(1))) {
                return (percent..<padded.endIndex, width)
            }
            start = rest.startIndex
        }
        return nil
    }

    /// `--crop X,Y,W,H`, or ffmpeg's `W:H:X:Y`: whole pixels, a width and a height above 0,
    /// none beyond any frame's size (so that no sum of them overflows).
    private static func crop(_ text: String) throws(UsageFailure) -> BoundingBox {
        let colons = text.split(separator: ":", omittingEmptySubsequences: false)
        let parts = colons.count > 1 ? colons : text.split(separator: ",", omittingEmptySubsequences: false)
        let numbers = parts.compactMap { Int($0) }
        guard parts.count == 4, numbers.count == 4, numbers.allSatisfy({ (0...1 << 20).contains($0) }) else {
            throw UsageFailure(message: "--crop '\(text)' is not a crop (use X,Y,W,H or ffmpeg's W:H:X:Y, in pixels)")
        }
        let crop = colons.count > 1
            ? BoundingBox(x: numbers[2], y: numbers[3], width: numbers[0], height: numbers[1])
            : BoundingBox(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
        guard !crop.isEmpty else {
            throw UsageFailure(message: "--crop '\(text)' is empty: its width and height must be more than 0")
        }
        return crop
    }
}
