#import <Foundation/Foundation.h>
#import "HomeInteractorInput.h"
#import "HomeInteractorOutput.h"

@interface HomeInteractor : NSObject <HomeInteractorInput>
@property (nonatomic, weak) id<HomeInteractorOutput> output;
@end
