/* The module's memory allocator, in place of wasi-libc's dlmalloc (about 9 KB of the module).
 * The Embedded Swift runtime allocates only through posix_memalign and frees through free.
 *
 * Every block is a power of two of at least 32 bytes: a 16-byte header, then the caller's
 * bytes. A freed block goes on the free list of its size and is handed out again for the next
 * request of that size; new blocks are cut from the end of the heap, and memory grows when the
 * heap is used up. A session allocates and frees blocks of a few sizes over and over, so the
 * lists serve nearly every request; the price is up to half a block unused, and memory freed
 * at one size never serves another. Built only into the WebAssembly module. */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>

enum {
    header_size = 16,
    smallest_shift = 5,
    size_classes = 27,
    page_size = 65536,
};

/* Where the linker lets the heap begin. */
extern unsigned char __heap_base;

/* The first free block of each size (block size 1 << (class + smallest_shift)); a free block's
 * first word points to the next. */
static uintptr_t free_blocks[size_classes];
/* The heap's unused part: [heap_next, heap_end). */
static uintptr_t heap_next;
static uintptr_t heap_end;

/* A block's header, in the 8 bytes just before the pointer handed out. */
struct header {
    uintptr_t block;
    uintptr_t size_class;
};

static struct header *header_of(void *pointer) {
    return (struct header *)((uintptr_t)pointer - sizeof(struct header));
}

/* A new block of `size` bytes (a power of two) from the end of the heap, or 0. */
static uintptr_t cut_block(size_t size) {
    if (heap_end == 0) {
        heap_next = ((uintptr_t)&__heap_base + header_size - 1) & ~(uintptr_t)(header_size - 1);
        heap_end = (uintptr_t)__builtin_wasm_memory_size(0) * page_size;
    }
    if (size > heap_end - heap_next) {
        size_t missing = size - (heap_end - heap_next);
        size_t pages = (missing + page_size - 1) / page_size;
        if (__builtin_wasm_memory_grow(0, pages) == (size_t)-1) return 0;
        heap_end += pages * page_size;
    }
    uintptr_t block = heap_next;
    heap_next += size;
    return block;
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    if (alignment < header_size) alignment = header_size;
    if (size > ((size_t)1 << (size_classes + smallest_shift - 2))) return ENOMEM;
    size_t needed = header_size + (alignment - header_size) + size;
    uintptr_t size_class = 0;
    while (((size_t)1 << (size_class + smallest_shift)) < needed) size_class++;
    uintptr_t block = free_blocks[size_class];
    if (block != 0) {
        free_blocks[size_class] = *(uintptr_t *)block;
    } else {
        block = cut_block((size_t)1 << (size_class + smallest_shift));
        if (block == 0) return ENOMEM;
    }
    void *pointer = (void *)((block + header_size + alignment - 1) & ~(uintptr_t)(alignment - 1));
    header_of(pointer)->block = block;
    header_of(pointer)->size_class = size_class;
    *result = pointer;
    return 0;
}

void free(void *pointer) {
    if (pointer == 0) return;
    struct header *header = header_of(pointer);
    uintptr_t block = header->block;
    uintptr_t size_class = header->size_class;
    *(uintptr_t *)block = free_blocks[size_class];
    free_blocks[size_class] = block;
}
