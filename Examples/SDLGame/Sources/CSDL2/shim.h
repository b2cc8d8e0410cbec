// SDL2 from the system's include directory (Debian's libsdl2-dev: /usr/include/SDL2). Not
// through pkg-config: its flags carry -D_REENTRANT, which SwiftPM refuses with a warning on
// every build; SDL's headers need neither it nor their own include path.
#include <SDL2/SDL.h>
