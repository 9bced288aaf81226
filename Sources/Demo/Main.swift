import StatehouseGallery
import StatehousePostgres
import Statehouse

/// `swift run demo [--host H] [--port P] [--state-store …]`: serves the gallery of seed
/// examples. `--state-store postgres://…` works because the demo registers the PostgreSQL
/// store.
@main
enum Main {
    @MainActor
    static func main() {
        PostgresStore.register()
        DemoApp.main()
    }
}
