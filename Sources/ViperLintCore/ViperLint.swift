/// The tool's identity, as reports show it.
public enum ViperLint {
    public static let name = "viperlint"
    public static let version = "0.1.0"
}
