// Lanes: a check that uses a fixture enters the lane of the resource its operation acts on (the
// organisation, the data source, the mock API's chaos settings ...). A check that writes there enters alone
// (src/harness/check.ts, exclusive): a rename then a get, an update then its version, a delete then its 404, an echo of
// what it sent; nothing else on the resource is in flight meanwhile. Checks that only read, or send only what
// must be refused, share the lane with each other. Entry is in the order asked, which is declaration order,
// so a check that enters alone waits for those declared before it and holds back those after. One Lanes per run
// (CheckRun), so that nothing of one run's turns is left for the next.
import type { OperationId } from '../../contract/schemas.ts';
import type { FixtureName } from '../../contract/fixtures.ts';

/** What a lane knows of a check as declared (CheckOptions): its operation, its fixtures, what it sends. */
interface Laned {
  operation: OperationId;
  needs?: FixtureName[];
  touches?: FixtureName[];
  consumes?: FixtureName;
  requests?: number;
  generated?: { perInput: number };
  together?: boolean;
}

/** The resource each operation acts on; get and update of the organisation share one. */
const RESOURCE: Record<OperationId, string> = {
  updateChaosSettings: 'chaos settings',
  updateStateSettings: 'state settings',
  getOrganisation: 'organisation',
  updateOrganisation: 'organisation',
  updateDataSource: 'data source',
  deleteDataSource: 'deletable data source',
  deleteTeamMember: 'team member',
  getLoggedRequest: 'logged request',
  pushOpenApiToGit: 'push',
};

/** The lane of a check: its operation's resource when it uses a fixture; none when it uses none. */
export function laneOf(options: Laned): string | undefined {
  return (options.needs?.length ?? 0) > 0 || (options.touches?.length ?? 0) > 0 || options.consumes !== undefined ? RESOURCE[options.operation] : undefined;
}

interface Lane {
  /** checks in the lane now, and whether the one in it is alone */
  inside: number;
  alone: boolean;
  waiting: { alone: boolean; enter: () => void }[];
  /**
   * The lane's chain in round trips, as far as it has run: `after` where the last check alone on it ended (what
   * checks beside each other all wait for), `longest` the farthest any check has reached from there.
   */
  after: number;
  longest: number;
}

function admit(lane: Lane): void {
  while (lane.waiting.length > 0) {
    const next = lane.waiting[0]!;
    if (lane.alone || (next.alone && lane.inside > 0)) return;
    lane.waiting.shift();
    lane.inside++;
    lane.alone = next.alone;
    next.enter();
    if (next.alone) return;
  }
}

/**
 * The round trips in a row a check takes at most, as it declares them: its requests, all in a row; a property's
 * inputs that go out together (PropertyOptions.together, by default those of a check beside others, not `alone`)
 * `inFlight` at a time, each input's requests in a row. Inputs that ride in another check's requests
 * (CheckOptions.ridesIn) count as the rider's own: each is sent once, there or by the rider, in the same chain.
 */
export function roundTripsOf(options: Laned, alone: boolean, inFlight: number): number {
  const requests = options.requests ?? 5;
  const generated = options.generated;
  if (generated === undefined || !(options.together ?? !alone)) return requests;
  const inputs = Math.ceil(requests / generated.perInput);
  return Math.ceil(inputs / inFlight) * generated.perInput;
}

/** The lanes of one run: each resource's turns, and the chains of round trips its checks have taken. */
export class Lanes {
  private readonly lanes = new Map<string, Lane>();
  /**
   * Each lane's weight: the round trips in a row its generated inputs take (a property's, a sequence's, and those
   * that ride in another check's requests, which lengthen that check: roundTripsOf), as the run declares them. A
   * hand-written check counts nothing: it declares a bound of its requests (5), not a count, and sends one to three;
   * what makes a lane's chain the run's longest is its generated inputs (the organisation's: its names ride in its
   * sequences).
   */
  private readonly weights = new Map<string, number>();
  /** The most round trips one check on no fixture took: a chain of its own. */
  private longestFree = 0;

  /**
   * Waits for a turn in the lane (alone, or beside other checks that need not be); returns what leaves it, told
   * the round trips the check took (CheckContext.roundTrips), which lengthen the lane's chain.
   */
  async enter(name: string, alone: boolean): Promise<(roundTrips?: number) => void> {
    let lane = this.lanes.get(name);
    if (!lane) this.lanes.set(name, (lane = { inside: 0, alone: false, waiting: [], after: 0, longest: 0 }));
    const entered = new Promise<void>((resolve) => lane!.waiting.push({ alone, enter: resolve }));
    admit(lane);
    await entered;
    // a check alone waited for every one before it; one beside others, for the last alone
    const from = alone ? lane.longest : lane.after;
    return (roundTrips = 0) => {
      lane!.longest = Math.max(lane!.longest, from + roundTrips);
      if (alone) lane!.after = lane!.longest;
      lane!.inside--;
      if (lane!.inside === 0) lane!.alone = false;
      admit(lane!);
    };
  }

  /** A check on this lane was declared for the run: its generated inputs add to the lane's weight. */
  weigh(name: string, options: Laned, alone: boolean, inFlight: number): void {
    if (options.generated === undefined) return;
    this.weights.set(name, (this.weights.get(name) ?? 0) + roundTripsOf(options, alone, inFlight));
  }

  /**
   * The weight of a lane's chain (weigh), which its requests carry (SendOptions.chained): of the requests waiting
   * for a place, those of the heaviest chain go first, the run's critical path, and the lighter chains, with time
   * to spare, after them.
   */
  weight(name: string): number {
    return this.weights.get(name) ?? 0;
  }

  /** A check on no fixture ended after this many round trips. */
  freeCheckEnded(roundTrips: number): void {
    this.longestFree = Math.max(this.longestFree, roundTrips);
  }

  /**
   * Each lane's chain so far, and the longest check on no fixture: round trips in a row that could not overlap,
   * whatever the requests in flight (the run's floor is the longest × the latency).
   */
  chains(): Record<string, number> {
    return {
      ...Object.fromEntries([...this.lanes].map(([name, lane]) => [name, lane.longest])),
      ...(this.longestFree > 0 ? { 'one check on no fixture': this.longestFree } : {}),
    };
  }
}
