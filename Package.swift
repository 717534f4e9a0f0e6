// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "framegrab",
    products: [
        .library(name: "FrameGrab", targets: ["FrameGrab"]),
        .executable(name: "framegrab", targets: ["framegrab"]),
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
        .target(
            name: "FrameGrab",
            dependencies: ["CFFmpeg", "CTesseract", "CSQLite"],
            // Optimised in debug builds too: the layout and the scan loop over every pixel, and
            // unoptimised they make the test suite several times slower.
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]
        ),
        .executableTarget(
            name: "framegrab",
            dependencies: ["FrameGrab"]
        ),
        .testTarget(
            name: "FrameGrabTests",
            dependencies: ["FrameGrab"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
