import SwiftSyntax

extension ForbiddenImportRule: FixableRule {
    public static let fixableFindings = ["forbidden-import.framework-import"]

    /// Replace the import when the file uses none of the framework's types (by the index's
    /// references; `SourceRewriter` also reads the file for the names the type patterns miss).
    public func fix(_ violation: Violation, context: RuleContext) -> FixDecision {
        guard SourceLanguage(path: violation.file) == .swift else { return .needsPerson("only Swift files are fixed") }
        guard let fileIndex = context.fileIndex(of: violation),
              let fact = context.index.files[fileIndex].facts.imports.first(where: { $0.position.line == violation.line && $0.fullName == violation.symbol })
        else { return .needsPerson("the import is no longer where it was found") }
        let facts = context.index.files[fileIndex].facts
        let isProjectType = { (name: String) in context.index.resolve(name, from: nil, inFile: fileIndex) != nil }
        let used = typesUsed(through: fact.module, in: facts, patterns: frameworkTypes.mapValues { $0.map(Glob.init) })
            .filter { !isProjectType($0) }
            + Self.viewTypesNamed(inFile: fileIndex, context: context)
        guard used.isEmpty else {
            return .needsPerson("the file uses \(used.prefix(3).map { "'\($0)'" }.joined(separator: ", ")): that code must move first")
        }
        let imported = Set(facts.imports.map(\.module))
        let reexported = FrameworkReexports.uses(through: fact.module, in: facts, isProjectType: isProjectType)
            .filter { !$0.module.importable && !imported.contains($0.module.name) }
        guard reexported.isEmpty else {
            return .needsPerson("the file uses " + reexported.prefix(3).map { "'\($0.name)' (\($0.module.name), which \(fact.module) brings)" }
                .joined(separator: ", ") + ": that code must move first")
        }
        // The framework's other imports in the file are this finding's other sites: they go too.
        let repeated = facts.imports.filter { $0.module == fact.module && $0.position.line != fact.position.line }
        return .edits([FixEdit(file: violation.file, line: fact.position.line, change: .replaceImport(
            module: fact.module, replacements: Self.replacementImports(for: fact.module, in: facts, isProjectType: isProjectType)))]
            + repeated.map { FixEdit(file: violation.file, line: $0.position.line, change: .replaceImport(module: fact.module, replacements: [])) })
    }

