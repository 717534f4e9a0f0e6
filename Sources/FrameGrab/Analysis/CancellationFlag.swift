import Synchronization

/// Raised on the scheduler's thread when the picture an analysis is for leaves the screen;
/// polled by the analysis on the worker, down to Tesseract's monitor.
final class CancellationFlag: Sendable {
    private let raised = Atomic(false)

    var isRaised: Bool { raised.load(ordering: .acquiring) }

    func raise() {
        raised.store(true, ordering: .releasing)
    }

    /// The check to hand to an analysis.
    var check: @Sendable () -> Bool {
        { [self] in isRaised }
    }
}
