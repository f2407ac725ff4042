#import <Foundation/Foundation.h>

@protocol HomeWireframeInput <NSObject>
- (void)showDetailForNoteWithIdentifier:(NSString *)identifier;
@end
