@testable import FrameGrab
import Testing

/// The engine as set up, and what a reading without text is.
@Suite("Tesseract engine")
struct TesseractEngineTests {
    @Test("Starts without the English word lists, as its comment says; other dictionaries stay")
    func wordListsOff() throws {
        let engine = try TesseractEngine()
        #expect(engine.boolVariable("load_system_dawg") == false)
        #expect(engine.boolVariable("load_freq_dawg") == false)
        #expect(engine.boolVariable("load_punc_dawg") == true)
        #expect(engine.boolVariable("load_number_dawg") == true)
        #expect(engine.boolVariable("tessedit_do_invert") == false)
        #expect(engine.boolVariable("no_such_variable") == nil)
    }

    /// An empty page is a result Tesseract gives (with a page to walk), not a failure. Each
    /// layout on a width of its own, so that `RecognitionMemo` does not answer for Tesseract.
    /// (As a single line, PSM 7, a blank picture reads as made-up text of confidence 0.)
    @Test("A picture without text reads as no lines, not as a failure",
          arguments: [(TesseractEngine.Layout.block, 301), (.automatic, 302)])
    func blankPicture(layout: TesseractEngine.Layout, width: Int) throws {
        let engine = try TesseractEngine()
        let read = try engine.recognize(GrayImage(width: width, height: 48, filledWith: 255), layout: layout)
        #expect(read.isEmpty, "\(read)")
    }
}
