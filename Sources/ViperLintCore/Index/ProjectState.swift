import Foundation

/// The last complete run of a project, kept in the cache folder so that the next run costs
/// what changed: with nothing changed, a run checks each file's stamp against this state and
/// reports what it holds, without reading facts, classifying or running a rule; with some files
/// changed only inside declarations (the usual commit), the rules that judge one file at a time
/// re-check the changed files and keep the stored findings of the others.
///
/// It holds the configuration's digest, each file's identity (its stamp and the cache key of
/// its bytes), the classification signature, each rule's findings (before suppressions and
/// one-finding-per-site, so that a merge gives what a cold run gives) and the run's outcome.
/// One file per project, replaced atomically; a missing, foreign or damaged state costs one
/// full run, never a wrong report: a test edits fixtures and generated projects at random and
/// checks every incremental report against a run without a cache, byte for byte.
struct ProjectState: Sendable {
    static let formatVersion = 2
    private static let magic = Array("viperlint-state".utf8)

    let file: URL
    private let key: CacheKey

    init(cache: FactCache, root: String) {
        let name = SHA256.hex(SHA256.digest(Array(root.utf8))).prefix(32)
        key = cache.key
        file = cache.folder.appendingPathComponent("state-\(name).bin")
    }

    /// One source file as the state knows it.
    struct FileIdentity: Sendable, Equatable {
        var path: String
        /// Nil when the stamp is not to be trusted (not a file on disk, or written within two
        /// seconds of the run): the file is then read and hashed to compare its key.
        var stamp: FactPack.Stamp?
        /// `FactCache.key` of its bytes, or `unreadable: reason` for a file that could not be read.
        var key: String
    }

    /// The outcome of the run, unscoped: what a run with nothing changed reports.
    struct Outcome: Sendable, Equatable {
        var fileCount: Int
        var modules: [String]
        var violations: [Violation]
        var parseErrors: [ParseErrorEntry]
        var skipped: [SkippedPath]
        var notes: [String]
        var lineTexts: [String: [Int: String]]
        /// Without a configuration file: the preset detected and the folders it did not know.
        var detectedPreset: Preset?
        var customFolders: [PresetDetector.CustomFolder]
    }

    /// What the state holds; its findings and outcome are decoded only when used.
    struct Stored: Sendable {
        var configuration: [UInt8]
        var files: [FileIdentity]
        var classificationSignature: [UInt8]
        fileprivate var findingsBytes: Checked
        fileprivate var outcomeBytes: Checked

        /// Each rule's findings, before suppressions.
        func findingsByRule() -> [String: [Violation]]? {
            guard let bytes = findingsBytes.intact else { return nil }
            var reader = ByteReader(bytes)
            guard let findings = try? reader.findingsByRule(), reader.isAtEnd else { return nil }
            return findings
        }

        func outcome() -> Outcome? { outcomeBytes.intact.flatMap { try? Outcome(decoding: $0) } }

        /// The files whose identity differs now (added, removed or changed), or nil when the
        /// state is not for this configuration. Reads a file only when its stamp (in `stamps`,
        /// by path: see `FactPack.Stamp.of`) changed.
        func changedFiles(_ sources: [SourceFile], stamps: [String: FactPack.Stamp], configuration: [UInt8]) -> Set<String>? {
            guard configuration == self.configuration else { return nil }
            let known = Dictionary(files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
            var changed = Set(files.map(\.path)).subtracting(sources.map(\.relativePath))
            for source in sources {
                guard let stored = known[source.relativePath] else {
                    changed.insert(source.relativePath)
                    continue
                }
                if source.text == nil, let stamp = stored.stamp, stamps[source.relativePath] == stamp {
                    continue
                }
                if ProjectState.key(of: source) != stored.key { changed.insert(source.relativePath) }
            }
            return changed
        }
    }

