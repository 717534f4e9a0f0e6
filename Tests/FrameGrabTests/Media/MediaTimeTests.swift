import FrameGrab
import Testing

@Suite("MediaTime")
struct MediaTimeTests {
    /// ffmpeg's duration syntax, as `ffmpeg -ss` reads it.
    @Test("Parses ffmpeg duration syntax", arguments: [
        ("0", 0),
        ("750", 750_000_000),
        ("750.25", 750_250_000),
        ("0.5", 500_000),
        ("12:30", 750_000_000),
        ("1:02:03.5", 3_723_500_000),
        ("01:02:03.500", 3_723_500_000),
        ("00:00:10.010", 10_010_000),
        ("750s", 750_000_000),
        ("200ms", 200_000),
        ("1500us", 1_500),
        ("-1", -1_000_000),
        ("-00:00:01.5", -1_500_000),
        ("10.0000001", 10_000_000),
    ] as [(String, Int64)])
    func parses(text: String, microseconds: Int64) {
        #expect(MediaTime(parsing: text)?.microseconds == microseconds)
    }

    @Test("Refuses what is not a time", arguments: [
        "", "abc", "1e3", "12:60", "12:30:61", "1.5.5", "10x", "ten", "1,5", "1 2", ":",
    ])
    func refuses(text: String) {
        #expect(MediaTime(parsing: text) == nil)
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
        let times = try ["1:00", "59.999", "200ms", "0", "-1"].map { try #require(MediaTime(parsing: $0)) }
        #expect(times.sorted().map(\.microseconds) == [-1_000_000, 0, 200_000, 59_999_000, 60_000_000])
    }
}
