// Get organisation by ID and Update organisation (Endpoints; Resources > Organisation). The rename check
// puts the original name back before it ends, whatever happened in between.
import { CHANGES_NOTHING, check, type CheckDefinition, type CheckContext, KEEPS_NO_STATE, shared } from '../src/harness/check.ts';
import { expectEnvelope, expectJsonMediaType, expectNotFound, expectRejected, expectSuccess, wrappedResource } from '../src/judge/checker.ts';
import { organisationEmail, organisationEmailForm, organisationIdentity, organisationLinks } from '../src/judge/fields.ts';
import { MISSING, pathOf } from '../src/harness/support.ts';
import { organisationProperty, orgPath, putBackName, readName, renameShown } from '../properties/resources.ts';
import { pendingWrite, readAfter } from '../src/harness/pending.ts';
import { invalidKinds, invalidOrganisation } from '../properties/arbitraries.ts';
import { expectInvalidRejected, sendInvalid } from '../properties/bodies.ts';
import { modelCheck } from '../properties/model.ts';
import { nameModel, nameSteps } from '../properties/sequences.ts';
import { generatedNames, passedInSequence, renamedAndShown, takenNote } from '../properties/shared-renames.ts';

const needs = { operation: 'getOrganisation' as const, needs: ['organisationId' as const] };
const updating = { operation: 'updateOrganisation' as const, needs: ['organisationId' as const], writes: true };
const path = (organisationId: string) => pathOf('getOrganisation', { organisationId });
const get = shared(({ client, target }) => client.send({ method: 'GET', path: path(target.fixtures.organisationId!) }));

async function organisation(t: CheckContext): Promise<any> {
  return expectSuccess(t, 'getOrganisation', t.uses(await get(t)))?.organisation;
}

/** The organisation of the get whatever else is wrong with the answer, for checks of single fields. */
const answered = async (t: CheckContext) => wrappedResource(t, await get(t), 'organisation', 'ORG-RESPONSE');

