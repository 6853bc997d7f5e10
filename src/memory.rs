//! The binary's memory allocator: the system's, with its large blocks and
//! its growing heap backed by transparent huge pages (2 MiB) on Linux.
//!
//! Loading all 356,000 words of `ngerman` writes about 120 MB of fresh
//! memory (entries, grid words, the lexicon and its indexes). In 4 KiB
//! pages that is 31,400 page faults, and the kernel's share of the README's
//! example was a quarter of its time (BENCHMARKS "Loading a fifth time").
//! Debian's kernels give huge pages only to memory a program asks for them
//! (`/sys/kernel/mm/transparent_hugepage/enabled` is `madvise`), so this
//! allocator asks: every block of [`HUGE_PAGE`] or more, and the heap as
//! it grows. Faults 31,400 → 1,300; whole process 0.51 → 0.44 s median.
//! The contents and so the puzzles are the system allocator's; only where
//! the pages come from changes. Elsewhere (other systems, musl) it is the
//! system allocator unchanged.

use std::alloc::{GlobalAlloc, Layout, System};

/// The size of a transparent huge page on x86-64 and of the regions asked
/// for them; smaller blocks share pages with others and are covered by the
/// heap's advice.
pub const HUGE_PAGE: usize = 2 << 20;

/// The system allocator, asking for huge pages for large blocks and the
/// heap (see the module). Declare it in a binary:
/// `#[global_allocator] static ALLOCATOR: HugePageAllocator = HugePageAllocator;`
/// and call [`tune_heap`] first thing in `main`.
pub struct HugePageAllocator;

