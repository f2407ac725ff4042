#import <Foundation/Foundation.h>
#import "DetailInteractorInput.h"
#import "DetailInteractorOutput.h"

@interface DetailInteractor : NSObject <DetailInteractorInput>
@property (nonatomic, strong) id<DetailInteractorOutput> output; // expect: weak-back-reference
@end
