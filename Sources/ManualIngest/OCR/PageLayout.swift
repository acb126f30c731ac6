/// The layout analysis of a page, in image pixels.
struct PageLayout {
    struct Box {
        var left: Int, top: Int, right: Int, bottom: Int
        var width: Int { right - left }
    }

    var columns: Bool
    var pictures: [Box]

    /// Whether the middle of `word` lies in a picture block.
    func isInPicture(_ word: OCRWord) -> Bool {
        let x = (word.left + word.right) / 2, y = (word.top + word.bottom) / 2
        return pictures.contains { x >= $0.left && x <= $0.right && y >= $0.top && y <= $0.bottom }
    }
}
