import ConformKit
