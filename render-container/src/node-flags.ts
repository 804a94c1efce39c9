/**
 * The V8 flags the renderer's Node runs with, wherever it starts: the
 * Dockerfile's CMD (which a test keeps equal to this list), `npm start`
 * (scripts/start.mjs), the renderer's tests (test-support.ts) and
 * `bench:render`. NODE_OPTIONS refuses heap-size flags, so each launcher puts
 * them on the command line.
 *
 * `--initial-old-space-size=64` (ADR 030): the renderer's own JS heap is small
 * (~8 MB live) while a render streams ~300 MB/s of short-lived socket Buffers
 * through it. Left to itself, V8 sizes its old-generation and global limits
 * from that small live heap, counting the Buffers' memory against them, and
 * from then on starts a full mark-compact every few megabytes: ~40 a job
 * instead of ~2, and 1.5-2x the CPU per job. Whether a process fell into that
 * depended on when its first GCs ran relative to its first job, which is why a
 * renderer that had sat idle for a few seconds after starting (as a container
 * waiting for work does) rendered slowly from then on. A configured initial
 * size keeps V8 from shrinking its limits below 64 MB; it is a GC threshold,
 * not memory taken up front.
 */
export const RENDERER_NODE_FLAGS: readonly string[] = ["--initial-old-space-size=64"];