export const checks: CheckDefinition[] = [
  check('organisations/get-2xx-organisation-organisation', 'ORG-RESPONSE', 'get answers a 2xx with { organisation: <Organisation> }', needs, async (t) => {
    await organisation(t);
  }),

  check(
    'organisations/getorganisation-answer-served-application-json',
    'GEN-JSON',
    'getOrganisation: the answer is served as application/json',
    needs,
    async (t) => {
      expectJsonMediaType(t, 'getOrganisation', t.uses(await get(t)));
    },
  ),

  check(
    'organisations/getorganisation-organisation-wrapped-organisation',
    'GEN-WRAP-RESPONSE',
    'getOrganisation: the organisation is wrapped in "organisation"',
    needs,
    async (t) => {
      expectEnvelope(t, 'getOrganisation', t.uses(await get(t)));
    },
  ),

  check(
    'organisations/get-organisation-asked',
    'ORG-IDENTITY',
    'get answers with the organisation asked for',
    { ...needs, live: KEEPS_NO_STATE },
    async (t) => {
      organisationIdentity(t, await answered(t), t.fixture('organisationId'));
    },
  ),

  check('organisations/links-built-organisation-id-acl-ids', 'ORG-LINKS', 'links are built from the organisation id and its acl ids', needs, async (t) => {
    organisationLinks(t, await answered(t));
  }),

  check('organisations/emailaddress-e-mail-address', 'ORG-EMAIL', 'emailAddress is an e-mail address', needs, async (t) =>
    organisationEmail(t, await answered(t)),
  ),

  check('organisations/emailaddress-bare-mail-domain', 'ORG-EMAIL-FORM', 'emailAddress is a bare address at a mail domain', needs, async (t) =>
    organisationEmailForm(t, await answered(t)),
  ),

  check(
    'organisations/update-changes-name-answer-later-get',
    'ORG-RENAME',
    'update changes the name: the answer and a later get show it (then the name is put back)',
    { ...updating, live: KEEPS_NO_STATE },
    async (t) => {
      const before = await organisation(t);
      t.stopIfViolated();
      const original = before.name as string;
      // of the run's seed: the rename a replay sends is the one the run sent
      const renamed = `${original} (conformance ${(t.target.seed >>> 0).toString(16)})`;
      const url = path(t.fixture('organisationId'));
      try {
        const rename = await t.send({ method: 'PUT', path: url, json: { organisation: { name: renamed } } });
        const answer = expectSuccess(t, 'updateOrganisation', rename);
        if (answer) {
          t.expect(answer.organisation.name === renamed, 'ORG-RENAME', `the answer shows name ${JSON.stringify(renamed)}`, () =>
            JSON.stringify(answer.organisation.name),
          );
          // the update answers with the organisation too, and expectSuccess leaves its links to ORG-LINKS (OWN_CHECKS):
          // this is the one answer of an update a run judges them on
          organisationLinks(t, answer.organisation);
        }
        // a rename answered 202 lands later: the get waits for it
        const later = expectSuccess(t, 'getOrganisation', await readAfter(t, renameShown(t, pendingWrite('the rename', rename), [renamed])));
        if (later)
          t.expect(later.organisation.name === renamed, 'ORG-RENAME', `a later get shows name ${JSON.stringify(renamed)}`, () =>
            JSON.stringify(later.organisation.name),
          );
      } finally {
        await putBackName(t, original);
      }
    },
  ),

  check(
    'organisations/name-number-rejected-name-stays-was',
    'ORG-TYPES',
    'a name that is a number is rejected and the name stays as it was',
    updating,
    async (t) => {
      const before = await answered(t);
      const url = path(t.fixture('organisationId'));
      expectRejected(t, await t.send({ method: 'PUT', path: url, json: { organisation: { name: 42 } } }), 'ORG-TYPES', 'name 42');
      const after = (await t.send({ method: 'GET', path: url })).json as { organisation?: { name?: unknown } } | undefined;
      t.expect(after?.organisation?.name === before.name, 'ORG-TYPES', `the name still ${JSON.stringify(before.name)}`, () =>
        JSON.stringify(after?.organisation?.name),
      );
      if (after?.organisation?.name !== before.name) await putBackName(t, before.name);
    },
  ),

  check(
    'organisations/get-organisation-does-not-exist-404',
    'ERR-404',
    'get of an organisation that does not exist is answered 404 with the not-found body',
    { operation: 'getOrganisation', live: 'a mock does not know which ids exist' },
    async (t) => {
      expectNotFound(t, 'getOrganisation', await t.send({ method: 'GET', path: path(MISSING.organisationId) }));
    },
  ),

  check(
    'organisations/update-organisation-does-not-exist-404',
    'ERR-404',
    'update of an organisation that does not exist is answered 404 with the not-found body',
    { operation: 'updateOrganisation', writes: true, live: 'a mock does not know which ids exist' },
    async (t) => {
      expectNotFound(
        t,
        'updateOrganisation',
        await t.send({ method: 'PUT', path: path(MISSING.organisationId), json: { organisation: { name: 'conformance' } } }),
      );
    },
  ),

  // the sequences first: the generated names ride in them, and are sent by their own check only where they did not
  // pass there (properties/shared-renames.ts)
  modelCheck(
    'organisations/sequences-renames-gets',
    'ORG-RENAME',
    'sequences of renames and gets (model-based): every get shows the last name sent; renames sent together end with one of their names',
    {
      operation: 'updateOrganisation',
      needs: ['organisationId'],
      writes: true,
      live: KEEPS_NO_STATE,
      perInput: 12,
      ...nameModel('organisations/generated-names-taken'),
    },
    nameSteps,
  ),

  organisationProperty(
    'organisations/generated-names-taken',
    'ORG-RENAME',
    'generated names are taken: the answer and a later get show them',
    generatedNames.arbitrary,
    async (t, body, kept) => {
      const { name } = body.organisation;
      // its rename and the get right after it passed this judgement in a sequence before this check (shared-renames.ts)
      if (passedInSequence(t, name)) return;
      await kept.ensure(t);
      const path = orgPath(t.fixture('organisationId'));
      const renamed = await t.send({ method: 'PUT', path, json: body });
      renamedAndShown(t, name, renamed, await readAfter(t, renameShown(t, pendingWrite(`the rename to ${JSON.stringify(name)}`, renamed), [name])));
    },
    { live: KEEPS_NO_STATE, examples: generatedNames.examples, lazily: true, ridesIn: 'organisations/sequences-renames-gets', note: takenNote },
  ),

  organisationProperty(
    'organisations/generated-invalid-bodies-rejected',
    'ORG-TYPES',
    'generated organisation bodies of every wrong JSON type, or without their parts, are rejected and change nothing',
    invalidOrganisation,
    async (t, inv, { original: read }) => {
      const original = read(t)!;
      expectInvalidRejected(t, 'updateOrganisation', inv, await sendInvalid(t, orgPath(t.fixture('organisationId')), inv));
      const name = await readName(t);
      if (name === undefined) return;
      t.expect(name === original, 'ORG-TYPES', `the name still ${JSON.stringify(original)} after a body that was not accepted`, () => JSON.stringify(name));
      // the next input judges from the original name again
      if (name !== original) await putBackName(t, original);
      // a refused body and a read change nothing: inputs go out together, each read expects the original name
    },
    // last on the organisation: a body a broken deployment takes renames it, and no check of its get comes after
    { examples: () => invalidKinds('updateOrganisation'), together: true, overlaps: CHANGES_NOTHING },
  ),
];
