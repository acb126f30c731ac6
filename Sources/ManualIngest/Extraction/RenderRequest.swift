import Foundation
import ManualIndex

/// What the parent asks a worker to draw: one page of the PDF at `path` as PNG.
struct RenderRequest {
    var path: String
    var password: String?
    var memoryBytes: Int
    var image: PageImageRequest

    func record() -> ScratchRecord {
        var r = ScratchRecord()
        r.put(path)
        r.put(password)
        r.put(memoryBytes)
        r.put(image.page)
        r.put(image.width)
        r.put(image.highlight)
        return r
    }

    init(path: String, password: String?, memoryBytes: Int, image: PageImageRequest) {
        self.path = path
        self.password = password
        self.memoryBytes = memoryBytes
        self.image = image
    }

    init(_ r: inout ScratchRecord.Reader) {
        path = r.string()
        password = r.optionalString()
        memoryBytes = r.int()
        let page = r.int(), width = r.int()
        image = PageImageRequest(page: page, width: width, highlight: r.optionalString())
    }
}
