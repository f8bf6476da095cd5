import { freedom, isObject } from '../patch.ts';
import { NOT_FOUND_MESSAGE } from '../responses.ts';

/** Localised, and carrying 404: it reports the HTTP 404 condition. */
export const NOT_FOUND_LOCALISED = 'Fehler 404: Ressource nicht gefunden';

export default freedom({
  name: 'not-found-message-localised',
  bends: ['ERR.not-found.missing-resource'],
  description: `the not-found message is German and carries 404: "${NOT_FOUND_LOCALISED}"`,
  patch: {
    reply: (_call, reply) =>
      reply.status === 404 && isObject(reply.json) && reply.json.message === NOT_FOUND_MESSAGE
        ? { ...reply, json: { ...reply.json, message: NOT_FOUND_LOCALISED } }
        : reply,
  },
});
