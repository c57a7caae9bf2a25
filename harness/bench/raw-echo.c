/*
 * The raw limit for `conform bench`: copies stdin to stdout with read(2) and write(2) in 64 KiB
 * chunks, understanding nothing. Run between two pipes it is what moving the request bytes
 * costs, before any JSON is read or written.
 *
 *   cc -O2 -o /tmp/raw-echo harness/bench/raw-echo.c
 *   cat requests.jsonl | /tmp/raw-echo | cat > /dev/null
 */
#include <errno.h>
#include <unistd.h>

int main(void) {
  static char buffer[1 << 16];
  for (;;) {
    ssize_t count = read(0, buffer, sizeof buffer);
    if (count == 0) return 0;
    if (count < 0) {
      if (errno == EINTR) continue;
      return 1;
    }
    for (ssize_t done = 0; done < count;) {
      ssize_t written = write(1, buffer + done, (size_t)(count - done));
      if (written < 0) {
        if (errno == EINTR) continue;
        return 1;
      }
      done += written;
    }
  }
}
