import Testing
import TestSupport
@testable import ManualKit
@testable import ManualQuestion

/// Question words the library never uses are searched as the library writes them.
@Suite(.serialized) struct QueryRewriterTests {
    static let library = FixtureLibrary()

    @Test func aModelNameInThePluralIsSearchedAsTheManualNamesIt() throws {
        let rewriter = QueryRewriter(store: Self.library.library.store)
        // The sample manual names the key's "CR2032" cell; the analyser keeps "cr2032s" whole, and no
        // chunk holds it, so the plural alone would match nothing.
        #expect(try rewriter.rewrite("Do both keys take CR2032s?") == "Do both keys take CR2032?")
        // A name the library does not use at all is left as typed, for the guardrail to name.
        #expect(try rewriter.rewrite("Do both keys take ZX81s?") == "Do both keys take ZX81s?")
        // A number with an "s" may be seconds or a decade, not a plural of a name.
        #expect(try rewriter.rewrite("Hold it for 10s in the 1990s") == "Hold it for 10s in the 1990s")
        // Words are still rewritten after it.
        #expect(try rewriter.rewrite("Do CR2032s fit the tyres?") == "Do CR2032 fit the tires?")
    }

    @Test func anOwnersWordForAWarningLightsColourIsSearchedAsTheManualSaysIt() throws {
        let rewriter = QueryRewriter(store: Self.library.library.store)
        // The sample manual's lights are "amber", never "orange".
        #expect(try rewriter.rewrite("What does the orange tire light mean?") == "What does the amber tire light mean?")
        #expect(try rewriter.rewrite("How wide is the car?") == "What is the width of the car?")
        // A British owner's "caravan" is the towing section's "trailer".
        #expect(try rewriter.rewrite("How fast should I go when pulling a caravan?")
                == "How fast should I go when pulling a trailer?")
    }
}
