import FrameGrabCommandLine
import FrameGrabStore
import Foundation

/// `framegrab merge OUT.db SHARD.db...`: the indexes of `index --shard K/N` joined into one.
enum MergeCommand {
    static let merged: Int32 = 0
    static let failed: Int32 = 2

    static func run(arguments: [String]) -> Int32 {
        var databases: [String] = []
        var words = Arguments(arguments)
        do throws(UsageFailure) {
            while let argument = words.next() {
                switch argument {
                case ColorChoice.option: _ = try ColorChoice(option: try words.value(for: argument))
                case "--help", "-h":
                    Console.output(CommandUsage.merge.text)
                    return merged
                case "--": databases += words.rest()
                default:
                    guard !argument.hasPrefix("-") else {
                        throw UsageFailure(message: "unknown option '\(argument)' (see framegrab merge --help)")
                    }
                    databases.append(argument)
                }
            }
            guard databases.count >= 2 else {
                throw UsageFailure(message: "merge needs OUT.db and at least one SHARD.db (usage: framegrab merge OUT.db SHARD.db...)")
            }
            let output = IndexDatabase.absolute(databases[0])
            if let same = databases.dropFirst().first(where: { IndexDatabase.absolute($0) == output }) {
                throw UsageFailure(message: "'\(same)' is OUT.db itself: merge writes OUT.db from the others")
            }
        } catch {
            Console.error(error.message)
            return failed
        }
        // Every shard is opened (and checked) before OUT.db is touched.
        var shards: [any ScreenStore] = []
        for path in databases.dropFirst() {
            guard let shard = IndexDatabase.open(path) else { return failed }
            shards.append(shard)
        }
        do throws(IndexStoreError) {
            let output = try IndexDatabase.store(databases[0], creating: true)
            for shard in shards {
                try merge(shard, into: output)
            }
        } catch {
            Console.error(error.description)
            return failed
        }
        return merged
    }

    /// Every video of `shard` into `output`, unless `output` holds one indexed later.
    static func merge(_ shard: any ScreenStore, into output: any ScreenStore) throws(IndexStoreError) {
        for video in try shard.videos() {
            if let kept = try output.video(at: video.path), kept.indexedAt > video.indexedAt { continue }
            let screens = video.status == .indexed ? try shard.screens(under: [video.path]).filter { $0.path == video.path } : []
            try output.replace(video, screens: screens)
        }
    }
}
