@testable import FrameGrab
@testable import FrameGrabModel
@testable import FrameGrabStore
import Testing

@Suite("Look-alike letters")
struct LookalikeLettersTests {
    /// A word as OCR read it, each character's alternatives given as (character, confidence);
    /// characters without listed alternatives have only themselves.
    private func word(_ text: String, confidence: Double = 0.8, alternatives: [Int: [(String, Double)]] = [:]) -> Word {
        var word = Word(text: text, box: BoundingBox(x: 0, y: 0, width: 10, height: 10), confidence: confidence)
        word.alternatives = Array(text).enumerated().map { index, character in
            [Word.Alternative(character: String(character), confidence: 0.9)]
                + (alternatives[index] ?? []).map { Word.Alternative(character: $0.0, confidence: $0.1) }
        }
        return word
    }

    @Test("A capital after a lowercase letter, with its look-alike a fair second, is the look-alike")
    func corrected() {
        #expect(LookalikeLetters.corrected(word("bLock", alternatives: [1: [("l", 0.76)]])).text == "block")
        #expect(LookalikeLetters.corrected(word("totaL", alternatives: [4: [("l", 0.39)]])).text == "total")
        #expect(LookalikeLetters.corrected(word("ofF_t", alternatives: [2: [("f", 0.66)]])).text == "off_t")
        #expect(LookalikeLetters.corrected(word("appendCdata)", alternatives: [6: [("(", 0.61)]])).text == "append(data)")
        // Each capital is decided on its own, after the one before it.
        #expect(LookalikeLetters.corrected(word("nuLL", alternatives: [2: [("l", 0.67)], 3: [("l", 0.5)]])).text == "null")
    }

    @Test("Camel case, capitals that start a word and words without alternatives stay")
    func untouched() {
        #expect(LookalikeLetters.corrected(word("maxLength", alternatives: [3: [("l", 0.0)]])).text == "maxLength")
        #expect(LookalikeLetters.corrected(word("foldLeft", alternatives: [4: [("l", 0.11)]])).text == "foldLeft")
        #expect(LookalikeLetters.corrected(word("Language", alternatives: [0: [("l", 0.78)]])).text == "Language")
        #expect(LookalikeLetters.corrected(word("getStateFlow", alternatives: [8: [("f", 0.01)]])).text == "getStateFlow")
        let unread = Word(text: "bLock", box: BoundingBox(x: 0, y: 0, width: 10, height: 10), confidence: 0.5)
        #expect(LookalikeLetters.corrected(unread).text == "bLock")
    }

    @Test("Only unsure words with a capital after a lowercase letter are read again")
    func suspects() {
        #expect(LookalikeLetters.isSuspect(word("bLock")))
        #expect(LookalikeLetters.isSuspect(word("FileHandleCFileDescriptor:")))
        #expect(!LookalikeLetters.isSuspect(word("bLock", confidence: 0.95)))
        #expect(!LookalikeLetters.isSuspect(word("Line")))
        #expect(!LookalikeLetters.isSuspect(word("NULL")))
        #expect(!LookalikeLetters.isSuspect(word("URLSession")))
    }
}
