// swift-tools-version: 6.0
// A user's own package, in Swift 6 mode, written from the habits of UIKit, Dance and Advance
// users. CI builds it with warnings as errors: each habit must compile, and none may warn.
import PackageDescription

let package = Package(
  name: "UserHabits",
  dependencies: [
    .package(name: "Dance", path: "../..")
  ],
  targets: [
    .executableTarget(
      name: "user-habits", dependencies: [.product(name: "Dance", package: "Dance")])
  ],
  swiftLanguageModes: [.v6]
)
