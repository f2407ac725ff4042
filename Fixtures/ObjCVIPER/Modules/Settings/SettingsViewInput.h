#import <Foundation/Foundation.h>

@protocol SettingsViewInput <NSObject>
- (void)showSyncEnabled:(BOOL)enabled;
@end
