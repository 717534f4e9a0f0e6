@testable import FrameGrab
import Testing

@Suite("Shell prompts")
struct ShellPromptsTests {
    @Test("A prompt's home directory and closing $ come back from its shape")
    func shaped() {
        #expect(ShellPrompts.repaired("mira@tern:-/src/app$ make") == "mira@tern:~/src/app$ make")
        #expect(ShellPrompts.repaired("mira@tern:-$ ls") == "mira@tern:~$ ls")
        #expect(ShellPrompts.repaired("mira@tern:~/src/docs$ ls") == "mira@tern:~/src/docs$ ls")
        #expect(ShellPrompts.repaired("mira@tern:~/src/toolss tail -n 3 x.log") == "mira@tern:~/src/tools$ tail -n 3 x.log")
        #expect(ShellPrompts.repaired("mira@tern:~/src/apps") == "mira@tern:~/src/app$")
    }

    @Test("The prompt most lines show wins over a reading that differs in a letter or two")
    func consensus() {
        let text = "deploy@web-02:~/shop$ git pull\nAlready up to date.\ndeplloy@web-02:~/shop$ make\ndeploy@web-02:~/shop$ ls"
        #expect(ShellPrompts.repaired(text) == "deploy@web-02:~/shop$ git pull\nAlready up to date.\ndeploy@web-02:~/shop$ make\ndeploy@web-02:~/shop$ ls")
    }

    @Test("The user and host most prompts show win, whatever directory each prompt is in")
    func consensusAcrossDirectories() {
        let text = "ana@dev:~/a$ ls\nana@dev:~/b$ ls\nana@dcv:~/c$ make"
        #expect(ShellPrompts.repaired(text) == "ana@dev:~/a$ ls\nana@dev:~/b$ ls\nana@dev:~/c$ make")
    }

    @Test("Look-alikes cost nothing when a reading is compared with the prompt most lines show")
    func lookalikesInPrompts() {
        let text = "ana@l1-dev:~/a$ ls\nana@l1-dev:~/b$ ls\nana(@#li-dev:~/c$ make"
        #expect(ShellPrompts.repaired(text) == "ana@l1-dev:~/a$ ls\nana@l1-dev:~/b$ ls\nana@l1-dev:~/c$ make")
    }

    @Test("A first word read with a mark too many is the prompt the other lines show")
    func misreadMarks() {
        let text = "ana@l1-dev:~/code$ make\nana(@#l1-dev:~/code$ ctest\nana@l1-dev:~/lib$"
        #expect(ShellPrompts.repaired(text) == "ana@l1-dev:~/code$ make\nana@l1-dev:~/code$ ctest\nana@l1-dev:~/lib$")
    }

    @Test("Text that is no prompt stays", arguments: [
        "git log --author=mira@tern -3",
        "  ssh deploy@web-02:-/x",
        "x = a@b:-1",
        "mail mira@example.org: sent",
        "scp build.tgz deploy@web-02:releases",
    ])
    func untouched(text: String) {
        #expect(ShellPrompts.repaired(text) == text)
    }
}
