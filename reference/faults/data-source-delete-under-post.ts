import { fault, MOVED_ALSO_BREAKS, moveOperation } from '../patch.ts';

export default fault({
  name: 'data-source-delete-under-post',
  breaks: 'EP-METHOD-PATH',
  alsoBreaks: MOVED_ALSO_BREAKS,
  statement: 'EP.deleteDataSource.method-path',
  description: 'the data source delete is served under POST, not DELETE: DELETE /v1/data-sources/{dataSourceId} is answered 405',
  patch: {
    route: moveOperation('deleteDataSource', { method: 'POST' }),
  },
});
