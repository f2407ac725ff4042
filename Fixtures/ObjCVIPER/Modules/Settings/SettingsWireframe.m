#import "SettingsWireframe.h"
#import "SettingsViewController.h"
#import "NotesApp-Swift.h"

@implementation SettingsWireframe

- (void)presentSettingsFrom:(UIViewController *)source {
    SettingsViewController *view = [[SettingsViewController alloc] init];
    SettingsPresenter *presenter = [[SettingsPresenter alloc] init];
    SettingsInteractor *interactor = [[SettingsInteractor alloc] init];
    view.output = presenter;
    presenter.view = view;
    presenter.interactor = interactor;
    interactor.output = presenter;
    [source presentViewController:view animated:YES completion:nil];
}

@end
