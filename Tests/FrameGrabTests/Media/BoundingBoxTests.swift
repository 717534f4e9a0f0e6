import FrameGrab
import Testing

@Suite("BoundingBox")
struct BoundingBoxTests {
    @Test("Intersection over union", arguments: [
        (BoundingBox(x: 0, y: 0, width: 10, height: 10), BoundingBox(x: 0, y: 0, width: 10, height: 10), 1.0),
        (BoundingBox(x: 0, y: 0, width: 10, height: 10), BoundingBox(x: 5, y: 0, width: 10, height: 10), 50.0 / 150.0),
        (BoundingBox(x: 0, y: 0, width: 10, height: 10), BoundingBox(x: 5, y: 5, width: 10, height: 10), 25.0 / 175.0),
        (BoundingBox(x: 0, y: 0, width: 10, height: 10), BoundingBox(x: 0, y: 0, width: 5, height: 5), 0.25),
        (BoundingBox(x: 2, y: 2, width: 4, height: 4), BoundingBox(x: 0, y: 0, width: 10, height: 10), 0.16),
        (BoundingBox(x: 0, y: 0, width: 10, height: 10), BoundingBox(x: 10, y: 0, width: 10, height: 10), 0.0),
        (BoundingBox(x: 0, y: 0, width: 10, height: 10), BoundingBox(x: 20, y: 20, width: 5, height: 5), 0.0),
        (BoundingBox(x: 0, y: 0, width: 0, height: 10), BoundingBox(x: 0, y: 0, width: 10, height: 10), 0.0),
        (BoundingBox(x: -5, y: -5, width: 10, height: 10), BoundingBox(x: 0, y: 0, width: 10, height: 10), 25.0 / 175.0),
    ])
    func intersectionOverUnion(a: BoundingBox, b: BoundingBox, expected: Double) {
        #expect(abs(a.intersectionOverUnion(b) - expected) < 1e-12)
        #expect(abs(b.intersectionOverUnion(a) - expected) < 1e-12, "IoU is symmetric")
    }

    @Test("Union and intersection")
    func unionAndIntersection() {
        let a = BoundingBox(x: 0, y: 0, width: 10, height: 10)
        let b = BoundingBox(x: 5, y: 8, width: 10, height: 10)
        #expect(a.union(b) == BoundingBox(x: 0, y: 0, width: 15, height: 18))
        #expect(a.intersection(b) == BoundingBox(x: 5, y: 8, width: 5, height: 2))
        #expect(a.intersection(BoundingBox(x: 10, y: 0, width: 5, height: 5)) == nil, "touching edges do not overlap")
        #expect(BoundingBox(x: 3, y: 3, width: 0, height: 0).union(a) == a, "an empty box adds nothing")
    }
}
