/// What `import UIKit` and `import SwiftUI` bring into a file besides their own types: the
/// modules they re-export. Removing such an import also removes these, so `forbidden-import`'s
/// fix must know them all: a file that still uses one keeps compiling only when the fix imports
/// that module instead, and where that module is itself UI code (Core Animation, Core Image,
/// asset symbols) the code must move first and the fix is left to a person.
///
/// Source: the iOS SDK's module interfaces. `SwiftUI.swiftinterface` re-exports
/// (`@_exported import`) Combine, Observation, CoreTransferable, DeveloperToolsSupport,
/// Accessibility, CoreData's managed objects and, on iOS, UIKit; UIKit's Clang module map exports
/// (`export *`) the frameworks its headers import: Foundation, CoreGraphics, QuartzCore,
/// CoreImage, CoreText, UniformTypeIdentifiers, UserNotifications, FileProvider, Symbols and os.
/// Where the SDK version decides (Observation and Symbols since iOS 17), the module is listed:
/// listing a module the SDK does not re-export only adds an import or asks a person, never
/// breaks a build. A module is recognised by its names' prefix (`CA` + a capital for
/// QuartzCore) or by a list of its public names where it has no prefix (Combine).
enum FrameworkReexports {
    /// A module reached through a UI framework's import.
    struct Module: Sendable {
        let name: String
        /// Prefixes of its names, each followed by a capital letter (`CA` in `CALayer`).
        let prefixes: [String]
        /// Its names that no prefix covers.
        let names: Set<String>
        /// Whether the fix may import it instead (a data or system framework); false for UI
        /// frameworks, whose uses must move out of the layer before the import can go.
        let importable: Bool

        func provides(_ name: String) -> Bool {
            names.contains(name) || prefixes.contains { prefix in
                name.hasPrefix(prefix) && name.unicodeScalars.dropFirst(prefix.unicodeScalars.count).first
                    .map { $0.properties.isUppercase } == true
            }
        }
    }

    /// Core Graphics' geometry, which Foundation brings too (`CGFloat`, `CGRect`): Foundation,
    /// the fix's first replacement, covers them.
    static let foundationGeometry: Set<String> = [
        "CGFloat", "CGRect", "CGPoint", "CGSize", "CGVector", "CGAffineTransform", "CGRectZero", "CGPointZero", "CGSizeZero",
    ]

    /// Data and system modules: the fix imports them instead. Listed for both frameworks, as
    /// importing one that the framework did not bring changes nothing that compiled.
    static let importable: [Module] = [
        Module(name: "Combine", prefixes: [], names: [
            "AnyCancellable", "AnyPublisher", "AnySubscriber", "Cancellable", "CombineIdentifier", "ConnectablePublisher",
            "CurrentValueSubject", "CustomCombineIdentifierConvertible", "Deferred", "Future", "ImmediateScheduler", "Just",
            "ObservableObject", "ObservableObjectPublisher", "PassthroughSubject", "Published", "Publisher", "Publishers",
            "Scheduler", "SchedulerTimeIntervalConvertible", "Subject", "Subscriber", "Subscribers", "Subscription",
            "Subscriptions", "TopLevelDecoder", "TopLevelEncoder",
        ], importable: true),
        // `Observable` alone is not counted: RxSwift's has the same name, and `@Observable`
        // is read from the type's attributes.
        Module(name: "Observation", prefixes: [], names: [
            "ObservationIgnored", "ObservationTracked", "ObservationRegistrar", "withObservationTracking", "Observations",
        ], importable: true),
        Module(name: "CoreGraphics", prefixes: ["CG"], names: [], importable: true),
        Module(name: "UniformTypeIdentifiers", prefixes: ["UTType"], names: [], importable: true),
        Module(name: "UserNotifications", prefixes: ["UN"], names: [], importable: true),
        Module(name: "FileProvider", prefixes: ["NSFileProvider"], names: [], importable: true),
        Module(name: "os", prefixes: [], names: ["os_log", "OSLog", "OSLogType", "os_signpost", "OSSignposter", "OSSignpostID"],
               importable: true),
        Module(name: "CoreTransferable", prefixes: [], names: [
            "Transferable", "TransferRepresentation", "DataRepresentation", "FileRepresentation", "ProxyRepresentation",
            "CodableRepresentation",
        ], importable: true),
        Module(name: "CoreData", prefixes: [], names: [
            "NSManagedObject", "NSManagedObjectContext", "NSManagedObjectID", "NSManagedObjectModel", "NSPersistentContainer",
            "NSPersistentCloudKitContainer", "NSPersistentStoreCoordinator", "NSFetchRequest", "NSFetchRequestResult",
            "NSFetchedResultsController", "NSEntityDescription", "NSBatchDeleteRequest", "NSBatchInsertRequest", "NSBatchUpdateRequest",
        ], importable: true),
    ]

