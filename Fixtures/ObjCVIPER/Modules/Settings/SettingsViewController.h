#import <UIKit/UIKit.h>
#import "SettingsViewInput.h"
#import "SettingsViewOutput.h"

@interface SettingsViewController : UIViewController <SettingsViewInput>
@property (nonatomic, strong) id<SettingsViewOutput> output;
@property (nonatomic, weak) IBOutlet UISwitch *syncSwitch;
@end
