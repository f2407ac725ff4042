/// What every Objective-C file is parsed with in place of the SDK. viperlint never reads
/// system or framework headers (UIKit does not exist on Linux, and a report must not depend
/// on which SDK a machine has), so the few macros and types that change how code *parses*
/// are declared here; every other unknown name is declared by `stubs(for:)` after a first parse.
enum ObjCPrelude {
    /// The prelude's path for clang; it is passed as an unsaved file and never exists on disk.
    static let path = "/viperlint-objc-prelude.h"

    static let text = """
    typedef signed char BOOL;
    #define YES ((BOOL)1)
    #define NO ((BOOL)0)
    #define nil ((id)0)
    #define Nil ((Class)0)
    #define NULL ((void *)0)
    typedef long NSInteger;
    typedef unsigned long NSUInteger;
    typedef double CGFloat;
    typedef double NSTimeInterval;
    typedef struct { CGFloat x, y; } CGPoint;
    typedef struct { CGFloat width, height; } CGSize;
    typedef struct { CGPoint origin; CGSize size; } CGRect;
    typedef struct { NSUInteger location, length; } NSRange;
    typedef struct { CGFloat top, left, bottom, right; } UIEdgeInsets;
    #define IBOutlet
    #define IBOutletCollection(type)
    #define IBAction void
    #define IBInspectable
    #define IB_DESIGNABLE
    #define NS_ENUM(type, name) enum name : type name; enum name : type
    #define NS_OPTIONS(type, name) enum name : type name; enum name : type
    #define NS_CLOSED_ENUM(type, name) enum name : type name; enum name : type
    #define NS_ERROR_ENUM(domain, name) enum name : NSInteger name; enum name : NSInteger
    #define NS_TYPED_ENUM
    #define NS_TYPED_EXTENSIBLE_ENUM
    #define NS_STRING_ENUM
    #define NS_EXTENSIBLE_STRING_ENUM
    #define NS_ASSUME_NONNULL_BEGIN
    #define NS_ASSUME_NONNULL_END
    #define NS_DESIGNATED_INITIALIZER
    #define NS_UNAVAILABLE
    #define NS_REQUIRES_SUPER
    #define NS_NOESCAPE
    #define NS_SWIFT_NAME(name)
    #define NS_SWIFT_UNAVAILABLE(message)
    #define NS_REFINED_FOR_SWIFT
    #define NS_INLINE static inline
    #define NS_AVAILABLE_IOS(version)
    #define NS_DEPRECATED_IOS(from, to)
    #define API_AVAILABLE(...)
    #define API_UNAVAILABLE(...)
    #define API_DEPRECATED(...)
    #define API_DEPRECATED_WITH_REPLACEMENT(...)
    #define DEPRECATED_ATTRIBUTE
    #define DEPRECATED_MSG_ATTRIBUTE(message)
    #define UI_APPEARANCE_SELECTOR
    #define FOUNDATION_EXPORT extern
    #define FOUNDATION_EXTERN extern
    #define UIKIT_EXTERN extern
    #define NSLocalizedString(key, comment) (key)
    @protocol NSObject
    @end
    __attribute__((objc_root_class))
    @interface NSObject <NSObject>
    + (instancetype)alloc;
    + (instancetype)new;
    - (instancetype)init;
    + (Class)class;
    - (Class)class;
    @end
    @protocol NSCopying, NSMutableCopying, NSCoding, NSSecureCoding, NSFastEnumeration;
    @interface NSArray<ObjectType> : NSObject
    @end
    @interface NSMutableArray<ObjectType> : NSArray<ObjectType>
    @end
    @interface NSDictionary<KeyType, ObjectType> : NSObject
    @end
    @interface NSMutableDictionary<KeyType, ObjectType> : NSDictionary<KeyType, ObjectType>
    @end
    @interface NSSet<ObjectType> : NSObject
    @end
    @interface NSMutableSet<ObjectType> : NSSet<ObjectType>
    @end
    @interface NSOrderedSet<ObjectType> : NSObject
    @end
    @interface NSCache<KeyType, ObjectType> : NSObject
    @end
    @interface NSHashTable<ObjectType> : NSObject
    @end
    @interface NSMapTable<KeyType, ObjectType> : NSObject
    @end

    """

