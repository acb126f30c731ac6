#ifndef MANUAL_PROCESS_H
#define MANUAL_PROCESS_H

/// Makes a pipe's buffer `bytes` large (F_SETPIPE_SZ), so a worker can run ahead of its reader.
int manual_set_pipe_size(int fd, int bytes);

/// pipe2(fds, O_CLOEXEC): both ends close on exec, so a worker inherits only what it is given.
int manual_pipe_cloexec(int fds[2]);

/// The CPU nice value of thread `tid` (0: the calling thread); 0 when it cannot be read.
int manual_thread_nice(int tid);

/// Lowers thread `tid` (0: the calling thread) to at least nice `nice` and to the best-effort I/O class
/// at level `io_level` (0-7, 7 lowest), never raising either: a thread already nicer, or in the idle I/O
/// class, keeps its own. Threads and processes it starts afterwards inherit both. 0, or -1 when a call
/// failed (the priority is then left as it was).
int manual_lower_priority(int tid, int nice, int io_level);

/// Takes an exclusive lock on the one byte at `offset` of the file (an open-file-description lock,
/// F_OFD_SETLK), without waiting. 0 when taken; -1 with errno EAGAIN or EACCES when another open
/// description holds it. The lock ends when the descriptor is closed, by the process or by its death.
int manual_try_lock_byte(int fd, long long offset);

#endif
