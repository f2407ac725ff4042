#import "HomeInteractor.h"
#import "NoteStore.h"

@implementation HomeInteractor

- (void)loadNotes {
    NSArray *notes = [[NoteStore sharedStore] allNotes];
    [self.output didLoadNotes:notes];
}

@end
