#define _GNU_SOURCE
#include "manual_process.h"
#include <errno.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

int manual_set_pipe_size(int fd, int bytes) { return fcntl(fd, F_SETPIPE_SZ, bytes); }

int manual_pipe_cloexec(int fds[2]) { return pipe2(fds, O_CLOEXEC); }

int manual_thread_nice(int tid) {
    errno = 0;
    int value = getpriority(PRIO_PROCESS, (id_t)tid);
    return errno != 0 ? 0 : value;
}

int manual_lower_priority(int tid, int nice, int io_level) {
    int failed = 0;
    errno = 0;
    int current = getpriority(PRIO_PROCESS, (id_t)tid);
    if (errno == 0 && current < nice && setpriority(PRIO_PROCESS, (id_t)tid, nice) != 0) failed = -1;
    // ioprio_set has no glibc wrapper. Values as linux/ioprio.h: class in the top three of 16 bits.
    const int who_process = 1, class_shift = 13, class_best_effort = 2, class_idle = 3;
    long io = syscall(SYS_ioprio_get, who_process, tid);
    int io_class = io < 0 ? 0 : (int)(io >> class_shift);
    int io_data = io < 0 ? 0 : (int)(io & ((1 << class_shift) - 1));
    // Class 0 ("none") follows the CPU nice, which may have been lower; real-time and best-effort
    // above the level are lowered; idle, or best-effort already at or below it, is kept.
    int lower = io_class == 0 || io_class == 1 || (io_class == class_best_effort && io_data < io_level);
    if (io >= 0 && io_class != class_idle && lower &&
        syscall(SYS_ioprio_set, who_process, tid, (class_best_effort << class_shift) | io_level) != 0) failed = -1;
    return failed;
}

int manual_try_lock_byte(int fd, long long offset) {
    struct flock lock = {0};
    lock.l_type = F_WRLCK;
    lock.l_whence = SEEK_SET;
    lock.l_start = (off_t)offset;
    lock.l_len = 1;
    return fcntl(fd, F_OFD_SETLK, &lock);
}
