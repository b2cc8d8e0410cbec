import Testing

@testable import Advance

/// The memo behind shared curve solvers and spring settling times.
@Suite struct RecentResultsTests {
  @Test("An argument is computed once while among the last four new ones, and again after")
  func remembersTheLastFour() {
    let memo = RecentResults<Int, Int>()
    var computed: [Int] = []
    func square(_ x: Int) -> Int {
      memo.result(for: x) { x in
        computed.append(x)
        return x * x
      }
    }
    #expect([1, 2, 1, 3, 4, 2, 4].map(square) == [1, 4, 1, 9, 16, 4, 16])
    #expect(computed == [1, 2, 3, 4])
    // A fifth replaces the oldest, 1; the next new one replaces 2.
    #expect(square(5) == 25 && square(2) == 4 && square(3) == 9)
    #expect(computed == [1, 2, 3, 4, 5])
    #expect(square(1) == 1)
    #expect(computed == [1, 2, 3, 4, 5, 1])
    #expect(square(5) == 25 && square(3) == 9 && square(4) == 16 && square(1) == 1)
    #expect(computed == [1, 2, 3, 4, 5, 1])
    #expect(square(2) == 4)
    #expect(computed == [1, 2, 3, 4, 5, 1, 2])
  }

  @Test("Threads asking at once all get the right results (each thread keeps its own)")
  func concurrentUse() async {
    let memo = RecentResults<Int, Int>()
    let sums = await withTaskGroup(of: Int.self) { group in
      for task in 0..<8 {
        group.addTask {
          var sum = 0
          for step in 0..<2_000 { sum += memo.result(for: (task + step) % 6) { $0 * 10 } }
          return sum
        }
      }
      return await group.reduce(into: [Int]()) { $0.append($1) }
    }
    let expected = (0..<8).map { task in (0..<2_000).reduce(0) { $0 + (task + $1) % 6 * 10 } }
    #expect(sums.sorted() == expected.sorted())
  }
}
