import Foundation
import Testing
@testable import ViperLintCore
import ViperLintFuzzing

/// Replays every input the fuzzers ever found a crash with (`Tests/FuzzRegressions/TARGET/`),
/// and checks the fuzz targets exercise what they claim to.
@Suite struct FuzzRegressionTests {
    static let folder = Paths.packageRoot.appendingPathComponent("Tests/FuzzRegressions")

    static let inputs: [String] = FuzzTargets.all.flatMap { target -> [String] in
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(target.name).path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { "\(target.name)/\($0)" }
    }

    @Test(arguments: inputs)
    func savedInputDoesNotCrash(_ input: String) throws {
        let name = String(input.split(separator: "/")[0])
        let target = try #require(FuzzTargets.all.first { $0.name == name })
        let data = try Data(contentsOf: Self.folder.appendingPathComponent(input))
        // A crash ends the test process: the failure is the crash itself, named by the argument.
        target.run([UInt8](data))
    }

    @Test func lintTargetCutsTheInputIntoAProject() {
        let input = "import UIKit\n//--\nimport UIKit\nfinal class HomePresenter {}\n//--\nimport UIKit\n"
        let result = FuzzTargets.lint(Array(input.utf8))
        #expect(result.index.files.map(\.path) == ["Modules/Home/HomeInteractor.swift", "Modules/Home/HomePresenter.swift", "Modules/Home/HomeView.swift"])
        #expect(result.violations.filter { $0.rule == "forbidden-import" }.map(\.file) == ["Modules/Home/HomeInteractor.swift", "Modules/Home/HomePresenter.swift"])
    }

    @Test(.enabled(if: Libclangs.any))
    func objectiveCTargetCutsTheInputIntoAModule() throws {
        let input = "@interface HomeInteractor : NSObject\n@end\n//--\n#import <UIKit/UIKit.h>\n@implementation HomeInteractor\n@end\n"
        let result = try #require(FuzzTargets.objectiveC(Array(input.utf8)))
        #expect(result.index.files.map(\.path) == ["Modules/Home/HomePresenter.h", "Modules/Home/HomePresenter.m"])
        #expect(result.violations.map { "\($0.rule) \($0.file):\($0.line)" } == ["forbidden-import Modules/Home/HomePresenter.m:1"])
    }

    @Test func configurationTargetLintsWithADecodedConfiguration() throws {
        #expect(FuzzTargets.configuration(Array("{ \"version\": 1, \"rules\": { \"forbidden-import\": \"off\" } }".utf8)) != nil)
        let strict = try #require(FuzzTargets.configuration(Array("{ \"version\": 1 }".utf8)))
        let relaxed = try #require(FuzzTargets.configuration(Array("{ \"version\": 1, \"rules\": { \"forbidden-import\": \"off\" } }".utf8)))
        #expect(strict.violations.contains { $0.rule == "forbidden-import" })
        #expect(!relaxed.violations.contains { $0.rule == "forbidden-import" })
        #expect(FuzzTargets.configuration(Array("{ \"version\": ".utf8)) == nil)
    }

    @Test func cacheTargetDecodesRealFactsAndRejectsTruncatedOnes() {
        let seed = FuzzTargets.cacheSeed(path: "A.swift", source: "import UIKit\nfinal class HomeInteractor { var p: P? }\n")
        #expect(FuzzTargets.cache(seed)?.imports.map(\.module) == ["UIKit"])
        #expect(FuzzTargets.cache(Array(seed.dropLast())) == nil)
        #expect(FuzzTargets.cache(seed + [0]) == nil)
        // Source text is extracted and round-tripped instead (nothing to return).
        #expect(FuzzTargets.cache(Array("import UIKit\n".utf8)) == nil)
    }
}
