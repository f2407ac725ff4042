#import <Foundation/Foundation.h>

@protocol DetailInteractorInput <NSObject>
- (void)loadNoteWithIdentifier:(NSString *)identifier;
@end
