// swift-tools-version: 6.0
// A small SDL2 card game driven by Dance: the host owns the frame loop and draws the scene
// graph. Depends on the Dance package by path and on the system's SDL2 (Debian: libsdl2-dev).
import PackageDescription

let package = Package(
  name: "SDLGame",
  dependencies: [
    .package(name: "Dance", path: "../..")
  ],
  targets: [
    .systemLibrary(name: "CSDL2", providers: [.apt(["libsdl2-dev"]), .brew(["sdl2"])]),
    .target(
      name: "CardGame",
      dependencies: ["CSDL2", .product(name: "Dance", package: "Dance")]),
    .executableTarget(name: "sdl-game", dependencies: ["CardGame", "CSDL2"]),
    .testTarget(name: "CardGameTests", dependencies: ["CardGame", "CSDL2"]),
  ],
  swiftLanguageModes: [.v6]
)
