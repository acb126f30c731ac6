// The front of the library: `import ManualKit` gives a program everything the stages below it make public
// (the value types of answers, citations and documents, the errors, the settings), as one module.
@_exported import ManualAnswer
@_exported import ManualIndex
@_exported import ManualIngest
@_exported import ManualQuestion
@_exported import ManualRetrieval
