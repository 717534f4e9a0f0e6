import FrameGrab
import Testing

@Suite("Event lines")
struct EventLineTests {
    @Test("Reads every event, times as seconds or in ffmpeg's syntax", arguments: [
        (#"{"event":"pause","time":750.0}"#, PlaybackEvent.pause(time: MediaTime(seconds: 750))),
        (#"{"event":"pause","time":750}"#, .pause(time: MediaTime(seconds: 750))),
        (#"{"event":"seek","time":"12:30.5"}"#, .seek(time: MediaTime(seconds: 750.5))),
        (#"{"event":"scrub","time":"1:02:03.5"}"#, .scrub(time: MediaTime(seconds: 3723.5))),
        (#"{"event":"scrub","time":"200ms"}"#, .scrub(time: MediaTime(seconds: 0.2))),
        (#"{"event":"seek","time":"1h2m3.5s"}"#, .seek(time: MediaTime(seconds: 3723.5))),
        (#"{"event":"play"}"#, .play),
        (#"{"event":"rate","rate":1.5}"#, .rate(1.5)),
        (#"{"event":"rate","rate":2}"#, .rate(2)),
        (#"{"event":"open","path":"talk.mp4"}"#, .open(path: "talk.mp4")),
        (#"{"event":"close"}"#, .close),
        (#"  {"time": 3, "event": "pause", "note": "members in any order; others ignored"}  "#, .pause(time: MediaTime(seconds: 3))),
        ("{\"event\":\"play\"}\r", .play),
    ])
    func reads(line: String, event: PlaybackEvent) throws {
        #expect(try PlaybackEvent(eventLine: line) == event)
    }

    @Test("A blank line is no event", arguments: ["", "   ", "\t", "\r"])
    func blank(line: String) throws {
        #expect(try PlaybackEvent(eventLine: line) == nil)
    }

    @Test("Says what is wrong with a line", arguments: [
        ("pause 750", "not JSON: unexpected 'p' at column 1"),
        (#"{"event":"pause","time":750"#, "not JSON: expected ',' or '}' in an object, found end of input at column 28"),
        (#"["pause",750]"#, "expected a JSON object"),
        (#"{"time":750}"#, #"no "event" member (expected one of open, play, pause, seek, scrub, rate or close)"#),
        (#"{"event":7}"#, #""event" must be a string, not a number"#),
        (#"{"event":"paws","time":1}"#, #"unknown event "paws""#),
        (#"{"event":"pause"}"#, #""pause" needs a "time""#),
        (#"{"event":"seek","time":null}"#, #""time" must be seconds or an ffmpeg time such as "12:30", not null"#),
        (#"{"event":"scrub","time":"12:60"}"#, #""time" "12:60" is not a time: minutes and seconds in the colon form go from 00 to 59 (write 13:00)"#),
        (#"{"event":"seek","time":"-5"}"#, #""time" "-5" is not a time: a '-' counts back from the end, which only --at does"#),
        (#"{"event":"pause","time":1e300}"#, #""time" 1e+300 is out of range"#),
        (#"{"event":"rate"}"#, #""rate" needs a "rate""#),
        (#"{"event":"rate","rate":0}"#, #""rate" must be a number above 0, not 0"#),
        (#"{"event":"rate","rate":"fast"}"#, #""rate" must be a number above 0, not "fast""#),
        (#"{"event":"open"}"#, #""open" needs a "path""#),
        (#"{"event":"open","path":""}"#, #""open" needs a "path""#),
    ])
    func failures(line: String, reason: String) {
        #expect {
            _ = try PlaybackEvent(eventLine: line)
        } throws: { error in
            (error as? PlaybackEvent.EventLineError)?.reason.hasPrefix(reason) == true
        }
    }

    @Test("The echo of an event reads back as the same event, with its line", arguments: [
        PlaybackEvent.open(path: "dir/talk \"1\".mp4"), .play, .pause(time: MediaTime(seconds: 750.25)),
        .seek(time: MediaTime(microseconds: 12_500_001)), .scrub(time: MediaTime(seconds: 0)), .rate(1.5), .close,
    ])
    func echo(event: PlaybackEvent) throws {
        let json = event.json(line: 3)
        #expect(json["line"] == .int(3))
        #expect(try PlaybackEvent(eventLine: json.serialized) == event)
        #expect(event.json()["line"] == nil)
    }

    @Test("The echo is written as the schema shows it")
    func echoShape() {
        #expect(PlaybackEvent.pause(time: MediaTime(seconds: 750)).json(line: 3).serialized == #"{"event":"pause","time":750,"line":3}"#)
        #expect(PlaybackEvent.rate(1.5).json().serialized == #"{"event":"rate","rate":1.5}"#)
        #expect(PlaybackEvent.open(path: "a.mp4").json(line: 1).serialized == #"{"event":"open","path":"a.mp4","line":1}"#)
    }
}
