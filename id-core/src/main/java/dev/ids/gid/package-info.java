/**
 * Graft's GID: a 16-byte identifier of a Volume, Log or Segment that embeds its creation time in milliseconds and
 * 64 or more random bits, written as a 24-character base58 string that sorts like its bytes.
 */
package dev.ids.gid;
