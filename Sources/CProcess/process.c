#define _GNU_SOURCE
#include "manual_process.h"
#include <fcntl.h>
#include <unistd.h>

int manual_set_pipe_size(int fd, int bytes) { return fcntl(fd, F_SETPIPE_SZ, bytes); }

int manual_pipe_cloexec(int fds[2]) { return pipe2(fds, O_CLOEXEC); }

int manual_try_lock_byte(int fd, long long offset) {
    struct flock lock = {0};
    lock.l_type = F_WRLCK;
    lock.l_whence = SEEK_SET;
    lock.l_start = (off_t)offset;
    lock.l_len = 1;
    return fcntl(fd, F_OFD_SETLK, &lock);
}
