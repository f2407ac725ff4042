#import <Foundation/Foundation.h>
#import "HomeViewInput.h"
#import "HomeViewOutput.h"
#import "HomeInteractorInput.h"
#import "HomeInteractorOutput.h"
#import "HomeWireframeInput.h"

@interface HomePresenter : NSObject <HomeViewOutput, HomeInteractorOutput>
@property (nonatomic, weak) id<HomeViewInput> view;
@property (nonatomic, strong) id<HomeInteractorInput> interactor;
@property (nonatomic, strong) id<HomeWireframeInput> wireframe;
@end
