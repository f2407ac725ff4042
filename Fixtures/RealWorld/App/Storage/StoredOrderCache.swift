import CoreData
import UIKit

// Not an entity: a class with no Core Data base and no `@NSManaged` data gets no layer
// from its base type, so importing UIKit here is nobody's business.
final class StoredOrderCache {
    let context: NSManagedObjectContext
    var placeholder: UIImage?

    init(context: NSManagedObjectContext) {
        self.context = context
    }
}
