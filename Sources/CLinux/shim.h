#ifndef CLINUX_SHIM_H
#define CLINUX_SHIM_H

// Linux calls Swift's Glibc module leaves out (they need _GNU_SOURCE, or are variadic).
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

/// A pipe whose ends are closed on exec, made in one step so that no child spawned meanwhile
/// by another thread inherits them.
static inline int CLinux_pipe_cloexec(int ends[2]) { return pipe2(ends, O_CLOEXEC); }

/// Has the kernel send `signal` to this process when the thread that started it ends.
static inline int CLinux_end_with_parent(int signal) { return prctl(PR_SET_PDEATHSIG, (unsigned long)signal); }

#endif
