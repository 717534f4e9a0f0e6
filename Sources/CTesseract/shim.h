#ifndef CTESSERACT_SHIM_H
#define CTESSERACT_SHIM_H

#include <dlfcn.h>
#include <tesseract/capi.h>

// Tesseract asks OpenMP for teams of 4 threads; on 2 cores they spin against each other and
// against framegrab's own engines. OMP_THREAD_LIMIT only counts when set before libgomp
// loads, but max-active-levels 0 makes every parallel region run on the calling thread.
// It is a per-thread setting: call on each thread before it runs Tesseract. Looked up at run
// time because libgomp is Tesseract's dependency, not ours, and may be absent.
static inline void CTesseract_runOpenMPSerially(void) {
    void (*setMaxActiveLevels)(int) = (void (*)(int))dlsym(RTLD_DEFAULT, "omp_set_max_active_levels");
    if (setMaxActiveLevels) setMaxActiveLevels(0);
}

#endif
