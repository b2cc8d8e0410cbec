// The C library's heap statistics, for dance-fuzz's check that memory stays flat (glibc's
// <malloc.h> is not part of Swift's Glibc module).
#ifndef HEAP_STATISTICS_H
#define HEAP_STATISTICS_H

#include <stddef.h>

/// Bytes of heap memory allocated and not yet freed (glibc's mallinfo2: small blocks in use
/// plus mmapped blocks); 0 where the C library cannot tell.
size_t heap_bytes_in_use(void);

#endif
