import { freedom } from '../patch.ts';

/** Ids of forms the interface allows ("format not given beyond string"): digits alone, spaces, letters outside ASCII, reserved characters, an e-mail. */
export const OTHER_IDS = {
  organisationId: '42',
  dataSourceId: 'People ä 2',
  deletableDataSourceId: 'ds:archive@2+old',
  teamId: '5F0C9A6E-1B2D-4C3E-8F40-A1B2C3D4E5F6',
  teamMemberId: 'alan.turing@example.com',
} as const;

export default freedom({
  name: 'ids-other-forms',
  bends: [
    'ID.organisationId',
    'ID.dataSourceId',
    'ID.teamId',
    'ID.userId',
    'ORG.id',
    'ORG.aclSubject',
    'ORG.aclObject',
    'DS.id',
    'DS.aclObject',
    'ORG.links.self',
    'ORG.links.subscription',
    'ORG.links.aclSubject',
    'ORG.links.aclObject',
    'DS.links',
    'EP.getOrganisation.method-path',
    'EP.updateOrganisation.method-path',
    'EP.deleteDataSource.method-path',
    'EP.updateDataSource.method-path',
    'EP.deleteTeamMember.method-path',
  ],
  description:
    "the fixtures' organisation, data sources, team and member, and the organisation's acl and subscription ids, are ids of other forms: digits, spaces, ä, : @ +, a UUID, an e-mail",
  patch: {
    ids: (ids) => ({ ...ids, ...OTHER_IDS }),
    seed: (store) => {
      for (const organisation of store.organisations.values()) {
        organisation.aclSubject = 'urn:acl:subject:42';
        organisation.aclObject = '0000042';
        organisation.subscriptionId = 'sub 9/z';
      }
      for (const dataSource of store.dataSources.values()) dataSource.aclObject = `acl object ${dataSource.id}`;
    },
  },
});
