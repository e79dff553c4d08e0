/*
 * A persistent PocketSphinx decoder for the server's `pocketsphinx` speech engine.
 *
 * Loading the acoustic and language models takes about a second, far too long to do per
 * utterance, so the server keeps a few of these processes and streams utterances through them,
 * one at a time each. Framed protocol, every frame a type byte, a little-endian uint32 length
 * and that many payload bytes:
 *
 *   stdin   'B' begin an utterance; the payload is empty (keep the running cepstral mean) or
 *               the cepstral mean to start from (ncep 32-bit floats, as sent in 'R' and 'C')
 *           'A' audio: 16 kHz mono signed 16-bit little-endian samples
 *           'E' end the utterance
 *   stdout  'R' ready after the models loaded; payload: the initial cepstral mean
 *           'P' a partial hypothesis (UTF-8), at most one per --partial-samples of audio and
 *               only when it changed
 *           'C' after 'E': the cepstral mean the utterance ended with (for the speaker's next one)
 *           'F' after 'E': the final hypothesis (UTF-8, possibly empty)
 *
 * Arguments: [--partial-samples N] then PocketSphinx's own (-hmm, -lm, -dict, ...).
 * The process exits when stdin closes, so it never outlives the server.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <pocketsphinx.h>
#include <sphinxbase/cmn.h>
#include <sphinxbase/err.h>
#include <sphinxbase/feat.h>

static int read_exact(void *buf, size_t n) {
  uint8_t *p = buf;
  while (n > 0) {
    ssize_t got = read(0, p, n);
    if (got == 0) return 0;
    if (got < 0) {
      if (errno == EINTR) continue;
      return -1;
    }
    p += got;
    n -= (size_t)got;
  }
  return 1;
}

static void write_exact(const void *buf, size_t n) {
  const uint8_t *p = buf;
  while (n > 0) {
    ssize_t put = write(1, p, n);
    if (put < 0) {
      if (errno == EINTR) continue;
      exit(3); /* the server went away */
    }
    p += put;
    n -= (size_t)put;
  }
}

static void send_frame(char type, const void *payload, uint32_t length) {
  uint8_t header[5];
  header[0] = (uint8_t)type;
  header[1] = length & 0xff;
  header[2] = (length >> 8) & 0xff;
  header[3] = (length >> 16) & 0xff;
  header[4] = (length >> 24) & 0xff;
  write_exact(header, sizeof header);
  if (length > 0) write_exact(payload, length);
}

static void send_text(char type, const char *text) {
  if (text == NULL) text = "";
  send_frame(type, text, (uint32_t)strlen(text));
}

static void send_cmn(char type, feat_t *feat, int ncep) {
  float vec[64];
  mfcc_t mean[64];
  cmn_live_get(feat->cmn_struct, mean);
  for (int i = 0; i < ncep; i++) vec[i] = (float)mean[i];
  send_frame(type, vec, (uint32_t)(ncep * sizeof(float)));
}

int main(int argc, char *argv[]) {
  long partial_samples = 4800; /* 300 ms */
  int first = 1;
  if (argc > 2 && strcmp(argv[1], "--partial-samples") == 0) {
    partial_samples = strtol(argv[2], NULL, 10);
    first = 3;
  }
  /* cmd_ln_parse_r expects argv[0] to be the program name. */
  char **ps_argv = &argv[first - 1];
  int ps_argc = argc - first + 1;
  cmd_ln_t *config = cmd_ln_parse_r(NULL, ps_args(), ps_argc, ps_argv, TRUE);
  if (config == NULL) {
    fprintf(stderr, "ps-decoder: invalid arguments\n");
    return 2;
  }
  ps_decoder_t *ps = ps_init(config);
  if (ps == NULL) {
    fprintf(stderr, "ps-decoder: could not load the models\n");
    return 2;
  }
  feat_t *feat = ps_get_feat(ps);
  int ncep = feat_cepsize(feat);
  if (ncep > 64) {
    fprintf(stderr, "ps-decoder: unexpected cepstrum size %d\n", ncep);
    return 2;
  }
  send_cmn('R', feat, ncep);

  size_t capacity = 1 << 16;
  uint8_t *payload = malloc(capacity);
  int in_utt = 0;
  long since_partial = 0;
  char *last_partial = NULL;

  for (;;) {
    uint8_t header[5];
    int got = read_exact(header, sizeof header);
    if (got <= 0) break;
    uint32_t length = header[1] | (header[2] << 8) | (header[3] << 16) | ((uint32_t)header[4] << 24);
    if (length > capacity) {
      while (capacity < length) capacity *= 2;
      payload = realloc(payload, capacity);
      if (payload == NULL) return 4;
    }
    if (length > 0 && read_exact(payload, length) <= 0) break;

    switch (header[0]) {
      case 'B':
        if (in_utt) ps_end_utt(ps);
        if (length == (uint32_t)(ncep * sizeof(float))) {
          mfcc_t mean[64];
          const float *vec = (const float *)payload;
          for (int i = 0; i < ncep; i++) mean[i] = (mfcc_t)vec[i];
          cmn_live_set(feat->cmn_struct, mean);
        }
        ps_start_utt(ps);
        in_utt = 1;
        since_partial = 0;
        free(last_partial);
        last_partial = NULL;
        break;
      case 'A': {
        if (!in_utt) break;
        size_t n = length / 2;
        ps_process_raw(ps, (const int16 *)payload, n, FALSE, FALSE);
        since_partial += (long)n;
        if (partial_samples > 0 && since_partial >= partial_samples) {
          since_partial = 0;
          const char *hyp = ps_get_hyp(ps, NULL);
          if (hyp != NULL && hyp[0] != '\0' &&
              (last_partial == NULL || strcmp(hyp, last_partial) != 0)) {
            free(last_partial);
            last_partial = strdup(hyp);
            send_text('P', hyp);
          }
        }
        break;
      }
      case 'E': {
        const char *hyp = NULL;
        if (in_utt) {
          ps_end_utt(ps);
          hyp = ps_get_hyp(ps, NULL);
          in_utt = 0;
        }
        send_cmn('C', feat, ncep);
        send_text('F', hyp);
        break;
      }
      default:
        fprintf(stderr, "ps-decoder: unknown frame type %d\n", header[0]);
        return 2;
    }
  }
  free(payload);
  free(last_partial);
  ps_free(ps);
  cmd_ln_free_r(config);
  return 0;
}
