/// What `viperlint init` proposes for a project: the preset, the folders it did not know, the
/// team's conventions, and the lint with that preset that measured them.
public struct InitProposal: Sendable {
    public var detected: PresetDetector.Result
    /// The lint of the project with the chosen preset alone (before conventions), with its index.
    public var linted: LintResult
    /// Every arrow the chosen preset forbids that some module takes (`TeamConventions.measure`).
    public var arrows: [TeamConvention]
    /// Why the preset the names pointed to was replaced: it forbids what every module does.
    public var followed: String?
}

extension Project {
    /// The proposal `init` prints and writes. The preset follows the arrows: when every module
    /// (at least `TeamConventions.minimumModules`) takes an arrow between layers that the preset
    /// the names chose forbids, the code shows another design than the names, and the preset
    /// that draws that arrow, if one draws every such arrow and forbids nothing else every module
    /// does, is chosen instead (a UIKit app whose every view controller holds its Interactor,
    /// and whose Presenters do not, is Clean Swift, whatever its types are called).
    /// An explicit `preset` is never replaced.
    public func proposeConfiguration(preset: Preset? = nil, cache: FactCache? = nil,
                                     progress: LintProgress? = nil) -> InitProposal {
        let detected = detectPreset(preset: preset, cache: cache, progress: progress)
        let proposal = measureConventions(detected, cache: cache)
        guard preset == nil else { return proposal }
        let contradicted = proposal.arrows.filter(\.contradictsPreset)
        guard !contradicted.isEmpty else { return proposal }
        // What every module does, as the named preset measured it: a candidate that forbids
        // anything else every module does (a VIPER Presenter holding its Interactor, which
        // Clean Swift's matrix forbids) describes the app no better.
        let everyModule = Set(proposal.arrows.filter(\.isTakenByEveryModule).map(\.arrow))
        let rank = detected.scores.sorted { $0.points > $1.points }.map(\.preset)
            + Preset.allCases.filter { candidate in !detected.scores.contains { $0.preset == candidate } }
        for candidate in rank where candidate != detected.preset {
            let draws = contradicted.allSatisfy { arrow in
                guard case .layer(let to) = arrow.to else { return false }
                let allowed = candidate.ruleSet.dependencies(of: arrow.from)
                return allowed.allow.contains(to) || allowed.viaProtocol.contains(to)
            }
            guard draws else { continue }
            var followed = measureConventions(detectPreset(preset: candidate, cache: cache), cache: cache)
            guard !followed.arrows.contains(where: \.contradictsPreset),
                  followed.arrows.filter(\.isTakenByEveryModule).allSatisfy({ everyModule.contains($0.arrow) }) else { continue }
            followed.followed = "'\(detected.preset.rawValue)' forbids what every module does ("
                + contradicted.map(\.counted).joined(separator: "; ") + "); '\(candidate.rawValue)' draws it, so it is chosen"
            return followed
        }
        return proposal
    }

    /// Lints the project with `detected`'s preset and folders and measures its arrows.
    private func measureConventions(_ detected: PresetDetector.Result, cache: FactCache?) -> InitProposal {
        var measured = self
        measured.ruleSet = detected.ruleSet
        // With the index even when the project's stored outcome could be reported as it is:
        // the measure counts the modules that have each layer.
        let linted = measured.lint(cache: cache, needsIndex: true)
        var detected = detected
        let arrows = TeamConventions.measure(linted)
        detected.conventions = arrows.filter { $0.decision == .allowed }
        return InitProposal(detected: detected, linted: linted, arrows: arrows, followed: nil)
    }
}

extension TeamConvention {
    /// An arrow between layers that every module with its `from` layer takes, in enough modules
    /// to be a design, and that the preset keeps as VIPER's own rule: the preset does not
    /// describe the app (an arrow it can allow as the team's convention does not contradict it).
    var contradictsPreset: Bool { decision != .allowed && isTakenByEveryModule }

    /// An arrow between layers that every module with its `from` layer takes, in enough modules
    /// to be a design, whatever the preset decided about it.
    var isTakenByEveryModule: Bool {
        guard case .layer = to else { return false }
        return modules == outOf && modules >= TeamConventions.minimumModules
    }
}
