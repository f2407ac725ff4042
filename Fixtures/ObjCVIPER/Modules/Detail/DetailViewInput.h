#import <Foundation/Foundation.h>

@protocol DetailViewInput <NSObject>
- (void)showTitle:(NSString *)title;
@end
