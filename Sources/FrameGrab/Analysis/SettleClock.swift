/// Time for a `SettleScheduler`: the wall clock in `SettleLoop`, a virtual one in tests, so
/// that settling is tested without sleeping.
public protocol SettleClock: AnyObject {
    /// Calls `action` on the scheduler's thread once `seconds` have passed, unless the timer
    /// is cancelled first.
    func schedule(after seconds: Double, _ action: @escaping () -> Void) -> any SettleTimer
}

/// A pending call from a `SettleClock`.
public protocol SettleTimer: AnyObject {
    /// The action will not be called. Called on the scheduler's thread.
    func cancel()
}

/// Where a `SettleScheduler`'s analyses run: `SettleLoop`'s worker thread for real, by hand in
/// tests.
public protocol SettleWorker: AnyObject {
    /// Runs `job` away from the scheduler's thread, after every job submitted before it and
    /// never alongside one, then calls `completion` with its result on the scheduler's thread.
    func run<Result>(_ job: @escaping () -> Result, then completion: @escaping (Result) -> Void)
}
