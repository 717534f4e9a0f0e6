/// Keywords of the region's language that OCR read with a look-alike capital at the start (a
/// footed `l` as `L`, an `f` as `F`: `Let mut total`, `Len(batch)`), where no camel case can
/// tell (see `LookalikeLetters`). A language's reserved words are never capitalised, so a word
/// that would be one but for a look-alike capital is that keyword; a built-in function is so
/// only where it is called. Comments and strings are prose and left alone, and so is a word
/// after a `.`, `_` or `$` (`a.Len(b)` is a method of its own).
struct LowercaseKeywords: CharacterPass {
    /// The capitals OCR reads in place of a lowercase letter of another shape.
    private static let lookalikeCapitals: [Character: Character] = ["L": "l", "F": "f"]

    func apply(to region: inout ReadRegion) {
        guard region.kind == .code, let language = LanguageGuesser.guess(region.text)?.language,
              let words = Self.languages[language] else { return }
        region.respell { Self.repaired($0, keywords: words, comments: Self.comments[language] ?? []) }
    }

    static func repaired(_ text: [Character], keywords: Words, comments: [String]) -> [Character] {
        var result = text
        var index = 0
        var quote: Character?
        while index < text.count {
            let character = text[index]
            if character == "\n" {
                quote = nil
            } else if let open = quote {
                if character == open && (index == 0 || text[index - 1] != "\\") { quote = nil }
            } else if character == "\"" || character == "'" || character == "`" {
                quote = character
            } else if comments.contains(where: { starts(text, at: index, with: $0) }) {
                // The rest of the line is a comment.
                while index < text.count && text[index] != "\n" { index += 1 }
                continue
            } else if let lowercase = lookalikeCapitals[character], index == 0 || !isIdentifier(text[index - 1]) && !".$".contains(text[index - 1]) {
                var end = index + 1
                while end < text.count, isIdentifier(text[end]) { end += 1 }
                let word = String([lowercase] + text[(index + 1)..<end])
                let next = end < text.count ? text[end] : "\n"
                if keywords.reserved.contains(word) && (next == " " || next == "\n") || keywords.functions.contains(word) && next == "(" {
                    result[index] = lowercase
                }
                index = end
                continue
            }
            index += 1
        }
        return result
    }

    private static func isIdentifier(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }

    private static func starts(_ text: [Character], at index: Int, with marker: String) -> Bool {
        let marker = Array(marker)
        return index + marker.count <= text.count && Array(text[index..<(index + marker.count)]) == marker
    }

    struct Words {
        /// Reserved words, all lowercase: what follows one is a space or the line's end.
        var reserved: Set<String>
        /// Built-in functions, found where they are called.
        var functions: Set<String> = []
    }

    /// What starts a comment that runs to the end of the line.
    private static let comments: [String: [String]] = [
        "swift": ["//"], "c": ["//"], "cpp": ["//"], "go": ["//"], "rust": ["//"], "javascript": ["//"], "typescript": ["//"],
        "java": ["//"], "kotlin": ["//"], "csharp": ["//"], "scala": ["//"], "php": ["//", "#"], "python": ["#"], "shell": ["#"],
        "ruby": ["#"], "elixir": ["#"], "lua": ["--"], "haskell": ["--"],
    ]

