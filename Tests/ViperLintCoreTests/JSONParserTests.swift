import Testing
@testable import ViperLintCore

@Suite struct JSONParserTests {
    @Test func parsesEveryKindOfValueWithPositions() throws {
        let document = try JSONParser.parse("{\n  \"a\": [1, -2.5e1, true, false, null],\n  \"b\": \"x\\u00e9\\n\\ud83d\\ude00\"\n}")
        guard case let .object(members) = document.value else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["a", "b"])
        #expect(members[0].keyPosition == SourcePosition(line: 2, column: 3))
        #expect(members[1].value.value == .string("xé\n😀"))
        guard case let .array(elements) = members[0].value.value else { Issue.record("not an array"); return }
        #expect(elements.map(\.value) == [.number(1), .number(-25), .bool(true), .bool(false), .null])
        #expect(elements[1].position == SourcePosition(line: 2, column: 12))
    }

    @Test(arguments: [
        ("", "unexpected end of file, expected a value"),
        ("{\"a\" 1}", "expected ':' after the key \"a\""),
        ("[1 2]", "expected ',' or ']' after a value"),
        ("\"open", "unterminated string"),
        ("// comment\n{}", "comments are not allowed in JSON"),
        ("{} x", "unexpected text after the end of the JSON document"),
        ("01x", "unexpected text after the end of the JSON document"),
        ("\"\\q\"", "invalid escape '\\q' in string"),
        ("-", "invalid number"),
        ("not json", "unexpected text 'not', expected a JSON value"),
    ])
    func rejectsInvalidJSON(_ text: String, _ message: String) {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(text) }
        do {
            _ = try JSONParser.parse(text)
        } catch {
            #expect(error.message == message)
        }
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(deep) }
    }
}
