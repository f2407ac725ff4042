#import "HomeWireframe.h"
#import "HomeViewController.h"
#import "HomePresenter.h"
#import "HomeInteractor.h"
#import "DetailWireframe.h"

@implementation HomeWireframe

- (void)presentHomeInWindow:(UIWindow *)window {
    HomeViewController *view = [[HomeViewController alloc] init];
    HomePresenter *presenter = [[HomePresenter alloc] init];
    HomeInteractor *interactor = [HomeInteractor new];
    view.output = presenter;
    presenter.view = view;
    presenter.interactor = interactor;
    presenter.wireframe = self;
    interactor.output = presenter;
    self.viewController = view;
    window.rootViewController = [[UINavigationController alloc] initWithRootViewController:view];
}

- (void)showDetailForNoteWithIdentifier:(NSString *)identifier {
    DetailWireframe *detail = [[DetailWireframe alloc] init];
    [detail pushDetailForNoteWithIdentifier:identifier from:self.viewController];
}

@end
