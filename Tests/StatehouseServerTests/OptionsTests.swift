import Foundation
import Testing
@testable import StatehouseNIO

/// The server's options: declared once, read from the environment and the command line.
@Suite("Options")
struct OptionsTests {
    @Test("The environment sets an option, the command line wins over it; both spellings of a value and of a flag work")
    func precedence() throws {
        let options = try ServerOptions.parse(["--port", "9000", "--session-ttl=30", "--no-secure-cookies", "--public-dir", "/srv"],
                                              environment: ["STATEHOUSE_PORT": "7000", "STATEHOUSE_MAX_SESSIONS": "5",
                                                            "STATEHOUSE_SECURE_COOKIES": "true", "STATEHOUSE_LOG_LEVEL": "notice",
                                                            "STATEHOUSE_EVENT_LOOP": "threads"])
        #expect(options.port == 9000)
        #expect(options.sessionTTL == 30)
        #expect(options.maxSessions == 5)
        #expect(options.secureCookies == false)
        #expect(options.publicDirectory == "/srv")
        #expect(options.logLevel == .notice)
        #expect(options.eventLoop == .threads)
        #expect(ServerOptions().eventLoop == .main)
        #expect(options.maxBodyBytes == ServerOptions().maxBodyBytes, "untouched options keep their default")
        #expect(try ServerOptions.parse(["--secure-cookies"], environment: [:]).secureCookies)
    }

    @Test("A bad option is named with where it came from and what is wrong; nothing else is guessed")
    func refusals() {
        let cases: [([String], [String: String], String)] = [
            (["--port", "70000"], [:], "--port '70000': must be in 0...65535"),
            (["--max-sessions", "0"], [:], "--max-sessions '0': must be at least 1"),
            (["--session-ttl", "-1"], [:], "--session-ttl '-1': must be a positive number of seconds"),
            (["--log-level", "loud"], [:], "--log-level 'loud': must be one of trace, debug, info, notice, warning, error, critical"),
            ([], ["STATEHOUSE_EVENT_LOOP": "fast"], "STATEHOUSE_EVENT_LOOP='fast' for --event-loop: must be one of main, threads"),
            (["--max-body-bytes"], [:], "missing value for '--max-body-bytes <n>'"),
            (["--colour", "red"], [:], "unknown option '--colour'"),
            (["--secure-cookies=yes"], [:], "--secure-cookies takes no value"),
            (["8080"], [:], "unexpected argument '8080'"),
            ([], ["STATEHOUSE_EVENT_LOOP_THREADS": "0"], "STATEHOUSE_EVENT_LOOP_THREADS='0' for --event-loop-threads: must be in 1...1024"),
            ([], ["STATEHOUSE_IDLE_TIMEOUT": "soon"], "STATEHOUSE_IDLE_TIMEOUT='soon' for --idle-timeout: 'soon' is not a valid Double"),
        ]
        for (arguments, environment, message) in cases {
            #expect {
                _ = try ServerOptions.parse(arguments, environment: environment)
            } throws: { error in
                "\(error)".contains(message)
            }
        }
    }

    @Test("Connections are served by one event loop per core but one (the views' thread has the last), or as many as --event-loop-threads says")
    func eventLoopThreads() async throws {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        #expect(ServerOptions().eventLoopThreads == max(1, cores - 1))
        #expect(try ServerOptions.parse(["--event-loop-threads", "3"], environment: [:]).eventLoopThreads == 3)
        for threads in [1, 3] {
            var options = ServerOptions()
            options.port = 0
            options.logLevel = .warning
            options.stateStore = .memory
            options.eventLoopThreads = threads
            let server = try await StatehouseServer.start(TestApp(), options: options)
            #expect(server.eventLoopCount == threads)
            try await server.shutdown()
        }
    }

    @Test("--help lists every option once, with its environment variable and default")
    func help() {
        let usage = ServerOptions.usage(command: "demo")
        for declaration in ServerOptions.declarations {
            #expect(usage.components(separatedBy: "--\(declaration.name) ").count + usage.components(separatedBy: "--[no-]\(declaration.name)").count == 3,
                    "--\(declaration.name) appears once")
            #expect(usage.contains("(env: \(declaration.environmentName); default: "))
        }
        #expect(usage.contains("--max-body-bytes <n>\n        Largest request body accepted (413 beyond). (env: STATEHOUSE_MAX_BODY_BYTES; default: 1048576)"))
        #expect(ServerOptions.declarations.count == Set(ServerOptions.declarations.map(\.name)).count)
    }
}
