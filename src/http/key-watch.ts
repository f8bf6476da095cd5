// Whether a 401 means the key stopped being accepted part-way through a run (revoked, rotated, expired): a request
// with the key is answered 401, and the read the probe sent with the key before the run, accepted then, is refused
// now too. Then no check is judged on it: a key that stopped working is a misconfiguration, not a verdict. A 401 that
// the probe's read does not confirm is the deployment's own answer to that request, and judged as such.

/** The read the probe sends before the run, with the key (src/run/open-target.ts): accepted then, it confirms a refusal. */
export const KEY_PROBE_PATH = '/v1/organisations/conformance-reachability-probe';

/** How long a confirming read that found the key still accepted answers for later 401s: one read, not one per 401. */
const STILL_ACCEPTED_MS = 1000;

export class KeyWatch {
  private confirming: Promise<boolean> | undefined;
  private acceptedAt = Number.NEGATIVE_INFINITY;

  /** `confirm`: sends the read accepted before the run and says whether it is now answered 401. */
  constructor(
    private readonly confirm: () => Promise<boolean>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes in the status of an answer to a request with the key; true when it shows that the key is no longer accepted. */
  async refused(status: number): Promise<boolean> {
    if (status !== 401) return false;
    // answers that come together share one confirmation, and a key just found accepted is not asked after again at once
    if (this.confirming === undefined && this.now() - this.acceptedAt < STILL_ACCEPTED_MS) return false;
    this.confirming ??= this.confirm().then((refused) => {
      if (!refused) this.acceptedAt = this.now();
      this.confirming = undefined;
      return refused;
    });
    return this.confirming;
  }
}
