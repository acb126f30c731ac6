#define _GNU_SOURCE
#include "manual_process.h"
#include <fcntl.h>
#include <unistd.h>

int manual_set_pipe_size(int fd, int bytes) { return fcntl(fd, F_SETPIPE_SZ, bytes); }

int manual_pipe_cloexec(int fds[2]) { return pipe2(fds, O_CLOEXEC); }
