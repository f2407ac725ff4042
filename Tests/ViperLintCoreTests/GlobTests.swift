import Testing
@testable import ViperLintCore

@Suite struct GlobTests {
    @Test(arguments: [
        ("**/*.swift", "App/Home/HomeView.swift", true),
        ("**/*.swift", "Main.swift", true),
        ("**/*.swift", "App/README.md", false),
        ("**/Pods/**", "Pods/Alamofire/Source/AF.swift", true),
        ("**/Pods/**", "App/Pods/x.swift", true),
        ("**/Pods/**", "App/PodsHelper/x.swift", false),
        ("Modules/*/**", "Modules/Home/View/HomeView.swift", true),
        ("Modules/*/**", "Other/Home/HomeView.swift", false),
        ("App/{Features,Screens}/*.swift", "App/Screens/A.swift", true),
        ("App/{Features,Screens}/*.swift", "App/Other/A.swift", false),
        ("**/*Tests/**", "AppTests/HomeTests.swift", true),
        ("Home?.swift", "Home1.swift", true),
        ("Home[0-9].swift", "HomeA.swift", false),
        ("Home[!0-9].swift", "HomeA.swift", true),
        ("User Interface/**", "User Interface/View/A.swift", true),
        ("**/*.Swift", "A.swift", false),
    ])
    func matching(_ pattern: String, _ path: String, _ expected: Bool) {
        #expect(Glob(pattern).matches(path) == expected)
    }

    @Test func captureNamesTheModule() {
        #expect(Glob("Modules/*/**").capture(in: "Modules/Home/View/HomeView.swift") == "Home")
        #expect(Glob("**/Features/*Module/**").capture(in: "App/Features/LoginModule/A.swift") == "Login")
        #expect(Glob("Modules/*/**").capture(in: "Other/A.swift") == nil)
        #expect(Glob("**/*.swift").capture(in: "A.swift") == "A")
    }

    @Test func wholeFoldersArePrunedOnlyWhenEverythingInsideMatches() {
        #expect(Glob("**/Pods/**").matchesEverything(inside: "Pods"))
        #expect(Glob("**/Pods/**").matchesEverything(inside: "App/Pods"))
        #expect(!Glob("**/Pods/*.swift").matchesEverything(inside: "Pods"))
        #expect(!Glob("**/Pods/**").matchesEverything(inside: "App"))
    }

    @Test func bracesExpand() {
        #expect(Glob.expandBraces("a{b,c{d,e}}f") == ["abf", "acdf", "acef"])
        #expect(Glob.expandBraces("no-braces") == ["no-braces"])
        #expect(Glob.expandBraces("open{only") == ["open{only"])
    }

    /// Many stars once made matching exponential (found by the config fuzzer).
    @Test func manyStarsMatchInLinearTime() {
        let glob = Glob(String(repeating: "*", count: 40) + "FeatureFlags")
        #expect(glob.matches(String(repeating: "a", count: 200) + "FeatureFlags"))
        #expect(!glob.matches(String(repeating: "a", count: 200) + "FeatureFlag"))
        let alternating = Glob(String(repeating: "*a", count: 30) + "b")
        #expect(!alternating.matches(String(repeating: "a", count: 300)))
        #expect(alternating.matches(String(repeating: "a", count: 30) + "b"))
        #expect(Glob("Modules/*View*/**").capture(in: "Modules/HomeViewXView/A.swift") == "Home")
        #expect(Glob("[!a-c]*[0-9]").matches("d12") && !Glob("[!a-c]*[0-9]").matches("b12"))
    }

    /// Literal segments reject a path without splitting it; the shortcut must agree with full
    /// matching, including on spellings Swift strings treat as equal (the Kelvin sign is `K`).
    @Test func literalSegmentsMustBeWholeSegments() {
        let pods = Glob("**/Pods/**")
        #expect(pods.matches("Pods/A.swift") && pods.matches("App/Pods/Lib/A.swift"))
        #expect(!pods.matches("App/Podsx/A.swift") && !pods.matches("App/xPods/A.swift") && !pods.matches("App/A.swift"))
        #expect(pods.matchesEverything(inside: "App/Pods") && !pods.matchesEverything(inside: "App/Pod"))
        #expect(Glob("Modules/*/Views/**").capture(in: "Modules/Home/Views/A.swift") == "Home")
        #expect(Glob("Modules/*/Views/**").capture(in: "Modules/Home/View/A.swift") == nil)
        #expect(Glob("**/K/**").matches("App/\u{212A}/A.swift") == ("\u{212A}" == "K"))
        #expect(Glob("**/Caf\u{E9}/**").matches("App/Cafe\u{301}/A.swift"))
    }
}
