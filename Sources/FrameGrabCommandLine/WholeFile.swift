/// A file written whole beside its place and renamed over it, as `-o FILE` is: `--frame-out`.
public enum WholeFile {
    /// Writes `bytes` as `path`; on failure `path` is left as it was.
    public static func write(_ bytes: [UInt8], to path: String) throws(OutputFailure) {
        try OutputFile.writeWhole(bytes, to: path)
    }
}
