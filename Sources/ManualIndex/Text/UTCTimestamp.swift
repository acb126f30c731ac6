import Foundation

/// ISO 8601 times in UTC, written by hand ("2026-11-25T06:24:59Z", or with milliseconds
/// "2026-11-25T06:24:59.086Z", so times of one batch order correctly as text). By hand rather than with
/// ISO8601DateFormatter: a formatter goes through ICU's calendars, locales and time-zone tables (data the
/// binary would otherwise carry; docs/performance.md, "What is in the binary"), and a new one per call was a
/// twentieth of a served question's time. Same text as ISO8601DateFormatter's `.withInternetDateTime` in UTC.
package enum UTCTimestamp {
    /// `seconds` since 1970 in UTC; `millis` (0-999) written as a three-digit fraction when given.
    package static func format(seconds: Int, millis: Int? = nil) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        func padded(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        let fraction = millis.map { "." + padded(Int32($0), 3) } ?? ""
        return "\(padded(parts.tm_year + 1900, 4))-\(padded(parts.tm_mon + 1, 2))-\(padded(parts.tm_mday, 2))T"
            + "\(padded(parts.tm_hour, 2)):\(padded(parts.tm_min, 2)):\(padded(parts.tm_sec, 2))\(fraction)Z"
    }
}
