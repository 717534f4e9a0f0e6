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
            dependencies: ["CFFmpeg", "CTesseract", "CSQLite"]
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
