import CLibclang
import Foundation

/// libclang, opened at run time: viperlint builds and runs without it and reads Objective-C
/// only when one is found (`LibclangLocator`). One instance per process is enough; it is
/// never closed (libclang keeps global state that outlives its translation units).
public final class Libclang: @unchecked Sendable {
    // Sendable: the table is written once in `init` and only read afterwards; libclang is
    // safe to call from several threads as long as each uses its own index.
    let api: VLClangAPI
    /// The file opened.
    public let path: String
    /// `clang version 21.0.0 (…)`, as libclang says it.
    public let version: String

    /// Why a libclang could not be used.
    public struct LoadError: Error, LocalizedError, CustomStringConvertible, Sendable {
        public let path: String
        public let reason: String
        public var description: String { "cannot use libclang at \(path): \(reason)" }
        public var errorDescription: String? { description }
    }

    public init(path: String) throws {
        var table = VLClangAPI()
        var handle: UnsafeMutableRawPointer?
        var error = [CChar](repeating: 0, count: 1024)
        guard vl_clang_open(path, &table, &handle, &error, error.count) == 0 else {
            throw LoadError(path: path, reason: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        api = table
        self.path = path
        let text = table.getClangVersion()
        version = Self.take(text, api: table)
    }

    /// The string's text; the libclang string is disposed.
    static func take(_ string: VLString, api: VLClangAPI) -> String {
        defer { api.disposeString(string) }
        guard let pointer = api.getCString(string) else { return "" }
        return String(cString: pointer)
    }

    func take(_ string: VLString) -> String { Self.take(string, api: api) }
}
