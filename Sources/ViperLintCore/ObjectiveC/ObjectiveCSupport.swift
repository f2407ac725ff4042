import Foundation

/// How a run reads Objective-C files (`.h`, `.m`).
public enum ObjectiveCSupport: Sendable {
    /// Parsed with this libclang.
    case libclang(Libclang)
    /// Parsed with the first libclang the locator finds, looked for only when the project has
    /// Objective-C files (a Swift-only run never opens libclang).
    case search(LibclangLocator)
    /// Not parsed; the reason ends the note that says so (`no libclang was found`).
    case off(reason: String)

    /// The default: the usual places.
    public static var standard: ObjectiveCSupport { .search(.standard()) }

    /// `.search` resolved: a libclang, or off with the reason.
    func resolved() -> ObjectiveCSupport {
        guard case let .search(locator) = self else { return self }
        if let clang = locator.find() { return .libclang(clang) }
        return .off(reason: "no libclang was found (looked in the Swift toolchain's, Xcode's and the llvm folders)")
    }

    /// The note printed once when a run skipped Objective-C files.
    public func note(skippedFiles count: Int) -> String? {
        guard count > 0, case let .off(reason) = self else { return nil }
        let files = count == 1 ? "1 Objective-C file (.h, .m) was" : "\(count) Objective-C files (.h, .m) were"
        return "\(files) not analyzed: \(reason). Objective-C is read with libclang, loaded at run time: "
            + "install it (Debian/Ubuntu: apt-get install libclang-dev; it also comes with the Swift toolchain and with Xcode) "
            + "or pass --libclang PATH."
    }
}

/// Which language a source file is in, by its extension.
public enum SourceLanguage: Sendable, Equatable {
    case swift
    case objectiveC

    /// The extensions viperlint reads: `.swift`, `.h`, `.m`.
    public static let extensions = [".swift", ".h", ".m"]

    public init?(path: String) {
        if path.hasSuffix(".swift") {
            self = .swift
        } else if path.hasSuffix(".h") || path.hasSuffix(".m") {
            self = .objectiveC
        } else {
            return nil
        }
    }

    /// The file name without its source extension.
    public static func baseName(_ fileName: String) -> String {
        for suffix in extensions where fileName.hasSuffix(suffix) && fileName.count > suffix.count {
            return String(fileName.dropLast(suffix.count))
        }
        return fileName
    }
}
