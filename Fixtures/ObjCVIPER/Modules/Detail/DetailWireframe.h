#import <UIKit/UIKit.h>

@interface DetailWireframe : NSObject
@property (nonatomic, weak) UIViewController *viewController;
- (void)pushDetailForNoteWithIdentifier:(NSString *)identifier from:(UIViewController *)source;
- (void)presentSettings;
@end
