// SPDX-License-Identifier: GPL-3.0-or-later
// Holders for bench_attribution: `shmwise-bench-shm-holder PROCESSES` forks PROCESSES small
// processes in /dev/shm's namespace; process i holds /dev/shm/f<3i> open, maps f<3i+1> and
// f<3i+2>, and holds a file of its own that it unlinked (as PyTorch's file_descriptor strategy
// does). It prints "ready" once all of them are, and ends them all when its stdin closes.
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

static void child(int i, int ready)
{
    const std::string base = "/dev/shm/f";
    const int held = open((base + std::to_string(3 * i)).c_str(), O_RDONLY);
    for (int k = 1; k <= 2; ++k) {
        const int fd = open((base + std::to_string(3 * i + k)).c_str(), O_RDWR);
        if (fd >= 0) {
            mmap(nullptr, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
            close(fd);
        }
    }
    const std::string own = "/dev/shm/torch_" + std::to_string(getpid()) + "_own_0";
    const int fd = open(own.c_str(), O_RDWR | O_CREAT | O_EXCL, 0600);
    if (fd >= 0 && ftruncate(fd, 8192) == 0) {
        void *p = mmap(nullptr, 8192, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
        if (p != MAP_FAILED)
            std::memset(p, 1, 4096);
        unlink(own.c_str());
    }
    (void)held;
    const char c = 'r';
    if (write(ready, &c, 1) != 1)
        _exit(1);
    close(ready);
    for (;;)
        pause();
}

int main(int argc, char **argv)
{
    const int n = argc > 1 ? std::atoi(argv[1]) : 2000;
    int pipefd[2];
    if (pipe(pipefd) != 0)
        return 2;
    std::vector<pid_t> kids;
    for (int i = 0; i < n; ++i) {
        const pid_t pid = fork();
        if (pid == 0) {
            close(pipefd[0]);
            child(i, pipefd[1]);
        }
        if (pid < 0)
            break;
        kids.push_back(pid);
    }
    close(pipefd[1]);
    int got = 0;
    char buf[256];
    while (got < int(kids.size())) {
        const ssize_t r = read(pipefd[0], buf, sizeof buf);
        if (r <= 0 && errno != EINTR)
            break;
        if (r > 0)
            got += int(r);
    }
    std::printf("ready %d\n", got);
    std::fflush(stdout);
    while (read(0, buf, sizeof buf) > 0) {
    }
    for (const pid_t pid : kids)
        kill(pid, SIGKILL);
    for (const pid_t pid : kids)
        waitpid(pid, nullptr, 0);
    return got == n ? 0 : 1;
}
