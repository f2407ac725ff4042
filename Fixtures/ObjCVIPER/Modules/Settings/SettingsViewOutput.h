#import <Foundation/Foundation.h>

@protocol SettingsViewOutput <NSObject>
- (void)viewIsReady;
- (void)didToggleSync:(BOOL)enabled;
@end
