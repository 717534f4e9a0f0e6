@testable import FrameGrab
import FrameGrabModel
import Testing

/// `RegionRoles`: what each region is on the screen, from its kind, its lines and its size.
@Suite("Region roles")
struct RegionRolesTests {
    static func region(_ kind: RegionKind, _ lines: [String], y: Int, lineHeight: Int, role: RegionRole? = nil) -> Region {
        let placed = lines.enumerated().map { index, text in
            Line(text: text, box: BoundingBox(x: 100, y: y + index * lineHeight * 3 / 2, width: 20 * text.count, height: lineHeight), words: [])
        }
        let box = placed.dropFirst().reduce(placed[0].box) { $0.union($1.box) }
        return Region(kind: kind, box: box, polarity: .darkOnLight, confidence: 0.9, text: lines.joined(separator: "\n"),
                      lines: placed, role: role)
    }

    @Test("A heading set larger above the rest is a title; code with a prompt a terminal; bars ui; captions stay")
    func roles() {
        let slide = RegionRoles.assigned([
            Self.region(.text, ["Inside POP3.pm"], y: 40, lineHeight: 44),
            Self.region(.code, ["sub can_ssl { $ssl_class };", "our @ISA = ('Net::Cmd');"], y: 140, lineHeight: 24),
            Self.region(.text, ["• Copied as it is"], y: 500, lineHeight: 30),
            Self.region(.ui, ["main.py   Ln 3"], y: 680, lineHeight: 14),
            Self.region(.text, ["So strtold is the one to use."], y: 620, lineHeight: 40, role: .caption),
        ])
        #expect(slide.map(\.role) == [.title, .code, nil, .ui, .caption])

        let terminal = RegionRoles.assigned([
            Self.region(.code, ["dev@devbox:~$ python3 -c 'import json'", "Traceback (most recent call last):"], y: 10, lineHeight: 18),
        ])
        #expect(terminal.map(\.role) == [.terminal])
    }

    @Test("Text no larger than the rest, or below it, is no title; a user@host in prose is no prompt")
    func notTitles() {
        let regions = RegionRoles.assigned([
            Self.region(.text, ["A line of prose"], y: 40, lineHeight: 30),
            Self.region(.text, ["More prose", "and more"], y: 140, lineHeight: 28),
            Self.region(.code, ["git@github.com:org/repo.git is the remote"], y: 300, lineHeight: 24),
            Self.region(.text, ["Big words at the bottom"], y: 600, lineHeight: 60),
        ])
        #expect(regions.map(\.role) == [nil, nil, .code, nil])
    }
}
