import Foundation
import DesignSystem

// Planted: a UIKit type reached through another module's re-export, without `import UIKit`.
final class ArticleDetailShareInteractor {
    func shareTint() -> UIColor? { // expect: forbidden-import
        nil
    }
}