    /// Each language's lowercase reserved words, from its reference (Java's `float` and `long`
    /// left out: `Float` and `Long` are its classes).
    static let languages: [String: Words] = [
        "swift": Words(reserved: ["associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
                                  "inout", "internal", "let", "open", "operator", "private", "protocol", "public", "static", "struct",
                                  "subscript", "typealias", "var", "break", "case", "continue", "default", "defer", "do", "else",
                                  "fallthrough", "for", "guard", "if", "in", "repeat", "return", "switch", "where", "while", "as",
                                  "catch", "false", "is", "nil", "rethrows", "super", "self", "throw", "throws", "true", "try",
                                  "lazy", "final", "async", "await"]),
        "python": Words(reserved: ["and", "as", "assert", "async", "await", "break", "class", "continue", "def", "del", "elif", "else",
                                   "except", "finally", "for", "from", "global", "if", "import", "in", "is", "lambda", "nonlocal",
                                   "not", "or", "pass", "raise", "return", "try", "while", "with", "yield"],
                        functions: ["abs", "all", "any", "bool", "dict", "enumerate", "filter", "float", "format", "frozenset",
                                    "getattr", "hasattr", "int", "isinstance", "iter", "len", "list", "locals", "map", "max", "min",
                                    "next", "open", "print", "range", "repr", "set", "sorted", "str", "sum", "super", "tuple", "zip"]),
        "go": Words(reserved: ["break", "case", "chan", "const", "continue", "default", "defer", "else", "fallthrough", "for", "func",
                               "go", "goto", "if", "import", "interface", "map", "package", "range", "return", "select", "struct",
                               "switch", "type", "var"],
                    functions: ["append", "cap", "clear", "close", "complex", "copy", "delete", "len", "make", "max", "min", "new",
                                "panic", "print", "println", "recover"]),
        "rust": Words(reserved: ["as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum", "extern", "false",
                                 "fn", "for", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return",
                                 "static", "struct", "super", "trait", "true", "type", "unsafe", "use", "where", "while"]),
        "javascript": Words(reserved: ["async", "await", "break", "case", "catch", "class", "const", "continue", "debugger", "default",
                                       "delete", "do", "else", "export", "extends", "false", "finally", "for", "function", "if",
                                       "import", "in", "instanceof", "let", "new", "null", "of", "return", "super", "switch", "this",
                                       "throw", "true", "try", "typeof", "var", "void", "while", "with", "yield"]),
        "typescript": Words(reserved: ["async", "await", "break", "case", "catch", "class", "const", "continue", "declare", "default",
                                       "delete", "do", "else", "enum", "export", "extends", "false", "finally", "for", "from",
                                       "function", "if", "implements", "import", "in", "instanceof", "interface", "let", "namespace",
                                       "new", "null", "of", "private", "protected", "public", "readonly", "return", "super", "switch",
                                       "this", "throw", "true", "try", "type", "typeof", "var", "void", "while", "yield"]),
        "java": Words(reserved: ["abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const",
                                 "continue", "default", "do", "double", "else", "enum", "extends", "final", "finally", "for", "goto",
                                 "if", "implements", "import", "instanceof", "int", "interface", "native", "new", "package",
                                 "private", "protected", "public", "return", "short", "static", "super", "switch", "synchronized",
                                 "this", "throw", "throws", "transient", "try", "var", "void", "volatile", "while", "false", "true",
                                 "null"]),
        "kotlin": Words(reserved: ["as", "break", "class", "continue", "do", "else", "false", "for", "fun", "if", "in", "interface",
                                   "is", "null", "object", "package", "return", "super", "this", "throw", "true", "try", "typealias",
                                   "val", "var", "when", "while", "lateinit", "override", "private", "public", "internal", "suspend"]),
        "c": Words(reserved: ["auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else", "enum", "extern",
                              "float", "for", "goto", "if", "inline", "int", "long", "register", "restrict", "return", "short",
                              "signed", "sizeof", "static", "struct", "switch", "typedef", "union", "unsigned", "void", "volatile",
                              "while"]),
        "cpp": Words(reserved: ["auto", "bool", "break", "case", "catch", "char", "class", "const", "constexpr", "continue", "decltype",
                                "default", "delete", "do", "double", "else", "enum", "explicit", "extern", "false", "float", "for",
                                "friend", "goto", "if", "inline", "int", "long", "mutable", "namespace", "new", "noexcept", "nullptr",
                                "operator", "private", "protected", "public", "return", "short", "signed", "sizeof", "static",
                                "struct", "switch", "template", "this", "throw", "true", "try", "typedef", "typename", "union",
                                "unsigned", "using", "virtual", "void", "volatile", "while"]),
        "csharp": Words(reserved: ["abstract", "as", "base", "bool", "break", "case", "catch", "class", "const", "continue", "default",
                                   "delegate", "do", "else", "enum", "event", "false", "finally", "fixed", "float", "for", "foreach",
                                   "if", "in", "int", "interface", "internal", "is", "lock", "long", "namespace", "new", "null",
                                   "out", "override", "private", "protected", "public", "readonly", "ref", "return", "sealed",
                                   "static", "struct", "switch", "this", "throw", "true", "try", "using", "var", "virtual", "void",
                                   "while"]),
        "shell": Words(reserved: ["case", "do", "done", "elif", "else", "esac", "fi", "for", "function", "if", "in", "local", "then",
                                  "until", "while"]),
        "ruby": Words(reserved: ["alias", "and", "begin", "break", "case", "class", "def", "do", "else", "elsif", "end", "ensure",
                                 "false", "for", "if", "in", "module", "next", "nil", "not", "or", "redo", "rescue", "retry",
                                 "return", "self", "super", "then", "true", "undef", "unless", "until", "when", "while", "yield"]),
        "lua": Words(reserved: ["and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in", "local",
                                "nil", "not", "or", "repeat", "return", "then", "true", "until", "while"]),
        "scala": Words(reserved: ["abstract", "case", "catch", "class", "def", "do", "else", "extends", "false", "final", "finally",
                                  "for", "if", "implicit", "import", "lazy", "match", "new", "null", "object", "override", "package",
                                  "private", "protected", "return", "sealed", "super", "this", "throw", "trait", "true", "try", "type",
                                  "val", "var", "while", "with", "yield"]),
        "elixir": Words(reserved: ["after", "and", "catch", "do", "else", "end", "false", "fn", "in", "nil", "not", "or", "rescue",
                                   "true", "when", "def", "defp", "defmodule"]),
        "haskell": Words(reserved: ["case", "class", "data", "deriving", "do", "else", "foreign", "if", "import", "in", "infix",
                                    "infixl", "infixr", "instance", "let", "module", "newtype", "of", "then", "type", "where"]),
        "php": Words(reserved: ["abstract", "and", "array", "as", "break", "case", "catch", "class", "clone", "const", "continue",
                                "declare", "default", "do", "echo", "else", "elseif", "empty", "extends", "final", "finally", "fn",
                                "for", "foreach", "function", "global", "if", "implements", "include", "instanceof", "interface",
                                "isset", "list", "match", "namespace", "new", "or", "print", "private", "protected", "public",
                                "require", "return", "static", "switch", "throw", "trait", "try", "unset", "use", "var", "while"]),
    ]
}
