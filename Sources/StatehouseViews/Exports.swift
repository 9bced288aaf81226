// One import for users: `@Observable` (the toolchain's Observation) and `ObservableObject` /
// `@Published` (OpenCombine) work with `import Runtime` or `import Server` alone.
@_exported import Observation
@_exported import OpenCombine
