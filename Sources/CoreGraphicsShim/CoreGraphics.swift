// `import CoreGraphics` on Linux, where the module does not exist: apps written for Apple's
// systems import it for `CGFloat`, `CGPoint`, `CGSize`, and `CGRect`, which
// the Linux Foundation has. This module is those, re-exported (a dependency of `Statehouse`
// on Linux only; on Apple's systems the real CoreGraphics is imported).
#if os(Linux)
@_exported import Foundation
#endif
