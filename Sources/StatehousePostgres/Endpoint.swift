import Foundation
import NIOSSL
import PostgresNIO

extension PostgresStore {
    /// Where the database is, from a `postgres://` URL: for the pool that runs queries, and
    /// for the connections that listen (made apart from the pool).
    ///
    /// TLS as libpq's `sslmode` says (`?sslmode=…`): `disable`; `require` (encrypted, the
    /// certificate not checked); `verify-ca` (signed by a trusted authority); `verify-full`
    /// (that, and issued for the host). Without one: `verify-full`, except on loopback
    /// (`localhost`, `127.0.0.0/8`, `::1`), where it is `disable`. `sslrootcert=PATH` names the
    /// authorities' PEM file (default: the system's).
    struct Endpoint {
        var host: String, port: Int, user: String, password: String?, database: String?
        /// Nil: no TLS.
        var tls: TLSConfiguration?

        init(_ text: String) throws {
            guard let url = URL(string: text), url.scheme == "postgres" || url.scheme == "postgresql",
                  let host = url.host, !host.isEmpty, let user = url.user, !user.isEmpty else {
                throw BadURL(description: "expected postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE, got \(PostgresStore.quotedURL(text))")
            }
            let database = url.path.hasPrefix("/") ? String(url.path.dropFirst()) : url.path
            (self.host, port, self.user, password) = (host, url.port ?? 5432, user, url.password)
            self.database = database.isEmpty ? nil : database
            let query = URLComponents(string: text)?.queryItems ?? []
            for item in query where item.name != "sslmode" && item.name != "sslrootcert" {
                throw BadURL(description: "unknown parameter '\(item.name)' in \(PostgresStore.quotedURL(text)): sslmode and sslrootcert are known")
            }
            let loopback = host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
            let mode = query.first { $0.name == "sslmode" }?.value ?? (loopback ? "disable" : "verify-full")
            var tls = TLSConfiguration.makeClientConfiguration()
            switch mode {
            case "disable":
                self.tls = nil
                return
            case "require": tls.certificateVerification = .none
            case "verify-ca": tls.certificateVerification = .noHostnameVerification
            case "verify-full": tls.certificateVerification = .fullVerification
            default:
                throw BadURL(description: "sslmode '\(mode)' in \(PostgresStore.quotedURL(text)): expected disable, require, verify-ca or verify-full")
            }
            if let root = query.first(where: { $0.name == "sslrootcert" })?.value {
                tls.trustRoots = .file(root)
            }
            self.tls = tls
        }

        var pool: PostgresClient.Configuration {
            var configuration = PostgresClient.Configuration(host: host, port: port, username: user, password: password, database: database,
                                                             tls: tls.map { .require($0) } ?? .disable)
            configuration.options.maximumConnections = 8
            return configuration
        }

        /// A listener's connection: it gives up connecting after 5 s (not postgres-nio's 10),
        /// so that closing the store while the database drops packets does not wait longer.
        var connection: PostgresConnection.Configuration {
            get throws {
                let mode: PostgresConnection.Configuration.TLS = try tls.map { .require(try NIOSSLContext(configuration: $0)) } ?? .disable
                var configuration = PostgresConnection.Configuration(host: host, port: port, username: user, password: password, database: database, tls: mode)
                configuration.options.connectTimeout = .seconds(5)
                return configuration
            }
        }
    }
}
