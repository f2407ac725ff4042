#import "DetailPresenter.h"
#import "DetailWireframe.h"
#import "NoteItem.h"

@implementation DetailPresenter

- (void)viewIsReady {
    [self.interactor loadNoteWithIdentifier:self.noteIdentifier];
}

- (void)didLoadNote:(NoteItem *)note {
    [[NSUserDefaults standardUserDefaults] setObject:note.identifier forKey:@"lastNote"]; // expect: misplaced-service-call
    [self.view showTitle:note.title];
}

- (void)didTapSettings {
    [self.wireframe presentSettings];
}

- (void)didTapClose {
    // The presenter navigates itself instead of asking its wireframe.
    [self.view.navigationController popViewControllerAnimated:YES]; // expect: presenter-navigation
}

@end
