import Foundation
import Testing
@testable import ManualKit
@testable import ManualIndex

/// Times are written by hand instead of by ISO8601DateFormatter (which needs ICU's calendar and time-zone data,
/// left out of the binary): a document's creation date and the library's timestamps must read as before.
@Suite struct UTCTimestampTests {
    @Test func secondsReadAsISO8601DateFormattersInUTC() {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        // The epoch, a leap day, the last second of a year, a 32-bit overflow's neighbour, a far year.
        for seconds in [0, 1, 59, 951_782_400, 1_230_767_999, 1_764_051_899, 2_147_483_647, 2_147_483_648, 253_402_300_799] {
            #expect(UTCTimestamp.format(seconds: seconds)
                    == formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds))), "\(seconds)")
        }
    }

    @Test func millisecondsAreThreeDigits() {
        #expect(UTCTimestamp.format(seconds: 1_764_051_899, millis: 86) == "2025-11-25T06:24:59.086Z")
        #expect(UTCTimestamp.format(seconds: 0, millis: 0) == "1970-01-01T00:00:00.000Z")
        #expect(UTCTimestamp.format(seconds: 0, millis: 999) == "1970-01-01T00:00:00.999Z")
    }
}
