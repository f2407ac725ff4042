#import "DetailInteractor.h"
#import <UIKit/UIKit.h> // expect: forbidden-import
#import "NoteStore.h"
#import "NoteItem.h"

@implementation DetailInteractor

- (void)loadNoteWithIdentifier:(NSString *)identifier {
    for (NoteItem *note in [[NoteStore sharedStore] allNotes]) {
        if ([note.identifier isEqualToString:identifier]) {
            [self.output didLoadNote:note];
            return;
        }
    }
}

@end
