import Foundation
import Testing
import TestSupport
@testable import ManualKit
@testable import ManualIndex

/// A definition table of short keys and what they stand for, a column apart, as texinfo sets avrdude's
/// `-U` formats and options: each key is a row however long its description, and a description that wraps
/// stays in its key's row.
@Suite struct KeyEntryTableTests {
    @Test func eachKeyIsARowAndAWrappedDescriptionStaysInIt() {
        var page = LaidOutPage(21)
        page.line("The op field specifies what operation to perform:")
        func entry(_ key: String, _ description: [String]) {
            page.lines.append(TextLine(text: key, top: page.y, bottom: page.y + 10, left: 60, right: 60 + 6 * Double(key.count), fontSize: 10))
            for line in description { page.line(line, left: 120) }
        }
        entry("r", ["read the specified device memory and write to the specified file"])
        entry("w", ["read the specified file and write it to the specified device memory"])
        entry("v", ["read the specified device memory and the specified file and perform", "a verify operation"])
        entry("-O", ["Perform a RC oscillator run-time calibration according to Atmel application",
                     "note AVR053. This is only supported on the STK500v2 hardware."])
        page.line("The filename field indicates the name of the file to read or write.")
        let sentences = TextPipeline().process(pages: [page.page], outline: []).chunks.flatMap(\.sentences)
        #expect(sentences.filter { $0.kind == .tableRow }.map(\.text) == [
            "r | read the specified device memory and write to the specified file",
            "w | read the specified file and write it to the specified device memory",
            "v | read the specified device memory and the specified file and perform a verify operation",
            "-O | Perform a RC oscillator run-time calibration according to Atmel application note AVR053. This is only supported on the STK500v2 hardware.",
        ])
        // The paragraph after the table is prose again.
        #expect(sentences.contains { $0.kind == .body && $0.text.hasPrefix("The filename field") })
    }
    /// A kettle's technical data, then a paragraph whose first line is indented past the keys but starts far
    /// left of the values: the paragraph is prose, not the last row's wrapped value.
    @Test func anIndentedParagraphAfterTheTableIsNoWrappedDescription() {
        var page = LaidOutPage(3)
        page.line("Technical data", size: 14, bold: true)
        func entry(_ key: String, _ value: String) {
            page.lines.append(TextLine(text: key, top: page.y, bottom: page.y + 10, left: 50, right: 50 + 6 * Double(key.count), fontSize: 10))
            page.line(value, left: 128)
        }
        entry("Model", "Northwind Kettle K2")
        entry("Capacity", "0.5 to 1.7 litres")
        entry("Weight", "1.1 kg")
        entry("Guarantee", "2 years")
        page.line("Dispose of the appliance at a collection point for electrical and", left: 67)
        page.line("electronic equipment at the end of its life. Do not put it in household waste.")
        let sentences = TextPipeline().process(pages: [page.page], outline: []).chunks.flatMap(\.sentences)
        #expect(sentences.filter { $0.kind == .tableRow }.map(\.text) == [
            "Model | Northwind Kettle K2", "Capacity | 0.5 to 1.7 litres", "Weight | 1.1 kg", "Guarantee | 2 years",
        ])
        #expect(sentences.contains { $0.kind == .body && $0.text.hasPrefix("Dispose of the appliance") })
    }
}