    /// SDK classes and protocols most Objective-C files name, declared up front so that a
    /// typical file parses once instead of twice (every other unknown name still gets a stub).
    static let sdkClasses: Set<String> = [
        "NSString", "NSMutableString", "NSNumber", "NSValue", "NSData", "NSMutableData", "NSDate", "NSError", "NSURL",
        "NSURLRequest", "NSMutableURLRequest", "NSURLResponse", "NSHTTPURLResponse", "NSURLSession", "NSURLSessionTask",
        "NSURLSessionDataTask", "NSURLSessionConfiguration", "NSUserDefaults", "NSNotificationCenter", "NSNotification",
        "NSBundle", "NSFileManager", "NSJSONSerialization", "NSPropertyListSerialization", "NSKeyedArchiver",
        "NSKeyedUnarchiver", "NSOperationQueue", "NSOperation", "NSTimer", "NSRunLoop", "NSThread", "NSLock", "NSIndexPath",
        "NSIndexSet", "NSDateFormatter", "NSNumberFormatter", "NSFormatter", "NSLocale", "NSTimeZone", "NSCalendar",
        "NSDateComponents", "NSUUID", "NSPredicate", "NSSortDescriptor", "NSAttributedString", "NSMutableAttributedString",
        "NSCoder", "NSProcessInfo", "NSException", "NSRegularExpression", "NSNull", "NSManagedObjectContext",
        "NSManagedObject", "NSFetchRequest", "NSPersistentContainer",
        "UIResponder", "UIView", "UIViewController", "UITableViewController", "UICollectionViewController",
        "UINavigationController", "UITabBarController", "UIAlertController", "UIAlertAction", "UIWindow", "UIScreen",
        "UIApplication", "UILabel", "UIButton", "UIControl", "UISwitch", "UITextField", "UITextView", "UIImageView",
        "UIImage", "UIColor", "UIFont", "UITableView", "UITableViewCell", "UICollectionView", "UICollectionViewCell",
        "UIScrollView", "UIStackView", "UIStoryboard", "UIStoryboardSegue", "UINib", "UIActivityIndicatorView",
        "UIRefreshControl", "UIBarButtonItem", "UINavigationItem", "UIGestureRecognizer", "UITapGestureRecognizer",
        "UIDevice", "UIEvent", "UITouch", "UISearchBar", "UISegmentedControl", "UISlider", "UIProgressView",
        "UIPageViewController", "UISplitViewController",
    ]
    static let sdkProtocols: Set<String> = [
        "UIApplicationDelegate", "UITableViewDataSource", "UITableViewDelegate", "UICollectionViewDataSource",
        "UICollectionViewDelegate", "UITextFieldDelegate", "UIScrollViewDelegate", "UISearchBarDelegate",
        "UIGestureRecognizerDelegate", "UINavigationControllerDelegate", "UISceneDelegate", "UIWindowSceneDelegate",
        "NSURLSessionDelegate",
    ]

    /// The prelude with the SDK names: the part every parse shares, built once.
    static let withSDK = text + stubs(classes: sdkClasses, protocols: sdkProtocols)

    /// The prelude, the SDK names, then the stubs of a parse.
    static func text(classes: Set<String>, protocols: Set<String>) -> String {
        withSDK + stubs(classes: classes, protocols: protocols)
    }

    /// Declarations for names clang did not know: classes (subclasses of the prelude's
    /// `NSObject`, so that `alloc`, `init` and `new` type-check) and protocols.
    static func stubs(classes: Set<String>, protocols: Set<String>) -> String {
        var text = ""
        for name in protocols.sorted() { text += "@protocol \(name) <NSObject>\n@end\n" }
        for name in classes.subtracting(protocols).sorted() { text += "@interface \(name) : NSObject\n@end\n" }
        return text
    }
}
