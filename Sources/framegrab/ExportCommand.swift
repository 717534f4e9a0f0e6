import FrameGrabCommandLine
import FrameGrabModel
import FrameGrabStore

/// `framegrab export [PATH...]`: every stored screen as JSON Lines, in path and time order.
enum ExportCommand {
    static let exported: Int32 = 0
    static let failed: Int32 = 2

    static func run(arguments: [String]) -> Int32 {
        let usage: ExportUsage
        do throws(UsageFailure) {
            usage = try ExportUsage.parse(arguments)
        } catch {
            Console.error(error.message)
            return failed
        }
        if usage.showHelp {
            Console.output(CommandUsage.export.text)
            return exported
        }
        guard Console.send(to: usage.output) else { return OutputFailure.status }
        guard let store = IndexDatabase.open(usage.database) else { return failed }
        do throws(IndexStoreError) {
            for screen in try store.screens(under: usage.paths) {
                Console.output(screen.json)
            }
        } catch {
            Console.error(error.description)
            return failed
        }
        return Console.finish(exported, succeeded: true)
    }
}
