#import <UIKit/UIKit.h>
#import "DetailViewInput.h"
#import "DetailViewOutput.h"

@interface DetailViewController : UIViewController <DetailViewInput>
@property (nonatomic, strong) id<DetailViewOutput> output;
@property (nonatomic, weak) IBOutlet UILabel *titleLabel;
@end
