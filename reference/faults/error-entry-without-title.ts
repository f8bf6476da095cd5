import { changeEntries, fault } from '../patch.ts';

export default fault({
  name: 'error-entry-without-title',
  breaks: 'ERR-ERROR-LIST',
  description: 'the entries of a data source update refused for its rows carry code, detail and source but no title',
  patch: {
    // only the refusals of rows that do not fit the columns; every other refusal keeps its title
    reply: (call, reply) =>
      call.operation === 'updateDataSource' && call.problems?.some((p) => p.keyword === 'rows')
        ? changeEntries(reply, ({ title: _, ...entry }) => entry as typeof entry & { title: string })
        : reply,
  },
});
