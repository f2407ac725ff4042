#import <Foundation/Foundation.h>
#import "DetailViewInput.h"
#import "DetailViewOutput.h"
#import "DetailInteractorInput.h"
#import "DetailInteractorOutput.h"

@class DetailWireframe;

@interface DetailPresenter : NSObject <DetailViewOutput, DetailInteractorOutput>
@property (nonatomic, strong) id<DetailViewInput> view; // expect: weak-back-reference
@property (nonatomic, strong) id<DetailInteractorInput> interactor;
@property (nonatomic, strong) DetailWireframe *wireframe; // expect: concrete-dependency
@property (nonatomic, copy) NSString *noteIdentifier;
@end
