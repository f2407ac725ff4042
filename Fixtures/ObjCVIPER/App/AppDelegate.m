#import "AppDelegate.h"
#import "HomeWireframe.h"

@implementation AppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
    self.window = [[UIWindow alloc] initWithFrame:[[UIScreen mainScreen] bounds]];
    HomeWireframe *wireframe = [[HomeWireframe alloc] init];
    [wireframe presentHomeInWindow:self.window];
    [self.window makeKeyAndVisible];
    return YES;
}

@end
