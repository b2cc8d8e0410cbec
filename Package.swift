// swift-tools-version: 6.2
import PackageDescription

let swiftSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny")
]

let package = Package(
  name: "Dance",
  products: [
    .library(name: "Advance", targets: ["Advance"]),
    .library(name: "Dance", targets: ["Dance"]),
    // For users' test targets: Swift Testing and Foundation, both in the toolchain.
    .library(name: "DanceTesting", targets: ["DanceTesting"]),
    .executable(name: "dance-demo", targets: ["dance-demo"]),
  ],
  targets: [
    .target(name: "Advance", swiftSettings: swiftSettings),
    .target(name: "Dance", dependencies: ["Advance"], swiftSettings: swiftSettings),
    .target(name: "DanceTesting", dependencies: ["Dance"], swiftSettings: swiftSettings),
    .executableTarget(name: "dance-demo", dependencies: ["Dance"], swiftSettings: swiftSettings),
    .executableTarget(
      name: "dance-bench", dependencies: ["Dance", "CHeapStatistics"], swiftSettings: swiftSettings),
    .target(
      name: "DanceFuzzing", dependencies: ["Dance", "TestSupport"], swiftSettings: swiftSettings),
    // DWARF 4: valgrind 3.19 (Debian 12's) cannot read the DWARF 5 that clang writes by
    // default, and the benchmark and the fuzzer run under it.
    .target(name: "CHeapStatistics", cSettings: [.unsafeFlags(["-gdwarf-4"])]),
    .executableTarget(
      name: "dance-fuzz", dependencies: ["DanceFuzzing", "CHeapStatistics"],
      swiftSettings: swiftSettings),
    .target(
      name: "TestSupport", dependencies: ["Advance"], path: "Tests/TestSupport",
      swiftSettings: swiftSettings),
    // The scene-and-sprites fixture every Dance test target starts from.
    .target(
      name: "SceneSupport", dependencies: ["Dance"], path: "Tests/SceneSupport",
      swiftSettings: swiftSettings),
    .testTarget(
      name: "AdvanceTests", dependencies: ["Advance", "TestSupport"], swiftSettings: swiftSettings),
    .testTarget(
      name: "DanceTests", dependencies: ["Dance", "DanceTesting", "TestSupport", "SceneSupport"],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "FuzzTests", dependencies: ["DanceFuzzing", "TestSupport", "CHeapStatistics"],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "DemoTests", dependencies: ["dance-demo", "TestSupport"], swiftSettings: swiftSettings),
    .testTarget(
      name: "DocSnippetTests", dependencies: ["Dance", "DanceTesting"],
      exclude: ["__Goldens__"], swiftSettings: swiftSettings),
    .testTarget(
      name: "DanceTestingTests", dependencies: ["DanceTesting", "TestSupport", "SceneSupport"],
      // The goldens are read at run time from beside the test files, not bundled.
      exclude: ["__Goldens__"], swiftSettings: swiftSettings),
  ],
  swiftLanguageModes: [.v6]
)
