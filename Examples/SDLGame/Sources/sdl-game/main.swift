// sdl-game: a row of cards dealt, dragged and thrown, with Dance driving every motion and SDL2
// drawing the scene graph.
//
//   swift run --package-path Examples/SDLGame sdl-game
//   swift run --package-path Examples/SDLGame sdl-game --frames 150 --drag --screenshot out.bmp

import CSDL2
import CardGame
import Dance

#if canImport(Glibc)
  import Glibc
#endif

let usage = """
  usage: sdl-game [--reduced-motion] [--frames N [--drag] [--screenshot FILE.bmp]]

  Without options, opens a window: drag a card and let go to throw it; space pauses or
  resumes the deal (and deals again once it has ended), r reverses it, ←/→ scrub it, Esc or
  closing the window quits.

    --reduced-motion     the player's reduced-motion setting: cards jump, fades still fade
    --frames N           run headless: N frames at 60 Hz on the virtual clock, no window
    --drag               in the headless run, drag card 3 and throw it (frames 70–82)
    --screenshot FILE    save the last headless frame as a BMP image; a bare file name
                         goes into sdl-game-output/

  """

var frames: Int?
var screenshot: String?
var drag = false
var motion = MotionPreference.full
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--frames":
    guard let value = arguments.popFirst().flatMap({ Int($0) }), value > 0 else {
      print("sdl-game: --frames needs a positive number\n\n" + usage)
      exit(2)
    }
    frames = value
  case "--screenshot":
    guard let path = arguments.popFirst() else {
      print("sdl-game: --screenshot needs a file\n\n" + usage)
      exit(2)
    }
    screenshot = path.contains("/") ? path : "sdl-game-output/" + path
  case "--drag":
    drag = true
  case "--reduced-motion":
    motion = .reduced
  case "--help", "-h":
    print(usage, terminator: "")
    exit(0)
  default:
    print("sdl-game: unknown option '\(argument)'\n\n" + usage)
    exit(2)
  }
}

let table = CardTable(motion: motion)
let width = Int(table.size.width)
let height = Int(table.size.height)

if let frames {
  guard let canvas = OffscreenCanvas(width: width, height: height) else {
    print("sdl-game: SDL could not make an offscreen canvas: \(String(cString: SDL_GetError()))")
    exit(1)
  }
  HeadlessRun.run(table, frames: frames, drag: drag ? HeadlessRun.Drag() : nil, canvas: canvas)
  print("sdl-game: \(frames) frames, clock at \(table.scene.clock.now) s")
  for (index, card) in table.cards.enumerated() {
    print("  card \(index): center \(card.center), alpha \(card.alpha)")
  }
  if let screenshot {
    if screenshot.hasPrefix("sdl-game-output/") { mkdir("sdl-game-output", 0o755) }
    guard canvas.saveBMP(to: screenshot) else {
      print("sdl-game: could not write \(screenshot): \(String(cString: SDL_GetError()))")
      exit(1)
    }
    print("sdl-game: wrote \(screenshot)")
  }
  exit(0)
}

// The window: SDL's high-resolution counter is the host's clock, Dance's clock follows it.
// With no display to open it on, say so instead of letting SDL try (or wait for) a console
// driver.
let environment = ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"]
if environment.allSatisfy({ getenv($0) == nil }) {
  print(
    "sdl-game: no display to open a window on (DISPLAY and WAYLAND_DISPLAY are not set).\n"
      + "Run headless with --frames N (see --help), or set SDL_VIDEODRIVER for SDL.")
  exit(2)
}
guard SDL_Init(SDL_INIT_VIDEO) == 0 else {
  print("sdl-game: SDL_Init failed: \(String(cString: SDL_GetError()))")
  exit(1)
}
let position = Int32(bitPattern: SDL_WINDOWPOS_CENTERED_MASK)
guard
  let window = SDL_CreateWindow(
    "Dance × SDL2", position, position, Int32(width), Int32(height),
    SDL_WINDOW_SHOWN.rawValue)
else {
  print("sdl-game: no window: \(String(cString: SDL_GetError()))")
  exit(1)
}
guard
  let renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_PRESENTVSYNC.rawValue)
    ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
else {
  print("sdl-game: no renderer: \(String(cString: SDL_GetError()))")
  exit(1)
}

let frequency = Double(SDL_GetPerformanceFrequency())
let start = SDL_GetPerformanceCounter()
var running = true
var event = SDL_Event()
while running {
  while SDL_PollEvent(&event) != 0 {
    switch SDL_EventType(event.type) {
    case SDL_QUIT:
      running = false
    case SDL_MOUSEBUTTONDOWN:
      table.pointerDown(at: Point(x: Double(event.button.x), y: Double(event.button.y)))
    case SDL_MOUSEMOTION:
      table.pointerMoved(to: Point(x: Double(event.motion.x), y: Double(event.motion.y)))
    case SDL_MOUSEBUTTONUP:
      table.pointerUp(at: Point(x: Double(event.button.x), y: Double(event.button.y)))
    case SDL_KEYDOWN:
      switch Int(event.key.keysym.sym) {
      case Int(SDLK_ESCAPE.rawValue): running = false
      case Int(SDLK_SPACE.rawValue): table.key(.space)
      case Int(SDLK_r.rawValue): table.key(.reverse)
      case Int(SDLK_LEFT.rawValue): table.key(.left)
      case Int(SDLK_RIGHT.rawValue): table.key(.right)
      default: break
      }
    default:
      break
    }
  }
  table.advance(to: Double(SDL_GetPerformanceCounter() - start) / frequency)
  Renderer.draw(table.scene.root, background: CardTable.background, with: renderer)
  SDL_RenderPresent(renderer)
}
SDL_DestroyRenderer(renderer)
SDL_DestroyWindow(window)
SDL_Quit()
