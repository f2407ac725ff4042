#import <Foundation/Foundation.h>

@protocol DetailViewOutput <NSObject>
- (void)viewIsReady;
- (void)didTapSettings;
@end
