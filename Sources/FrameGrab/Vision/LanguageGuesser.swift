/// Guesses which programming language a code region is in, from tokens that are typical of
/// each: keywords, operators and idioms weighted by how telling they are.
enum LanguageGuesser {
    struct Guess: Equatable {
        var language: String
        /// 0...1: the winner's share of the evidence, lowered when there is little of it.
        var confidence: Double
    }

    /// Substrings that count as evidence, with weights. Word-like markers match whole words.
    private static let markers: [String: [(String, Double)]] = [
        "swift": [("func", 2), ("let", 1), ("var", 1), ("guard", 3), ("->", 1), ("import Foundation", 4), ("import SwiftUI", 4),
                  ("struct", 1), ("extension", 2), ("@MainActor", 4), ("async throws", 3), ("actor", 2), ("?.", 1),
                  ("if let", 3), ("nil", 1), ("private var", 2), ("@State", 4), ("protocol", 2), ("init(", 1), ("self.", 1)],
        "python": [("def", 3), ("import", 1), ("from", 1), ("self", 1), ("elif", 4), ("None", 2), ("True", 1), ("False", 1),
                   ("print(", 1), ("\"\"\"", 3), ("__init__", 4), ("lambda", 2), ("except", 3), ("raise", 2), ("in range(", 4),
                   ("f\"", 2), ("with open", 3), ("async def", 3), ("pass", 1), ("#", 0.5)],
        "c": [("#include", 4), ("int", 1), ("char", 2), ("void", 2), ("NULL", 3), ("->", 1), ("printf", 3), ("malloc", 4),
              ("sizeof", 3), ("struct", 1), ("const char *", 4), ("return 0;", 2), ("unsigned", 2), ("/*", 1)],
        "cpp": [("std::", 4), ("#include", 2), ("template<", 4), ("nullptr", 4), ("auto", 1), ("::", 1), ("const&", 3),
                ("namespace", 2), ("cout", 3), ("vector<", 3), ("class", 1), ("public:", 4), ("private:", 4), ("override", 1)],
        "go": [("func", 2), ("package", 4), (":=", 4), ("err != nil", 5), ("fmt.", 4), ("go func", 4), ("chan", 3),
               ("defer", 2), ("range", 1), ("struct {", 2), ("interface{}", 4), ("import (", 4), ("nil", 1)],
        "rust": [("fn", 3), ("let mut", 4), ("impl", 3), ("pub", 2), ("->", 1), ("::", 1), ("match", 2), ("Some(", 3),
                 ("Ok(", 2), ("&mut", 4), ("println!", 5), ("#[derive", 5), ("use std::", 5), ("Vec<", 3), ("&str", 4),
                 ("unwrap()", 3), ("mod", 1), ("crate::", 4), ("Result<", 2), ("=>", 1)],
        "javascript": [("function", 3), ("const", 2), ("let", 1), ("=>", 2), ("===", 4), ("console.log", 4), ("document.", 4),
                       ("async", 1), ("await", 1), ("require(", 4), ("export", 1), ("undefined", 3), ("null", 1), ("window.", 3),
                       ("throw new", 1), ("import {", 1)],
        // What only TypeScript has: with JavaScript's evidence it makes TypeScript (see `guess`).
        "typescript": [("interface", 2), (": string", 4), (": number", 4), (": boolean", 4), ("Promise<", 3), ("readonly", 3),
                       ("as const", 4), (": void", 3), (": () =>", 4)],
        "java": [("public class", 5), ("private", 1), ("public", 1), ("static void", 4), ("System.out", 5), ("@Override", 4),
                 ("new", 1), ("String", 1), ("final", 2), ("void", 1), ("import java.", 5), ("throws", 1), ("extends", 1),
                 ("throw new", 2), ("List<", 2), ("long", 1), ("boolean", 2), (".stream()", 4), ("Optional<", 3), ("private final", 4)],
        "kotlin": [("fun", 4), ("val", 2), ("var", 1), ("?.let", 5), ("data class", 5), ("override fun", 5), ("it.", 2),
                   ("when (", 3), ("listOf(", 4), ("mapOf(", 4), ("suspend", 3), ("println(", 1), ("object", 1)],
        "shell": [("$ ", 2), ("#!/bin/", 5), ("sudo", 3), ("cd ", 2), ("ls", 1), ("git ", 3), ("echo", 2), ("export", 1),
                  ("| grep", 4), ("&&", 1), ("fi", 3), ("done", 2), ("then", 2), ("$(", 3), ("--", 0.5), ("apt", 3),
                  ("total", 1), ("drwx", 5), ("-rw-", 5), ("~/", 3), ("curl", 3), ("make", 1), (":~", 3), ("kubectl", 3),
                  ("docker", 3), ("ssh", 2)],
        "json": [("\": ", 3), ("\":", 2), ("{", 0.5), ("}", 0.5), ("true", 1), ("false", 1), ("null", 1)],
        "yaml": [(": ", 1), ("- ", 1), ("---", 3), ("name:", 2), ("version:", 2), ("image:", 3), ("runs-on:", 5), ("steps:", 4),
                 ("uses:", 5), ("apiVersion:", 5), ("kind:", 2), ("spec:", 3), ("env:", 2)],
        "sql": [("SELECT", 5), ("FROM", 4), ("WHERE", 4), ("JOIN", 4), ("INSERT", 4), ("CREATE TABLE", 5), ("GROUP BY", 5),
                ("ORDER BY", 5), ("UPDATE", 2), ("VALUES", 3), ("LIMIT", 2), ("COUNT(", 3), ("AND", 1), ("AS", 1)],
        "csharp": [("using System", 5), ("namespace", 2), ("public class", 2), ("Console.WriteLine", 5), ("async Task", 5),
                   ("var", 1), ("=>", 1), ("string", 1), ("{ get; set; }", 5), ("public", 1), ("await", 1), ("LINQ", 1),
                   ("$\"", 3)],
        "scala": [("def", 2), ("val", 2), ("object", 2), ("case class", 5), ("extends", 1), ("=>", 1), ("implicit", 4),
                  ("trait", 3), ("Option[", 4), ("List[", 3), ("match {", 4), ("import scala", 5)],
        "ruby": [("def", 2), ("end", 3), ("require", 3), ("module", 2), ("attr_reader", 5), ("do |", 5), ("elsif", 5),
                 ("unless", 3), ("puts", 3), ("nil", 1), ("@", 1), ("#{", 3), (".each", 2), ("rescue", 4), ("=>", 1),
                 ("describe", 2), ("it \"", 3), ("freeze", 3)],
        "php": [("<?php", 6), ("$this->", 5), ("function", 2), ("public function", 4), ("namespace", 2), ("use", 1),
                ("echo", 2), ("=>", 1), ("::", 1), ("array(", 3), ("declare(strict_types", 5), ("->", 1)],
        "lua": [("local", 4), ("function", 2), ("end", 3), ("then", 2), ("elseif", 5), ("nil", 1), ("~=", 5), ("..", 2),
                ("pairs(", 4), ("ipairs(", 5), ("require", 2), ("return M", 5), ("--", 0.5)],
        "elixir": [("defmodule", 6), ("def", 2), ("defp", 5), ("do", 1), ("end", 3), ("|>", 5), ("%{", 4), ("fn", 2),
                   ("->", 1), (":ok", 4), ("{:ok", 4), ("@impl", 5), ("GenServer", 4), ("Enum.", 4), ("IO.puts", 4)],
        "haskell": [("::", 2), ("->", 1), ("where", 3), ("import qualified", 6), ("module", 2), ("data", 2), ("newtype", 5),
                    ("instance", 3), ("deriving", 5), ("let", 1), ("<$>", 5), ("Maybe", 2), ("Just", 3), ("{-#", 5), ("otherwise", 4)],
    ]

