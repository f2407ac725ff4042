import CoreData
import UIKit // expect: forbidden-import

// Planted: a Core Data entity outside any model folder. `NSManagedObject` says it is an
// Entity, and an Entity must not know UIKit.
final class StoredOrder: NSManagedObject {
    @NSManaged var productID: Int64
    @NSManaged var badgeColor: UIColor?
}
