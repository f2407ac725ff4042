import CLibclang
import Foundation

/// An Objective-C file as libclang understood it: the main file's cursors and, when the file
/// has a syntax error of its own, the first one.
struct ObjCTranslation: Sendable {
    var nodes: [ClangNode]
    var parseError: ParseErrorFact?
}

/// Parses one `.h` or `.m` file with libclang, tolerating everything a Linux machine (or any
/// machine without the app's SDK) lacks: missing headers are skipped (`KeepGoing`), and names
/// clang could not resolve are declared as stubs for a second parse, so that a property typed
/// `UIViewController<HomeViewInput> *` keeps its type and `[[DetailRouter alloc] init]` its
/// class even though UIKit was never read.
struct ObjCParser: Sendable {
    let clang: Libclang
    /// `arguments`, then the folders of the project's headers (searched for `#import "…"`
    /// like Xcode's header maps): the same for every file of a run, so built once.
    let commandLine: [String]

    init(clang: Libclang, headerFolders: [String]) {
        self.clang = clang
        commandLine = Self.arguments + headerFolders.flatMap { ["-I", $0] }
    }

    /// The same on every machine: an iOS target (ARC-era runtime, blocks), no system headers,
    /// no typo correction (unknown names are expected, and correcting each one is slow).
    static let arguments = [
        // The simulator target: the same language as a device build, with far fewer builtin
        // vector types for clang to set up on every parse than arm64.
        "-x", "objective-c", "-target", "x86_64-apple-ios15.0-simulator", "-nostdinc", "-fobjc-weak",
        "-ferror-limit=0", "-fno-spell-checking", "-Wno-everything", "-include", ObjCPrelude.path,
    ]
    /// A name's stub can reveal another unknown name; a few rounds settle any real file.
    static let maximumPasses = 4

    enum Failure: Error { case clang(Int32) }

    func parse(path: String, text: String) -> Result<ObjCTranslation, Failure> {
        var classes: Set<String> = []
        var protocols: Set<String> = []
        for pass in 1...Self.maximumPasses {
            let prelude = ObjCPrelude.text(classes: classes, protocols: protocols)
            let outcome = withTranslationUnit(path: path, text: text, prelude: prelude) { unit -> (ObjCTranslation?, Set<String>, Set<String>) in
                let diagnostics = Diagnostics(clang: clang, unit: unit, mainText: text)
                let newClasses = diagnostics.unknownClasses.subtracting(classes)
                let newProtocols = diagnostics.unknownProtocols.subtracting(protocols)
                if (newClasses.isEmpty && newProtocols.isEmpty) || pass == Self.maximumPasses {
                    return (ObjCTranslation(nodes: ClangTreeBuilder(clang: clang).build(unit),
                                            parseError: diagnostics.firstSyntaxError), [], [])
                }
                return (nil, newClasses, newProtocols)
            }
            switch outcome {
            case let .failure(failure):
                return .failure(failure)
            case let .success((translation, newClasses, newProtocols)):
                if let translation { return .success(translation) }
                classes.formUnion(newClasses)
                protocols.formUnion(newProtocols)
            }
        }
        preconditionFailure("the last pass always returns")
    }

    private func withTranslationUnit<T>(path: String, text: String, prelude: String,
                                        _ body: (VLTranslationUnit) -> T) -> Result<T, Failure> {
        let api = clang.api
        let index = api.createIndex(0, 0)
        defer { api.disposeIndex(index) }
        var unit: VLTranslationUnit?
        let options = UInt32(VLTranslationUnit_DetailedPreprocessingRecord | VLTranslationUnit_KeepGoing)
        let status: Int32 = withCStrings(commandLine) { argv in
            withCStrings([path, text, ObjCPrelude.path, prelude]) { strings in
                var unsaved = [
                    VLUnsavedFile(Filename: strings[0], Contents: strings[1], Length: UInt(text.utf8.count)),
                    VLUnsavedFile(Filename: strings[2], Contents: strings[3], Length: UInt(prelude.utf8.count)),
                ]
                return api.parseTranslationUnit2(index, strings[0], argv, Int32(argv.count), &unsaved, 2, options, &unit)
            }
        }
        guard status == 0, let unit else { return .failure(.clang(status)) }
        defer { api.disposeTranslationUnit(unit) }
        return .success(body(unit))
    }
}

