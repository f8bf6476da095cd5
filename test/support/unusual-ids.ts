// Fixture ids as a deployment may have them: outside ASCII and with characters reserved in URIs (`:`, `@`, `+`),
// for the reference to put its fixtures under (startReference's `ids`); the mock API's is 10 characters long.
export const UNUSUAL_IDS = {
  mockApiId: 'mkä:q@2+9z',
  organisationId: 'org:ä@1+2',
  dataSourceId: 'ds:people@ä+1',
  deletableDataSourceId: 'ds:archive+ä@',
  teamId: 'team@qa:ä+',
  teamMemberId: 'user+alan@ä:1',
};
