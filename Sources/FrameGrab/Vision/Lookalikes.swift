/// Characters OCR confuses in some code fonts, in groups: a footed `l` with `L`, `1`, `I`; `f`
/// with `F`; `s` with `5`; a slashed `0` with `@`; a shallow `(` with `C`; a backtick with a
/// quote; a six-spoked `*` with `x`. Passes that tell them apart (`LetterShapes` by their ink,
/// `ShellPrompts` by the prompts that repeat) go by these groups.
enum Lookalikes {
    static let groups: [Set<Character>] = [
        ["l", "L", "1", "I", "i", "|"], ["f", "F"], ["s", "5"], ["0", "@"], ["1", "4"],
        ["(", "[", "{", "C", "c", "<", "¢", "£"], [")", "]", "}", "J", ">", "3"],
        ["`", "'", "\"", "~", "°", "”", "“"], ["*", "x"],
    ]
}
