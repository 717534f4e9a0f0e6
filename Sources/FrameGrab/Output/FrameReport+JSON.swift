extension FrameReport {
    /// The JSON contract: `schema_version`, `source`, `frame`, `status`, `skip_reason`,
    /// `protection`, `regions`, in that order.
    public var json: JSONValue {
        .object([
            OutputSchema.member,
            ("source", source.json),
            ("frame", frame.json),
            ("status", .string(status.rawValue)),
            ("skip_reason", .optional(skipReason)),
            ("protection", protection?.json ?? .null),
            ("regions", .array(regions.map(\.json))),
        ])
    }
}

extension SourceInfo {
    var json: JSONValue {
        .object([
            ("path", .string(path)),
            ("format", .string(format)),
            ("duration", duration.map { .number($0.seconds, decimals: 6) } ?? .null),
            ("video", video?.json ?? .null),
            ("title", .optional(title)),
            ("rendition", rendition?.json ?? .null),
        ])
    }
}

extension HLSRendition {
    var json: JSONValue {
        .object([
            ("uri", .string(uri)),
            ("width", width.map(JSONValue.int) ?? .null),
            ("height", height.map(JSONValue.int) ?? .null),
            ("bandwidth", bandwidth.map(JSONValue.int) ?? .null),
        ])
    }
}

extension Protection {
    var json: JSONValue {
        .object([("scheme", .string(scheme)), ("system", .string(system.rawValue)), ("evidence", .string(evidence))])
    }
}

extension VideoStreamInfo {
    var json: JSONValue {
        .object([
            ("codec", .string(codec)),
            ("coded_width", .int(codedWidth)),
            ("coded_height", .int(codedHeight)),
            ("width", .int(width)),
            ("height", .int(height)),
            ("rotation", .int(geometry.rotation)),
            ("frame_rate", frameRate.map { .number($0.perSecond, decimals: 6) } ?? .null),
            ("frame_rate_ratio", .optional(frameRate?.ratio)),
            ("pixel_format", .optional(pixelFormat)),
            ("sample_aspect_ratio", .string("\(geometry.sampleAspect.num):\(geometry.sampleAspect.den)")),
        ])
    }
}

extension FrameReport.Frame {
    var json: JSONValue {
        .object([
            ("requested", requested.map { .number($0.seconds, decimals: 6) } ?? .null),
            ("time", time.map { .number($0.seconds, decimals: 6) } ?? .null),
            ("timecode", .optional(time?.timecode)),
            ("width", width.map(JSONValue.int) ?? .null),
            ("height", height.map(JSONValue.int) ?? .null),
            ("content_area", contentArea?.json ?? .null),
            ("crop", crop?.json ?? .null),
            ("reused_from", reusedFrom.map { .number($0.seconds, decimals: 6) } ?? .null),
            ("ocr_time_limit_reached", .bool(ocrTimeLimitReached)),
        ])
    }
}
