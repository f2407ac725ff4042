import Foundation

/// Where viperlint looks for libclang, in order: an explicit path (`--libclang`, or the
/// `VIPERLINT_LIBCLANG` environment variable), the Swift toolchain that `swift` on `PATH`
/// belongs to, the selected Xcode's, the Command Line Tools' and Homebrew's llvm on macOS,
/// then Debian's and other distributions' llvm folders, newest version first.
public struct LibclangLocator: Sendable {
    /// Candidate files, in the order they are tried.
    public var candidates: [String]

    public init(candidates: [String]) {
        self.candidates = candidates
    }

    /// The usual places on this machine.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> LibclangLocator {
        #if os(macOS)
        let names = ["libclang.dylib"]
        #else
        let names = ["libclang.so", "libclang.so.1"]
        #endif
        var folders: [String] = []
        // The toolchain of the `swift` in PATH: <toolchain>/usr/bin/swift -> <toolchain>/usr/lib.
        for directory in (environment["PATH"] ?? "").split(separator: ":").map(String.init) where !directory.isEmpty {
            let swift = URL(fileURLWithPath: directory).appendingPathComponent("swift")
            guard FileManager.default.isExecutableFile(atPath: swift.path) else { continue }
            folders.append(swift.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("lib").path)
            break
        }
        #if os(macOS)
        // The selected Xcode (`xcode-select -s`, or DEVELOPER_DIR), then the usual installs.
        for developer in [environment["DEVELOPER_DIR"], "/var/db/xcode_select_link"].compactMap({ $0 }) {
            let resolved = URL(fileURLWithPath: developer).resolvingSymlinksInPath()
            folders.append(resolved.appendingPathComponent("Toolchains/XcodeDefault.xctoolchain/usr/lib").path)
            folders.append(resolved.appendingPathComponent("usr/lib").path)
        }
        folders += [
            "/Applications/Xcode.app/Contents/Developer/Toolchains/XcodeDefault.xctoolchain/usr/lib",
            "/Library/Developer/CommandLineTools/usr/lib",
            "/opt/homebrew/opt/llvm/lib",
            "/usr/local/opt/llvm/lib",
        ]
        #else
        folders += ["/opt/swift/usr/lib", "/usr/share/swift/usr/lib"]
        folders += versionedLLVMFolders(in: "/usr/lib", prefix: "llvm-")
        folders += versionedLLVMFolders(in: "/usr/lib64", prefix: "llvm")
        folders += ["/usr/lib/llvm/lib", "/usr/lib64", "/usr/lib", "/usr/local/lib"]
        #endif
        var seen: Set<String> = []
        let candidates = folders.flatMap { folder in names.map { folder + "/" + $0 } }.filter { seen.insert($0).inserted }
        return LibclangLocator(candidates: candidates)
    }

    /// `llvm-14`, `llvm-19`… sorted newest first by their number.
    static func versionedLLVMFolders(in parent: String, prefix: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []
        return names.compactMap { name -> (Int, String)? in
            guard name.hasPrefix(prefix), let version = Int(name.dropFirst(prefix.count)) else { return nil }
            return (version, "\(parent)/\(name)/lib")
        }.sorted { $0.0 > $1.0 }.map(\.1)
    }

    /// The first candidate that exists and opens as libclang; nil when none does.
    public func find() -> Libclang? {
        for candidate in candidates where FileManager.default.fileExists(atPath: candidate) {
            if let library = try? Libclang(path: candidate) { return library }
        }
        return nil
    }

    /// Opens an explicit path: a libclang file, or a folder holding one.
    public static func open(explicit path: String) throws -> Libclang {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw Libclang.LoadError(path: path, reason: "no such file or folder")
        }
        guard isDirectory.boolValue else { return try Libclang(path: path) }
        for name in ["libclang.dylib", "libclang.so", "libclang.so.1"] {
            let file = URL(fileURLWithPath: path).appendingPathComponent(name).path
            if FileManager.default.fileExists(atPath: file) { return try Libclang(path: file) }
        }
        throw Libclang.LoadError(path: path, reason: "the folder holds no libclang.so, libclang.so.1 or libclang.dylib")
    }
}
