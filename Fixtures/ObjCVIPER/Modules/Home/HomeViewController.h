#import <UIKit/UIKit.h>
#import "HomeViewInput.h"
#import "HomeViewOutput.h"

@interface HomeViewController : UITableViewController <HomeViewInput>
@property (nonatomic, strong) id<HomeViewOutput> output;
@property (nonatomic, weak) IBOutlet UILabel *emptyLabel;
@end
