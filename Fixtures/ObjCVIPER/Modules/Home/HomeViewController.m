#import "HomeViewController.h"

@interface HomeViewController ()
@property (nonatomic, copy) NSArray<NSString *> *titles;
@end

@implementation HomeViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    [self.output viewIsReady];
}

- (void)showNoteTitles:(NSArray<NSString *> *)titles {
    self.titles = titles;
    self.emptyLabel.hidden = YES;
    [self.tableView reloadData];
}

- (void)showEmptyState {
    self.emptyLabel.hidden = NO;
}

- (void)tableView:(UITableView *)tableView didSelectRowAtIndexPath:(NSIndexPath *)indexPath {
    [self.output didSelectNoteAtIndex:indexPath.row];
}

@end
