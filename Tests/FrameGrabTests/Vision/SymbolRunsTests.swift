@testable import FrameGrab
@testable import FrameGrabModel
@testable import FrameGrabStore
import Testing

@Suite("Symbol runs")
struct SymbolRunsTests {
    @Test("Letters and digits inside a run of one symbol are that symbol")
    func repaired() {
        #expect(PassTable.applying([SymbolRuns()], to: " protect.go | 14 ++4++4+4+++4+4+-----") == " protect.go | 14 " + String(repeating: "+", count: 15) + "-----")
        #expect(PassTable.applying([SymbolRuns()], to: "== migrating ==================2===2===52========2")
                == "== migrating " + String(repeating: "=", count: 37))
        #expect(PassTable.applying([SymbolRuns()], to: "test.go |  9 +4t++++++\n") == "test.go |  9 +++++++++\n")
    }

    @Test("Code with a few symbols is left alone")
    func untouched() {
        for text in ["x+4+y", "a += 4", "i++", "x4+++", "--tail=5", "0.0.0.0:8080", "a-b-c-d-e", "===2", "#include"] {
            #expect(PassTable.applying([SymbolRuns()], to: text) == text)
        }
    }
}
