import CFFmpeg
import FrameGrab
import Testing

@Suite("MediaTime")
struct MediaTimeTests {
    /// What a text parses to: a time from the start or before the end, in microseconds, or
    /// why it is no time.
    enum Parsed: Equatable, Sendable {
        case start(Int64)
        case end(Int64)
        case error(TimeSyntaxError.Reason)
    }

    /// Every spelling `--at` takes, and every mistake it names.
    static let table: [(String, Parsed)] = [
        // ffmpeg's duration syntax, as ffmpeg -ss reads it.
        ("0", .start(0)),
        ("750", .start(750_000_000)),
        ("750.25", .start(750_250_000)),
        ("0.5", .start(500_000)),
        ("1.", .start(1_000_000)),
        ("12:30", .start(750_000_000)),
        ("12:30.5", .start(750_500_000)),
        ("1:02:03.5", .start(3_723_500_000)),
        ("01:02:03.500", .start(3_723_500_000)),
        ("1:2:3", .start(3_723_000_000)),
        ("00:00:10.010", .start(10_010_000)),
        ("100:00:00", .start(360_000_000_000)),
        ("59:59.999999", .start(3_599_999_999)),
        ("750s", .start(750_000_000)),
        ("1.5s", .start(1_500_000)),
        ("200ms", .start(200_000)),
        ("1.5ms", .start(1_500)),
        ("1500us", .start(1_500)),
        ("1.5us", .start(1)),
        ("10.0000001", .start(10_000_000)),
        // Hours, minutes and seconds, largest first.
        ("1h", .start(3_600_000_000)),
        ("1h2m3s", .start(3_723_000_000)),
        ("2m30s", .start(150_000_000)),
        ("1h30m", .start(5_400_000_000)),
        ("90s", .start(90_000_000)),
        ("90m", .start(5_400_000_000)),
        ("500ms", .start(500_000)),
        ("1s500ms", .start(1_500_000)),
        ("1m500ms", .start(60_500_000)),
        ("1h1us", .start(3_600_000_001)),
        ("1.5h", .start(5_400_000_000)),
        ("0.25m", .start(15_000_000)),
        ("2m30.5s", .start(150_500_000)),
        ("0.0000001h", .start(360)),
        ("2562047788h", .start(9_223_372_036_800_000_000)),
        // Back from the end, like ffmpeg -sseof.
        ("-10s", .end(10_000_000)),
        ("-10", .end(10_000_000)),
        ("-1:30", .end(90_000_000)),
        ("-1h2m3s", .end(3_723_000_000)),
        ("-00:00:01.5", .end(1_500_000)),
        ("-0", .end(0)),
        // Not times, each saying why.
        ("", .error(.empty)),
        ("-", .error(.signAlone)),
        ("1e3", .error(.exponent)),
        ("1E3", .error(.exponent)),
        ("2.5e-3", .error(.exponent)),
        ("-1e3", .error(.exponent)),
        ("inf", .error(.notFinite)),
        ("-inf", .error(.notFinite)),
        ("Infinity", .error(.notFinite)),
        ("nan", .error(.notFinite)),
        ("1:60", .error(.colonFieldRange(suggestion: "2:00"))),
        ("12:60", .error(.colonFieldRange(suggestion: "13:00"))),
        ("12:30:61", .error(.colonFieldRange(suggestion: "12:31:01"))),
        ("1:60:00", .error(.colonFieldRange(suggestion: "2:00:00"))),
        ("90:00", .error(.colonFieldRange(suggestion: "1:30:00"))),
        ("0:60.5", .error(.colonFieldRange(suggestion: "1:00.5"))),
        ("1:002", .error(.colonFieldRange(suggestion: "1:02"))),
        ("1h-2m", .error(.signNotFirst)),
        ("1-2", .error(.signNotFirst)),
        ("--5", .error(.signNotFirst)),
        ("99999999999999999999", .error(.tooLarge)),
        ("9223372036855", .error(.tooLarge)),
        ("2562047789h", .error(.tooLarge)),
        ("99999999999:00:00", .error(.tooLarge)),
        ("-99999999999999999999h", .error(.tooLarge)),
        ("abc", .error(.unexpected("a"))),
        ("ten", .error(.unexpected("t"))),
        ("1,5", .error(.unexpected(","))),
        ("1 2", .error(.unexpected(" "))),
        ("1h 30m", .error(.unexpected(" "))),
        (" 5", .error(.unexpected(" "))),
        ("+5", .error(.unexpected("+"))),
        ("1.5.5", .error(.unexpected("."))),
        ("1.5:30", .error(.unexpected("."))),
        ("10x", .error(.unknownUnit("x"))),
        ("1H", .error(.unknownUnit("H"))),
        ("5sec", .error(.unknownUnit("sec"))),
        ("h", .error(.unitWithoutNumber("h"))),
        ("ms", .error(.unitWithoutNumber("ms"))),
        (".5", .error(.noDigitBeforePoint)),
        ("1h30", .error(.missingUnit)),
        ("30s1m", .error(.unitOrder)),
        ("1h1h", .error(.unitOrder)),
        ("1ms1s", .error(.unitOrder)),
        ("1.5h30m", .error(.fractionNotLast)),
        (":", .error(.colonFieldMissing)),
        ("12:", .error(.colonFieldMissing)),
        (":30", .error(.colonFieldMissing)),
        ("1::2", .error(.colonFieldMissing)),
        ("1:2:3:4", .error(.colonFieldCount)),
        ("12:30s", .error(.unitAfterColons)),
    ]

