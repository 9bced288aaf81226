import NIOSSL
import Testing
@testable import StatehousePostgres

/// `--state-store postgres://…`: TLS as libpq's `sslmode` says, checked certificates by default
/// beyond loopback (issue 54: the PostgreSQL connection over TLS, certificate checked).
@Suite("PostgreSQL store URLs")
struct PostgresURLTests {
    @Test("Beyond loopback the connection is TLS with the certificate and host name checked; on loopback none; sslmode says otherwise")
    func tlsModes() throws {
        #expect(try PostgresStore.Endpoint("postgres://app@127.0.0.1/statehouse").tls == nil)
        #expect(try PostgresStore.Endpoint("postgres://app@localhost:5433/statehouse").tls == nil)
        let remote = try #require(try PostgresStore.Endpoint("postgres://app:pw@db.example.com/statehouse").tls)
        #expect(remote.certificateVerification == .fullVerification)
        #expect(try PostgresStore.Endpoint("postgres://app@db.example.com/s?sslmode=require").tls?.certificateVerification == CertificateVerification.none)
        #expect(try PostgresStore.Endpoint("postgres://app@db.example.com/s?sslmode=verify-ca").tls?.certificateVerification == .noHostnameVerification)
        #expect(try PostgresStore.Endpoint("postgres://app@db.example.com/s?sslmode=disable").tls == nil)
        #expect(try PostgresStore.Endpoint("postgres://app@127.0.0.1/s?sslmode=verify-full").tls?.certificateVerification == .fullVerification)
        let rooted = try PostgresStore.Endpoint("postgres://app@db.example.com/s?sslrootcert=/etc/ssl/certs/ca-certificates.crt")
        #expect(rooted.tls?.trustRoots == .file("/etc/ssl/certs/ca-certificates.crt"))
    }

    @Test("An unknown sslmode or parameter is refused, naming it; the message never shows the password")
    func refusals() {
        #expect {
            _ = try PostgresStore.Endpoint("postgres://app:s3cret@db.example.com/s?sslmode=allow")
        } throws: { error in
            let text = "\(error)"
            return text.contains("sslmode 'allow'") && text.contains("expected disable, require, verify-ca or verify-full") && !text.contains("s3cret")
        }
        #expect {
            _ = try PostgresStore.Endpoint("postgres://app:s3cret@db.example.com/s?ssl=true")
        } throws: { error in
            "\(error)".contains("unknown parameter 'ssl'") && !"\(error)".contains("s3cret")
        }
        #expect {
            _ = try PostgresStore.Endpoint("mysql://app:s3cret@db.example.com/s")
        } throws: { error in
            "\(error)".contains("expected postgres://") && !"\(error)".contains("s3cret")
        }
    }

    @Test("A certificate authority file that cannot be read fails the store's opening, before any connection")
    func unreadableRoots() async {
        await #expect(throws: NIOSSLError.self) {
            _ = try await PostgresStore.open(url: "postgres://app@db.example.com/s?sslrootcert=/nonexistent/ca.pem")
        }
    }
}
