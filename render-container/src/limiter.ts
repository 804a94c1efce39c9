// A counting semaphore with a bounded FIFO queue: at most `max` holders, the
// rest wait in arrival order. A waiter whose signal aborts (client gone,
// shutdown) leaves the queue without ever taking a slot. Also `eachLimited`,
// the same bound for the parts of one job (a render's probes).

export class QueueFull extends Error {
  constructor() {
    super("the job queue is full");
    this.name = "QueueFull";
  }
}

type Waiter = {
  grant: (release: () => void) => void;
  refuse: (reason: unknown) => void;
};

export class Limiter {
  readonly max: number;
  readonly maxQueued: number;
  #active = 0;
  #waiting: Waiter[] = [];

  constructor(max: number, maxQueued: number) {
    this.max = max;
    this.maxQueued = maxQueued;
  }

  get active(): number {
    return this.#active;
  }

  get queued(): number {
    return this.#waiting.length;
  }

  /** Resolves with a release function (safe to call twice) once a slot is free. */
  acquire(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.#active < this.max) {
      this.#active++;
      return Promise.resolve(this.#releaser());
    }
    if (this.#waiting.length >= this.maxQueued) return Promise.reject(new QueueFull());
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        this.#waiting = this.#waiting.filter((w) => w !== waiter);
        reject(signal!.reason);
      };
      const waiter: Waiter = {
        grant: (release) => {
          signal?.removeEventListener("abort", onAbort);
          resolve(release);
        },
        refuse: (reason) => {
          signal?.removeEventListener("abort", onAbort);
          reject(reason);
        },
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.#waiting.push(waiter);
    });
  }

  /** Turns every waiter away (shutdown); running holders keep their slots. */
  refuseWaiting(reason: unknown): void {
    const waiting = this.#waiting;
    this.#waiting = [];
    for (const waiter of waiting) waiter.refuse(reason);
  }

  #releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#waiting.shift();
      if (next)
        next.grant(this.#releaser()); // the slot passes straight on
      else this.#active--;
    };
  }
}

/** Runs `work` over `values` with at most `limit` at once; the first failure stops the rest. */
export async function eachLimited<T>(
  values: readonly T[],
  limit: number,
  signal: AbortSignal,
  work: (value: T, index: number, signal: AbortSignal) => Promise<void>,
): Promise<void> {
  const stop = new AbortController();
  const combined = AbortSignal.any([signal, stop.signal]);
  let next = 0;
  let firstError: { error: unknown } | undefined;
  const worker = async () => {
    while (next < values.length && !firstError) {
      const index = next++;
      try {
        await work(values[index]!, index, combined);
      } catch (error) {
        if (!firstError) {
          firstError = { error };
          stop.abort(error);
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, values.length) }, worker));
  signal.throwIfAborted();
  if (firstError) throw firstError.error;
}
