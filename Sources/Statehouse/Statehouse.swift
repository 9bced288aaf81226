// `import Statehouse` is the one import an app needs: views, state, `App` and serving it
// (`App.main()` on the built-in SwiftNIO server). Observation's `@Observable` and
// OpenCombine's `ObservableObject`/`@Published` come along (re-exported by the view system).
@_exported import StatehouseNIO
@_exported import StatehouseViews
