#import "DetailPresenter.h"
#import "DetailWireframe.h"
#import "NoteItem.h"

@implementation DetailPresenter

- (void)viewIsReady {
    [self.interactor loadNoteWithIdentifier:self.noteIdentifier];
}

- (void)didLoadNote:(NoteItem *)note {
    [self.view showTitle:note.title];
}

- (void)didTapSettings {
    [self.wireframe presentSettings];
}

@end
