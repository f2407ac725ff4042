#import <Foundation/Foundation.h>

@protocol HomeInteractorInput <NSObject>
- (void)loadNotes;
@end
