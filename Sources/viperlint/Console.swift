import ArgumentParser
import Foundation

/// Standard error output and the documented exit codes.
enum Console {
    /// Violations were found.
    static let violations = ExitCode(1)
    /// viperlint could not do what was asked.
    static let failure = ExitCode(2)

    static func error(_ message: String) {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    }

    /// Information for the person running the command, on standard error so reports on
    /// standard output stay clean.
    static func note(_ message: String) {
        FileHandle.standardError.write(Data("\(message)\n".utf8))
    }

    static func warning(_ message: String) {
        FileHandle.standardError.write(Data("warning: \(message)\n".utf8))
    }

    /// Writes to standard output; a closed pipe (`viperlint lint | head -1`) ends quietly.
    static func output(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Runs `body`; an error the user can fix is printed and becomes exit code 2.
    static func failingWithExitCode2<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as LocalizedError {
            self.error(error.errorDescription ?? "\(error)")
            throw failure
        }
    }
}
