// swift-tools-version: 6.0
// A user's own package, in Swift 6 mode, written from the habits of UIKit, Dance and Advance
// users. CI builds it with warnings as errors: each habit must compile, and none may warn;
// and it runs the package's tests, which check its own animation with DanceTesting.
import PackageDescription

let package = Package(
  name: "UserHabits",
  dependencies: [
    .package(name: "Dance", path: "../..")
  ],
  targets: [
    .executableTarget(
      name: "user-habits", dependencies: [.product(name: "Dance", package: "Dance")]),
    .target(name: "Cards", dependencies: [.product(name: "Dance", package: "Dance")]),
    .testTarget(
      name: "CardsTests",
      dependencies: ["Cards", .product(name: "DanceTesting", package: "Dance")],
      exclude: ["__Goldens__"]),
  ],
  swiftLanguageModes: [.v6]
)