    /// Names a framework provides that its type patterns (`UI*` for UIKit) do not cover, so
    /// that an import that looks unused is kept when the file still needs it. UIKit extends
    /// Foundation types (`indexPath.row`, `NSAttributedString.Key.foregroundColor`), brings
    /// QuartzCore (`CALayer`) and Interface Builder's attributes; SwiftUI re-exports UIKit and
    /// declares many plain-named types. `types` count wherever they are named (unless the
    /// project declares the name), `members` only after a dot or as an argument label.
    ///
    /// UIKit's additions to Foundation, by the categories its headers declare on Foundation
    /// classes: NSIndexPath (UIKitAdditions: `row`, `item`, `section`), NSValue
    /// (NSValueUIGeometryExtensions: `NSValue(cgRect:)`, `.cgRectValue` and the point, vector,
    /// size, transform, edge-insets and offset forms), NSCoder (UIGeometryKeyedCoding:
    /// `decodeCGRect(forKey:)` and its kin; the string conversions `NSCoder.cgRect(for:)`),
    /// NSString and NSAttributedString (NSStringDrawing: `size(withAttributes:)`,
    /// `draw(in:withAttributes:)`, `boundingRect(with:...)`), NSAttributedString (its Kit
    /// additions: the attribute keys, document types and reading options, `documentAttributes:`;
    /// `fixAttributes(in:)` on the mutable one), NSItemProvider (UIKitAdditions:
    /// `preferredPresentationSize`, `teamData`), NSObject's accessibility and nib-loading
    /// informal protocols (`accessibilityLabel`, `awakeFromNib`), and the Foundation-prefixed
    /// classes UIKit itself declares (`NSLayoutConstraint`, `NSTextAttachment`, TextKit's
    /// `NSText*` classes, `NSCollectionLayout*`, `NSDiffableDataSource*`). Overloads of
    /// Foundation's own names (NSCoder's `encode(_:forKey:)` of a `CGRect`) cannot be told from
    /// names: there the build is the judge.
    static let namesBeyondTypePatterns: [String: (types: Set<String>, members: Set<String>)] = {
        let uiKitTypes: Set<String> = [
            "NSTextAlignment", "NSLineBreakMode", "NSLayoutConstraint", "NSLayoutAnchor", "NSLayoutXAxisAnchor",
            "NSLayoutYAxisAnchor", "NSLayoutDimension", "NSDirectionalEdgeInsets", "NSDirectionalRectEdge",
            "NSDiffableDataSourceSnapshot", "NSDiffableDataSourceSectionSnapshot", "NSTextAttachment", "NSParagraphStyle",
            "NSMutableParagraphStyle", "NSShadow", "NSTextStorage", "NSLayoutManager", "NSTextContainer",
            "NSStringDrawingOptions", "NSStringDrawingContext", "NSUnderlineStyle", "NSWritingDirection", "NSTextTab",
            "NSCollectionLayoutSection", "NSCollectionLayoutItem", "NSCollectionLayoutGroup", "NSCollectionLayoutSize",
            "NSCollectionLayoutDimension", "NSCollectionLayoutBoundarySupplementaryItem", "NSCollectionLayoutEnvironment",
            "NSDataAsset", "NSCollectionLayoutSupplementaryItem", "NSCollectionLayoutDecorationItem", "NSCollectionLayoutAnchor",
            "NSCollectionLayoutEdgeSpacing", "NSCollectionLayoutSpacing", "NSCollectionLayoutGroupCustomItem",
            "NSCollectionLayoutVisibleItem", "NSCollectionLayoutContainer", "NSCollectionLayoutSectionOrthogonalScrollingBehavior",
            "NSDiffableDataSourceSectionTransaction", "NSDiffableDataSourceTransaction", "NSLineBreakStrategy",
            "NSTextLayoutManager", "NSTextContentManager", "NSTextContentStorage", "NSTextElement", "NSTextParagraph",
            "NSTextLayoutFragment", "NSTextLineFragment", "NSTextSelection", "NSTextSelectionNavigation",
            "NSTextViewportLayoutController", "NSTextAttachmentViewProvider", "NSTextAttachmentLayout", "NSTextRange",
            "NSTextLocation", "NSTextList", "NSAdaptiveImageGlyph", "NSFileProviderExtension", "NSLayoutFormatOptions",
            "DocumentType", "DocumentReadingOptionKey", "DocumentAttributeKey", "TextEffectStyle", "CALayer", "CAGradientLayer", "CAShapeLayer", "CATransform3D", "CABasicAnimation",
            "CAKeyframeAnimation", "CAMediaTimingFunction", "CATransaction", "CADisplayLink", "CAAnimation",
            "IBOutlet", "IBAction", "IBInspectable", "IBDesignable", "IBSegueAction", "Preview", "imageLiteral", "colorLiteral",
        ]
        let uiKitMembers: Set<String> = [
            "row", "section", "item", "foregroundColor", "backgroundColor", "font", "paragraphStyle", "kern",
            "strikethroughStyle", "underlineStyle", "strokeColor", "strokeWidth", "shadow", "attachment", "baselineOffset",
            "obliqueness", "expansion", "ligature", "textEffect", "boundingRect", "withAttributes", "decodeCGPoint",
            "decodeCGRect", "decodeCGSize", "cgColor", "cgImage", "ciImage",
            // NSAttributedString's keys and document reading, NSMutableAttributedString's fixing.
            "tracking", "underlineColor", "strikethroughColor", "writingDirection", "verticalGlyphForm",
            "documentType", "characterEncoding", "defaultAttributes", "documentAttributes", "fixAttributes",
            // NSValue's geometry (`NSValue(cgRect:)`, `.cgRectValue`) and NSCoder's (`decodeUIOffset(forKey:)`,
            // `NSCoder.cgRect(for:)`).
            "cgPoint", "cgVector", "cgSize", "cgRect", "cgAffineTransform", "uiEdgeInsets", "directionalEdgeInsets", "uiOffset",
            "nsDirectionalEdgeInsets", "cgPointValue", "cgVectorValue", "cgSizeValue", "cgRectValue", "cgAffineTransformValue",
            "uiEdgeInsetsValue", "directionalEdgeInsetsValue", "uiOffsetValue", "decodeCGVector", "decodeCGAffineTransform",
            "decodeUIEdgeInsets", "decodeDirectionalEdgeInsets", "decodeUIOffset",
            // NSItemProvider's, and NSObject's accessibility and nib loading.
            "preferredPresentationSize", "preferredPresentationStyle", "teamData", "accessibilityLabel", "accessibilityHint",
            "accessibilityValue", "accessibilityTraits", "isAccessibilityElement", "accessibilityElements", "accessibilityFrame",
            "accessibilityLanguage", "awakeFromNib",
        ]
        let swiftUITypes: Set<String> = uiKitTypes.union([
            "State", "Environment", "EnvironmentValues", "EnvironmentKey", "AppStorage", "SceneStorage", "FocusState",
            "FocusedValue", "Namespace", "GestureState", "Bindable", "Animation", "Transaction", "withAnimation",
            "withTransaction", "LocalizedStringKey", "EdgeInsets", "Alignment", "HorizontalAlignment", "VerticalAlignment",
            "Angle", "UnitPoint", "ColorScheme", "ContentSizeCategory", "DynamicTypeSize", "Edge", "Axis", "ShapeStyle",
            "Gradient", "LinearGradient", "RadialGradient", "AngularGradient", "Shape", "Path", "Circle", "Rectangle",
            "RoundedRectangle", "Capsule", "Ellipse", "ForEach", "Group", "List", "Section", "Button", "Label", "Toggle",
            "Picker", "TextField", "SecureField", "Slider", "Stepper", "ProgressView", "Spacer", "Divider", "HStack",
            "VStack", "ZStack", "LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid", "GridItem", "ScrollView",
            "ScrollViewProxy", "ScrollViewReader", "GeometryReader", "GeometryProxy", "NavigationLink", "NavigationStack",
            "NavigationView", "NavigationSplitView", "TabView", "App", "Scene", "WindowGroup", "ScenePhase",
            "ViewModifier", "ButtonStyle", "PrimitiveButtonStyle", "Material", "Visibility", "DismissAction",
            "OpenURLAction", "PresentationDetent", "ToolbarItem", "ToolbarItemPlacement", "KeyboardShortcut",
            "KeyEquivalent", "EventModifiers", "Gesture", "DragGesture", "TapGesture", "LongPressGesture",
            "PreferenceKey", "ImageRenderer", "AsyncImage", "Menu", "Link", "ShareLink", "Form", "Canvas", "TimelineView",
            "ButtonRole", "SubmitLabel", "TextAlignment", "ContentMode", "BlendMode", "PresentationMode",
            "PreviewProvider", "EmptyView", "TupleView", "ModifiedContent",
        ])
        return ["UIKit": (uiKitTypes, uiKitMembers), "SwiftUI": (swiftUITypes, uiKitMembers)]
    }()

