import CFFmpeg
import CTesseract

/// The C libraries framegrab runs on, for `--version` and bug reports.
public enum FrameGrabLibraries {
    public static var versions: String {
        "FFmpeg \(String(cString: av_version_info())), Tesseract \(String(cString: TessVersion()))"
    }
}
