#import <UIKit/UIKit.h>
#import "HomeWireframeInput.h"

@class HomeViewController;

@interface HomeWireframe : NSObject <HomeWireframeInput>
@property (nonatomic, weak) HomeViewController *viewController;
- (void)presentHomeInWindow:(UIWindow *)window;
@end
