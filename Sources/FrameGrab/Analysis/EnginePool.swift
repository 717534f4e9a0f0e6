import Dispatch
import Foundation

/// OCR engines started on threads of their own, so that their ~60 ms start overlaps opening
/// and decoding; each is waited for only when first needed.
///
/// Hands out engine `i` to worker `i` alone: an engine is never used by two threads at once.
public final class EnginePool: @unchecked Sendable {
    private let slots: [Slot]

    public var count: Int { slots.count }

    public init(count: Int, configuration: TesseractEngine.Configuration) {
        slots = (0..<max(1, count)).map { _ in Slot(configuration) }
    }

    deinit {
        // An engine still starting when the process exits makes Tesseract print leak warnings.
        for slot in slots { _ = try? slot.engine() }
    }

    /// Engine `index`, once it has started.
    public func engine(_ index: Int) throws(FrameGrabError) -> TesseractEngine {
        try slots[index].engine()
    }

    private final class Slot: @unchecked Sendable {
        private let started = DispatchSemaphore(value: 0)
        // Written once by the starting thread before `started` is signalled; read after.
        private var result: Result<TesseractEngine, FrameGrabError>?

        init(_ configuration: TesseractEngine.Configuration) {
            Thread.detachNewThread { [self] in
                do throws(FrameGrabError) {
                    result = .success(try TesseractEngine(configuration))
                } catch {
                    result = .failure(error)
                }
                started.signal()
            }
        }

        func engine() throws(FrameGrabError) -> TesseractEngine {
            started.wait()
            started.signal()
            guard let result else { preconditionFailure("engine slot signalled without a result") }
            return try result.get()
        }
    }
}