/// Runs `body` with C copies of the strings, kept alive for the call.
private func withCStrings<T>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> T) -> T {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    return body(copies.map { UnsafePointer($0) })
}

/// The error diagnostics of a parse, read for what they say about unknown names and syntax.
private struct Diagnostics {
    var unknownClasses: Set<String> = []
    var unknownProtocols: Set<String> = []
    var firstSyntaxError: ParseErrorFact?

    init(clang: Libclang, unit: VLTranslationUnit, mainText: String) {
        let api = clang.api
        // Files read for `expected a type` (the main file's text included), each once.
        var fileTexts: [String: [UInt8]] = [:]
        lazy var mainBytes = Array(mainText.utf8)
        for index in 0..<api.getNumDiagnostics(unit) {
            guard let diagnostic = api.getDiagnostic(unit, index) else { continue }
            defer { api.disposeDiagnostic(diagnostic) }
            guard api.getDiagnosticSeverity(diagnostic) >= Int32(VLDiagnostic_Error) else { continue }
            let message = clang.take(api.getDiagnosticSpelling(diagnostic))
            let location = api.getDiagnosticLocation(diagnostic)
            let inMainFile = api.locationIsFromMainFile(location) != 0
            if let (name, isProtocol) = Self.unknownName(in: message) {
                if isProtocol { unknownProtocols.insert(name) } else { unknownClasses.insert(name) }
            } else if message == "expected a type" {
                // Clang does not name the word; it is the identifier at the location.
                var file: VLFile?
                var offset: UInt32 = 0
                api.getExpansionLocation(location, &file, nil, nil, &offset)
                let bytes: [UInt8]
                if inMainFile {
                    bytes = mainBytes
                } else if let file {
                    let name = clang.take(api.getFileName(file))
                    bytes = fileTexts[name] ?? (FileManager.default.contents(atPath: name).map { Array($0) } ?? [])
                    fileTexts[name] = bytes
                } else {
                    bytes = []
                }
                if let word = Self.identifier(in: bytes, at: Int(offset)) { unknownClasses.insert(word) }
            }
            let category = clang.take(api.getDiagnosticCategoryText(diagnostic))
            if firstSyntaxError == nil, inMainFile, Self.isSyntaxError(message: message, category: category) {
                firstSyntaxError = ParseErrorFact(message: message,
                                                  position: ClangTreeBuilder.position(location, api: api))
            }
        }
    }

    /// `unknown type name 'UIButton'` and the other ways clang says it has never seen a name.
    static func unknownName(in message: String) -> (String, isProtocol: Bool)? {
        let patterns: [(String, Bool, Bool)] = [
            // (prefix, is a protocol, only capitalised names: lower-case ones are variables)
            ("unknown type name '", false, false),
            ("cannot find interface declaration for '", false, false),
            ("use of undeclared identifier '", false, true),
            ("unknown receiver '", false, true),
            ("cannot find protocol declaration for '", true, false),
            ("no type or protocol named '", true, false),
        ]
        for (prefix, isProtocol, capitalisedOnly) in patterns where message.hasPrefix(prefix) {
            let name = message.dropFirst(prefix.count).prefix { $0 != "'" }
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
            if capitalisedOnly, name.first?.isUppercase != true { return nil }
            return (String(name), isProtocol)
        }
        return nil
    }

    /// Errors in the file's own syntax, not in what it could not find.
    static func isSyntaxError(message: String, category: String) -> Bool {
        guard category == "Parse Issue" || category == "Lexical or Preprocessor Issue" else { return false }
        return !message.hasSuffix("file not found") && !message.contains("module") && !message.contains("@import")
            && message != "expected a type"
    }

    static func identifier(in bytes: [UInt8], at offset: Int) -> String? {
        guard offset < bytes.count else { return nil }
        let isWord = { (byte: UInt8) in byte == 0x5F || (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
        var end = offset
        while end < bytes.count, isWord(bytes[end]) { end += 1 }
        guard end > offset, !(0x30...0x39).contains(bytes[offset]) else { return nil }
        return String(decoding: bytes[offset..<end], as: UTF8.self)
    }
}
