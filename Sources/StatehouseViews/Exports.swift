// One import for users: `@Observable` (the toolchain's Observation) and `ObservableObject` /
// `@Published` (OpenCombine) work with `import Statehouse` alone.
@_exported import Foundation
@_exported import Observation
@_exported import OpenCombine
