// SDL2 through pkg-config's include path (/usr/include/SDL2 on Debian).
#include <SDL.h>
