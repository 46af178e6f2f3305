/** Which requests a hold stops: the same matching as a fault's. */
export interface RestHoldMatch {
  /** Only requests with this method (any case). Any method when absent. */
  method?: string;
  /** Tested against the path after `/api/v10`. Any path when absent. */
  pathPattern?: RegExp;
}

export interface HeldRequest {
  /** Resolves when the matching request has arrived and is being held. */
  readonly arrived: Promise<void>;
  /** Lets the request be handled now (at once if it has not arrived yet: it is then not held). */
  release(): void;
}

interface PendingHold {
  match: RestHoldMatch;
  /** A request is being held by it. */
  taken: boolean;
  arrive: () => void;
  released: Promise<void>;
  release: () => void;
}

/**
 * Requests held back before they are handled, for tests that need one request to reach Discord
 * after another: a slow network or a busy Discord delays one request and not its neighbours the same
 * way, so two requests sent together may land in either order.
 */
export class RequestHolds {
  readonly #pending: PendingHold[] = [];

  add(match: RestHoldMatch): HeldRequest {
    let arrive!: () => void;
    const arrived = new Promise<void>((done) => {
      arrive = done;
    });
    let release!: () => void;
    const released = new Promise<void>((done) => {
      release = done;
    });
    const pending: PendingHold = { match, taken: false, arrive, released, release };
    this.#pending.push(pending);
    return {
      arrived,
      release: () => {
        const index = this.#pending.indexOf(pending);
        if (index >= 0) this.#pending.splice(index, 1);
        release();
      },
    };
  }

  /** Resolves when the request may be handled: at once unless a hold matches it. */
  wait(method: string, path: string): Promise<void> | null {
    const pending = this.#pending.find(
      ({ match, taken }) =>
        !taken &&
        (!match.method || match.method.toUpperCase() === method) &&
        (!match.pathPattern || match.pathPattern.test(path)),
    );
    if (!pending) return null;
    pending.taken = true;
    pending.arrive();
    return pending.released;
  }

  /** Lets every held request go (on shutdown). */
  releaseAll(): void {
    for (const pending of this.#pending.splice(0)) pending.release();
  }
}
