import Foundation

/// framegrab's manual page in roff (`man 7 man`), made from the same words and option tables
/// as its help: `framegrab help --man > framegrab.1`, or read it at once with
/// `framegrab help --man | man -l -`.
struct ManPage {
    let table: CommandTable

    init(_ table: CommandTable) {
        self.table = table
    }

    var text: String {
        var page = [
            ".TH FRAMEGRAB 1 \"\" \"framegrab\" \"User Commands\"",
            ".SH NAME",
            "framegrab \\- read the text on video frames",
            ".SH SYNOPSIS",
        ]
        for command in table.commands {
            page += [".nf"] + lines(command.usage.synopsis) + [".fi"]
        }
        page += [".nf", "framegrab help [COMMAND]", "framegrab help \\-\\-man", "framegrab completion bash|zsh|fish", ".fi"]
        page += [".SH DESCRIPTION",
                 "framegrab reads the text on video frames: the frame a player shows at a given time, the frame a player",
                 "settles on, every settled screen of a library of videos. Without a COMMAND it runs",
                 "\\fBgrab\\fR.",
                 ".SH COMMANDS"]
        for command in table.commands {
            let usage = command.usage
            page += [".SS \"\(escaped(usage.name))\"", escaped(usage.summary) + ".", ".PP", ".nf"] + lines(usage.description) + [".fi"]
            page += [".PP", "Options:"]
            for option in usage.options {
                page += [".TP", "\\fB" + option.spellings.map(escaped).joined(separator: "\\fR, \\fB") + "\\fR"
                    + (option.value.map { " \\fI" + escaped($0) + "\\fR" } ?? "")]
                page += option.summary.split(separator: "\n").map { escaped(String($0)) }
            }
            page += [".PP", ".nf"] + lines(usage.epilogue) + [".fi"]
        }
        page += [".SH SEE ALSO", "ffmpeg(1), tesseract(1), mpv(1)"]
        return page.joined(separator: "\n")
    }

    /// Text kept as it is laid out (`.nf`), each line escaped.
    private func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { escaped(String($0)) }
    }

    /// Text roff prints as written: backslashes and dashes escaped, and a line that would
    /// start with a control character kept from being one.
    private func escaped(_ text: String) -> String {
        let text = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        return text.hasPrefix(".") || text.hasPrefix("'") ? "\\&" + text : text
    }
}
