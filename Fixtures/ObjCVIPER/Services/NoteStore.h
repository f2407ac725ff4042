#import <Foundation/Foundation.h>

@class NoteItem;

/// Persistence of notes, shared by the interactors.
@interface NoteStore : NSObject
+ (instancetype)sharedStore;
- (NSArray<NoteItem *> *)allNotes;
- (void)saveNote:(NoteItem *)note;
@end
