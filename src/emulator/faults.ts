/** A REST failure to inject, matched against the next requests. */
export interface RestFault {
  /** Only requests with this method (any case). Any method when absent. */
  method?: string;
  /** Tested against the path after `/api/v10`, e.g. `/channels/123/messages`. Any path when absent. */
  pathPattern?: RegExp;
  /** 429 (with Retry-After and X-RateLimit-* headers), 500, or any other status. */
  status: number;
  /** For 429: how long the client must wait. Default 1. */
  retryAfterSeconds?: number;
  /** For 429: mark the limit as global (X-RateLimit-Global). */
  global?: boolean;
  /**
   * For 429: a shared resource's limit (`X-RateLimit-Scope: shared`), which Discord does not count
   * toward the invalid request limit.
   */
  shared?: boolean;
  /** The JSON error code (default 0). */
  code?: number;
  /** The JSON error message (default the status text, Discord style). */
  message?: string;
  /** How many matching requests fail (default 1). Ignored with `forMs`. */
  times?: number;
  /**
   * Every matching request fails for this long (real clock, from when the fault is added) instead
   * of a number of times: a 429 storm, or an outage of message edits (500s) over a window, as the
   * soak test injects. `served` resolves when the window closes.
   */
  forMs?: number;
}

export interface InjectedFault {
  /** Resolves when the fault was served as many times as asked. */
  readonly served: Promise<void>;
  /** How many requests it answered so far. */
  readonly hits: number;
  /** Stops it before it was served as many times as asked (`served` then never resolves). */
  cancel(): void;
}

export interface FaultResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  /** Whether it counts toward the invalid request limit (not a shared-scope 429). */
  counted: boolean;
}

interface PendingFault {
  fault: RestFault;
  remaining: number;
  /** For a window (`forMs`): the performance.now() after which it no longer matches. */
  until: number | undefined;
  hits: number;
  resolve: () => void;
}

/** Queue of injected REST failures, consumed in the order they were added. */
export class FaultInjector {
  readonly #pending: PendingFault[] = [];

  add(fault: RestFault): InjectedFault {
    let resolve!: () => void;
    const served = new Promise<void>((done) => {
      resolve = done;
    });
    const until = fault.forMs === undefined ? undefined : performance.now() + fault.forMs;
    const pending: PendingFault = { fault, remaining: Math.max(1, fault.times ?? 1), until, hits: 0, resolve };
    this.#pending.push(pending);
    if (until !== undefined) {
      // The window closes by itself, matched or not.
      setTimeout(() => this.#retire(pending), fault.forMs).unref();
    }
    return {
      served,
      get hits() {
        return pending.hits;
      },
      cancel: () => {
        const index = this.#pending.indexOf(pending);
        if (index >= 0) this.#pending.splice(index, 1);
      },
    };
  }

  /** The injected answer for this request, if a fault matches it. */
  take(method: string, path: string): FaultResponse | null {
    if (this.#pending.length === 0) return null;
    const now = performance.now();
    for (const expired of this.#pending.filter(({ until }) => until !== undefined && now >= until)) {
      this.#retire(expired);
    }
    const pending = this.#pending.find(
      ({ fault }) =>
        (!fault.method || fault.method.toUpperCase() === method) &&
        (!fault.pathPattern || fault.pathPattern.test(path)),
    );
    if (!pending) return null;
    pending.hits += 1;
    if (pending.until === undefined) {
      pending.remaining -= 1;
      if (pending.remaining === 0) this.#retire(pending);
    }
    return respond(pending.fault);
  }

  #retire(pending: PendingFault): void {
    const index = this.#pending.indexOf(pending);
    if (index < 0) return;
    this.#pending.splice(index, 1);
    pending.resolve();
  }
}

function respond(fault: RestFault): FaultResponse {
  if (fault.status === 429) {
    const retryAfter = fault.retryAfterSeconds ?? 1;
    const headers: Record<string, string> = {
      'Retry-After': String(retryAfter),
      'X-RateLimit-Limit': '5',
      'X-RateLimit-Remaining': '0',
      'X-RateLimit-Reset': String((Date.now() + retryAfter * 1000) / 1000),
      'X-RateLimit-Reset-After': String(retryAfter),
      'X-RateLimit-Scope': fault.global ? 'global' : fault.shared ? 'shared' : 'user',
    };
    if (fault.global) headers['X-RateLimit-Global'] = 'true';
    else headers['X-RateLimit-Bucket'] = 'emulated-bucket';
    return {
      status: 429,
      counted: !fault.shared,
      headers,
      body: {
        message: fault.message ?? 'You are being rate limited.',
        retry_after: retryAfter,
        global: Boolean(fault.global),
        ...(fault.code !== undefined ? { code: fault.code } : {}),
      },
    };
  }
  return {
    status: fault.status,
    counted: true,
    headers: {},
    body: { message: fault.message ?? `${fault.status}: Injected failure`, code: fault.code ?? 0 },
  };
}
