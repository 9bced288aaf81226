import StatehouseGallery
import Statehouse

/// `swift run demo [--host H] [--port P]`: serves the gallery of seed examples.
@main
enum Main {
    @MainActor
    static func main() {
        DemoApp.main()
    }
}
