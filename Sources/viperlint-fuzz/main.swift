// The fuzzing driver. Built two ways:
// - by `Scripts/fuzz.sh` with `-sanitize=fuzzer -parse-as-library -D FUZZING`: libFuzzer owns
//   `main` and calls the target that `VIPERLINT_FUZZ_TARGET` names for every input;
// - by a plain `swift build`: a replayer, `viperlint-fuzz TARGET FILE...`, that runs saved
//   inputs through the same target (to reproduce a crash outside libFuzzer), and
//   `viperlint-fuzz cache-seeds FOLDER SWIFTFILE...`, which writes seed inputs for `cache`.
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
#else
let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "cache-seeds", arguments.count >= 2 {
    let folder = URL(fileURLWithPath: arguments[arguments.startIndex + 1])
    for (index, path) in arguments.dropFirst(2).enumerated() {
        guard let data = FileManager.default.contents(atPath: path) else { continue }
        let seed = FuzzTargets.cacheSeed(path: path, source: String(decoding: data, as: UTF8.self))
        try Data(seed).write(to: folder.appendingPathComponent("seed-\(index)"))
    }
    exit(0)
}
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
#endif
