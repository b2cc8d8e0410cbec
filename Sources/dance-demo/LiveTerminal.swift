import Dance

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `--live`: plays the showcase in the terminal with ANSI colors on a real-time driver.
///
/// Keys: space pauses and resumes the chain, `r` reverses it, ←/→ scrub it, `q` quits. The
/// terminal is put in raw mode and restored on exit.
struct LiveTerminal {
  static let columns = 80
  static let rows = 24

  /// Runs until `q` (or, with `maximumFrames`, until that many frames have run).
  static func run(maximumFrames: Int = .max) -> Int32 {
    guard isatty(STDOUT_FILENO) == 1, isatty(STDIN_FILENO) == 1 else {
      writeError("dance-demo: --live needs a terminal; standard input and output must be a TTY\n")
      return 2
    }
    var original = termios()
    tcgetattr(STDIN_FILENO, &original)
    var raw = original
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
    raw.c_cc.6 = 0  // VMIN: reads return at once
    raw.c_cc.5 = 0  // VTIME
    tcsetattr(STDIN_FILENO, TCSANOW, &raw)
    output("\u{1B}[?25l\u{1B}[2J")  // hide the cursor, clear
    defer {
      tcsetattr(STDIN_FILENO, TCSANOW, &original)
      output("\u{1B}[0m\u{1B}[?25h\u{1B}[\(rows + 2);1H\n")  // reset colors, show the cursor
    }

    let showcase = Showcase()
    let driver = RealTimeDriver(clock: showcase.scene.clock, framesPerSecond: 60)
    var status = "space pause/resume · r reverse · ←/→ scrub · q quit"
    driver.run(maximumFrames: maximumFrames) { _ in
      showcase.direct(until: showcase.scene.clock.now)
      for key in readKeys() {
        let chain = showcase.chain.dance
        switch key {
        case .quit: return false
        case .pauseResume:
          if chain.isRunning { chain.pause() } else { chain.start() }
        case .reverse: chain.reverse().start()
        case .scrub(let delta): chain.setProgress(to: min(max(chain.progress + delta, 0), 1))
        }
        status =
          chain.hasAnimation
          ? "chain: \(chain.isRunning ? "running" : "paused") at \(format2(chain.progress))"
            + (chain.isReversed ? ", reversed" : "")
          : "chain: finished"
      }
      output(frame(showcase, status: status))
      return true
    }
    return 0
  }

  enum Key {
    case quit, pauseResume, reverse
    case scrub(Double)
  }

  private static func readKeys() -> [Key] {
    var bytes = [UInt8](repeating: 0, count: 64)
    let count = read(STDIN_FILENO, &bytes, bytes.count)
    guard count > 0 else { return [] }
    var keys: [Key] = []
    var index = 0
    while index < count {
      switch bytes[index] {
      case UInt8(ascii: "q"), UInt8(ascii: "Q"), 3: keys.append(.quit)
      case UInt8(ascii: " "): keys.append(.pauseResume)
      case UInt8(ascii: "r"), UInt8(ascii: "R"): keys.append(.reverse)
      case 0x1B where index + 2 < count && bytes[index + 1] == UInt8(ascii: "["):
        if bytes[index + 2] == UInt8(ascii: "C") { keys.append(.scrub(0.05)) }
        if bytes[index + 2] == UInt8(ascii: "D") { keys.append(.scrub(-0.05)) }
        index += 2
      default: break
      }
      index += 1
    }
    return keys
  }

  /// One screen: every node as colored cells, plus a status line.
  static func frame(_ showcase: Showcase, status: String) -> String {
    var cells = [[Color?]](repeating: [Color?](repeating: nil, count: columns), count: rows)
    let scaleX = Double(columns) / Showcase.width
    let scaleY = Double(rows) / Showcase.height
    func paint(_ node: Node, offset: Point) {
      let center = Point(x: offset.x + node.center.x, y: offset.y + node.center.y)
      let size = node.bounds.size
      let inverse = node.transform.inverted()
      let visible = !node.isHidden && node.alpha > 0.05
      // Each cell whose centre the transformed rectangle covers takes the node's color.
      for row in 0..<rows where visible {
        for column in 0..<columns {
          let point = Point(x: (Double(column) + 0.5) / scaleX, y: (Double(row) + 0.5) / scaleY)
          let local = Point(x: point.x - center.x, y: point.y - center.y).applying(inverse)
          if abs(local.x) <= size.width / 2 && abs(local.y) <= size.height / 2 {
            cells[row][column] = node.backgroundColor
          }
        }
      }
      // Children sit in the node's bounds space (the terminal ignores the parent's transform).
      let childOffset = Point(
        x: center.x - size.width / 2 - node.bounds.minX,
        y: center.y - size.height / 2 - node.bounds.minY)
      for child in node.children { paint(child, offset: childOffset) }
    }
    for node in showcase.scene.root.children { paint(node, offset: .zero) }
    var screen = "\u{1B}[H"
    for row in cells {
      for cell in row {
        if let color = cell {
          screen +=
            "\u{1B}[48;2;\(channel(color.red));\(channel(color.green));\(channel(color.blue))m "
        } else {
          screen += "\u{1B}[48;2;16;20;24m "
        }
      }
      screen += "\u{1B}[0m\n"
    }
    screen += "\u{1B}[0m\u{1B}[K t = \(format2(showcase.scene.clock.now)) s   \(status)"
    return screen
  }

  private static func channel(_ value: Double) -> Int {
    Int((min(max(value, 0), 1) * 255).rounded())
  }

  private static func output(_ text: String) {
    var text = text
    text.withUTF8 { bytes in _ = write(STDOUT_FILENO, bytes.baseAddress, bytes.count) }
  }
}

func writeError(_ text: String) {
  var text = text
  text.withUTF8 { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
}
