import { CREDENTIALS_REQUIRED } from '../responses.ts';
import { freedom } from '../patch.ts';

/** Still says that credentials are required to access the resource, in other words. */
export const CREDENTIALS_REQUIRED_OTHER_WORDS = 'You must supply valid API credentials (Authorization: Token <key>) to access this resource.';

export default freedom({
  name: 'credentials-text-other-words',
  bends: [
    'AUTH.401',
    'ERR.case.401',
    'EP.updateChaosSettings.errors',
    'EP.updateStateSettings.errors',
    'EP.getOrganisation.errors',
    'EP.updateOrganisation.errors',
    'EP.deleteDataSource.errors',
    'EP.deleteTeamMember.errors',
    'AUTH.api-key',
    'EP.authorization',
  ],
  description: 'the 401 text says that credentials are required in other words',
  patch: {
    reply: (_call, reply) => (reply.status === 401 && reply.text === CREDENTIALS_REQUIRED ? { ...reply, text: CREDENTIALS_REQUIRED_OTHER_WORDS } : reply),
  },
});
