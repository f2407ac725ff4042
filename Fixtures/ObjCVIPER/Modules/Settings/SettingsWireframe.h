#import <UIKit/UIKit.h>

@interface SettingsWireframe : NSObject
- (void)presentSettingsFrom:(UIViewController *)source;
@end
