#import <Foundation/Foundation.h>

/// What the view tells the presenter.
@protocol HomeViewOutput <NSObject>
- (void)viewIsReady;
- (void)didSelectNoteAtIndex:(NSUInteger)index;
@end
