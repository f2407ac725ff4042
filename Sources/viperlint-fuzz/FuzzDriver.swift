// The fuzzing driver. Built two ways (no main.swift: the file is parsed as a library either way,
// and top-level statements would be refused even in an inactive `#if` branch):
// - by `Scripts/fuzz.sh` with `-sanitize=fuzzer -parse-as-library -D FUZZING`: libFuzzer owns
//   `main` and calls the target that `VIPERLINT_FUZZ_TARGET` names for every input;
// - by a plain `swift build`: a replayer, `viperlint-fuzz TARGET FILE...`, that runs saved
//   inputs through the same target (to reproduce a crash outside libFuzzer).
import Foundation
import ViperLintFuzzing

#if FUZZING
nonisolated(unsafe) let selectedTarget: ([UInt8]) -> Void = {
    let name = ProcessInfo.processInfo.environment["VIPERLINT_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTargets.all.first(where: { $0.name == name }) else {
        let names = FuzzTargets.all.map(\.name).joined(separator: ", ")
        FileHandle.standardError.write(Data("set VIPERLINT_FUZZ_TARGET to one of: \(names)\n".utf8))
        exit(2)
    }
    return target.run
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    selectedTarget(bytes)
    return 0
}

/// libFuzzer's documented entry for programs that own `main`.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// SwiftPM links an executable's `main` to `<module>_main` (so tests can import it); with no
/// `@main` here, that symbol hands control to libFuzzer.
@_cdecl("viperlint_fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments, fuzzOneInput)
}
#else
/// The replayer: runs saved inputs through a target, outside libFuzzer.
@main
enum FuzzReplayer {
    static func main() throws {
        let arguments = CommandLine.arguments.dropFirst()
        guard let name = arguments.first, let target = FuzzTargets.all.first(where: { $0.name == name }) else {
            let names = FuzzTargets.all.map(\.name).joined(separator: "|")
            FileHandle.standardError.write(Data("usage: viperlint-fuzz \(names) FILE...\n".utf8))
            exit(64)
        }
        for path in arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("cannot read \(path)\n".utf8))
                exit(2)
            }
            target.run([UInt8](data))
            print("ok \(path)")
        }
    }
}
#endif
