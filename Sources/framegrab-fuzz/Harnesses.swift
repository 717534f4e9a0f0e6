// libFuzzer's entry points around `FuzzHarness`, one binary for all of them: the harness is
// named by FRAMEGRAB_FUZZ_HARNESS. Built only by scripts/fuzz (FRAMEGRAB_FUZZ=1 swift build
// -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library).
import FrameGrab
import Foundation

let harness: FuzzHarness = {
    let name = ProcessInfo.processInfo.environment["FRAMEGRAB_FUZZ_HARNESS"] ?? ""
    guard let harness = FuzzHarness(rawValue: name) else {
        FileHandle.standardError.write(Data("FRAMEGRAB_FUZZ_HARNESS must be one of: \(FuzzHarness.allCases.map(\.rawValue).joined(separator: " "))\n".utf8))
        exit(2)
    }
    return harness
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    harness.run(Array(UnsafeBufferPointer(start: data, count: count)))
    return 0
}

// SwiftPM links an executable's entry point as `<module>_main`; here it hands over to
// libFuzzer's driver, which parses the command line and calls the function above.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(_ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                     _ body: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32) -> Int32

@_cdecl("framegrab_fuzz_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments) { fuzzOneInput($0, $1) }
}
