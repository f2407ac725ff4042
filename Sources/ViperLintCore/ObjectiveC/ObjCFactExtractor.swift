/// Turns one Objective-C file (`.h`, `.m`) into the same `FileFacts` the Swift extractor makes,
/// so every rule, the index and every report read both languages alike:
///
/// - `#import <UIKit/UIKit.h>` and `@import UIKit;` import `UIKit`; `#import "Other.h"` of a
///   project header is not an import (its types count where they are used);
/// - `@interface` is a class, `@protocol` a protocol (class-bound, as every Objective-C one),
///   `@implementation`, class extensions and categories are extensions of their class;
/// - `@property` and instance variables are stored properties, `weak` / `assign` /
///   `unsafe_unretained` (`__weak`, `__unsafe_unretained`) making them non-owning (ARC rules);
/// - `[[HomeRouter alloc] init]` and `[HomeRouter new]` instantiate, `[NSUserDefaults
///   standardUserDefaults]` is a static access and the call `NSUserDefaults.standardUserDefaults`,
///   selectors keep their first piece as the name and the others as argument labels
///   (`pushViewController:animated:` is `pushViewController(_:animated:)`).
struct ObjCFactExtractor: Sendable {
    let parser: ObjCParser
    /// File names of the project's headers: a quoted import of one is the project's own code.
    let projectHeaders: Set<String>

    func facts(path: String, clangPath: String, text: String) -> Result<FileFacts, ObjCParser.Failure> {
        parser.parse(path: clangPath, text: text).map { translation in
            var builder = ObjCFactBuilder(path: path, text: text, projectHeaders: projectHeaders)
            translation.nodes.forEach { builder.topLevel($0) }
            builder.facts.imports += ObjCModuleImports.find(in: text)
            builder.facts.imports.sort { $0.position < $1.position }
            builder.facts.parseError = translation.parseError
            builder.facts.suppressions = SuppressionComments.parse(text)
            builder.facts.licenseHeader = ForeignCode.licenseHeader(in: text)
            builder.facts.lineCount = SourceLines.split(text).count
            return builder.facts
        }
    }
}

/// `@import UIKit;` lines. Read from the text: clang drops the declaration of a module it
/// cannot find, and no module is ever found here (no SDK is searched).
enum ObjCModuleImports {
    static func find(in text: String) -> [ImportFact] {
        guard ByteSearch.contains(text, "@import") else { return [] }
        var result: [ImportFact] = []
        for (offset, line) in SourceLines.split(text).enumerated() {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("@import") else { continue }
            let rest = trimmed.dropFirst("@import".count)
            guard rest.first == " " || rest.first == "\t" else { continue }
            let name = rest.drop { $0 == " " || $0 == "\t" }.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
            let path = name.split(separator: ".").map(String.init)
            guard !path.isEmpty else { continue }
            let column = line.utf8.count - trimmed.utf8.count + 1
            result.append(ImportFact(path: path, position: SourcePosition(line: offset + 1, column: column)))
        }
        return result
    }
}
