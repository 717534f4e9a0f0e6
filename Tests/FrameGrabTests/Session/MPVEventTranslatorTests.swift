@testable import FrameGrab
@testable import FrameGrabModel
@testable import FrameGrabStore
import Testing

/// mpv's side of the protocol, as mpv 0.35 wrote it to a client that sent
/// `MPVEventTranslator.startMessages` (recorded with `--vo=null --ao=null --pause
/// TestVideos/counter.mp4` started in /work/talk).
@Suite("MPVEventTranslator")
struct MPVEventTranslatorTests {
    static func t(_ seconds: Double) -> MediaTime { MPVEventTranslator.frameTime(seconds)! }

    /// (what mpv sent, what the scheduler is told)
    static let transcript: [(String, [PlaybackEvent])] = [
        // Connecting: the working directory, then each observed property's current value.
        (#"{"data":"/work/talk","request_id":1,"error":"success"}"#, []),
        (#"{"request_id":0,"error":"success"}"#, []),
        (#"{"event":"start-file","playlist_entry_id":1}"#, []),
        (#"{"event":"property-change","id":1,"name":"path","data":"TestVideos/counter.mp4"}"#,
         [.open(path: "/work/talk/TestVideos/counter.mp4")]),
        (#"{"event":"property-change","id":2,"name":"speed","data":1.000000}"#, []),
        (#"{"event":"property-change","id":3,"name":"seeking"}"#, []),
        (#"{"event":"property-change","id":4,"name":"time-pos"}"#, []),
        (#"{"event":"property-change","id":5,"name":"pause","data":true}"#, []),
        (#"{"event":"file-loaded"}"#, []),
        (#"{"event":"property-change","id":3,"name":"seeking","data":true}"#, []),
        // The restart that opens the file is not a seek: the pause is announced once it lands.
        (#"{"event":"property-change","id":4,"name":"time-pos","data":0.000000}"#, []),
        (#"{"event":"playback-restart"}"#, []),
        (#"{"event":"property-change","id":3,"name":"seeking","data":false}"#, [.pause(time: t(0))]),
        // `seek 5 absolute+exact`: time-pos is the target while seeking, then the frame shown.
        (#"{"event":"seek"}"#, []),
        (#"{"event":"property-change","id":3,"name":"seeking","data":true}"#, [.scrub(time: t(0))]),
        (#"{"event":"property-change","id":4,"name":"time-pos","data":5.000000}"#, [.scrub(time: t(5))]),
        (#"{"event":"property-change","id":3,"name":"seeking","data":false}"#, [.seek(time: t(5))]),
        (#"{"event":"property-change","id":4,"name":"time-pos","data":5.005000}"#, [.seek(time: t(5.005))]),
        // A frame step: only the position moves.
        (#"{"event":"property-change","id":4,"name":"time-pos","data":5.038367}"#, [.seek(time: t(5.038367))]),
        // Play, then pause two frames on.
        (#"{"event":"property-change","id":5,"name":"pause","data":false}"#, [.play]),
        (#"{"event":"property-change","id":4,"name":"time-pos","data":5.071733}"#, []),
        (#"{"event":"property-change","id":4,"name":"time-pos","data":5.105100}"#, []),
        (#"{"event":"property-change","id":5,"name":"pause","data":true}"#, [.pause(time: t(5.1051))]),
        (#"{"event":"property-change","id":2,"name":"speed","data":1.500000}"#, [.rate(1.5)]),
        // Quitting: the position goes away, then the connection.
        (#"{"event":"property-change","id":4,"name":"time-pos"}"#, []),
        (#"{"event":"end-file","reason":"quit","playlist_entry_id":1}"#, []),
    ]

    @Test("Turns mpv's property changes into playback events")
    func transcriptTranslates() throws {
        var translator = MPVEventTranslator()
        for (line, expected) in Self.transcript {
            let events = translator.handle(try JSONValue(parsing: line))
            #expect(events == expected, "after \(line)")
        }
        #expect(translator.workingDirectory == "/work/talk")
    }

    @Test("Another file in the playlist is opened, and read once paused there; no file is a close")
    func playlist() throws {
        var translator = MPVEventTranslator()
        let lines = [
            #"{"data":"/home/me","request_id":1,"error":"success"}"#,
            #"{"event":"property-change","id":1,"name":"path","data":"/videos/a.mp4"}"#,
            #"{"event":"property-change","id":5,"name":"pause","data":true}"#,
            #"{"event":"property-change","id":4,"name":"time-pos","data":3.000000}"#,
            #"{"event":"property-change","id":4,"name":"time-pos"}"#,
            #"{"event":"property-change","id":1,"name":"path","data":"b.mkv"}"#,
            #"{"event":"property-change","id":4,"name":"time-pos","data":0.000000}"#,
            #"{"event":"property-change","id":1,"name":"path","data":"https://example.com/c.mp4"}"#,
            #"{"event":"property-change","id":1,"name":"path"}"#,
        ]
        var events: [PlaybackEvent] = []
        for line in lines { events += translator.handle(try JSONValue(parsing: line)) }
        #expect(events == [
            .open(path: "/videos/a.mp4"), .pause(time: Self.t(3)),
            .open(path: "/home/me/b.mkv"), .pause(time: Self.t(0)),
            .open(path: "https://example.com/c.mp4"), .close,
        ])
    }

    @Test("Asks for the working directory first, then observes the five properties")
    func startMessages() {
        #expect(MPVEventTranslator.startMessages.map(\.serialized) == [
            #"{"command":["get_property","working-directory"],"request_id":1}"#,
            #"{"command":["observe_property",1,"path"]}"#,
            #"{"command":["observe_property",2,"speed"]}"#,
            #"{"command":["observe_property",3,"seeking"]}"#,
            #"{"command":["observe_property",4,"time-pos"]}"#,
            #"{"command":["observe_property",5,"pause"]}"#,
        ])
        #expect(MPVEventTranslator.showText("3 text regions · “${HOME}”", milliseconds: 2000).serialized
                == #"{"command":["show-text","3 text regions · “${HOME}”",2000]}"#)
    }

    /// Frame 2 of the counter clips is stamped 2002/30000 s = 0.0667333 s; mpv prints 0.066733.
    @Test("A position as mpv prints it reads the frame mpv shows, not the one before")
    func roundedPositions() throws {
        let seeker = try FrameSeeker(file: MediaFile(path: Fixtures.path("counter.mp4")))
        let printed = 0.066733
        let naive = try seeker.frame(at: MediaTime(seconds: printed))
        #expect(naive.timestamp == 1001, "the printed value alone is a hair before frame 2")
        let shown = try seeker.frame(at: try #require(MPVEventTranslator.frameTime(printed)))
        #expect(shown.timestamp == 2002)
        #expect(MPVEventTranslator.frameTime(0) == MediaTime(microseconds: 0))
    }

    /// scripts/fuzz's first run: a time-pos of 1e300 trapped converting to microseconds.
    @Test("A position no video has (huge, infinite, not a number) is no position; a speed of zero or less is ignored")
    func impossibleNumbers() {
        for value in ["1e300", "-1e300", "1e12", "123456789012345678901234567890"] {
            var translator = MPVEventTranslator()
            for line in [#"{"event":"property-change","name":"path","data":"a.mp4"}"#, #"{"event":"property-change","name":"pause","data":true}"#,
                         #"{"event":"property-change","name":"speed","data":"# + value + "}",
                         #"{"event":"property-change","name":"time-pos","data":"# + value + "}"] {
                let events = translator.handle(try! JSONValue(parsing: line))
                #expect(!events.contains { if case .pause = $0 { return true } else { return false } }, "\(value): \(events)")
                if value.hasPrefix("-") {
                    #expect(!events.contains { if case .rate = $0 { return true } else { return false } }, "\(value): \(events)")
                }
            }
        }
        #expect(MPVEventTranslator.frameTime(.infinity) == nil && MPVEventTranslator.frameTime(.nan) == nil)
    }
}
