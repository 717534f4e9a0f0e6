@testable import FrameGrab
@testable import FrameGrabModel
@testable import FrameGrabStore
import Testing

@Suite("Shell prompts")
struct ShellPromptsTests {
    @Test("A prompt's home directory and closing $ come back from its shape")
    func shaped() {
        #expect(PassTable.applying([ShellPrompts()], to: "mira@tern:-/src/app$ make") == "mira@tern:~/src/app$ make")
        #expect(PassTable.applying([ShellPrompts()], to: "mira@tern:-$ ls") == "mira@tern:~$ ls")
        #expect(PassTable.applying([ShellPrompts()], to: "mira@tern:~/src/docs$ ls") == "mira@tern:~/src/docs$ ls")
        #expect(PassTable.applying([ShellPrompts()], to: "mira@tern:~/src/toolss tail -n 3 x.log") == "mira@tern:~/src/tools$ tail -n 3 x.log")
        #expect(PassTable.applying([ShellPrompts()], to: "mira@tern:~/src/apps") == "mira@tern:~/src/app$")
    }

    @Test("The user@host most prompts show, in any directory, wins over a reading a letter or two off", arguments: [
        ("deploy@web-02:~/shop$ git pull\nAlready up to date.\ndeplloy@web-02:~/shop$ make\ndeploy@web-02:~/shop$ ls",
         "deploy@web-02:~/shop$ git pull\nAlready up to date.\ndeploy@web-02:~/shop$ make\ndeploy@web-02:~/shop$ ls"),
        // Whatever directory each prompt is in.
        ("ana@dev:~/a$ ls\nana@dev:~/b$ ls\nana@dcv:~/c$ make",
         "ana@dev:~/a$ ls\nana@dev:~/b$ ls\nana@dev:~/c$ make"),
        // Look-alikes (`l` for `1`) cost nothing in the comparison.
        ("ana@l1-dev:~/a$ ls\nana@l1-dev:~/b$ ls\nana(@#li-dev:~/c$ make",
         "ana@l1-dev:~/a$ ls\nana@l1-dev:~/b$ ls\nana@l1-dev:~/c$ make"),
        // A first word read with a mark too many.
        ("ana@l1-dev:~/code$ make\nana(@#l1-dev:~/code$ ctest\nana@l1-dev:~/lib$",
         "ana@l1-dev:~/code$ make\nana@l1-dev:~/code$ ctest\nana@l1-dev:~/lib$"),
    ])
    func consensus(read: String, repaired: String) {
        #expect(PassTable.applying([ShellPrompts()], to: read) == repaired)
    }

    @Test("Text that is no prompt stays", arguments: [
        "git log --author=mira@tern -3",
        "  ssh deploy@web-02:-/x",
        "x = a@b:-1",
        "mail mira@example.org: sent",
        "scp build.tgz deploy@web-02:releases",
    ])
    func untouched(text: String) {
        #expect(PassTable.applying([ShellPrompts()], to: text) == text)
    }
}
