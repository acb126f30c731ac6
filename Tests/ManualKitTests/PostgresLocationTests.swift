import Testing
@testable import ManualKit
@testable import ManualIndex

/// A PostgreSQL library on this machine is reached without TLS or GSS negotiation unless its URL asks for
/// them (`PostgresConnection`); one elsewhere keeps libpq's defaults.
@Suite struct PostgresLocationTests {
    @Test func loopbackAddressesAndUnixSocketsAreLocal() {
        for url in ["postgres://manual@127.0.0.1:5432/manuals", "postgres://manual:secret@localhost/manuals",
                    "postgresql://[::1]:5433/manuals", "postgres:///manuals", "postgres://%2Fvar%2Frun%2Fpostgresql/manuals",
                    "postgres://manual@/manuals?host=/run/postgresql", "postgres://127.0.0.1,localhost:5433/manuals"] {
            #expect(PostgresLocation.isLocal(url), "\(url)")
        }
    }

    @Test func otherHostsAreNotLocal() {
        for url in ["postgres://manual@db.internal:5432/manuals", "postgres://10.0.0.7/manuals",
                    "postgres://manual@localhost.example.com/manuals", "postgres://127.0.0.1,db.internal/manuals",
                    "postgres://manual@localhost/manuals?host=db.internal", "postgres://[2001:db8::1]:5432/manuals"] {
            #expect(!PostgresLocation.isLocal(url), "\(url)")
        }
    }

    /// `serve` keeps its uploads beside the library: for a URL that used to mean a folder named after the URL,
    /// relative to wherever the server was started.
    @Test func aServersFilesForAURLLiveInTheDataFolderNamedWithoutTheURL() {
        let environment = ["XDG_DATA_HOME": "/srv/data", "HOME": "/home/nobody"]
        let url = "postgres://manual:secret@db.internal:5432/manuals"
        let folder = PostgresLocation.dataPrefix(for: url, environment: environment)
        #expect(folder.hasPrefix("/srv/data/manual/postgres-"), "\(folder)")
        #expect(!folder.contains("secret") && !folder.contains("db.internal") && !folder.contains("postgres:"), "\(folder)")
        // The same library, with or without its password, is the same folder; another database is another.
        #expect(folder == PostgresLocation.dataPrefix(for: "postgres://manual@db.internal:5432/manuals", environment: environment))
        #expect(folder != PostgresLocation.dataPrefix(for: "postgres://manual@db.internal:5432/other", environment: environment))
        #expect(PostgresLocation.dataPrefix(for: url, environment: ["HOME": "/home/nobody"]).hasPrefix("/home/nobody/.local/share/manual/"))
        #expect(Stores.filesFolder(for: "/var/lib/manual/library.sqlite") == "/var/lib/manual/library.sqlite.files")
        #expect(Stores.filesFolder(for: url).hasSuffix(".files") && Stores.filesFolder(for: url).hasPrefix("/"))
    }
}
