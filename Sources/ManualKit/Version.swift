public enum ManualKitInfo { public static let version = "0.1.0" }
