import Synchronization

/// Raised on the scheduler's thread when the picture an analysis is for leaves the screen;
/// polled by the analysis on the worker, down to Tesseract's monitor.
public final class CancellationFlag: Sendable {
    private let raised = Atomic(false)

    public init() {}

    public var isRaised: Bool { raised.load(ordering: .acquiring) }

    public func raise() {
        raised.store(true, ordering: .releasing)
    }

    /// The check to hand to an analysis.
    public var check: @Sendable () -> Bool {
        { [self] in isRaised }
    }
}
