// dance-demo: plays Dance's showcase scene on the virtual clock and writes what it drew.
//
//   swift run dance-demo                 write showcase.svg, curves.svg and timeline.svg, print a
//                                        summary
//   swift run dance-demo --output DIR    write them into DIR (default ./dance-demo-output)
//   swift run dance-demo --live          play the scene in this terminal (space r ← → 0 q)
//   swift run dance-demo --help

import Dance
import Foundation

let usage = """
  usage: dance-demo [--output DIR] [--live] [--help]

  Plays Dance's showcase scene — a node.dance chain that is paused, scrubbed and reversed, a
  spring retargeted mid-flight, a keyframe path, a throw that decays then springs home, a
  follower of additive springs, a staggered timeline, a glider that follows a curved road
  facing its way, layout transitions that move cards between containers and a hero
  transition — on the virtual clock, and writes:
    DIR/showcase.svg   the scene as an animated SVG, sampled frame by frame from the engine
    DIR/curves.svg     every named timing curve, spring responses, decay and retargets
    DIR/timeline.svg   the showcase's timeline as a chart: children, labels, callbacks

  options:
    --output DIR   where to write the files (default: ./dance-demo-output)
    --live         play the scene in this terminal at 60 fps instead (needs a TTY);
                   the keys drive the whole scene: space play/pause, r reverse,
                   ←/→ scrub, 0 replay, q or Ctrl-C quit; the timeline's own
                   controls: t reverses it, [ and ] seek it, p replays it
    --help         show this help

  """

var outputDirectory = "dance-demo-output"
var live = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--help", "-h":
    print(usage, terminator: "")
    exit(0)
  case "--live":
    live = true
  case "--output", "-o":
    guard let directory = arguments.popFirst(), !directory.hasPrefix("-") else {
      writeError("dance-demo: --output needs a directory\n\n" + usage)
      exit(2)
    }
    outputDirectory = directory
  default:
    writeError("dance-demo: unknown option '\(argument)'\n\n" + usage)
    exit(2)
  }
}

if live {
  exit(LiveTerminal.run())
}

/// Plays the showcase, writes the files and prints the summary; returns the exit status.
///
/// A function rather than top-level code so that the scene and its nodes are released before
/// the process exits (valgrind checks that nothing is lost).
func writeShowcase(to outputDirectory: String) -> Int32 {
  let showcase = Showcase()
  let recording = Recording(showcase)
  let showcaseSVG = ShowcaseSVG(recording: recording, showcase: showcase).render()
  let curvesSVG = CurvesPlot().render()
  // The timeline as it stands 1.5 s into its own time (the reveal under way).
  let timelineSVG = TimelineChart(timeline: showcase.deal, playhead: 1.5).render()

  let directory = URL(fileURLWithPath: outputDirectory, isDirectory: true)
  do {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try showcaseSVG.write(
      to: directory.appendingPathComponent("showcase.svg"), atomically: true, encoding: .utf8)
    try curvesSVG.write(
      to: directory.appendingPathComponent("curves.svg"), atomically: true, encoding: .utf8)
    try timelineSVG.write(
      to: directory.appendingPathComponent("timeline.svg"), atomically: true, encoding: .utf8)
  } catch {
    writeError("dance-demo: could not write to \(directory.path): \(error)\n")
    return 1
  }

  print(
    "Dance showcase — \(recording.frames.count) frames at \(Int(recording.framesPerSecond)) fps, "
      + "\(format2(recording.duration)) s of virtual time, \(showcase.nodes.count) nodes")
  print("")
  for line in showcase.log {
    print("  " + line)
  }
  print("")
  print("Wrote:")
  print(
    "  \(directory.appendingPathComponent("showcase.svg").path)  (animated; open it in a browser)")
  print(
    "  \(directory.appendingPathComponent("curves.svg").path)    (timing curves, springs, decay, retargets)"
  )
  print(
    "  \(directory.appendingPathComponent("timeline.svg").path)  (the showcase's timeline, charted)"
  )
  print("")
  print("Play it live in this terminal: swift run dance-demo --live")
  return 0
}

exit(writeShowcase(to: outputDirectory))
