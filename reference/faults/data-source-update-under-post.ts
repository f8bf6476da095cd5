import { fault, MOVED_ALSO_BREAKS, moveOperation } from '../patch.ts';

export default fault({
  name: 'data-source-update-under-post',
  breaks: 'EP-METHOD-PATH',
  alsoBreaks: MOVED_ALSO_BREAKS,
  statement: 'EP.updateDataSource.method-path',
  description: 'the data source update is served under POST, not PUT: PUT /v1/data-sources/{dataSourceId} is answered 405',
  patch: {
    route: moveOperation('updateDataSource', { method: 'POST' }),
  },
});
