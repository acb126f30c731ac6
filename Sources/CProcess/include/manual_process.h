#ifndef MANUAL_PROCESS_H
#define MANUAL_PROCESS_H

/// Makes a pipe's buffer `bytes` large (F_SETPIPE_SZ), so a worker can run ahead of its reader.
int manual_set_pipe_size(int fd, int bytes);

/// pipe2(fds, O_CLOEXEC): both ends close on exec, so a worker inherits only what it is given.
int manual_pipe_cloexec(int fds[2]);

#endif
