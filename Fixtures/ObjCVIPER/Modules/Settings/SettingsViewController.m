#import "SettingsViewController.h"
#import "NotesApp-Swift.h"

@implementation SettingsViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    [self.output viewIsReady];
}

- (void)showSyncEnabled:(BOOL)enabled {
    self.syncSwitch.on = enabled;
}

- (IBAction)syncToggled:(UISwitch *)sender {
    // The view reads the Swift entity itself instead of going through the presenter.
    UserPreferences *preferences = [UserPreferences current]; // expect: layer-dependency
    [self.output didToggleSync:sender.isOn && preferences.syncAllowed];
}

@end
