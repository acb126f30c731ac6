// CICUData exports nothing to Swift: icu_data.S defines the symbol ICU itself looks its data up by.
// (SwiftPM wants a public headers folder for every C target.)
