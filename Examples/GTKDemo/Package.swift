// swift-tools-version: 6.0
// A small GTK 4 list UI driven by Dance: the toolkit owns the frame clock and calls the app
// once per display frame. Depends on the Dance package by path and on the system's GTK 4
// (Debian: libgtk-4-dev) through pkg-config.
import PackageDescription

let package = Package(
  name: "GTKDemo",
  dependencies: [
    .package(name: "Dance", path: "../..")
  ],
  targets: [
    .systemLibrary(
      name: "CGTK4", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"]), .brew(["gtk4"])]),
    .target(
      name: "CardList",
      dependencies: ["CGTK4", .product(name: "Dance", package: "Dance")]),
    .executableTarget(name: "gtk-demo", dependencies: ["CardList", "CGTK4"]),
    .testTarget(name: "CardListTests", dependencies: ["CardList", "CGTK4"]),
  ],
  swiftLanguageModes: [.v6]
)
