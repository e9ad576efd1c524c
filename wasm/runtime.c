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