    /// The first name in `tree` (outside imports and comments) through which the file may
    /// still use `framework`: a type-pattern match or a listed type that is not a project type
    /// (also as an attribute or a macro, `#Preview`), or a listed member.
    ///
    /// A name of a module the framework re-exports (`FrameworkReexports`) counts unless the
    /// file imports that module or the fix adds it (`covered`): what the parse missed, the
    /// token scan catches.
    func firstUse(of framework: String, in tree: SourceFileSyntax, projectTypes: Set<String>, covered: Set<String>) -> String? {
        let frameworks = framework == "SwiftUI" ? ["SwiftUI", "UIKit"] : [framework]
        let patterns = frameworks.flatMap { frameworkTypes[$0] ?? [] }.map(Glob.init)
        let listed = Self.namesBeyondTypePatterns[framework] ?? ([], [])
        for token in tree.tokens(viewMode: .sourceAccurate) {
            guard case let .identifier(text) = token.tokenKind,
                  token.ancestorOrSelf(mapping: { $0.as(ImportDeclSyntax.self) }) == nil else { continue }
            let name = text.hasPrefix("`") ? String(text.dropFirst().dropLast()) : text
            if !projectTypes.contains(name), listed.types.contains(name) || patterns.contains(where: { $0.matches(name) }) {
                return "'\(name)', which \(framework) provides"
            }
            if !projectTypes.contains(name), let module = FrameworkReexports.module(providing: name, through: framework),
               !covered.contains(module.name) {
                return "'\(name)', which \(framework) brings from \(module.name)"
            }
            let afterDot = token.previousToken(viewMode: .sourceAccurate)?.tokenKind == .period
            let label = token.nextToken(viewMode: .sourceAccurate)?.tokenKind == .colon && token.parent?.is(LabeledExprSyntax.self) == true
            if listed.members.contains(name), afterDot || label { return "'\(name)', which \(framework) provides" }
        }
        return nil
    }
}
