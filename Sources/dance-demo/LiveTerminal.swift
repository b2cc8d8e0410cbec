import Dance
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `--live`: a small player for the whole showcase in the terminal, with ANSI colors, on the
/// wall clock.
///
/// Keys drive the whole scene's playhead (``ShowPlayer``): space plays or pauses (and plays
/// again from the other end once the show is over), `r` reverses, ←/→ scrub by a quarter of
/// a second, `0` replays from the start, `q` or Ctrl-C quits. The terminal's alternate screen
/// holds the picture, and the terminal is restored on every way out. A `DanceError` shows in
/// the status line instead of printing over the picture.
///
/// The picture fills the terminal as it is now (a standard 80 × 24 is enough), less two lines
/// for the keys and the status, each cut to the width; the showcase's lane labels are drawn
/// into it, behind the nodes.
struct LiveTerminal {
  /// The size used when the terminal does not say.
  static let standardSize = (columns: 80, rows: 24)
  static let keyHelp = "space play · r reverse · ←→ scrub · 0 replay · t [ ] timeline · q quit"

  /// Runs until `q` (or, with `maximumFrames`, until that many frames have run).
  static func run(maximumFrames: Int = .max) -> Int32 {
    guard isatty(STDOUT_FILENO) == 1, isatty(STDIN_FILENO) == 1 else {
      writeError("dance-demo: --live needs a terminal; standard input and output must be a TTY\n")
      return 2
    }
    var original = termios()
    tcgetattr(STDIN_FILENO, &original)
    var raw = original
    // No echo, no line buffering, and no signals from the keyboard: Ctrl-C arrives as a key
    // and quits through the same exit as `q`, which restores the terminal.
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
    raw.c_cc.6 = 0  // VMIN: reads return at once
    raw.c_cc.5 = 0  // VTIME
    tcsetattr(STDIN_FILENO, TCSANOW, &raw)
    output("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J")  // the alternate screen, no cursor
    let errors = Mutex<String?>(nil)
    let previousHandler = DanceError.handler
    DanceError.handler = { error in errors.withLock { $0 = error.message } }
    defer {
      DanceError.handler = previousHandler
      tcsetattr(STDIN_FILENO, TCSANOW, &original)
      output("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")  // colors, cursor and screen back
    }

    let player = ShowPlayer()
    let wall = AnimationClock()
    let driver = RealTimeDriver(clock: wall, framesPerSecond: 60)
    var previous = wall.now
    driver.run(maximumFrames: maximumFrames) { _ in
      player.advance(by: wall.now - previous)
      previous = wall.now
      for key in readKeys() {
        switch key {
        case .quit: return false
        case .playPause: player.playPause()
        case .reverse: player.reverse()
        case .scrub(let seconds): player.scrub(by: seconds)
        case .replay: player.replay()
        case .reverseTimeline: player.reverseTimeline()
        case .seekTimeline(let seconds): player.seekTimeline(by: seconds)
        case .restartTimeline: player.restartTimeline()
        }
      }
      var status = player.status
      if let error = errors.withLock({ $0 }) { status += "  · last error: " + error }
      let size = terminalSize()
      output(frame(player.showcase, status: status, columns: size.columns, rows: size.rows))
      return true
    }
    return 0
  }

  enum Key: Equatable {
    case quit, playPause, reverse, replay, reverseTimeline, restartTimeline
    case scrub(Double)
    case seekTimeline(Double)
  }

  static func readKeys() -> [Key] {
    var bytes = [UInt8](repeating: 0, count: 64)
    let count = read(STDIN_FILENO, &bytes, bytes.count)
    guard count > 0 else { return [] }
    return keys(in: Array(bytes[0..<count]))
  }

  /// The keys in what the terminal sent.
  static func keys(in bytes: [UInt8]) -> [Key] {
    var keys: [Key] = []
    var index = 0
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "q"), UInt8(ascii: "Q"), 3: keys.append(.quit)
      case UInt8(ascii: " "): keys.append(.playPause)
      case UInt8(ascii: "r"), UInt8(ascii: "R"): keys.append(.reverse)
      case UInt8(ascii: "0"): keys.append(.replay)
      case UInt8(ascii: "t"), UInt8(ascii: "T"): keys.append(.reverseTimeline)
      case UInt8(ascii: "p"), UInt8(ascii: "P"): keys.append(.restartTimeline)
      case UInt8(ascii: "["): keys.append(.seekTimeline(-0.25))
      case UInt8(ascii: "]"): keys.append(.seekTimeline(0.25))
      case 0x1B where index + 2 < bytes.count && bytes[index + 1] == UInt8(ascii: "["):
        switch bytes[index + 2] {
        case UInt8(ascii: "C"): keys.append(.scrub(0.25))
        case UInt8(ascii: "D"): keys.append(.scrub(-0.25))
        case UInt8(ascii: "H"): keys.append(.replay)  // Home
        default: break
        }
        index += 2
      default: break
      }
      index += 1
    }
    return keys
  }

  /// The terminal's size in characters, or ``standardSize`` if it does not say.
  static func terminalSize() -> (columns: Int, rows: Int) {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 2
    else { return standardSize }
    return (Int(size.ws_col), Int(size.ws_row))
  }

  /// One screen of `columns` × `rows` characters: every node as colored cells over the lane
  /// labels, then the keys and the status line, each cut to the width.
  static func frame(
    _ showcase: Showcase, status: String, columns: Int = standardSize.columns,
    rows terminalRows: Int = standardSize.rows
  ) -> String {
    let columns = max(columns, 1)
    let rows = max(terminalRows - 2, 1)
    var cells = [[Color?]](repeating: [Color?](repeating: nil, count: columns), count: rows)
    // The labels, in the picture's cells (a node drawn over one hides it).
    var letters = [[Character?]](
      repeating: [Character?](repeating: nil, count: columns), count: rows)
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
    for label in showcase.labels {
      let row = Int(label.at.y * scaleY)
      var column = Int(label.at.x * scaleX)
      guard row >= 0 && row < rows else { continue }
      for letter in label.text where column < columns {
        letters[row][column] = letter
        column += 1
      }
    }
    for node in showcase.scene.root.children { paint(node, offset: .zero) }
    var screen = "\u{1B}[H"
    for (rowIndex, row) in cells.enumerated() {
      for (columnIndex, cell) in row.enumerated() {
        if let color = cell {
          screen +=
            "\u{1B}[48;2;\(channel(color.red));\(channel(color.green));\(channel(color.blue))m "
        } else if let letter = letters[rowIndex][columnIndex] {
          screen += "\u{1B}[48;2;16;20;24;38;2;154;164;173m\(letter)"
        } else {
          screen += "\u{1B}[48;2;16;20;24m "
        }
      }
      screen += "\u{1B}[0m\n"
    }
    screen += "\u{1B}[0m\u{1B}[K" + String(" \(keyHelp)".prefix(columns)) + "\n"
    screen += "\u{1B}[K" + String(" \(status)".prefix(columns))
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
