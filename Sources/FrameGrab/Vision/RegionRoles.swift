import FrameGrabModel

/// What each region is on the screen, where its layout tells (`Region.role`): the application's
/// bars are `ui`; code with a shell prompt on a line is a `terminal`, other code `code`; text
/// set clearly larger than everything else on the frame and above it is a `title`. Captions
/// are known from how they were found (`OutlinedText`) and keep their role.
enum RegionRoles {
    /// A title's lines stand at least this much taller than the frame's other text: a slide's
    /// heading is set a size or two up (24 pt over 18), not a line that happens to hold capitals.
    static let titleScale = 1.3

    static func assigned(_ regions: [Region]) -> [Region] {
        let body = regions.filter { $0.kind != .ui && $0.role != .caption }
        return regions.map { region in
            var region = region
            guard region.role == nil else { return region }
            switch region.kind {
            case .ui:
                region.role = .ui
            case .code:
                region.role = region.lines.contains { ShellPrompts.startsWithPrompt($0.text) } ? .terminal : .code
            case .text:
                if isTitle(region, among: body) { region.role = .title }
            }
            return region
        }
    }

    /// One or two lines, taller than the lines of every other region of the frame's body by
    /// `titleScale`, and above all of them.
    private static func isTitle(_ region: Region, among body: [Region]) -> Bool {
        let others = body.filter { $0 != region }
        guard (1...2).contains(region.lines.count), !others.isEmpty,
              let height = region.lines.map(\.box.height).median,
              let tallest = others.compactMap({ $0.lines.map(\.box.height).median }).max() else { return false }
        return Double(height) >= titleScale * Double(tallest) && others.allSatisfy { $0.box.y >= region.box.bottom - height / 2 }
    }
}
