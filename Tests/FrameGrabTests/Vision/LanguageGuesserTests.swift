@testable import FrameGrab
@testable import FrameGrabModel
@testable import FrameGrabStore
import Testing

@Suite("Language guesses")
struct LanguageGuesserTests {
    static let samples: [(String, String)] = [
        ("swift", "guard let url = URL(string: text) else { return nil }\nfunc load() async throws -> Data {"),
        ("python", "def retry(call, attempts=5):\n    for attempt in range(attempts):\n        if x is None:\n            raise"),
        ("go", "package main\n\nfunc main() {\n    if err != nil {\n        fmt.Println(err)\n    }\n}"),
        ("rust", "fn main() {\n    let mut words = Vec::new();\n    println!(\"{}\", words.len());\n}"),
        ("c", "#include <stdio.h>\nint main(void) {\n    char *p = malloc(sizeof(int));\n    return 0;\n}"),
        ("shell", "#!/bin/sh\nset -eu\ngit tag -s \"v$version\"\nfor f in *.txt; do echo \"$f\"; done"),
        ("sql", "SELECT name, COUNT(*) FROM users\nJOIN orders ON orders.user_id = users.id\nGROUP BY name\nORDER BY 2 DESC"),
        ("kotlin", "data class Tag(val name: String)\nfun main() {\n    val tags = listOf(Tag(\"a\"))\n    tags.firstOrNull()?.let { println(it.name) }\n}"),
        ("javascript", "function debounce(fn, wait = 250) {\n  let timer = null;\n  return (...args) => { console.log(args === undefined); };\n}"),
        ("typescript", "export function signal<T>(initial: T) {\n  let value = initial;\n  const listeners = new Set();\n  return () => value;\n}"),
        ("typescript", "export async function retry<T>(\n  call: () => Promise<T>,\n  budget: { left: number },\n): Promise<T> {\n  const x = await call();\n}"),
        ("csharp", "public async Task<T> Load<T>(string key) where T : class\n{\n    var x = await _store.Get<T>(key);\n    return x ?? throw new KeyNotFoundException(key);\n}"),
        ("csharp", "var app = builder.Build();\napp.MapGet(\"/todos\", async (TodoDb db) =>\n    await db.Todos.ToListAsync());\napp.MapPost(\"/todos\", async (Todo todo, TodoDb db) =>\n{\n    await db.SaveChangesAsync();\n    return Results.Created($\"/todos/{todo.Id}\", todo);\n});"),
        ("ruby", "class Cache\n  attr_reader :size\n  def fetch(key)\n    @store.fetch(key) { |k| yield k }\n  end\nend"),
        ("php", "<?php\nfunction total(array $items): int\n{\n    return array_sum(array_map(fn($i) => $i->price, $items));\n}"),
        ("lua", "local M = {}\nfunction M.add(a, b)\n  if a ~= nil then return a + b end\nend\nreturn M"),
        ("elixir", "defmodule Counter do\n  use GenServer\n  def handle_call(:get, _from, n), do: {:reply, n, n}\nend"),
        ("haskell", "module Main where\nimport qualified Data.Map as Map\nmain :: IO ()\nmain = print (Map.size m)"),
    ]

    @Test("Typical code is recognised", arguments: samples)
    func guesses(sample: (String, String)) throws {
        let guess = try #require(LanguageGuesser.guess(sample.1))
        #expect(guess.language == sample.0)
        #expect(guess.confidence > 0.3)
    }

    /// Markers found where they prove nothing: `require(` as a method, SQL in a string, a
    /// Python dict that reads like JSON.
    static let misleading: [(String, String)] = [
        ("java", "public Order place(CustomerId id, List<Item> items) {\n    var product = catalog.require(item.sku());\n    throw new IllegalStateException();\n}"),
        ("php", "function page(PDO $db, int $page): array\n{\n    $stmt = $db->prepare('SELECT id FROM talks ORDER BY id LIMIT :lim');\n    return $stmt->fetchAll();\n}"),
        ("python", "def search(query, token):\n    response = get(API, params={\"q\": query},\n                   headers={\"Authorization\": f\"Bearer {token}\"})"),
        ("shell", "ops@prod:~$ kubectl get pods -n talks\nNAME       READY   STATUS\napi-7d9f   1/1     Running"),
    ]

    @Test("Markers out of place do not mislead", arguments: misleading)
    func misleadingMarkers(sample: (String, String)) throws {
        #expect(LanguageGuesser.guess(sample.1)?.language == sample.0)
    }

    @Test("Prose is no language")
    func prose() {
        #expect(LanguageGuesser.guess("Why we parse headers by hand\nZero allocations per request") == nil)
    }
}
