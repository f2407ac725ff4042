#import "DetailViewController.h"
#import "DetailPresenter.h"
#import "SettingsWireframe.h"

@interface DetailViewController ()
@property (nonatomic, strong) DetailPresenter *presenter; // expect: concrete-dependency
@end

@implementation DetailViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    [self.output viewIsReady];
}

- (void)showTitle:(NSString *)title {
    self.titleLabel.text = title;
}

- (void)showUpdatedAt:(NSDate *)date {
    // A formatter over a value the view was handed, not over an entity's data: no finding.
    NSDateFormatter *formatter = [[NSDateFormatter alloc] init];
    self.titleLabel.text = [formatter stringFromDate:date];
}

- (IBAction)settingsTapped:(id)sender {
    // The view builds the next module itself instead of asking its presenter.
    SettingsWireframe *settings = [[SettingsWireframe alloc] init]; // expect: module-construction
    [settings presentSettingsFrom:self];
}

@end
