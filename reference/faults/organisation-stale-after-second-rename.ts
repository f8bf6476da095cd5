import { changeResource, fault, perStore } from '../patch.ts';
import type { Organisation } from '../store.ts';

/**
 * A read cache in front of the organisation: a rename writes through to it only when the cache was read since
 * the rename before, so a second rename with no get between them is kept but not cached, and the next get
 * serves the first one's name (once: that get fills the cache again).
 */
const cacheOf = perStore((): { name?: string; renamedSinceGet: boolean } => ({ renamedSinceGet: false }));

export default fault({
  name: 'organisation-stale-after-second-rename',
  breaks: 'ORG-RENAME',
  seenIn: 'sequences',
  description: 'after two renames with no get between them, the next get shows the first of the two names',
  patch: {
    write: (call, _before, after, accepted) => {
      if (call.operation === 'updateOrganisation' && accepted) {
        const cache = cacheOf(call.store);
        if (!cache.renamedSinceGet) cache.name = (after as Organisation).name;
        cache.renamedSinceGet = true;
      }
      return after;
    },
    reply: (call, reply, resource) => {
      if (call.operation !== 'getOrganisation' || reply.status >= 300) return reply;
      const cache = cacheOf(call.store);
      const served = cache.name;
      cache.name = (resource as Organisation).name;
      cache.renamedSinceGet = false;
      return served === undefined ? reply : changeResource(reply, 'organisation', (o) => ({ ...o, name: served }));
    },
  },
});
