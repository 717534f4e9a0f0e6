// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "framegrab",
    products: [
        .library(name: "FrameGrab", targets: ["FrameGrab"]),
        .executable(name: "framegrab", targets: ["framegrab"]),
        .executable(name: "framegrab-reader", targets: ["framegrab-reader"]),
    ],
    targets: [
        .systemLibrary(
            name: "CFFmpeg",
            pkgConfig: "libavformat",
            providers: [.apt(["libavformat-dev", "libavcodec-dev", "libavutil-dev", "libswscale-dev"])]
        ),
        .systemLibrary(
            name: "CTesseract",
            pkgConfig: "tesseract",
            providers: [.apt(["libtesseract-dev", "libleptonica-dev", "tesseract-ocr-eng"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(
            name: "CPostgres",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]
        ),
        // Linux calls Swift's Glibc module does not import (pipe2, prctl): headers only.
        .systemLibrary(
            name: "CLinux"
        ),
        // What was read, as values and their JSON: no C library.
        .target(
            name: "FrameGrabModel"
        ),
        // The index's store and search: SQLite or PostgreSQL only, so that `search` and
        // `export` start without loading FFmpeg's and Tesseract's libraries.
        .target(
            name: "FrameGrabStore",
            dependencies: ["FrameGrabModel", "CSQLite", "CPostgres"]
        ),
        .target(
            name: "FrameGrab",
            dependencies: ["FrameGrabModel", "FrameGrabStore", "CFFmpeg", "CTesseract"],
            // Optimised in debug builds too: the layout and the scan loop over every pixel, and
            // unoptimised they make the test suite several times slower.
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]
        ),
        // What the two executables share: words, streams, the index's location.
        .target(
            name: "FrameGrabCommandLine",
            dependencies: ["FrameGrabModel", "FrameGrabStore"]
        ),
        // `framegrab`: runs the commands that only read the index (search, export) and hands
        // every other to `framegrab-reader`, so that they start without FFmpeg and Tesseract.
        .executableTarget(
            name: "framegrab",
            dependencies: ["FrameGrabCommandLine", "FrameGrabModel", "FrameGrabStore"]
        ),
        .executableTarget(
            name: "framegrab-reader",
            dependencies: ["FrameGrab", "FrameGrabCommandLine", "CLinux"]
        ),
        .testTarget(
            name: "FrameGrabTests",
            dependencies: ["FrameGrab", "FrameGrabModel", "FrameGrabStore"],
            exclude: ["Fuzz/Inputs"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// libFuzzer harnesses (scripts/fuzz): only when asked, since without -sanitize=fuzzer the
// binary has no `main` and an ordinary build would fail to link it.
if Context.environment["FRAMEGRAB_FUZZ"] == "1" {
    package.targets.append(.executableTarget(
        name: "framegrab-fuzz",
        dependencies: ["FrameGrab", "FrameGrabModel", "FrameGrabStore"]
    ))
}
