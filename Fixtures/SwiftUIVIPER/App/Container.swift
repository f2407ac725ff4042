/// A small dependency container the assemblies resolve services from.
final class Container {
    let navigation = NavigationService()
    lazy var feedService: FeedServiceType = FeedServiceAssembly.make(container: self)
}
