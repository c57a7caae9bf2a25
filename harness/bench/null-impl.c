/*
 * The null implementation of `conform bench`: answers every case with its expected output,
 * looked up by case id in FIXTURES_DIR/<suite>.jsonl (conform generate), for every suite that
 * folder has (so no case is left unsupported), in canonical form
 * ({"id":...,"output":...,"seq":...,"type":"result"}, as the Swift and Kotlin adapters write
 * it), as fast as it can: what conform run costs beyond it is the harness's own cost.
 *
 * With SPIN_THOUSANDS it first burns that many thousand multiply-adds on each case (about
 * 0.7 µs of CPU a thousand): a CPU-heavy implementation, to show whether --jobs 2 uses a
 * second core.
 *
 *   cc -O2 -o /tmp/null-impl harness/bench/null-impl.c
 *   conform run --impl /tmp/null-impl --impl-arg FIXTURES_DIR [--impl-arg SPIN_THOUSANDS]
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define SLOTS (1 << 18)
/* Each case id and its expected output, pointing into the mapped fixture files (no copies). */
static const char *keys[SLOTS], *values[SLOTS];
static size_t keyLengths[SLOTS], valueLengths[SLOTS];

static unsigned long hash(const char *s, size_t n) {
  unsigned long h = 1469598103934665603UL;
  for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 1099511628211UL;
  return h;
}

/* Fixture lines start {"expected":<value>,"id":"<id>", (canonical JSON), or
   {"decisions":[...],"expected":... when the case lists its decisions (ids hold no bracket): the
   value ends where the first ,"id":" after it begins (an id never holds a quote). */
static void load(const char *path) {
  int descriptor = open(path, O_RDONLY);
  if (descriptor < 0) return;
  struct stat info;
  if (fstat(descriptor, &info) != 0 || info.st_size == 0) {
    close(descriptor);
    return;
  }
  const char *data = mmap(NULL, (size_t)info.st_size, PROT_READ, MAP_PRIVATE, descriptor, 0);
  close(descriptor);
  if (data == MAP_FAILED) return;
  const char *end = data + info.st_size;
  for (const char *line = data; line < end;) {
    const char *newline = memchr(line, '\n', (size_t)(end - line));
    if (!newline) newline = end;
    const char *value = NULL;
    if (newline - line > 12 && memcmp(line, "{\"expected\":", 12) == 0) {
      value = line + 12;
    } else if (newline - line > 14 && memcmp(line, "{\"decisions\":[", 14) == 0) {
      const char *close = memchr(line, ']', (size_t)(newline - line));
      if (close && newline - close > 13 && memcmp(close, "],\"expected\":", 13) == 0) value = close + 13;
    }
    if (value) {
      const char *id = memmem(value, (size_t)(newline - value), ",\"id\":\"", 7);
      if (id) {
        const char *idStart = id + 7, *idEnd = memchr(idStart, '"', (size_t)(newline - idStart));
        if (idEnd) {
          unsigned long slot = hash(idStart, (size_t)(idEnd - idStart)) & (SLOTS - 1);
          while (keys[slot]) slot = (slot + 1) & (SLOTS - 1);
          keys[slot] = idStart;
          keyLengths[slot] = (size_t)(idEnd - idStart);
          values[slot] = value;
          valueLengths[slot] = (size_t)(id - value);
        }
      }
    }
    line = newline + 1;
  }
}

static void writeExpected(const char *id, size_t n) {
  unsigned long slot = hash(id, n) & (SLOTS - 1);
  while (keys[slot]) {
    if (keyLengths[slot] == n && memcmp(keys[slot], id, n) == 0) {
      fwrite(values[slot], 1, valueLengths[slot], stdout);
      return;
    }
    slot = (slot + 1) & (SLOTS - 1);
  }
  fputs("{}", stdout);
}

/* Burns CPU: `thousands` thousand multiply-adds (about 0.7 µs each thousand on the machines
   measured), with no system call, so that two processes on two cores take no longer than one. */
static void spin(long thousands) {
  volatile unsigned long sink = 0;
  for (long i = 0; i < thousands * 1000; i++) sink += (unsigned long)i * 2654435761UL;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: null-impl FIXTURES_DIR [SPIN_THOUSANDS]\n");
    return 2;
  }
  long thousands = argc > 2 ? atol(argv[2]) : 0;
  /* Every <suite>.jsonl of the folder: its cases are loaded and the hello lists its suite. */
  static char hello[1 << 12] = "{\"type\":\"hello\",\"protocol\":1,\"name\":\"null-impl\",\"language\":\"c\","
                               "\"version\":\"1\",\"suites\":[";
  struct dirent **entries;
  int count = scandir(argv[1], &entries, NULL, alphasort), listed = 0;
  for (int i = 0; i < count; i++) {
    const char *name = entries[i]->d_name;
    size_t length = strlen(name);
    if (length > 6 && strcmp(name + length - 6, ".jsonl") == 0 && strlen(hello) + length < sizeof hello - 8) {
      char path[4096];
      snprintf(path, sizeof path, "%s/%s", argv[1], name);
      load(path);
      snprintf(hello + strlen(hello), sizeof hello - strlen(hello), "%s\"%.*s\"", listed++ ? "," : "",
               (int)(length - 6), name);
    }
    free(entries[i]);
  }
  if (count > 0) free(entries);
  strcat(hello, "]}\n");
  static char line[1 << 20];
  static char inbuf[1 << 16], outbuf[1 << 16];
  setvbuf(stdin, inbuf, _IOFBF, sizeof inbuf);
  setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
  int greeted = 0;
  while (fgets(line, sizeof line, stdin)) {
    if (!greeted) {
      fputs(hello, stdout);
      greeted = 1;
    } else {
      /* Requests are canonical: {"id":"<id>","input":...,"seq":<n>,"suite":"<suite>","type":"case"}:
         the seq is the last number, found from the end. */
      char *idStart = line + 7, *idEnd = strchr(idStart, '"');
      size_t length = strlen(line);
      char *seq = line + length;
      while (seq > line && memcmp(seq, ",\"seq\":", 7) != 0) seq--;
      if (!idEnd || seq == line) return 2;
      char *seqEnd = seq + 7;
      while (*seqEnd >= '0' && *seqEnd <= '9') seqEnd++;
      if (thousands > 0) spin(thousands);
      fwrite("{\"id\":", 1, 6, stdout);
      fwrite(idStart - 1, 1, idEnd - idStart + 2, stdout);
      fwrite(",\"output\":", 1, 10, stdout);
      writeExpected(idStart, idEnd - idStart);
      fwrite(seq, 1, seqEnd - seq, stdout);
      fputs(",\"type\":\"result\"}\n", stdout);
    }
    /* Nothing more waiting in stdin's buffer: hand over what is written. */
    if (stdin->_IO_read_ptr >= stdin->_IO_read_end) fflush(stdout);
  }
  fflush(stdout);
  return 0;
}