/// The whole huge pages inside `len` bytes from `start`, as (first byte,
/// length), or `None` when no 2 MiB-aligned page fits.
pub fn huge_pages_within(start: usize, len: usize) -> Option<(usize, usize)> {
    let first = start.checked_next_multiple_of(HUGE_PAGE)?;
    let end = start.checked_add(len)? / HUGE_PAGE * HUGE_PAGE;
    (end > first).then(|| (first, end - first))
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
mod linux {
    use super::huge_pages_within;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// Heap addresses below this have been advised (0: [`tune_heap`] was
    /// not called, and the heap is left alone).
    static HEAP_ADVISED_UP_TO: AtomicUsize = AtomicUsize::new(0);

    /// Grows the heap by 64 MiB at a time and keeps blocks under 32 MiB in
    /// it (glibc's default moves blocks over 128 KiB to mappings of their
    /// own, made and unmapped again, each faulted in anew), so the heap's
    /// advice covers nearly every block; the 32 MiB is glibc's own upper
    /// bound for that threshold. Measured on the README's example: 14,000
    /// faults with large blocks advised alone, 1,300 with these.
    pub fn tune_heap() {
        const TOP_PAD: libc::c_int = 64 << 20;
        const MMAP_THRESHOLD: libc::c_int = 32 << 20;
        // SAFETY: mallopt only sets glibc's malloc parameters, and sbrk(0)
        // only reads where the heap ends; neither touches memory.
        unsafe {
            libc::mallopt(libc::M_TOP_PAD, TOP_PAD);
            libc::mallopt(libc::M_MMAP_THRESHOLD, MMAP_THRESHOLD);
            let heap_end = libc::sbrk(0) as usize;
            HEAP_ADVISED_UP_TO.store(heap_end, Ordering::Relaxed);
        }
    }

    /// Asks for huge pages for a block of `len` bytes at `block`, and for
    /// the heap's part above what was asked for before when the block lies
    /// in it.
    pub fn advise(block: *mut u8, len: usize) {
        if block.is_null() {
            return;
        }
        if len >= super::HUGE_PAGE {
            advise_range(block as usize, len);
        }
        let advised = HEAP_ADVISED_UP_TO.load(Ordering::Relaxed);
        if advised == 0 || (block as usize) < advised {
            return;
        }
        // SAFETY: sbrk(0) only reads the heap's end.
        let heap_end = unsafe { libc::sbrk(0) } as usize;
        if (block as usize) >= heap_end {
            return; // a mapping of its own, not the heap
        }
        advise_range(advised, heap_end - advised);
        // Another thread may have moved it further; going back only means
        // a range is advised twice, which is harmless.
        HEAP_ADVISED_UP_TO.store(heap_end, Ordering::Relaxed);
    }

    fn advise_range(start: usize, len: usize) {
        if let Some((first, len)) = huge_pages_within(start, len) {
            // SAFETY: the range lies inside memory the allocator owns
            // (the block or the heap below its end); MADV_HUGEPAGE changes
            // how the kernel backs it, never its contents. Its result is
            // ignored: without huge pages the memory works as before.
            unsafe {
                libc::madvise(first as *mut libc::c_void, len, libc::MADV_HUGEPAGE);
            }
        }
    }
}

/// Makes the heap grow in steps huge pages can back (Linux with glibc;
/// nothing elsewhere). Call it before loading anything.
pub fn tune_heap() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    linux::tune_heap();
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
use linux::advise;

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn advise(_block: *mut u8, _len: usize) {}

// SAFETY: every call is the system allocator's own; `advise` only asks the
// kernel how to back memory the allocator owns.
unsafe impl GlobalAlloc for HugePageAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract, passed on.
        let block = unsafe { System.alloc(layout) };
        advise(block, layout.size());
        block
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract, passed on.
        let block = unsafe { System.alloc_zeroed(layout) };
        advise(block, layout.size());
        block
    }

    unsafe fn dealloc(&self, block: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract, passed on.
        unsafe { System.dealloc(block, layout) }
    }

    unsafe fn realloc(&self, block: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's contract, passed on.
        let moved = unsafe { System.realloc(block, layout, new_size) };
        advise(moved, new_size);
        moved
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_whole_aligned_huge_pages_are_advised() {
        let page = HUGE_PAGE;
        assert_eq!(huge_pages_within(page, page), Some((page, page)));
        assert_eq!(huge_pages_within(page + 1, page), None);
        assert_eq!(huge_pages_within(page - 1, 2 * page), Some((page, page)));
        assert_eq!(huge_pages_within(3, 5 * page), Some((page, 4 * page)));
        assert_eq!(huge_pages_within(0, page - 1), None);
        assert_eq!(huge_pages_within(usize::MAX - 10, page), None);
    }

    #[test]
    fn blocks_keep_their_contents_through_growing_and_shrinking() {
        tune_heap();
        let allocator = HugePageAllocator;
        let small = Layout::from_size_align(1000, 8).expect("a layout");
        let large = Layout::from_size_align(3 * HUGE_PAGE + 17, 64).expect("a layout");
        // SAFETY: every block is used within its layout and freed once.
        unsafe {
            let block = allocator.alloc(small);
            assert!(!block.is_null());
            for i in 0..small.size() {
                *block.add(i) = (i % 251) as u8;
            }
            let grown = allocator.realloc(block, small, large.size());
            assert!(!grown.is_null());
            assert!((0..small.size()).all(|i| *grown.add(i) == (i % 251) as u8));
            *grown.add(large.size() - 1) = 7;
            let grown_layout =
                Layout::from_size_align(large.size(), small.align()).expect("a layout");
            let shrunk = allocator.realloc(grown, grown_layout, 10);
            assert!((0..10).all(|i| *shrunk.add(i) == (i % 251) as u8));
            allocator.dealloc(
                shrunk,
                Layout::from_size_align(10, small.align()).expect("a layout"),
            );
            let zeroed = allocator.alloc_zeroed(large);
            assert!(!zeroed.is_null() && (zeroed as usize).is_multiple_of(64));
            assert!((0..large.size()).step_by(4093).all(|i| *zeroed.add(i) == 0));
            allocator.dealloc(zeroed, large);
        }
    }
}
