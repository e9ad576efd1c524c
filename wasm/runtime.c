/* What the Embedded Swift runtime needs from C beyond wasi-libc, written so that the module
 * imports nothing from its host. Built only into the WebAssembly module. */
#include <stddef.h>

/* The runtime prints the message of a fatal error through putchar before it traps; with no
 * console to write to, the characters are dropped and the trap is what the host sees. */
int putchar(int character) {
    return character;
}

/* The runtime asks for random bytes only to seed Hasher. BoardSync never draws randomness, and
 * a page has no hash-flooding adversary, so a fixed seed keeps the module deterministic. */
void arc4random_buf(void *buffer, size_t count) {
    unsigned char *bytes = buffer;
    for (size_t index = 0; index < count; index++) {
        bytes[index] = (unsigned char)(0x9E + 0x37 * index);
    }
}

/* Unicode normalization data, in place of the toolchain's libswiftUnicodeDataTables.a (about
 * 30 KB of the module): every scalar reads as already normalized (canonical combining class 0,
 * quick checks "yes"), with no decomposition and no composition. So String's == and hashing
 * compare Unicode scalars as they are, which is exactly how the protocol keeps text (labels,
 * titles and names are never normalized); ids are ASCII, where nothing changes, and the core
 * compares what a client shows by its bytes on every build (ExactText). */
unsigned short _swift_stdlib_getNormData(unsigned int scalar) {
    (void)scalar;
    return 0;
}

const unsigned char *const _swift_stdlib_nfd_decompositions = 0;

unsigned int _swift_stdlib_getDecompositionEntry(unsigned int scalar) {
    (void)scalar;
    return 0;
}

unsigned int _swift_stdlib_getComposition(unsigned int first, unsigned int second) {
    (void)first;
    (void)second;
    return 0xFFFFFFFFu;
}
