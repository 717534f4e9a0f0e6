@testable import FrameGrab
import FrameGrabModel
import FrameGrabStore
import Foundation
import Testing

/// What an index worker process tells its indexer comes back whole: the outcome, and every
/// error with its case and fields, so that messages and exit statuses are the worker's.
@Suite("Index worker messages")
struct WorkerMessageTests {
    static let errors: [FrameGrabError] = [
        .inputMissing(path: "/v/a.mp4"), .inputUnreadable(path: "/v/a.mp4", reason: "Permission denied"),
        .notAVideo(path: "/v/a.mp4", reason: "the file is empty"),
        .protectedContent(path: "/v/a.mp4", protection: Protection(scheme: "cenc", system: .widevine, evidence: "pssh box in moov")),
        .ocrUnavailable(path: nil, reason: "no eng.traineddata"), .ocrFailed(path: "/v/a.mp4", reason: "bad picture"),
        .internalFailure(path: "/v/a.mp4", reason: "out of memory"),
        .readerFailed(path: "/v/a.mp4", reason: "the worker process crashed with signal 11, SIGSEGV: a bad memory access"),
    ]

    static let storeErrors: [IndexStoreError] = [
        IndexStoreError(path: "x.db", code: 10, reason: .sqlite, operation: "storing /v/a.mp4", message: "disk I/O error"),
        IndexStoreError(path: "postgresql://me@db/lectures", code: 0, reason: .postgres(sqlstate: "53100"), operation: "storing /v/a.mp4",
                        message: "could not extend file: No space left on device"),
        IndexStoreError(path: "x.db", code: 26, reason: .notSQLite, operation: "opening"),
        IndexStoreError(path: "x.db", code: 26, reason: .unknownSchema(version: 9), operation: "opening"),
        IndexStoreError(path: "postgresql://me@db/lectures", code: 0, reason: .claimLost, operation: "storing /v/a.mp4"),
    ]

    @Test("Every error of a video comes back as it was", arguments: errors)
    func errorRoundTrip(_ error: FrameGrabError) throws {
        var outcome = LibraryIndexer.Outcome(path: "/v/a.mp4", status: .failed)
        outcome.error = error
        outcome.duration = MediaTime(seconds: 12.5)
        outcome.screens = 3
        let line = outcome.workerMessage.serialized
        let back = try #require(LibraryIndexer.Outcome(workerMessage: try JSONValue(parsing: line), path: "/v/a.mp4"))
        #expect(back.error == error)
        #expect(back.status == .failed && back.screens == 3 && back.duration == MediaTime(seconds: 12.5))
    }

    @Test("Every store error comes back as it was, its description too", arguments: storeErrors)
    func storeErrorRoundTrip(_ error: IndexStoreError) throws {
        var outcome = LibraryIndexer.Outcome(path: "/v/a.mp4", status: .failed)
        outcome.storeError = error
        let back = try #require(LibraryIndexer.Outcome(workerMessage: try JSONValue(parsing: outcome.workerMessage.serialized), path: "/v/a.mp4"))
        #expect(back.storeError == error)
        #expect(back.storeError?.description == error.description)
        #expect(back.error == nil)
    }
}
