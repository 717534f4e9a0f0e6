import Foundation

/// Headless Chromium driven through chromedriver's W3C WebDriver protocol (Debian's
/// `chromium` and `chromium-driver`, which `scripts/bootstrap` installs): a page is loaded,
/// scripts run in it, keys pressed, elements clicked and screenshotted, as a person would.
///
/// One chromedriver and one browser per instance; `close()` ends both.
final class Browser {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let driver: Process
    private let port: Int
    private var session = ""
    /// The key WebDriver names elements by in JSON.
    private static let elementKey = "element-6066-11e4-a52e-4f735466cecf"

    /// Starts chromedriver on a free port, then a headless Chromium whose window is `width`
    /// by `height` CSS pixels at one device pixel each.
    init(width: Int = 1400, height: Int = 1000) throws {
        port = try Self.freePort()
        driver = Process()
        driver.executableURL = URL(fileURLWithPath: "/usr/bin/chromedriver")
        driver.arguments = ["--port=\(port)", "--log-level=OFF"]
        driver.standardOutput = FileHandle.nullDevice
        driver.standardError = FileHandle.nullDevice
        try driver.run()
        // chromedriver answers /status once it listens.
        var lastError: (any Error)?
        for _ in 0..<600 {
            do {
                _ = try request("GET", "/status", nil)
                lastError = nil
                break
            } catch {
                lastError = error
                usleep(50_000)
            }
        }
        if let lastError {
            Self.stop(driver)
            throw Failure(description: "chromedriver did not start on port \(port): \(lastError)")
        }
        let arguments = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                         "--force-device-scale-factor=1", "--hide-scrollbars", "--window-size=\(width),\(height)"]
        let capabilities: [String: Any] = ["capabilities": ["alwaysMatch": [
            "browserName": "chrome",
            "goog:chromeOptions": ["binary": "/usr/bin/chromium", "args": arguments],
            "goog:loggingPrefs": ["browser": "ALL"],
        ]]]
        do {
            let value = try request("POST", "/session", capabilities)
            guard let id = (value as? [String: Any])?["sessionId"] as? String else { throw Failure(description: "no session in \(value)") }
            session = id
        } catch {
            Self.stop(driver)
            throw error
        }
    }

    /// Ends the browser (the session's end quits it), then chromedriver.
    func close() {
        _ = try? request("DELETE", "/session/\(session)", nil)
        Self.stop(driver)
    }

    /// chromedriver may outlive a SIGTERM: a SIGKILL follows after a second.
    private static func stop(_ process: Process) {
        process.terminate()
        for _ in 0..<20 where process.isRunning { usleep(50_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    func open(_ file: String) throws {
        _ = try command("POST", "url", ["url": URL(fileURLWithPath: file).absoluteString])
    }

    /// Runs `script` (a function body; `arguments` are its `arguments`) and gives what it returns.
    func run(_ script: String, _ arguments: [Any] = []) throws -> Any {
        try command("POST", "execute/sync", ["script": script, "args": arguments])
    }

    func resize(width: Int, height: Int) throws {
        _ = try command("POST", "window/rect", ["width": width, "height": height])
    }

    /// The browser's console messages since the last call: level and text.
    func consoleMessages() throws -> [(level: String, message: String)] {
        let entries = try command("POST", "se/log", ["type": "browser"]) as? [[String: Any]] ?? []
        return entries.map { ($0["level"] as? String ?? "", $0["message"] as? String ?? "") }
    }

    /// Emulates the reader's colour scheme preference (`light`, `dark`) through the DevTools protocol.
    func prefersColorScheme(_ scheme: String) throws {
        _ = try command("POST", "goog/cdp/execute", [
            "cmd": "Emulation.setEmulatedMedia",
            "params": ["features": [["name": "prefers-color-scheme", "value": scheme]]],
        ])
    }

    /// The first element `selector` matches, as WebDriver names it.
    func element(_ selector: String) throws -> String {
        let value = try command("POST", "element", ["using": "css selector", "value": selector])
        guard let id = (value as? [String: Any])?[Self.elementKey] as? String else { throw Failure(description: "no element \(selector)") }
        return id
    }

    func click(_ element: String) throws {
        _ = try command("POST", "element/\(element)/click", [:])
    }

    /// Presses `keys` together and lets them go: `["\u{E009}", "a"]` is Ctrl-A.
    func press(_ keys: [String]) throws {
        let actions = keys.map { ["type": "keyDown", "value": $0] } + keys.reversed().map { ["type": "keyUp", "value": $0] }
        _ = try command("POST", "actions", ["actions": [["type": "key", "id": "keyboard", "actions": actions]]])
    }

    /// Moves the mouse pointer to (`x`, `y`) in the window: off an element it hovered.
    func movePointer(x: Int, y: Int) throws {
        let move: [String: Any] = ["type": "pointerMove", "duration": 0, "x": x, "y": y, "origin": "viewport"]
        _ = try command("POST", "actions", ["actions": [["type": "pointer", "id": "mouse", "actions": [move]]]])
    }

    /// Presses the mouse's button at `start` (in the window), moves to `end` and lets go.
    func drag(from start: (x: Int, y: Int), to end: (x: Int, y: Int)) throws {
        let actions: [[String: Any]] = [
            ["type": "pointerMove", "duration": 0, "x": start.x, "y": start.y, "origin": "viewport"],
            ["type": "pointerDown", "button": 0],
            ["type": "pointerMove", "duration": 100, "x": end.x, "y": end.y, "origin": "viewport"],
            ["type": "pointerUp", "button": 0],
        ]
        _ = try command("POST", "actions", ["actions": [["type": "pointer", "id": "mouse", "parameters": ["pointerType": "mouse"], "actions": actions]]])
    }

    /// A PNG of what `element` looks like on the page.
    func screenshot(of element: String) throws -> Data {
        guard let encoded = try command("GET", "element/\(element)/screenshot", nil) as? String,
              let png = Data(base64Encoded: encoded) else { throw Failure(description: "no screenshot") }
        return png
    }

    private func command(_ method: String, _ path: String, _ body: [String: Any]?) throws -> Any {
        try request(method, "/session/\(session)/\(path)", body)
    }

    /// One WebDriver call: its `value`, or its error as a failure.
    private func request(_ method: String, _ path: String, _ body: [String: Any]?) throws -> Any {
        let payload = try body.map { try JSONSerialization.data(withJSONObject: $0) } ?? Data()
        let data = try Self.exchange(port: port, Data("\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n".utf8)
            + Data("Content-Type: application/json\r\nContent-Length: \(payload.count)\r\n\r\n".utf8) + payload)
        guard let end = data.firstRange(of: Data("\r\n\r\n".utf8)) else { throw Failure(description: "no HTTP answer to \(method) \(path)") }
        let answer = try JSONSerialization.jsonObject(with: data[end.upperBound...], options: [.fragmentsAllowed]) as? [String: Any]
        let value = answer?["value"] ?? NSNull()
        if let error = (value as? [String: Any])?["error"] as? String {
            throw Failure(description: "WebDriver \(method) \(path): \(error): \((value as? [String: Any])?["message"] ?? "")")
        }
        return value
    }

    /// Sends `request` to 127.0.0.1:`port` and reads the whole answer: all of chromedriver's
    /// HTTP this needs. A busy machine makes a browser slow, never wrong: no time limit.
    private static func exchange(port: Int, _ request: Data) throws -> Data {
        let socket = try tcpSocket()
        defer { Glibc.close(socket) }
        var address = loopback(port: port)
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        guard connected else { throw Failure(description: "cannot connect to chromedriver on port \(port)") }
        try request.withUnsafeBytes { bytes in
            var sent = 0
            while sent < bytes.count {
                let count = send(socket, bytes.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL))
                guard count > 0 else { throw Failure(description: "cannot write to chromedriver") }
                sent += count
            }
        }
        // chromedriver says `Connection: close` and keeps the connection open: the answer
        // ends where its Content-Length says.
        var answer = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !Self.isComplete(answer) {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            answer.append(contentsOf: buffer[0..<count])
        }
        return answer
    }

    /// Whether `answer` holds its headers and as many bytes after them as they announce.
    private static func isComplete(_ answer: Data) -> Bool {
        guard let end = answer.firstRange(of: Data("\r\n\r\n".utf8)) else { return false }
        let headers = String(decoding: answer[..<end.lowerBound], as: UTF8.self).lowercased()
        guard let line = headers.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
              let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) else { return false }
        return answer.count - end.upperBound >= length
    }

    /// A TCP port nobody listens on now: the kernel's pick for a socket bound to port 0.
    private static func freePort() throws -> Int {
        let socket = try tcpSocket()
        defer { Glibc.close(socket) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(socket, address, length) == 0 && getsockname(socket, address, &length) == 0
            }
        }
        guard bound else { throw Failure(description: "cannot bind a socket") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func tcpSocket() throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "no socket (\(String(cString: strerror(errno))))") }
        return socket
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return address
    }
}
