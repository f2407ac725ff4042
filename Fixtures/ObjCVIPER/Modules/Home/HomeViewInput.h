#import <Foundation/Foundation.h>

@class NoteItem;

/// What the presenter tells the view.
@protocol HomeViewInput <NSObject>
- (void)showNoteTitles:(NSArray<NSString *> *)titles;
- (void)showEmptyState;
@end
