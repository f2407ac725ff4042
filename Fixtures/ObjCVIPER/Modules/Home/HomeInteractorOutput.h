#import <Foundation/Foundation.h>

@class NoteItem;

@protocol HomeInteractorOutput <NSObject>
- (void)didLoadNotes:(NSArray<NoteItem *> *)notes;
@end
