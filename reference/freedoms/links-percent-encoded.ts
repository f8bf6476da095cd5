import { contentType, freedom, isObject } from '../patch.ts';
import type { Json } from '../../contract/schemas.ts';

/** The collections of the links the interface shows: the segment after one of them is an id. */
const COLLECTIONS = new Set(['organisations', 'subscriptions', 'subjects', 'objects', 'data-sources', 'mock-apis', 'jobs']);

/** Every octet of a segment's UTF-8 percent-encoded, hex digits in lower case: the same URI (RFC 3986 §2.1, §6.2.2). */
const encoded = (segment: string): string =>
  [...Buffer.from(decodeURIComponent(segment), 'utf8')].map((octet) => `%${octet.toString(16).padStart(2, '0')}`).join('');

/** A link with each id percent-encoded in full; a template's `{?subjectId}` left as it is. */
function spelled(link: string): string {
  const segments = link.split('/');
  return segments.map((segment, i) => (i > 0 && COLLECTIONS.has(segments[i - 1]!) ? encoded(segment) : segment)).join('/');
}

function changeLinks(value: Json): Json {
  if (Array.isArray(value)) return value.map(changeLinks);
  if (!isObject(value)) return value;
  const changed: { [key: string]: Json } = {};
  for (const [name, member] of Object.entries(value))
    changed[name] =
      name === 'links' && isObject(member)
        ? Object.fromEntries(Object.entries(member).map(([key, link]) => [key, typeof link === 'string' ? spelled(link) : link]))
        : changeLinks(member);
  return changed;
}

export default freedom({
  name: 'links-percent-encoded',
  bends: [
    'GEN.links',
    'GEN.uri-template',
    'ORG.links.strings',
    'ORG.links.self',
    'ORG.links.users',
    'ORG.links.teams',
    'ORG.links.subscription',
    'ORG.links.invitations',
    'ORG.links.aclSubject',
    'ORG.links.aclObject',
    'ORG.links.acl',
    'DS.links',
    'JOB.links',
  ],
  description: 'every id in a link is percent-encoded octet by octet, hex digits in lower case (/v1/organisations/%6f%72%67…)',
  patch: {
    // as the answer is written, after every other change to it: an id another freedom wrote otherwise is encoded as written
    send: (_call, written) =>
      written.payload === undefined || !/json/.test(contentType(written)?.value ?? '')
        ? written
        : { ...written, payload: JSON.stringify(changeLinks(JSON.parse(written.payload) as Json)) },
  },
});
