import Foundation

/// Measurements worth seeing when tuning, printed only with FRAMEGRAB_TEST_METRICS=1.
enum Metrics {
    static func note(_ line: String) {
        if ProcessInfo.processInfo.environment["FRAMEGRAB_TEST_METRICS"] == "1" {
            print("metric: " + line)
        }
    }
}
