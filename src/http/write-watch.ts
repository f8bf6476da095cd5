// Whether the key may write. A key that may read but not write gets every write answered 403, and a run with it would
// fail every check that writes: a misconfiguration (the key lacks the permission the fixtures need), not a verdict.
// A 403 to a write with the key is confirmed once, by one write the run sends anyway and that changes nothing: the
// organisation renamed to the name a read of it gives now, while no other write with the key is under way or starts
// (one answered 202 counts as under way for PENDING_EFFECT_MS: its work may land after its answer).
// Refused too, the key may not write: writes with it are sent no more, and none is judged. Allowed, a 403 is the
// deployment's answer to that request, and judged.
import { PENDING_EFFECT_MS } from './transient.ts';

/** Whether a request of this method may change something (RFC 9110 §9.2.1: the methods that are not safe). */
export const changes = (method: string): boolean => !['GET', 'HEAD', 'OPTIONS'].includes(method);

/** Why a write with a key that may not write was not sent, or its answer not judged: the exchange's `withheld`. */
export const WRITES_REFUSED =
  'not judged: the key may read but not write (a write with it was answered 403, and so was renaming the organisation to its own name), so no write with it is sent or judged';

/** The requests the confirmation sends: a read and a rename, each answered (or not) as an exchange. */
type Send = (spec: { method: 'GET' | 'PUT'; path: string; json?: unknown }) => Promise<{ status: number; json: unknown }>;

/**
 * The confirmation: a read of the organisation at `path`, then a rename of it to the name the read gave. True when the
 * rename is answered 403 though the read was answered; false when the key may write, or nothing could be confirmed.
 */
export async function renameRefused(send: Send, path: string): Promise<boolean> {
  const read = await send({ method: 'GET', path });
  const name = (read.json as { organisation?: { name?: unknown } } | undefined)?.organisation?.name;
  if (read.status < 200 || read.status >= 300 || typeof name !== 'string') return false;
  return (await send({ method: 'PUT', path, json: { organisation: { name } } })).status === 403;
}

export class WriteWatch {
  private found: 'allowed' | 'refused' | undefined;
  private confirmation: Promise<boolean> | undefined;
  /** writes with the key on the wire, and what waits for none to be */
  private underWay = 0;
  private readonly idle: (() => void)[] = [];
  /** when the last write with the key answered 202 was answered (ms since the epoch): its work may still be under way */
  private pendingAt: number | undefined;

  /** `confirm`: the confirmation (renameRefused), sent once no other write is under way; `refused`: told once it is. */
  constructor(
    private readonly confirm: () => Promise<boolean>,
    private readonly refused: () => void,
  ) {}

  /** The key may not write: writes with it are not sent. */
  get writesRefused(): boolean {
    return this.found === 'refused';
  }

  /** The confirmation under way, which writes with the key wait for before they go out; undefined when none is. */
  get confirming(): Promise<boolean> | undefined {
    return this.found === undefined ? this.confirmation : undefined;
  }

  /** A write with the key goes out: the confirmation waits for it to be answered. */
  sent(): void {
    this.underWay++;
  }

  /** A write with the key was answered 202: its work may still be under way after its answer (PENDING_EFFECT_MS). */
  workPending(): void {
    this.pendingAt = Date.now();
  }

  /** A write with the key was answered (or failed). */
  answered(): void {
    if (--this.underWay === 0) for (const go of this.idle.splice(0)) go();
  }

  /** Takes in the status of an answer to a write with the key; true when it shows the key may not write. */
  async refusedBy(status: number): Promise<boolean> {
    if (status !== 403 || this.found === 'allowed') return false;
    if (this.found === 'refused') return true;
    this.confirmation ??= this.confirmed();
    return this.confirmation;
  }

  /**
   * Once no write with the key is on the wire, nor one answered 202 within PENDING_EFFECT_MS (it may not have landed, and
   * the name read now could be one it is about to replace), the confirmation: whatever it finds stands for the run.
   */
  private async confirmed(): Promise<boolean> {
    const pendingLeft = () => (this.pendingAt === undefined ? 0 : this.pendingAt + PENDING_EFFECT_MS - Date.now());
    for (let left = pendingLeft(); this.underWay > 0 || left > 0; left = pendingLeft()) {
      if (this.underWay > 0) await new Promise<void>((resolve) => this.idle.push(resolve));
      else await new Promise((resolve) => setTimeout(resolve, left));
    }
    const refused = await this.confirm().catch(() => false);
    this.found = refused ? 'refused' : 'allowed';
    if (refused) this.refused();
    return refused;
  }
}
