import FrameGrabModel
/// Where settled screens are kept and found again: the narrow interface `framegrab index`,
/// `search` and `export` use, so that another database can stand behind them.
///
/// Used from one thread at a time.
public protocol ScreenStore: AnyObject {
    /// The record for `path` (absolute, standardized), or nil when it was never indexed.
    func video(at path: String) throws(IndexStoreError) -> IndexedVideo?

    /// Replaces everything stored for `video.path` by `video` and `screens`, in one
    /// transaction: whatever happens (an error, `kill -9`), the store holds either the old
    /// record or the new one, whole. The screens are `video`'s, whatever their `path` says.
    func replace(_ video: IndexedVideo, screens: [StoredScreen]) throws(IndexStoreError)

    /// The best hits for `query`, best first, at most one per screen.
    func search(_ query: SearchQuery, filter: SearchFilter, limit: Int) throws(IndexStoreError) -> [SearchHit]

    /// Every stored screen of the videos at `paths` or under them as directories (every
    /// video when `paths` is empty), ordered by path, then start.
    func screens(under paths: [String]) throws(IndexStoreError) -> [StoredScreen]

    /// Every video recorded, ordered by path.
    func videos() throws(IndexStoreError) -> [IndexedVideo]
}
