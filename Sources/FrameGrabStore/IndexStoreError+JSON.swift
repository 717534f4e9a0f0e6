import FrameGrabModel

extension IndexStoreError {
    /// The error as `index`'s worker process hands it to the indexer, every field kept.
    public var json: JSONValue {
        var reasonMembers: [(String, JSONValue)]
        switch reason {
        case .noSuchDatabase: reasonMembers = [("reason", .string("no-such-database"))]
        case .notSQLite: reasonMembers = [("reason", .string("not-sqlite"))]
        case .foreignDatabase: reasonMembers = [("reason", .string("foreign-database"))]
        case .unknownSchema(let version): reasonMembers = [("reason", .string("unknown-schema")), ("version", .int(version))]
        case .sqlite: reasonMembers = [("reason", .string("sqlite"))]
        case .postgres(let sqlstate): reasonMembers = [("reason", .string("postgres")), ("sqlstate", .string(sqlstate))]
        case .claimLost: reasonMembers = [("reason", .string("claim-lost"))]
        }
        return .object([("path", .string(path)), ("code", .int(Int(code))), ("operation", .string(operation)),
                        ("message", .optional(message))] + reasonMembers)
    }

    /// Reads `json` back; nil when it is not an error `json` wrote.
    public init?(json: JSONValue) {
        guard let path = json["path"]?.stringValue, let code = json["code"]?.intValue, let operation = json["operation"]?.stringValue else {
            return nil
        }
        let reason: Reason
        switch json["reason"]?.stringValue {
        case "no-such-database": reason = .noSuchDatabase
        case "not-sqlite": reason = .notSQLite
        case "foreign-database": reason = .foreignDatabase
        case "unknown-schema": reason = .unknownSchema(version: json["version"]?.intValue ?? 0)
        case "sqlite": reason = .sqlite
        case "postgres": reason = .postgres(sqlstate: json["sqlstate"]?.stringValue ?? "")
        case "claim-lost": reason = .claimLost
        default: return nil
        }
        self.init(path: path, code: Int32(truncatingIfNeeded: code), reason: reason, operation: operation, message: json["message"]?.stringValue)
    }
}
