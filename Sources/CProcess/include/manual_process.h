#ifndef MANUAL_PROCESS_H
#define MANUAL_PROCESS_H

/// Makes a pipe's buffer `bytes` large (F_SETPIPE_SZ), so a worker can run ahead of its reader.
int manual_set_pipe_size(int fd, int bytes);

/// pipe2(fds, O_CLOEXEC): both ends close on exec, so a worker inherits only what it is given.
int manual_pipe_cloexec(int fds[2]);

/// Takes an exclusive lock on the one byte at `offset` of the file (an open-file-description lock,
/// F_OFD_SETLK), without waiting. 0 when taken; -1 with errno EAGAIN or EACCES when another open
/// description holds it. The lock ends when the descriptor is closed, by the process or by its death.
int manual_try_lock_byte(int fd, long long offset);

#endif
