import { changeResource, fault } from '../patch.ts';
import type { DataSource } from '../store.ts';

export default fault({
  name: 'data-source-rows-echoed',
  breaks: 'DS-NO-ROWS',
  description: 'the data source update response includes rows',
  patch: {
    // the rows kept are shown right after the columns
    reply: (call, reply, resource) =>
      call.operation === 'updateDataSource' && resource !== undefined
        ? changeResource(reply, 'dataSource', (ds) =>
            Object.fromEntries(
              Object.entries(ds).flatMap(([key, value]) =>
                key === 'columnsMetadata'
                  ? [
                      [key, value],
                      ['rows', (resource as DataSource).rows],
                    ]
                  : [[key, value]],
              ),
            ),
          )
        : reply,
  },
});
