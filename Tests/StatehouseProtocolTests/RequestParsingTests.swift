import Testing
@testable import StatehouseProtocol

/// What the protocol reads from a request before any page sees it: form bodies, cookies, and
/// the headers that choose a response's form (byte-level parsers, so their edges are pinned).
@Suite("Request parsing")
struct RequestParsingTests {
    func fields(_ body: String) -> [String]? {
        FormData.decode(Array(body.utf8)).map { $0.fields.map { "\($0.name)=\($0.value)" } }
    }

    @Test("A form body decodes in order: + is a space, %XX a byte, a name without = has an empty value, empty pairs are skipped")
    func formDecoding() {
        #expect(fields("page=4f&target=increment") == ["page=4f", "target=increment"])
        #expect(fields("value=a+b%20c%2Bd&x=%3D%26") == ["value=a b c+d", "x==&"])
        #expect(fields("&&flag&empty=&=v&") == ["flag=", "empty=", "=v"])
        #expect(fields("") == [])
        // Multi-byte UTF-8 from escapes, and letters of either case in them.
        #expect(fields("t=%E2%9c%93%20Dune") == ["t=✓ Dune"])
        // The value keeps a second '='.
        #expect(fields("q=a=b") == ["q=a=b"])
    }

    @Test("A malformed percent escape refuses the whole body; invalid UTF-8 is repaired, never passed on")
    func formDecodingErrors() {
        #expect(fields("a=%zz") == nil)
        #expect(fields("a=%4") == nil)
        #expect(fields("a=ok&b=%") == nil)
        #expect(fields("a=%FF%FE") == ["a=\u{FFFD}\u{FFFD}"])
        #expect(FormData.decode([UInt8(ascii: "a"), UInt8(ascii: "="), 0xC3])?.fields.first?.value == "\u{FFFD}")
    }

    func request(_ headers: [(String, String)]) -> HostRequest {
        HostRequest(method: "POST", uri: "/_sh/event", headers: HostHeaders(headers.map { (name: $0.0, value: $0.1) }), body: [])
    }

    @Test("The query starts at the first '?' byte, whatever character the byte before it joins (FuzzForm's crash input)")
    func queryAtTheFirstQuestionMark() {
        let marked = HostRequest(method: "GET", uri: "/a\u{06DD}?page=1&tab=x", headers: [:], body: [])
        #expect(marked.path == "/a\u{06DD}")
        #expect(marked.query == ["page": "1", "tab": "x"])
        // The input FuzzForm stopped on: a ?-less path is what it checks.
        let bytes: [UInt8] = [0x7f, 0x25, 0x9e, 0xbb, 0x25, 0x62, 0x42, 0xe8, 0x25, 0x42, 0x25, 0xdb, 0x9d, 0x3f]
        let crash = HostRequest(method: "GET", uri: String(decoding: bytes, as: UTF8.self), headers: [:], body: [])
        #expect(!crash.path.utf8.contains(UInt8(ascii: "?")))
        #expect(crash.query.isEmpty)
    }

    @Test("A cookie is found among others, in any Cookie header, whatever the header name's case and the spaces")
    func cookies() {
        let several = request([("Cookie", "theme=dark;  sh_session=abc ; other=1")])
        #expect(several.cookie("sh_session") == "abc")
        #expect(several.cookie("theme") == "dark")
        #expect(several.cookie("other") == "1")
        #expect(several.cookie("session") == nil)
        let split = request([("cookie", "a=1"), ("COOKIE", "sh_session=xyz=2")])
        #expect(split.cookie("sh_session") == "xyz=2")
        #expect(request([("Cookie", "sh_session")]).cookie("sh_session") == nil)
        #expect(request([]).cookie("sh_session") == nil)
        // Read as bytes: a character that spans several (a combining accent) stays whole.
        let accented = request([("Cookie", "note=cafe\u{301} ; sh_session=q")])
        #expect(accented.cookie("note") == "cafe\u{301}")
        #expect(accented.cookie("sh_session") == "q")
        #expect(request([("Cookie", "sh_session=   ")]).cookie("sh_session") == "")
    }

    @Test("Fragments unless the client asks for HTML and not for Turbo Streams; header names and values in any case")
    func acceptChoosesTheResponse() {
        #expect(request([]).wantsFragments)
        #expect(request([("Accept", "*/*")]).wantsFragments)
        #expect(request([("Accept", "text/vnd.turbo-stream.html, text/html")]).wantsFragments)
        #expect(request([("accept", "text/html"), ("ACCEPT", "Text/Vnd.Turbo-Stream.HTML")]).wantsFragments)
        #expect(!request([("Accept", "text/html,application/xhtml+xml,*/*;q=0.8")]).wantsFragments)
        #expect(!request([("ACCEPT", "TEXT/HTML")]).wantsFragments)
    }

    @Test("Header values compare without regard to ASCII case, and only whole prefixes match")
    func caseInsensitiveMatching() {
        #expect("Application/X-WWW-Form-Urlencoded; charset=UTF-8".utf8.hasPrefixIgnoringASCIICase(Wire.formType.utf8))
        #expect(!"application/x-www-form".utf8.hasPrefixIgnoringASCIICase(Wire.formType.utf8))
        #expect(!"text/plain".utf8.hasPrefixIgnoringASCIICase(Wire.formType.utf8))
        #expect(Array("xA".utf8).reversed().hasPrefixIgnoringASCIICase("aX".utf8), "bytes that are not contiguous")
        #expect(!Array("xA".utf8).reversed().hasPrefixIgnoringASCIICase("aXy".utf8))
        #expect("a, TEXT/html".utf8.containsIgnoringASCIICase("text/html".utf8))
        #expect(!"text/htm".utf8.containsIgnoringASCIICase("text/html".utf8))
        #expect("".utf8.containsIgnoringASCIICase("".utf8))
        #expect("Content-Type".equalsIgnoringASCIICase("content-type"))
        #expect(!"Content-Type".equalsIgnoringASCIICase("content-typ"))
        // Only letters fold: '@' (0x40) and '`' (0x60) differ by the same bit.
        #expect(!"@".equalsIgnoringASCIICase("`"))
    }
}
