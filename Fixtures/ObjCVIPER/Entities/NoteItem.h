#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

typedef NS_ENUM(NSInteger, NoteItemState) {
    NoteItemStateDraft,
    NoteItemStatePublished,
};

@interface NoteItem : NSObject
@property (nonatomic, copy, readonly) NSString *identifier;
@property (nonatomic, copy) NSString *title;
@property (nonatomic, assign) NoteItemState state;
- (instancetype)initWithIdentifier:(NSString *)identifier title:(NSString *)title NS_DESIGNATED_INITIALIZER;
- (instancetype)init NS_UNAVAILABLE;
@end

NS_ASSUME_NONNULL_END