    @Test("Parses a time, or says why it is none", arguments: table)
    func parses(text: String, expected: Parsed) {
        let parsed: Parsed
        do throws(TimeSyntaxError) {
            switch try RequestedTime(parsing: text) {
            case .fromStart(let time): parsed = .start(time.microseconds)
            case .beforeEnd(let offset): parsed = .end(offset.microseconds)
            }
        } catch {
            #expect(error.text == text)
            parsed = .error(error.reason)
        }
        #expect(parsed == expected)
    }

    @Test("A time from the start parses alike as a MediaTime; one from the end is refused there", arguments: table)
    func mediaTime(text: String, expected: Parsed) throws {
        let parsed = Result { () throws(TimeSyntaxError) in try MediaTime(parsing: text) }
        switch expected {
        case .start(let microseconds): #expect(try parsed.get().microseconds == microseconds)
        case .end: #expect(parsed == .failure(TimeSyntaxError(text: text, reason: .fromEnd)))
        case .error(let reason): #expect(parsed == .failure(TimeSyntaxError(text: text, reason: reason)))
        }
    }

    /// ffmpeg's syntax as written in its documentation reads exactly as `ffmpeg -ss` reads it.
    @Test("Agrees with av_parse_time on ffmpeg's syntax", arguments: [
        "0", "750", "750.25", "0.5", "1.", "12:30", "12:30.5", "1:02:03.5", "01:02:03.500", "1:2:3", "100:00:00",
        "59:59.999999", "0:00.0000009", "750s", "1.5s", "200ms", "1.5ms", "1500us", "1.5us", "10.0000001",
        "-10", "-1:30", "-00:00:01.5", "-0",
        // Refused by both.
        "", "-", "1e3", "inf", "nan", "1:60", "12:30:61", "90:00", "abc", "10x", "1,5", "1.5.5", ":", "1:2:3:4",
        "99999999999999999999", "1h-2m",
    ])
    func agreesWithFFmpeg(text: String) {
        var ffmpeg: Int64 = 0
        let accepted = av_parse_time(&ffmpeg, text, 1) >= 0
        switch Result(catching: { () throws(TimeSyntaxError) in try RequestedTime(parsing: text) }) {
        case .success(.fromStart(let time)):
            #expect(accepted && time.microseconds == ffmpeg)
        case .success(.beforeEnd(let offset)):
            #expect(accepted && -offset.microseconds == ffmpeg)
        case .failure:
            #expect(!accepted, "ffmpeg reads '\(text)' as \(ffmpeg) µs")
        }
    }

