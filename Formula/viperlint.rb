# Homebrew formula: builds viperlint from a tagged source release with SwiftPM.
#   brew tap OWNER/viperlint https://github.com/OWNER/viperlint
#   brew install viperlint
class Viperlint < Formula
  desc "Architecture linter for VIPER-family Swift apps"
  homepage "https://github.com/OWNER/viperlint"
  url "https://github.com/OWNER/viperlint.git", tag: "v0.1.0"
  head "https://github.com/OWNER/viperlint.git", branch: "main"

  on_macos do
    depends_on xcode: ["16.0", :build]
  end

  uses_from_macos "swift" => :build

  def install
    system "swift", "build", "--disable-sandbox", "--configuration", "release", "--product", "viperlint"
    bin.install ".build/release/viperlint"
  end

  test do
    assert_equal version.to_s, shell_output("#{bin}/viperlint --version").strip
    (testpath/".viperlint.json").write '{ "version": 1, "rules": { "forbidden-import": "error" } }'
    (testpath/"Home/HomeInteractor.swift").write "import UIKit\n\nfinal class HomeInteractor {}\n"
    assert_match "[forbidden-import]", shell_output("#{bin}/viperlint lint #{testpath} --no-cache", 1)
  end
end
