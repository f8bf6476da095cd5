import { changeResource, fault, isObject, perStore, type Call } from '../patch.ts';

/**
 * Renames that overlap conflict: the deployment sees the conflict, keeps the name it had, and still answers each
 * rename 200 with the name it sent. A get then shows a name none of them sent. Renames one after another are not
 * affected.
 */
const renamesOf = perStore(() => ({ inFlight: new Set<Call>(), conflicted: new WeakSet<Call>() }));
const renaming = (call: Call) => call.operation === 'updateOrganisation';

export default fault({
  name: 'organisation-renames-dropped-under-overlap',
  breaks: 'ORG-RENAME',
  seenIn: 'sequences',
  description: 'organisation renames that overlap are each answered 200 with the name sent, but none is kept',
  patch: {
    // the store's round trip: long enough for renames sent together to all be under way at once
    pause: async (call) => {
      if (!renaming(call)) return;
      const renames = renamesOf(call.store);
      renames.inFlight.add(call);
      if (renames.inFlight.size > 1) for (const other of renames.inFlight) renames.conflicted.add(other);
      await new Promise((resolve) => setTimeout(resolve, 25));
    },
    write: (call, before, after, accepted) => {
      if (!renaming(call) || !accepted) return after;
      const renames = renamesOf(call.store);
      renames.inFlight.delete(call);
      return renames.conflicted.has(call) ? before : after;
    },
    reply: (call, reply) => {
      if (!renaming(call) || !renamesOf(call.store).conflicted.has(call) || !isObject(call.json) || !isObject(call.json.organisation)) return reply;
      const sent = call.json.organisation.name;
      return changeResource(reply, 'organisation', (o) => ({ ...o, name: sent ?? null }));
    },
  },
});