    @Test("Messages say what is wrong and how to write it, in one line", arguments: [
        ("1:60", "'1:60' is not a time: minutes and seconds in the colon form go from 00 to 59 (write 2:00)"),
        ("1e3", "'1e3' is not a time: exponents are not time syntax (write 1000, not 1e3)"),
        ("inf", "'inf' is not a time: infinity and NaN are not times"),
        ("-", "'-' is not a time: a '-' needs a time after it (-10s is 10 s before the end)"),
        ("", "'' is not a time: it is empty (use e.g. 750, 12:30, 1:02:03.5, 1h2m3s, 200ms)"),
        ("1h-2m", "'1h-2m' is not a time: a '-' can only come first (-1h2m, not 1h-2m)"),
        ("99999999999999999999", "'99999999999999999999' is not a time: it is too large (times go up to 2562047788h, about 292,000 years)"),
        ("1 2", "'1 2' is not a time: unexpected space (use e.g. 750, 12:30, 1:02:03.5, 1h2m3s, 200ms)"),
    ])
    func messages(text: String, message: String) {
        #expect(throws: TimeSyntaxError.self) { try RequestedTime(parsing: text) }
        do throws(TimeSyntaxError) {
            _ = try RequestedTime(parsing: text)
        } catch {
            #expect(error.description == message)
            #expect(!error.description.contains("\n"))
        }
    }

    @Test("Back from the end counts from the duration; -0 is the duration itself", arguments: [
        (RequestedTime.beforeEnd(MediaTime(seconds: 10)), MediaTime(seconds: 20.02), MediaTime(seconds: 10.02) as MediaTime?),
        (.beforeEnd(MediaTime(seconds: 0)), MediaTime(seconds: 20.02), MediaTime(seconds: 20.02)),
        (.beforeEnd(MediaTime(seconds: 30)), MediaTime(seconds: 20.02), MediaTime(seconds: -9.98)),
        (.fromStart(MediaTime(seconds: 5)), MediaTime(seconds: 20.02), MediaTime(seconds: 5)),
    ] as [(RequestedTime, MediaTime, MediaTime?)])
    func resolves(request: RequestedTime, duration: MediaTime, time: MediaTime?) {
        #expect(request.time(in: duration) == time)
    }

    @Test("Without a duration, only a time from the start has a place")
    func noDuration() {
        #expect(RequestedTime.fromStart(MediaTime(seconds: 5)).time(in: nil) == MediaTime(seconds: 5))
        #expect(RequestedTime.beforeEnd(MediaTime(seconds: 5)).time(in: nil) == nil)
    }

    @Test("Timecode is HH:MM:SS.mmm, rounded to the millisecond", arguments: [
        (0, "00:00:00.000"),
        (1_000, "00:00:00.001"),
        (499, "00:00:00.000"),
        (500, "00:00:00.001"),
        (9_976_633, "00:00:09.977"),
        (59_999_600, "00:01:00.000"),
        (3_723_500_000, "01:02:03.500"),
        (360_000_000_000, "100:00:00.000"),
        (-1_000_000, "-00:00:01.000"),
    ] as [(Int64, String)])
    func timecode(microseconds: Int64, text: String) {
        #expect(MediaTime(microseconds: microseconds).timecode == text)
    }

    @Test("Seconds round-trip to the microsecond", arguments: [0, 0.000001, 1.5015, 10.01, 20.02, 3723.5, -2.25])
    func seconds(value: Double) {
        let time = MediaTime(seconds: value)
        #expect(time.microseconds == Int64((value * 1_000_000).rounded()))
        #expect(abs(time.seconds - value) < 1e-9)
    }

    @Test("Orders by time")
    func ordering() throws {
        let times = try ["1:00", "59.999", "200ms", "0", "1m1ms"].map { try MediaTime(parsing: $0) } + [MediaTime(seconds: -1)]
        #expect(times.sorted().map(\.microseconds) == [-1_000_000, 0, 200_000, 59_999_000, 60_000_000, 60_001_000])
    }
}
