#import "NoteItem.h"

@implementation NoteItem

- (instancetype)initWithIdentifier:(NSString *)identifier title:(NSString *)title {
    self = [super init];
    if (self) {
        _identifier = [identifier copy];
        _title = [title copy];
        _state = NoteItemStateDraft;
    }
    return self;
}

@end
