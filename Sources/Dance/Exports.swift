// `import Dance` is enough: it brings Advance (values, curves, springs, the clock and
// `DanceError`) along with it.
@_exported import Advance
