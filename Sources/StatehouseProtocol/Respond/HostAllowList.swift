import Foundation

/// The host names a server answers for (`ProtocolSettings.allowedHosts`).
struct HostAllowList: Sendable {
    private let names: Set<String>
    /// `.example.com` entries, kept as `.example.com`.
    private let domains: [String]

    init(_ entries: [String]) {
        let entries = entries.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
        names = Set(entries.filter { !$0.hasPrefix(".") })
        domains = entries.filter { $0.hasPrefix(".") }
    }

    /// No entries: every host is answered.
    var isEmpty: Bool { names.isEmpty && domains.isEmpty }

    /// Whether a request whose `Host` header is `host` is answered: any, with no entries.
    func allows(_ host: String?) -> Bool {
        if isEmpty { return true }
        guard let host else { return false }
        let name = Self.name(of: host.lowercased())
        return names.contains(name) || domains.contains { name.hasSuffix($0) || name == $0.dropFirst() }
    }

    /// `host` without its port (`example.com:8080` → `example.com`, `[::1]:8080` → `[::1]`).
    static func name(of host: String) -> String {
        if host.hasPrefix("[") {
            return host.firstIndex(of: "]").map { String(host[...$0]) } ?? host
        }
        return host.firstIndex(of: ":").map { String(host[..<$0]) } ?? host
    }
}