    /// Evidence no substring shows, with weights.
    private static let idioms: [String: [(weight: Double, isFound: @Sendable (String) -> Bool)]] = [
        "php": [(5, callsMethodOnVariable)],
        "typescript": [(4, declaresGenericFunction)],
        // .NET names its awaitable methods `…Async` (`SaveChangesAsync()`), inside a name.
        "csharp": [(2, { $0.contains("Async(") })],
    ]

    static func guess(_ text: String) -> Guess? {
        let words = Set(text.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" && $0 != "#" && $0 != "@" }).map(String.init))
        // SQL in a string literal is data of the program around it, not the program.
        let unquoted = withoutStrings(text)
        let unquotedWords = Set(unquoted.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).map(String.init))
        let document = text.drop { $0.isWhitespace }
        var scores: [(String, Double)] = []
        for (language, evidence) in markers {
            // A JSON document opens with a bracket.
            if language == "json" && !(document.hasPrefix("{") || document.hasPrefix("[")) { continue }
            var score = 0.0
            for (marker, weight) in evidence {
                let isWord = marker.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "#" || $0 == "@" }
                let found = language == "sql"
                    ? (isWord ? unquotedWords.contains(marker) : contains(unquoted, marker))
                    : (isWord ? words.contains(marker) : contains(text, marker))
                if found { score += weight }
            }
            for idiom in idioms[language] ?? [] where idiom.isFound(text) { score += idiom.weight }
            scores.append((language, score))
        }
        scores.sort { $0.1 > $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }
        // TypeScript is JavaScript with types: JavaScript that shows types is TypeScript.
        let typed = scores.contains { $0.0 == "typescript" && $0.1 > 0 }
        if typed, let javaScript = scores.firstIndex(where: { $0.0 == "javascript" }), javaScript == 0 {
            scores.removeAll { $0.0 == "typescript" }
            scores[0].0 = "typescript"
        }
        guard let best = scores.first, best.1 >= 3 else { return nil }
        let runnerUp = scores.count > 1 ? scores[1].1 : 0
        // The share of the two strongest, damped while evidence is thin.
        let share = best.1 / (best.1 + runnerUp)
        let amount = min(1, best.1 / 12)
        return Guess(language: best.0, confidence: (share * amount * 1000).rounded() / 1000)
    }

    /// Whether `marker` occurs in `text`; one that starts with a letter (`require(`) must start
    /// a name there, not end one (`catalog.require(`).
    private static func contains(_ text: String, _ marker: String) -> Bool {
        guard let first = marker.first, first.isLetter else { return text.contains(marker) }
        var rest = Substring(text)
        while let range = rest.range(of: marker) {
            let before = range.lowerBound > text.startIndex ? text[text.index(before: range.lowerBound)] : " "
            if !(before.isLetter || before.isNumber || before == "_" || before == ".") { return true }
            rest = text[range.upperBound...]
        }
        return false
    }

    /// PHP's `$stmt->execute()`: a method called on a `$variable`.
    private static func callsMethodOnVariable(_ text: String) -> Bool {
        text.split(separator: "$").dropFirst().contains { after in
            let name = after.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            return !name.isEmpty && after.dropFirst(name.count).hasPrefix("->")
        }
    }

    /// TypeScript's `function name<T>(`: JavaScript functions take no type parameters.
    private static func declaresGenericFunction(_ text: String) -> Bool {
        text.components(separatedBy: "function ").dropFirst().contains { after in
            let name = after.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }
            return !name.isEmpty && after.dropFirst(name.count).hasPrefix("<")
        }
    }

    /// The text with what is between quotes on a line left out.
    private static func withoutStrings(_ text: String) -> String {
        var result = ""
        var quote: Character?
        for character in text {
            if character == "\n" { quote = nil }
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else {
                result.append(character)
            }
        }
        return result
    }
}
