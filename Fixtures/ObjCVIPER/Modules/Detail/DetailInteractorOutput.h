#import <Foundation/Foundation.h>

@class NoteItem;

@protocol DetailInteractorOutput <NSObject>
- (void)didLoadNote:(NoteItem *)note;
@end