    /// UI modules UIKit brings: their uses must move with the import.
    static let uiKitUI: [Module] = [
        Module(name: "QuartzCore", prefixes: ["CA"], names: [], importable: false),
        Module(name: "CoreImage", prefixes: ["CI"], names: [], importable: false),
        Module(name: "CoreText", prefixes: ["CT"], names: [], importable: false),
        Module(name: "Symbols", prefixes: ["NSSymbol"], names: [], importable: false),
        Module(name: "DeveloperToolsSupport", prefixes: [], names: [
            "ImageResource", "ColorResource", "LibraryContentProvider", "LibraryItem", "PreviewRegistry",
        ], importable: false),
    ]

    /// UI modules SwiftUI brings besides UIKit's, and the names of the cross-import overlays
    /// that exist only where SwiftUI and another framework are both imported (MapKit's `Map`
    /// and `MapCameraPosition` are `_MapKit_SwiftUI`'s): without `import SwiftUI` they are gone.
    static let swiftUIUI: [Module] = [
        Module(name: "Accessibility", prefixes: ["AX"], names: [], importable: false),
        Module(name: "_MapKit_SwiftUI", prefixes: [], names: [
            "Map", "MapCameraPosition", "MapCamera", "MapCameraBounds", "MapContent", "MapContentBuilder", "Marker",
            "Annotation", "UserAnnotation", "MapPolyline", "MapPolygon", "MapCircle", "MapStyle", "MapInteractionModes",
            "MapProxy", "MapReader", "MapUserLocationButton", "MapCompass", "MapScaleView", "MapPitchToggle", "MapFeature",
        ], importable: false),
        Module(name: "_AVKit_SwiftUI", prefixes: [], names: ["VideoPlayer"], importable: false),
        Module(name: "_PhotosUI_SwiftUI", prefixes: [], names: ["PhotosPicker"], importable: false),
        Module(name: "_AuthenticationServices_SwiftUI", prefixes: [], names: ["SignInWithAppleButton"], importable: false),
        Module(name: "_StoreKit_SwiftUI", prefixes: [], names: ["StoreView", "ProductView", "SubscriptionStoreView"], importable: false),
    ]

    /// The modules `framework`'s import brings, nearest first; none for other frameworks.
    static func modules(of framework: String) -> [Module] {
        switch framework {
        case "UIKit": importable + uiKitUI
        case "SwiftUI": importable + uiKitUI + swiftUIUI
        default: []
        }
    }

    /// The re-exported module that provides `name` through `framework`'s import, if any.
    static func module(providing name: String, through framework: String) -> Module? {
        guard !foundationGeometry.contains(name) else { return nil }
        return modules(of: framework).first { $0.provides(name) }
    }

    /// The re-exported names a file uses, each with its module, in source order: the names
    /// its facts reference or call (free functions, `CACurrentMediaTime()`), the attributes
    /// of its types and properties (`@Published`), without the project's own types.
    static func uses(through framework: String, in facts: FileFacts,
                     isProjectType: (String) -> Bool) -> [(name: String, module: Module)] {
        let candidates = facts.references.map { ForbiddenImportRule.simpleName($0.name) }
            + facts.calls.compactMap { $0.chain.count == 1 ? $0.chain.first : nil }
            + facts.types.flatMap { $0.inherited + $0.attributes + $0.properties.flatMap(\.attributes) }
        var seen: Set<String> = []
        return candidates.compactMap { name in
            guard seen.insert(name).inserted, !isProjectType(name), let module = module(providing: name, through: framework) else { return nil }
            return (name, module)
        }
    }
}
