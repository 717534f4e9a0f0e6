@testable import FrameGrab
@testable import FrameGrabModel
@testable import FrameGrabStore
import Testing

@Suite("Digits read as letters, put back by their neighbours")
struct DigitContextTests {
    static let cases: [(String, String)] = [
        ("FAIL scan (@.2s)", "FAIL scan (0.2s)"),
        ("got 3 frames, want @ (skipped)", "got 3 frames, want 0 (skipped)"),
        ("1O0 requests in 2.l5s", "100 requests in 2.15s"),
        ("@Override public void run()", "@Override public void run()"),
        ("mail talks@example.org", "mail talks@example.org"),
        ("let Own = lO", "let Own = lO"),
        ("x = 1O", "x = 1O"),
        ("firstIndex(of: OxO0A)", "firstIndex(of: 0x00A)"),
        ("digits.parse().unwrap_or(@);", "digits.parse().unwrap_or(0);"),
        ("with 0 failures (@ unexpected)", "with 0 failures (0 unexpected)"),
        ("@dataclass(frozen=True)", "@dataclass(frozen=True)"),
        ("mask = 0xFFO0 | Oxff;", "mask = 0xFF00 | 0xff;"),
        ("Oxford box0xff Oxygen", "Oxford box0xff Oxygen"),
    ]

    @Test("Only where a number is meant", arguments: cases)
    func repaired(sample: (String, String)) {
        #expect(PassTable.applying([DigitContext()], to: sample.0) == sample.1)
    }
}
