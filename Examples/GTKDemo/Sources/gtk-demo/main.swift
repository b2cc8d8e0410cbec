// gtk-demo: a list of cards that slides in with a staggered Timeline, with GTK 4 owning the
// frame clock and cairo drawing Dance's scene graph.
//
//   swift run --package-path Examples/GTKDemo gtk-demo
//   swift run --package-path Examples/GTKDemo gtk-demo --frames 90 --screenshot list.png
//   xvfb-run -a swift run --package-path Examples/GTKDemo gtk-demo --window --frames 40

import CardList
import Dance

#if canImport(Glibc)
  import Glibc
#endif

let usage = """
  usage: gtk-demo [--frames N [--drag | --reorder] [--click] [--screenshot FILE.png]] [--window]

  Without options, opens a window: swipe a card sideways to dismiss it (let go, it leaves
  or comes back as the swipe's position and speed say), drag it up or down to reorder the
  list, click a card to expand it, Delete removes the expanded (or bottom) card; space
  pauses or resumes the entrance (and plays it again once it has ended), r reverses it,
  ←/→ scrub it, Esc or closing the window quits.

    --frames N           run headless: N frames at 60 Hz on the virtual clock, no display
    --drag               in the headless run, swipe card 3 out to the right (frames 70–82)
    --reorder            in the headless run, drag card 2 down past card 3 (frames 70–84)
    --click              in the headless run, click card 2 at frame 60 (it expands)
    --screenshot FILE    save the last headless frame as a PNG image; a bare file name goes
                         into gtk-demo-output/
    --window             with --frames N: open the real window, run N frame-clock ticks,
                         print what the clocks did and exit

  """

var frames: Int?
var screenshot: String?
var drag = false
var reorder = false
var click = false
var window = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--frames":
    guard let value = arguments.popFirst().flatMap({ Int($0) }), value > 0 else {
      print("gtk-demo: --frames needs a positive number\n\n" + usage)
      exit(2)
    }
    frames = value
  case "--screenshot":
    guard let path = arguments.popFirst() else {
      print("gtk-demo: --screenshot needs a file\n\n" + usage)
      exit(2)
    }
    screenshot = path.contains("/") ? path : "gtk-demo-output/" + path
  case "--drag": drag = true
  case "--reorder": reorder = true
  case "--click": click = true
  case "--window": window = true
  case "--help", "-h":
    print(usage, terminator: "")
    exit(0)
  default:
    print("gtk-demo: unknown option '\(argument)'\n\n" + usage)
    exit(2)
  }
}
if window && (drag || reorder || click || screenshot != nil) {
  print(
    "gtk-demo: --drag, --reorder, --click and --screenshot belong to the headless run\n\n"
      + usage)
  exit(2)
}
if drag && reorder {
  print("gtk-demo: one scripted drag at a time: --drag or --reorder\n\n" + usage)
  exit(2)
}

let list = CardList()

if let frames, !window {
  guard let canvas = ImageCanvas(width: Int(list.size.width), height: Int(list.size.height))
  else {
    print("gtk-demo: cairo could not make an image surface")
    exit(1)
  }
  HeadlessRun.run(
    list, frames: frames,
    drag: drag ? HeadlessRun.Drag() : reorder ? HeadlessRun.Drag.reorder : nil,
    click: click ? HeadlessRun.Click() : nil, canvas: canvas)
  print("gtk-demo: \(frames) frames, clock at \(list.scene.clock.now) s")
  for (index, card) in list.cards.enumerated() {
    print("  card \(index): center \(card.center), alpha \(card.alpha)")
  }
  if let screenshot {
    if screenshot.hasPrefix("gtk-demo-output/") { mkdir("gtk-demo-output", 0o755) }
    guard canvas.writePNG(to: screenshot) else {
      print("gtk-demo: could not write \(screenshot)")
      exit(1)
    }
    print("gtk-demo: wrote \(screenshot)")
  }
  exit(0)
}

// The window. With no display to open it on, say so instead of letting GTK fail later (or a
// test runner wait for a window that never comes).
if getenv("DISPLAY") == nil && getenv("WAYLAND_DISPLAY") == nil {
  print(
    "gtk-demo: no display to open a window on (DISPLAY and WAYLAND_DISPLAY are not set).\n"
      + "Run headless with --frames N (see --help), or under xvfb-run.")
  exit(2)
}
guard let report = WindowRun.run(list, frames: frames) else {
  print("gtk-demo: GTK could not open the display")
  exit(2)
}
let elapsed = Double(report.lastFrameTime - report.firstFrameTime) / 1e6
print(
  "gtk-demo: \(report.frames) frame-clock ticks over \(elapsed) s of frame time; scene clock at "
    + "\(report.sceneTime) s (stalls dropped: \(Double(report.droppedMicroseconds) / 1e6) s)")
