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
}
