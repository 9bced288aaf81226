import Foundation
import Testing

/// Issue 58.4: a page's language is chosen from the browser's `Accept-Language` among the app's
/// translations: the document's `lang` and `dir`, its title and texts in that language.
@Suite struct LanguageHTTPTests {
    @Test("A German browser gets /counter in German (lang=\"de\", \"Erhöhen\", the title \"Zähler\"); Arabic is right to left; a script without the header gets English")
    func counterInTheBrowsersLanguage() async throws {
        try await withServer { port in
            let client = CurlClient(port: port)
            let german = client.get("/counter", headers: ["Accept-Language: de-DE,de;q=0.9,en;q=0.8"])
            #expect(german.status == 200)
            #expect(german.body.contains(#"<html lang="de"><head>"#))
            #expect(german.body.contains("<title>Zähler</title>"))
            #expect(german.body.contains(">Erhöhen</button>"))
            #expect(!german.body.contains("Increment<"))

            let arabic = client.get("/counter", headers: ["Accept-Language: ar-EG"])
            #expect(arabic.body.contains(#"<html lang="ar" dir="rtl">"#))
            #expect(arabic.body.contains(">زيادة</button>"))

            let japanese = client.get("/counter", headers: ["Accept-Language: ja-JP"])
            #expect(japanese.body.contains(#"<html lang="en"><head>"#), "no Japanese strings: the source language")
            #expect(japanese.body.contains(">Increment</button>"))

            let script = client.get("/counter")
            #expect(script.body.contains(#"<html lang="en"><head>"#))
            #expect(script.body.contains("<title>Counter</title>"))
            #expect(script.body.contains(">Increment</button>"))
        }
    }
}
