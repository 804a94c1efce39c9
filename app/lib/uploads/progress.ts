// One progress fraction for an upload whose bytes travel in several requests
// at once: the sum of what each request has sent, over the file's size.

export interface ProgressReporter {
  /** Bytes sent so far of one part (0 for a single PUT; -1 for bytes stored before). */
  set(part: number, loaded: number): void;
  finish(): void;
}

export function progressReporter(total: number, onProgress?: (fraction: number) => void): ProgressReporter {
  const sent = new Map<number, number>();
  let last = -1;
  const emit = (fraction: number) => {
    const clamped = Math.min(1, Math.max(0, fraction));
    if (clamped === last) return;
    last = clamped;
    onProgress?.(clamped);
  };
  return {
    set(part, loaded) {
      sent.set(part, loaded);
      let sum = 0;
      for (const value of sent.values()) sum += value;
      emit(total > 0 ? sum / total : 1);
    },
    finish: () => emit(1),
  };
}
