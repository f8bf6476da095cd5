// Fixtures under ids outside ASCII and with characters reserved in URIs: every operation finds its resource by
// the id percent-encoded in the path, and the links the answers carry percent-encode the ids.
import { describe, expect, it } from 'vitest';
import { OPERATION_IDS } from '../../contract/schemas.ts';
import { UNUSUAL_IDS } from '../support/unusual-ids.ts';
import { useReference, validRequest } from './helpers.ts';

const ids = UNUSUAL_IDS;
const reference = useReference({ fresh: true, ids });
const e = encodeURIComponent;

describe('fixtures under ids holding ä, :, @ and +', () => {
  it('names them as its fixtures', () => {
    expect(reference().deployment.fixtures).toMatchObject(ids);
  });

  it.each(OPERATION_IDS)('%s answers its success to the ids percent-encoded in the path', async (id) => {
    const { call, deployment } = reference();
    const { method, path, body } = validRequest(id, deployment.fixtures);
    expect(path).toContain('%C3%A4');
    const answer = await call(method, path, { body });
    // found, not 404: 200, or 202 for the push, 204 for the deletes
    expect([200, 202, 204], answer.text).toContain(answer.status);
  });

  it('builds its links from the ids, each percent-encoded as a path segment', async () => {
    const { call, deployment } = reference();
    const org = (await call('GET', validRequest('getOrganisation', deployment.fixtures).path)).json as { organisation: { links: Record<string, string> } };
    expect(org.organisation.links).toMatchObject({
      self: `/v1/organisations/${e(ids.organisationId)}`,
      aclSubject: `/v1/acl/subjects/${e(`acl-subject-${ids.organisationId}`)}`,
      acl: `/v1/organisations/${e(ids.organisationId)}/acl{?subjectId}`,
    });
    const push = validRequest('pushOpenApiToGit', deployment.fixtures);
    const { job } = (await call(push.method, push.path, { body: push.body })).json as { job: { id: string; links: { self: string } } };
    expect(job.links.self).toBe(`/v1/mock-apis/mk%C3%A4%3Aq%402%2B9z/jobs/${job.id}`);
    const update = validRequest('updateDataSource', deployment.fixtures);
    const { dataSource } = (await call(update.method, update.path, { body: update.body })).json as { dataSource: { links: Record<string, string> } };
    expect(dataSource.links.self).toBe(`/v1/data-sources/${e(ids.dataSourceId)}`);
  });
});