    /// Bytes stored with their checksum, checked when they are decoded (only when used): a
    /// damaged byte in binary findings could otherwise decode to another finding.
    fileprivate struct Checked: Sendable {
        var checksum: String
        var bytes: ArraySlice<UInt8>

        init(checksum: String, bytes: ArraySlice<UInt8>) {
            self.checksum = checksum
            self.bytes = bytes
        }

        init(_ bytes: [UInt8]) {
            self.init(checksum: Self.checksum(of: bytes[...]), bytes: bytes[...])
        }

        static func checksum(of bytes: ArraySlice<UInt8>) -> String {
            var hash = StableHash()
            hash.combine(bytes: bytes)
            return hash.hex
        }

        var intact: [UInt8]? { Self.checksum(of: bytes) == checksum ? Array(bytes) : nil }
    }

    /// The identity key of a file read now: what the facts phase records for it.
    static func key(of source: SourceFile) -> String {
        switch SourceReader.read(source) {
        case let .success(text): return FactCache.key(path: source.relativePath, text: text)
        case let .failure(skip): return "unreadable: " + skip.reason
        }
    }

    /// The digest of everything besides the files that decides a run's report: the tool
    /// build, the rules and their overrides, whether the preset is detected, the manifests' text and the
    /// Objective-C files left out (their count is said in a note).
    static func configurationDigest(ruleSet: RuleSet, detectsPreset: Bool, manifests: [SourceFile],
                                    leftOut: [SourceFile]) -> [UInt8] {
        var writer = ByteWriter()
        writer.int(formatVersion)
        writer.string(FactCache.buildIdentity)
        writer.string(RuleSetEncoder.encode(ruleSet).rendered())
        // The encoding leaves overrides out: each is its globs and the rules it gives them.
        for override in ruleSet.overrides {
            writer.strings(override.paths)
            writer.string(RuleSetEncoder.rules(ConfigurationLoader.applying(override.rules, to: ruleSet).rules).rendered())
        }
        writer.bool(detectsPreset)
        for manifest in manifests.sorted(by: { $0.relativePath < $1.relativePath }) {
            writer.string(manifest.relativePath)
            writer.string(key(of: manifest))
        }
        writer.strings(leftOut.map(\.relativePath).sorted())
        return SHA256.digest(writer.bytes)
    }

    /// The stored state, or nil when there is none this build can trust.
    func load() -> Stored? {
        guard let bytes = key.contents(of: file) else { return nil }
        var reader = ByteReader(bytes)
        do throws(ByteReader.Malformed) {
            guard try reader.byteArray() == Self.magic, try reader.int() == Self.formatVersion,
                  try reader.string() == FactCache.buildIdentity else { return nil }
            let configuration = try reader.byteArray()
            let files = try reader.array { reader throws(ByteReader.Malformed) in
                FileIdentity(path: try reader.string(),
                             stamp: try reader.optional { reader throws(ByteReader.Malformed) in try reader.stamp() },
                             key: try reader.string())
            }
            let signature = try reader.byteArray()
            let findings = Checked(checksum: try reader.string(), bytes: try reader.byteSlice())
            let stored = Stored(configuration: configuration, files: files, classificationSignature: signature,
                                findingsBytes: findings, outcomeBytes: Checked(checksum: try reader.string(), bytes: try reader.byteSlice()))
            return reader.isAtEnd ? stored : nil
        } catch {
            return nil
        }
    }

    /// Replaces the state (atomically). Stamps written within two seconds are not kept.
    func store(configuration: [UInt8], files: [FileIdentity], classificationSignature: [UInt8],
               findingsByRule: [String: [Violation]], outcome: Outcome) {
        var findings = ByteWriter(sharing: true)
        findings.findingsByRule(findingsByRule)
        var writer = ByteWriter()
        writer.byteArray(Self.magic)
        writer.int(Self.formatVersion)
        writer.string(FactCache.buildIdentity)
        writer.byteArray(configuration)
        let now = Date()
        writer.array(files) { writer, identity in
            writer.string(identity.path)
            writer.optional(FactPack.Writer.trusted(identity.stamp, now: now)) { writer, stamp in writer.stamp(stamp) }
            writer.string(identity.key)
        }
        writer.byteArray(classificationSignature)
        for section in [Checked(findings.bytes), Checked(outcome.encoded())] {
            writer.string(section.checksum)
            writer.byteArray(section.bytes)
        }
        key.replace(file, with: writer.bytes)
    }
}
