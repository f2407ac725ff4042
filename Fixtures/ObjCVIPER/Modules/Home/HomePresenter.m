#import "HomePresenter.h"
#import "NoteItem.h"

@implementation HomePresenter {
    NSArray<NoteItem *> *_notes;
}

- (void)viewIsReady {
    [self.interactor loadNotes];
}

- (void)didLoadNotes:(NSArray<NoteItem *> *)notes {
    _notes = notes;
    if (notes.count == 0) {
        [self.view showEmptyState];
        return;
    }
    NSMutableArray<NSString *> *titles = [NSMutableArray array];
    for (NoteItem *note in notes) {
        [titles addObject:note.title];
    }
    [self.view showNoteTitles:titles];
}

- (void)didSelectNoteAtIndex:(NSUInteger)index {
    NoteItem *note = _notes[index];
    [self.wireframe showDetailForNoteWithIdentifier:note.identifier];
}

@end
