import { changeEntries, changeResource, freedom } from '../patch.ts';
import type { ErrorEntry } from '../responses.ts';

/** Titles the interface does not fix (it fixes Forbidden and Invalid JSON), in other words. */
const TITLES: Record<string, string> = {
  'Invalid value': 'Validation failed',
  'Method Not Allowed': 'Unsupported method',
  'Payload Too Large': 'Request entity too large',
  'Internal Server Error': 'Unexpected error',
};

/** Details in other words, each keeping what the words fix of it: an Invalid JSON detail names the pointer and the type. */
function reworded(entry: ErrorEntry): string {
  const invalid = /^(Required property missing|Wrong type|Body is not valid JSON) at ([^]*): expected ([^]*)$/.exec(entry.detail);
  if (invalid) {
    const [, what, pointer, type] = invalid;
    if (what === 'Wrong type') return `The value at JSON pointer ${pointer} must be of type ${type}.`;
    if (what === 'Required property missing') return `A required property is missing: ${pointer} (type ${type}).`;
    return `Expected an ${type} at ${pointer}, but the body is not JSON.`;
  }
  return `Your request could not be processed. ${entry.detail}`;
}

export default freedom({
  name: 'error-wording-other',
  bends: [
    'ERR.list.title',
    'ERR.list.detail',
    'ERR.titles',
    'ERR.case.invalid-json',
    'AUTH.403',
    'ERR.case.403',
    'JOB.outcome',
    'EP.updateChaosSettings.errors',
    'EP.updateStateSettings.errors',
    'EP.getOrganisation.errors',
    'EP.updateOrganisation.errors',
    'EP.deleteDataSource.errors',
    'EP.deleteTeamMember.errors',
  ],
  description: 'every error title the interface does not fix, and every detail, in other words (an Invalid JSON detail still names its pointer and type)',
  patch: {
    reply: (call, reply) => {
      const entries = changeEntries(reply, (entry) => ({ ...entry, title: TITLES[entry.title] ?? entry.title, detail: reworded(entry) }));
      if (call.operation !== 'pushOpenApiToGit') return entries;
      return changeResource(entries, 'job', (job) => {
        const outcome = job.outcome as { errors?: ErrorEntry[] } | undefined;
        if (!outcome?.errors) return job;
        return {
          ...job,
          outcome: { ...outcome, errors: outcome.errors.map((e) => ({ ...e, title: 'Git repository missing', detail: `Cannot push: ${e.detail}` })) },
        };
      });
    },
  },
});
