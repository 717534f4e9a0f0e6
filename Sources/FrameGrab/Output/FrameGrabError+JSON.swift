import FrameGrabModel

extension FrameGrabError {
    /// The error as `index`'s worker process hands it to the indexer: its case and what it
    /// names. The cases met while reading a video come back as they were; the others (a time,
    /// a crop: never asked of an index) come back as `internalFailure` with their description.
    public var json: JSONValue {
        func error(_ kind: String, _ path: String?, _ more: (String, JSONValue)...) -> JSONValue {
            .object([("kind", .string(kind)), ("path", path.map(JSONValue.string) ?? .null)] + more)
        }
        switch self {
        case .inputMissing(let path): return error("input-missing", path)
        case .inputUnreadable(let path, let reason): return error("input-unreadable", path, ("reason", .string(reason)))
        case .notAVideo(let path, let reason): return error("not-a-video", path, ("reason", .string(reason)))
        case .protectedContent(let path, let protection):
            return error("protected-content", path, ("scheme", .string(protection.scheme)),
                         ("system", .string(protection.system.rawValue)), ("evidence", .string(protection.evidence)))
        case .ocrUnavailable(let path, let reason): return error("ocr-unavailable", path, ("reason", .string(reason)))
        case .ocrFailed(let path, let reason): return error("ocr-failed", path, ("reason", .string(reason)))
        case .internalFailure(let path, let reason): return error("internal-failure", path, ("reason", .string(reason)))
        case .readerFailed(let path, let reason): return error("reader-failed", path, ("reason", .string(reason)))
        case .timeOutsideVideo(let path, _, _), .durationUnknown(let path, _), .cropOutsideFrame(let path, _, _, _):
            return error("internal-failure", path, ("reason", .string(description)))
        }
    }

    /// Reads `json` back; nil when it is not an error `json` wrote.
    public init?(json: JSONValue) {
        guard let kind = json["kind"]?.stringValue else { return nil }
        let path = json["path"]?.stringValue
        let reason = json["reason"]?.stringValue ?? ""
        switch (kind, path) {
        case ("input-missing", let path?): self = .inputMissing(path: path)
        case ("input-unreadable", let path?): self = .inputUnreadable(path: path, reason: reason)
        case ("not-a-video", let path?): self = .notAVideo(path: path, reason: reason)
        case ("protected-content", let path?):
            let protection = Protection(scheme: json["scheme"]?.stringValue ?? "unknown",
                                        system: json["system"]?.stringValue.flatMap(DRMSystem.init(rawValue:)) ?? .unknown,
                                        evidence: json["evidence"]?.stringValue ?? "")
            self = .protectedContent(path: path, protection: protection)
        case ("ocr-unavailable", _): self = .ocrUnavailable(path: path, reason: reason)
        case ("ocr-failed", _): self = .ocrFailed(path: path, reason: reason)
        case ("internal-failure", let path?): self = .internalFailure(path: path, reason: reason)
        case ("reader-failed", let path?): self = .readerFailed(path: path, reason: reason)
        default: return nil
        }
    }
}
