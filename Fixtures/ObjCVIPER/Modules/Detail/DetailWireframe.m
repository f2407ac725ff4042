#import "DetailWireframe.h"
#import "DetailViewController.h"
#import "DetailPresenter.h"
#import "DetailInteractor.h"
#import "SettingsWireframe.h"

@implementation DetailWireframe {
    UIViewController *_sourceController; // expect: weak-back-reference
}

- (void)pushDetailForNoteWithIdentifier:(NSString *)identifier from:(UIViewController *)source {
    DetailViewController *view = [[DetailViewController alloc] initWithNibName:nil bundle:nil];
    DetailPresenter *presenter = [[DetailPresenter alloc] init];
    DetailInteractor *interactor = [[DetailInteractor alloc] init];
    view.output = presenter;
    presenter.view = view;
    presenter.interactor = interactor;
    presenter.wireframe = self;
    presenter.noteIdentifier = identifier;
    interactor.output = presenter;
    self.viewController = view;
    _sourceController = source;
    [source.navigationController pushViewController:view animated:YES];
}

- (void)presentSettings {
    SettingsWireframe *settings = [[SettingsWireframe alloc] init];
    [settings presentSettingsFrom:self.viewController];
}

@end
