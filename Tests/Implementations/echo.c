/*
 * The fastest possible implementation, for measuring the harness's own cost (not a test).
 *
 *   cc -O2 -o /tmp/conform-echo Tests/Implementations/echo.c
 *   conform run --impl /tmp/conform-echo ...                      answers every case with {}
 *   conform run --impl /tmp/conform-echo --impl-arg DIR ...       answers the expected output,
 *                                                                  looked up in DIR/<suite>.jsonl
 *
 * Lines are read with fgets and answered with fputs; stdout is flushed whenever stdin has
 * nothing more buffered, so answers are never held back while the harness waits for them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SLOTS (1 << 18)
static char *keys[SLOTS];
static char *values[SLOTS];

static unsigned long hash(const char *s, size_t n) {
  unsigned long h = 1469598103934665603UL;
  for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 1099511628211UL;
  return h;
}

/* Fixture lines start {"expected":<value>,"id":"<id>", (canonical JSON). */
static void load(const char *path) {
  FILE *file = fopen(path, "r");
  if (!file) return;
  static char line[1 << 20];
  while (fgets(line, sizeof line, file)) {
    char *id = strstr(line, ",\"id\":\"");
    if (strncmp(line, "{\"expected\":", 12) != 0 || !id) continue;
    char *idStart = id + 7, *idEnd = strchr(idStart, '"');
    unsigned long slot = hash(idStart, idEnd - idStart) & (SLOTS - 1);
    while (keys[slot]) slot = (slot + 1) & (SLOTS - 1);
    keys[slot] = strndup(idStart, idEnd - idStart);
    values[slot] = strndup(line + 12, id - (line + 12));
  }
  fclose(file);
}

static const char *lookup(const char *id, size_t n) {
  unsigned long slot = hash(id, n) & (SLOTS - 1);
  while (keys[slot]) {
    if (strlen(keys[slot]) == n && memcmp(keys[slot], id, n) == 0) return values[slot];
    slot = (slot + 1) & (SLOTS - 1);
  }
  return "{}";
}

int main(int argc, char **argv) {
  if (argc > 1) {
    const char *suites[] = {"eligibility", "version-compare", "timeline"};
    for (int i = 0; i < 3; i++) {
      char path[4096];
      snprintf(path, sizeof path, "%s/%s.jsonl", argv[1], suites[i]);
      load(path);
    }
  }
  static char line[1 << 20], out[1 << 20];
  static char inbuf[1 << 16], outbuf[1 << 16];
  setvbuf(stdin, inbuf, _IOFBF, sizeof inbuf);
  setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
  int hello = 1;
  while (fgets(line, sizeof line, stdin)) {
    if (hello) {
      fputs("{\"type\":\"hello\",\"protocol\":1,\"name\":\"echo-c\",\"language\":\"c\",\"version\":\"1\","
            "\"suites\":[\"eligibility\",\"version-compare\",\"timeline\"]}\n", stdout);
      hello = 0;
    } else {
      /* Requests are canonical: {"id":"<id>","input":...,"seq":<n>,"suite":... */
      char *idStart = line + 7, *idEnd = strchr(idStart, '"');
      char *seq = strstr(line, ",\"seq\":");
      if (!idEnd || !seq) return 2;
      long n = strtol(seq + 7, NULL, 10);
      *idEnd = 0;
      snprintf(out, sizeof out, "{\"type\":\"result\",\"seq\":%ld,\"id\":\"%s\",\"output\":%s}\n", n, idStart,
               lookup(idStart, idEnd - idStart));
      fputs(out, stdout);
    }
    /* Nothing more waiting in stdin's buffer: hand over what is written. */
    if (stdin->_IO_read_ptr >= stdin->_IO_read_end) fflush(stdout);
  }
  fflush(stdout);
  return 0;
}
