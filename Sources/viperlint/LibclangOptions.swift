import ArgumentParser
import Foundation
import ViperLintCore

/// `--libclang`: which libclang reads the Objective-C files, shared by every command that
/// indexes a project.
struct LibclangOptions: ParsableArguments {
    static let environmentVariable = "VIPERLINT_LIBCLANG"

    @Option(name: .long, help: ArgumentHelp(
        "libclang to read Objective-C (.h, .m) with: the library file or a folder holding it; 'none' to leave those files out.",
        discussion: "Default: $VIPERLINT_LIBCLANG, else the first found in the Swift toolchain, Xcode, Homebrew's or the distribution's llvm.",
        valueName: "PATH"))
    var libclang: String?

    /// The support to use; an explicit path that cannot be opened is an error (exit code 2).
    func support(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> ObjectiveCSupport {
        let fromEnvironment = environment[Self.environmentVariable].flatMap { $0.isEmpty ? nil : $0 }
        guard let value = libclang ?? fromEnvironment else { return .standard }
        let origin = libclang != nil ? "--libclang " : "\(Self.environmentVariable)="
        if value == "none" { return .off(reason: "Objective-C was turned off (\(origin)none)") }
        return try Console.failingWithExitCode2 { .libclang(try LibclangLocator.open(explicit: value)) }
    }
}
