import Dispatch
import Foundation

/// `--time-limit DURATION`: the whole run ends when it is reached, whatever it is doing, as
/// `timeout(1)` would end it (status 124) but tidily: one line on stderr, `-o FILE` and
/// `--frame-out` files left as they were, results already written kept. An index ends as
/// after `kill -9`: every video committed is whole, the one being read is not written, and
/// its workers end with it.
public enum RunTimeLimit {
    public static let status: Int32 = 124

    public static func start(seconds: Double) {
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
            Console.discardOutput()
            OutputFile.removePendingTemporaries()
            Console.error("framegrab: stopped: the --time-limit of \(seconds.formatted()) s was reached")
            _exit(status)
        }
    }
}

private extension Double {
    func formatted() -> String {
        self == rounded() ? String(Int(self)) : String(self)
    }
}
