#import "NoteStore.h"
#import "NoteItem.h"

@implementation NoteStore {
    NSMutableArray<NoteItem *> *_notes;
}

+ (instancetype)sharedStore {
    static NoteStore *store = nil;
    if (store == nil) {
        store = [[NoteStore alloc] init];
    }
    return store;
}

- (NSArray<NoteItem *> *)allNotes {
    NSData *data = [[NSUserDefaults standardUserDefaults] dataForKey:@"notes"];
    if (data == nil) {
        return @[];
    }
    return [_notes copy];
}

- (void)saveNote:(NoteItem *)note {
    [_notes addObject:note];
}

@end
